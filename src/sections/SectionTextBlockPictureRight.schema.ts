import { pictureTextSection } from './content-section';

/** Text with a picture on the right, in columns of the 12-column grid per screen. */
export default pictureTextSection();
