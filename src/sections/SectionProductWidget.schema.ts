import { sectionSchema } from './common-options';
import { defineSection } from './context';
import { widgetProducts } from './products';
import { raw, text } from './schema-kit';

/** Products of a catalog (`catalogSlug`, at most `limit`), resolved by the server into `data.products`. */
export default defineSection({
  schema: sectionSchema({ catalogSlug: text(), template: raw() }),
  hasContent: ({ section }) => widgetProducts(section).length > 0,
});
