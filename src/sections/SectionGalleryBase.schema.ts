import { defineGallery } from './gallery-options';

/** The base gallery: a grid of square tiles without titles. */
export default defineGallery({ desktop: { type: 'grid', columns: 4 }, tablet: { type: 'grid', columns: 2 }, mobile: { type: 'grid', columns: 2 } }, '1:1');
