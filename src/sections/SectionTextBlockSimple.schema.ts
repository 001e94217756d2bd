import { contentSection } from './content-section';

/** Rich text alone, set for reading: a narrow column aligned like the heading. */
export default contentSection();
