import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { localize } from '../../../lib/localize';
import type { AppEnv } from '../core/context';
import { ApiError } from '../core/errors';
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
 * POST /preview/section-data: the widget content (products, articles, tags) of sections the shop
 * builder is editing and has not saved, resolved as the page calls resolve stored sections. It
 * reads only what the storefront shows anyway and writes nothing.
 */
export const previewRoutes = new Hono<AppEnv>().post(
  '/preview/section-data',
  bodyLimit({
    maxSize: PREVIEW_LIMITS.bodyBytes,
    onError: () => {
      throw new ApiError(413, 'The request body is too large');
    },
  }),
  async (c) => {
    const lang = c.get('lang');
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
    const resolved = await resolveSectionData(c.get('deps'), sections, lang, {
      kind: 'preview',
      ...(body.categorySlug ? { categorySlug: body.categorySlug } : {}),
    });
    const answer: PreviewSectionDataDto[] = resolved.map((section) => ({ id: section.id, data: section.data ?? null }));
    return c.json({ sections: answer });
  },
);
