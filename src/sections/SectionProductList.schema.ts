import { sectionSchema } from './common-options';
import { defineSection } from './context';
import { productListing } from './products';
import { raw } from './schema-kit';

/**
 * A catalog's products (spec 3.1 catalog sections): the page of products in `items` and the paging,
 * sort and filter data in `data` (GET /catalogs/v3/{slug}). It shows whenever the catalog sent its
 * listing, also when the filters match nothing, so that they can be changed.
 */
export default defineSection({
  schema: sectionSchema({ template: raw() }),
  hasContent: ({ section, context }) => {
    const { products, listing } = productListing(section, context.page.listing);
    return products.length > 0 || listing !== null;
  },
});
