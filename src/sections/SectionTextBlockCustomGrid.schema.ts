import { grid, list, templateOf } from './layout';
import { textItemsSection } from './text-items';

/** Text items as picture tiles in a grid template of uneven cells (spec 9 templates such as 3x3-2x2x2). */
export default textItemsSection(templateOf({ type: 'grid', template: '3x3-2x2x2' }, grid(2), list(1)));
