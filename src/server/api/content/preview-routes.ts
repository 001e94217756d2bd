import type { Context } from 'hono';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { localize } from '../../../lib/localize';
import type { DataNeed, NeedContext } from '../../../sections/data-needs';
import { findDefinition } from '../../../sections/definitions';
import { guardPreview } from '../../preview-guard';
import type { AppEnv } from '../core/context';
import { ApiError, fieldError } from '../core/errors';
import { clientAddress } from '../core/rate-limit';
import { loadShopSettings } from '../core/settings-store';
import { readBody } from '../core/validate';
import type { SectionDto } from '../shared/sections';
import { PREVIEW_LIMITS, previewSectionDataBody, type PreviewSectionDataDto } from '../../../contract/storefront/content';
import { resolveSectionData } from './section-data';

export { PREVIEW_LIMITS };

/** Section types whose content the server resolves (spec 3.4 widget types; a product list is a catalog's listing). */
export const WIDGET_SECTION_TYPES: readonly string[] = [
  'SectionProductWidget',
  'SectionProductWidgetByItems',
  'SectionMediaWidget',
  'SectionMediaList',
  'SectionMediaTagsList',
];

/**
 * What the live preview's renderer passes as the Hono env of its in-process call (no HTTP request can set it):
 * the render was already checked (staff session, rate limit, concurrency) by the preview guard.
 */
export const PREVIEW_RENDER_GRANT: { readonly previewRender: object } = Object.freeze({ previewRender: Object.freeze({}) });

const isGrantedRender = (c: Context<AppEnv>) =>
  (c.env as { previewRender?: unknown } | undefined)?.previewRender === PREVIEW_RENDER_GRANT.previewRender;

/** How many records (products, articles) a need shows; a category's tags count as one list of at most a page. */
function recordsOf(need: DataNeed | null): number {
  if (!need) return 0;
  switch (need.kind) {
    case 'catalogProducts':
    case 'articles':
      return need.limit;
    case 'productsByIds':
      return need.productIds.length;
    default:
      return PREVIEW_LIMITS.tagListRecords;
  }
}

/**
 * POST /preview/section-data: the widget content (products, articles, tags) of sections the shop
 * builder is editing and has not saved, resolved as the page calls resolve stored sections. It
 * reads only what the storefront shows anyway and writes nothing. A signed-in staff member only, rate
 * limited and bounded as the preview's render is (src/server/preview-guard.ts); the sections together may show at
 * most PREVIEW_LIMITS.records products and articles.
 */
export const previewRoutes = new Hono<AppEnv>().post(
  '/preview/section-data',
  bodyLimit({
    maxSize: PREVIEW_LIMITS.bodyBytes,
    onError: () => {
      throw new ApiError(413, 'The request body is too large');
    },
  }),
  (c) => (isGrantedRender(c) ? sectionData(c) : guardPreview(c.var.deps, c.req.raw, clientAddress(c), () => sectionData(c))),
);

async function sectionData(c: Context<AppEnv>): Promise<Response> {
  const lang = c.var.lang;
  const deps = c.var.deps;
  const body = await readBody(c, previewSectionDataBody);
  const sections: SectionDto[] = body.sections.map((section, position) => ({
    id: section.id,
    type: section.type,
    position,
    required: false,
    group: null,
    enable: true,
    hidden: false,
    options: localize(section.options, lang),
    items: section.items.map((item, index) => ({ id: item.id ?? String(index), options: localize(item.options, lang) })),
    styles: {},
  }));
  const scope = { kind: 'preview' as const, ...(body.categorySlug ? { categorySlug: body.categorySlug } : {}) };
  const needContext: NeedContext = { scope, mediaPageSize: (await loadShopSettings(deps.db)).media.itemsPerPage };
  const records = sections.reduce(
    (sum, section) => sum + recordsOf(findDefinition(section.type)?.data?.need(section, needContext) ?? null),
    0,
  );
  if (records > PREVIEW_LIMITS.records) {
    throw fieldError(
      'sections',
      `The sections would show ${records} products and articles; a preview shows at most ${PREVIEW_LIMITS.records}.`,
    );
  }
  const resolved = await resolveSectionData(deps, sections, lang, scope);
  const answer: PreviewSectionDataDto[] = resolved.map((section) => ({ id: section.id, data: section.data ?? null }));
  return c.json({ sections: answer });
}
