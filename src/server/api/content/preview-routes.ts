import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import { localize } from '../../../lib/localize';
import type { AppEnv } from '../core/context';
import { ApiError } from '../core/errors';
import { readBody } from '../core/validate';
import type { SectionDto } from '../shared/sections';
import { key, plainText } from './params';
import { resolveSectionData } from './section-data';

/** Bounds of a preview request: a page's worth of sections, never an unbounded product lookup. */
export const PREVIEW_LIMITS = { bodyBytes: 1024 * 1024, sections: 100, itemsPerSection: 200, items: 1000 } as const;

/** Section types whose content the server resolves (spec 3.4 widget types; a product list is a catalog's listing). */
export const WIDGET_SECTION_TYPES: readonly string[] = [
  'SectionProductWidget',
  'SectionProductWidgetByItems',
  'SectionMediaWidget',
  'SectionMediaList',
  'SectionMediaTagsList',
];

const options = z.record(z.string(), z.unknown()).default({});

const previewSection = z.object({
  id: key,
  type: plainText(100).min(1),
  options,
  items: z
    .array(z.object({ id: plainText(100).optional(), options }))
    .max(PREVIEW_LIMITS.itemsPerSection)
    .default([]),
});

const sectionDataBody = z.object({
  sections: z
    .array(previewSection)
    .max(PREVIEW_LIMITS.sections)
    .refine((sections) => sections.reduce((sum, section) => sum + section.items.length, 0) <= PREVIEW_LIMITS.items, {
      message: `At most ${PREVIEW_LIMITS.items} items in all.`,
    }),
  /** the category a previewed category page shows: its media lists without a category of their own use it */
  categorySlug: key.optional(),
});
/** The widget content of one previewed section; null when the section is not a widget. */
export type PreviewSectionDataDto = { id: string; data: Record<string, unknown> | null };

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
    const body = await readBody(c, sectionDataBody);
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
