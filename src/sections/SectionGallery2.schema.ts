import { defineGallery } from './gallery-options';

/** Gallery style 2: a grid of 4:3 tiles with titles below. */
export default defineGallery({ desktop: { type: 'grid', columns: 3 }, tablet: { type: 'grid', columns: 2 }, mobile: { type: 'grid', columns: 1 } }, '4:3');
