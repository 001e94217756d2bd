import { sectionSchema } from './common-options';
import { defineSection } from './context';
import { widgetProducts } from './products';
import { raw } from './schema-kit';
import { productsByIdsData } from './data-needs';
import { field, headingOf, preset } from './editor';

/** Hand-picked products (`items[].options.product.id`), resolved by the server into `data.products`. */
export default defineSection({
  schema: sectionSchema({ template: raw() }),
  hasContent: ({ section }) => widgetProducts(section).length > 0,
  fields: [],
  itemFields: [field.product('product.id', { required: true })],
  presets: [preset('default', { heading: headingOf('Picked for you', 'Мы выбрали для вас') }, [{ product: { id: '' } }])],
  data: productsByIdsData,
});
