import { contentSection } from './content-section';

/** A heading with rich text and an optional picture below it. */
export default contentSection();
