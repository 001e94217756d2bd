import { grid, list, templateOf } from './layout';
import { textItemsSection } from './text-items';

/** The shop's benefits: an icon (or a check mark), title and text each. */
export default textItemsSection(templateOf(grid(4), grid(2), list(1)), { itemsRequired: true });
