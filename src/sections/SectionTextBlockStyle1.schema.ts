import { grid, list, templateOf } from './layout';
import { textItemsSection } from './text-items';

/** Key figures: a large title (the figure) with a caption under it. */
export default textItemsSection(templateOf(grid(3), grid(3), list(1)));
