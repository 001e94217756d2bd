import { contentSection } from './content-section';

/** A centred picture between the heading and the text. */
export default contentSection();
