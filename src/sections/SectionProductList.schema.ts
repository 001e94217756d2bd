import { sectionSchema } from './common-options';
import { defineSection } from './context';
import { productListing } from './products';
import { raw, text } from './schema-kit';
import { catalogListingData } from './data-needs';
import { field, preset } from './editor';

/**
 * A catalog's products (spec 3.1 catalog sections): the page of products in `items` and the paging,
 * sort and filter data in `data` (GET /catalogs/v3/{slug}). It shows whenever the catalog sent its
 * listing, also when the filters match nothing, so that they can be changed. Placed on another page,
 * it shows the first products of the catalog `catalogSlug`.
 */
export default defineSection({
  schema: sectionSchema({ catalogSlug: text(), template: raw() }),
  hasContent: ({ section, context }) => {
    const { products, listing } = productListing(section, context.page.listing);
    return products.length > 0 || listing !== null;
  },
  fields: [field.catalog('catalogSlug', { hint: 'pageCatalog' }), field.toggle('limit.isCustom'), field.number('limit.count', 1, 100)],
  presets: [preset('default', {})],
  data: catalogListingData,
});
