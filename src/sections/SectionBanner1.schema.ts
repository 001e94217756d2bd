import { contentSection } from './content-section';

/** A banner of two halves: heading, text and button on a tinted panel beside a picture. */
export default contentSection();
