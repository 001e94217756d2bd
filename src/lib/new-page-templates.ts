/**
 * The new-page templates of spec 4 that /catalogs/new-page and /new-page show before the admin has
 * saved anything: a new catalog titled 'New Catalog' with slug new-page and one product list section
 * (limit 12; columns 4, 6 and 12 of the 12-column grid on desktop, tablet and mobile, that is 3, 2
 * and 1 products a row), and a new page with its main heading.
 */
import type { SectionDto } from './api-client';

export const NEW_PAGE_SLUG = 'new-page';
const GRID_COLUMNS = 12;
const PRODUCT_LIST_SPANS = { desktop: 4, tablet: 6, mobile: 12 } as const;
const PRODUCT_LIST_LIMIT = 12;

export type PageTemplate = { title: string; slug: string; sections: SectionDto[] };

function templateSection(type: string, options: Record<string, unknown>): SectionDto {
  return {
    id: `${NEW_PAGE_SLUG}-${type}`,
    type,
    position: 0,
    required: false,
    group: null,
    enable: true,
    hidden: false,
    options,
    items: [],
    styles: {},
  };
}

const perRow = (span: number) => ({ type: 'grid', columns: GRID_COLUMNS / span });

export function newCatalogTemplate(title: string): PageTemplate {
  return {
    title,
    slug: NEW_PAGE_SLUG,
    sections: [
      templateSection('SectionProductList', {
        limit: { isCustom: true, count: PRODUCT_LIST_LIMIT },
        template: {
          desktop: perRow(PRODUCT_LIST_SPANS.desktop),
          tablet: perRow(PRODUCT_LIST_SPANS.tablet),
          mobile: perRow(PRODUCT_LIST_SPANS.mobile),
        },
      }),
    ],
  };
}

export function newPageTemplate(title: string): PageTemplate {
  return { title, slug: NEW_PAGE_SLUG, sections: [templateSection('SectionHeadingH1', { heading: { title } })] };
}
