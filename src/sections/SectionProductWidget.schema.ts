import { sectionSchema } from './common-options';
import { defineSection } from './context';
import { widgetProducts } from './products';
import { raw, text } from './schema-kit';
import { catalogProductsData } from './data-needs';
import { field, headingOf, preset } from './editor';

/** Products of a catalog (`catalogSlug`, at most `limit`), resolved by the server into `data.products`. */
export default defineSection({
  schema: sectionSchema({ catalogSlug: text(), template: raw() }),
  hasContent: ({ section }) => widgetProducts(section).length > 0,
  fields: [field.catalog('catalogSlug', { required: true }), field.number('limit', 1, 100)],
  presets: [preset('default', { heading: headingOf('New arrivals', 'Новинки'), catalogSlug: '', limit: 8 })],
  data: catalogProductsData,
});
