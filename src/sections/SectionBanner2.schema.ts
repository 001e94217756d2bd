import { contentSection } from './content-section';

/** A banner over a full-width picture: heading, text and button centred on a shade. */
export default contentSection();
