import { grid, list, templateOf } from './layout';
import { textItemsSection } from './text-items';

/** Rich text followed by cards of text items, each with an optional picture on top and a button. */
export default textItemsSection(templateOf(grid(3), grid(2), list(1)));
