import { sectionSchema } from './common-options';
import { defineSection } from './context';
import { widgetProducts } from './products';
import { raw } from './schema-kit';

/** Hand-picked products (`items[].options.product.id`), resolved by the server into `data.products`. */
export default defineSection({
  schema: sectionSchema({ template: raw() }),
  hasContent: ({ section }) => widgetProducts(section).length > 0,
});
