import { grid, list, templateOf } from './layout';
import { textItemsSection } from './text-items';

/** Text items in bordered cells of a grid. */
export default textItemsSection(templateOf(grid(2), grid(2), list(1)));
