import { contentSection } from './content-section';

/** Rich text set apart as a call-out: a tinted panel with an accent rule and an optional picture. */
export default contentSection();
