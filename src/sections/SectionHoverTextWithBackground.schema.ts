import { grid, list, templateOf } from './layout';
import { textItemsSection } from './text-items';

/** Picture tiles with a title whose text appears on hover or keyboard focus (always shown on touch screens). */
export default textItemsSection(templateOf(grid(3), grid(2), list(1)), { itemsRequired: true });
