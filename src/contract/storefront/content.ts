/**
 * The storefront's content API (settings, pages, articles and comments, images, menus, redirects): every input
 * the routes validate and the answers they send. Used by the Hono routes (src/server/api/content) to validate
 * and by the storefront's API client (src/lib/api-client) for its types.
 */
import { z } from 'zod';
import type { Language, Localized } from '../../lib/localize';
import { settingsListItem, shopSettingsSchema, type ShopSettings } from '../../lib/settings';
import { DEFAULT_MESSAGES, email } from '../../lib/validation';
import { listingDataAnswer, productAnswer } from './catalog';
import { imageAnswer, sectionAnswer, type ImageDto } from './common';

/** A string safe to compare in SQL: bounded and without NUL bytes (PostgreSQL refuses those). */
export const plainText = (max: number) =>
  z
    .string()
    .max(max)
    .refine((value) => !value.includes('\u0000'), 'This value is not valid.');

/** An id or slug from the path or the query. */
export const key = plainText(255).min(1, DEFAULT_MESSAGES['forms.errors.noEmpty']);

/**
 * A list query parameter (`ids[]=a&ids[]=b`); a single `ids=a` is accepted as a list of one and
 * empty entries (`ids[]=`) are ignored.
 */
export const listOf = <T extends z.ZodType>(item: T, max: number) =>
  z.preprocess(
    (value) => (value === undefined ? value : (Array.isArray(value) ? value : [value]).filter((entry) => entry !== '')),
    z.array(item).max(max),
  );

export const offsetParam = z.coerce.number().int().min(0).max(1_000_000).default(0);
export const limitParam = (fallback: number, max: number) => z.coerce.number().int().min(1).max(max).default(fallback);

export const slugParams = z.object({ slug: key });

const BLANK = DEFAULT_MESSAGES['forms.errors.noEmpty'];

// ---------------------------------------------------------------- settings

/** An image setting as served: the image when the setting holds an image id, a plain uri as it is, or null. */
export type ConfigImage = ImageDto | string | null;
type LocalizedSettings = Localized<ShopSettings>;
/** T with the fields of U replaced (unlike Omit, keeps the named fields of types with an index signature). */
type Replace<T, U> = { [K in keyof T as K extends keyof U ? never : K]: T[K] } & U;

/**
 * GET /config: the shop settings in the request's language, with logo, favicon and shared image resolved; every group
 * but the e-mail sender (`mail`, the mail's business only).
 */
export type ShopConfigDto = Replace<
  Omit<LocalizedSettings, 'mail'>,
  {
    common: Replace<LocalizedSettings['common'], { favicon: ImageDto | string; sharedImage: ConfigImage }>;
    header: Replace<LocalizedSettings['header'], { logo: ConfigImage; logoMobile: ConfigImage }>;
    footer: Replace<LocalizedSettings['footer'], { logo: ConfigImage }>;
    languages: readonly Language[];
  }
>;

/**
 * The answer shape of a settings schema once parsed and localized: the value each field falls back to or is
 * transformed into has the field's declared type, a `{ en, ru }` text becomes a string, a list its items' array. Every
 * object is strict: the settings' reading drops stored keys it does not declare, and a key served without being
 * declared in src/lib/settings.ts fails the contract instead of reaching the storefront untyped.
 */
function settingsAnswer(schema: z.ZodType): z.ZodType {
  const item = settingsListItem(schema);
  if (item) return z.array(settingsAnswer(item));
  const def = (schema as z.ZodType & { _zod: { def: Record<string, unknown> & { type: string } } })._zod.def;
  const inner = (key: string) => settingsAnswer(def[key] as z.ZodType);
  switch (def.type) {
    case 'catch':
    case 'default':
    case 'prefault':
      return inner('innerType');
    case 'nullable':
      return inner('innerType').nullable();
    case 'optional':
      return inner('innerType').optional();
    // a preprocess step answers what its schema answers; a transform after a schema keeps its type (normalizing, defaults)
    case 'pipe':
      return (def['out'] as z.ZodType)._zod.def.type === 'transform' ? inner('in') : inner('out');
    case 'union': {
      const options = (def['options'] as z.ZodType[]).map(settingsAnswer);
      return options.length === 1 ? options[0]! : z.union(options as [z.ZodType, z.ZodType, ...z.ZodType[]]);
    }
    case 'object': {
      const shape = objectAnswerShape(schema);
      const keys = Object.keys(shape).sort().join(',');
      if (keys === 'en,ru') return z.string();
      return z.strictObject(shape);
    }
    default:
      return schema;
  }
}

function objectAnswerShape(schema: z.ZodType): Record<string, z.ZodType> {
  const def = (schema as z.ZodType & { _zod: { def: Record<string, unknown> & { type: string } } })._zod.def;
  if (def.type === 'pipe')
    return objectAnswerShape(
      (def['out'] as z.ZodType)._zod.def.type === 'transform' ? (def['in'] as z.ZodType) : (def['out'] as z.ZodType),
    );
  if (def.type !== 'object') throw new Error(`Not a settings object: ${def.type}`);
  return Object.fromEntries(
    Object.entries(def['shape'] as Record<string, z.ZodType>).map(([name, field]) => [name, settingsAnswer(field)]),
  );
}

const configImage = z.union([imageAnswer, z.string()]).nullable();

/**
 * GET /config, derived from the settings' schema (src/lib/settings.ts) so the two cannot drift; its TypeScript type is
 * ShopConfigDto (the settings' type localized), as a derived schema carries no static type.
 */
export const shopConfigAnswer = (() => {
  // the e-mail sender is not the storefront's
  const { mail: _mail, ...groups } = objectAnswerShape(shopSettingsSchema);
  const group = (name: 'common' | 'header' | 'footer', replaced: Record<string, z.ZodType>) =>
    z.strictObject({ ...objectAnswerShape(shopSettingsSchema.shape[name]), ...replaced });
  return z.strictObject({
    ...groups,
    common: group('common', { favicon: z.union([imageAnswer, z.string()]), sharedImage: configImage }),
    header: group('header', { logo: configImage, logoMobile: configImage }),
    footer: group('footer', { logo: configImage }),
    languages: z.array(z.enum(['en', 'ru'])),
  });
})();

// ---------------------------------------------------------------- pages

/** GET /pages/v2/:slug, a category page's list request (`?page=2&tag=news`); values that do not fit are ignored, as the page links may be hand-edited. */
export const pageListQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).catch(1),
  tag: z.string().trim().max(255).optional().catch(undefined),
});
export type PageListQuery = z.infer<typeof pageListQuery>;

// ---------------------------------------------------------------- articles and comments

export const typeParams = z.object({ type: key });

/** GET /articles/:type/list */
export const articleListQuery = z.object({
  offset: offsetParam,
  limit: limitParam(12, 100),
  tagIds: listOf(key, 50).default([]),
});

/** GET /articles/grouped */
export const groupedArticlesQuery = z.object({
  categoryIds: listOf(key, 50).optional(),
  limit: limitParam(6, 50),
});

/** GET /articles/:slug/comments */
export const articleCommentsQuery = z.object({ offset: offsetParam, limit: limitParam(20, 100) });

const optionalCommentText = (max: number) =>
  z
    .union([z.null(), plainText(max)])
    .optional()
    .transform((value) => value?.trim() || null);

/** POST /articles/comments */
export const commentBody = z.object({
  article: key,
  name: plainText(100).trim().min(1, BLANK),
  email: optionalCommentText(254).refine((value) => email(value) === null, DEFAULT_MESSAGES['forms.errors.email']),
  text: plainText(5000).trim().min(1, BLANK),
  parentId: optionalCommentText(255),
});
export type CommentInput = z.input<typeof commentBody>;

// ---------------------------------------------------------------- images, menus, redirects

/** Image ids are 36-character strings; the batch call takes at most this many. */
export const IMAGE_BATCH_MAX = 200;
/** GET /images/batch */
export const imageBatchQuery = z.object({ ids: listOf(plainText(255), IMAGE_BATCH_MAX).default([]) });
/** GET /images/:id */
export const imageParams = z.object({ id: key });

/** Spec 9: the menus the storefront shows; GET /menus/batch answers these when no names are given. */
export const MENU_NAMES = ['info', 'main', 'footer'] as const;
/** GET /menus/batch */
export const menuBatchQuery = z.object({ names: listOf(key, 20).default([...MENU_NAMES]) });

/** GET /redirects */
export const redirectQuery = z.object({ from: plainText(2000).trim().min(1, BLANK) });
export const redirectAnswer = z.strictObject({ from: z.string(), to: z.string() });
export type RedirectDto = z.infer<typeof redirectAnswer>;

// ---------------------------------------------------------------- the builder's live preview

/**
 * Bounds of a preview request: a page's worth of sections, never an unbounded product lookup; `records` bounds the
 * products and articles the sections show together (so the answer's size), a category's tag list counting as
 * `tagListRecords`.
 */
export const PREVIEW_LIMITS = {
  bodyBytes: 256 * 1024,
  sections: 50,
  itemsPerSection: 200,
  items: 1000,
  records: 400,
  tagListRecords: 20,
} as const;

const previewOptions = z.record(z.string(), z.unknown()).default({});

const previewSection = z.object({
  id: key,
  type: plainText(100).min(1),
  options: previewOptions,
  items: z
    .array(z.object({ id: plainText(100).optional(), options: previewOptions }))
    .max(PREVIEW_LIMITS.itemsPerSection)
    .default([]),
});

/** POST /preview/section-data */
export const previewSectionDataBody = z.object({
  sections: z
    .array(previewSection)
    .max(PREVIEW_LIMITS.sections)
    .refine((sections) => sections.reduce((sum, section) => sum + section.items.length, 0) <= PREVIEW_LIMITS.items, {
      message: `At most ${PREVIEW_LIMITS.items} items in all.`,
    }),
  /** the category a previewed category page shows: its media lists without a category of their own use it */
  categorySlug: key.optional(),
});
export type PreviewSectionDataInput = z.input<typeof previewSectionDataBody>;

/** The widget content of one previewed section; null when the section is not a widget. */
export const previewSectionDataAnswer = z.strictObject({
  sections: z.array(z.strictObject({ id: z.string(), data: z.record(z.string(), z.unknown()).nullable() })),
});
export type PreviewSectionDataDto = z.infer<typeof previewSectionDataAnswer>['sections'][number];

// ---------------------------------------------------------------- answers: menus and articles

/** A menu entry: its storefront path (or the external address) and the kind of target (page, catalog, product, category, article or external). */
export type MenuItemDto = { id: string; title: string; url: string; type: string; children: MenuItemDto[] };
export const menuItemAnswer: z.ZodType<MenuItemDto> = z.strictObject({
  id: z.string(),
  title: z.string(),
  url: z.string(),
  type: z.string(),
  children: z.array(z.lazy(() => menuItemAnswer)),
});
/** GET /menus/batch: menus keyed by name (info, main, footer); unknown names are left out. */
export const menusAnswer = z.record(z.string(), z.array(menuItemAnswer));
export type MenusDto = z.infer<typeof menusAnswer>;

/** GET /tags/:type/list */
export const tagAnswer = z.strictObject({ id: z.string(), slug: z.string(), title: z.string() });
export type TagDto = z.infer<typeof tagAnswer>;
export const categoryRefAnswer = z.strictObject({ id: z.string(), slug: z.string(), title: z.string() });
export type CategoryRef = z.infer<typeof categoryRefAnswer>;

/** An article in lists; `url` is its storefront path /{categorySlug}/{articleSlug}. */
export const articleSummaryAnswer = z.strictObject({
  id: z.string(),
  slug: z.string(),
  url: z.string(),
  title: z.string(),
  excerpt: z.string(),
  previewImage: imageAnswer.nullable(),
  author: z.strictObject({ name: z.string() }).nullable(),
  publishedAt: z.string(),
  updatedAt: z.string(),
  tags: z.array(tagAnswer),
  category: z.strictObject({ slug: z.string(), title: z.string() }),
});
export type ArticleSummary = z.infer<typeof articleSummaryAnswer>;

/** GET /articles/:slug: the article with its headings, sections and the number of published comments. */
export const articleAnswer = z.strictObject({
  ...articleSummaryAnswer.shape,
  h1: z.string(),
  metaTitle: z.string(),
  metaDescription: z.string(),
  sections: z.array(sectionAnswer),
  commentCount: z.number(),
});
export type ArticleDto = z.infer<typeof articleAnswer>;

/** GET /articles/:type/list */
export const articleListAnswer = z.strictObject({ items: z.array(articleSummaryAnswer), total: z.number() });
export type ArticleListDto = z.infer<typeof articleListAnswer>;
/** GET /articles/grouped */
export const groupedArticlesAnswer = z.array(z.strictObject({ category: categoryRefAnswer, items: z.array(articleSummaryAnswer) }));
export type GroupedArticlesDto = z.infer<typeof groupedArticlesAnswer>;

/** GET /articles/:slug/comments: a published comment, oldest first. */
export const commentAnswer = z.strictObject({
  id: z.string(),
  authorName: z.string(),
  text: z.string(),
  createdAt: z.string(),
  parentId: z.string().nullable(),
  reply: z.string().optional(),
});
export type CommentDto = z.infer<typeof commentAnswer>;

// ---------------------------------------------------------------- answers: pages

/** GET /pages/v2/:slug, /homepage/v2 (and the v1 calls, whose widget sections carry no data). */
export const pageAnswer = z.strictObject({
  id: z.string(),
  slug: z.string(),
  /** page, homepage or category */
  type: z.string(),
  title: z.string(),
  h1: z.string(),
  metaTitle: z.string(),
  metaDescription: z.string(),
  noindex: z.boolean(),
  nofollow: z.boolean(),
  previewImage: imageAnswer.nullable(),
  author: z.strictObject({ name: z.string() }).nullable(),
  publishedAt: z.string(),
  updatedAt: z.string(),
  sections: z.array(sectionAnswer),
});
export type PageDto = z.infer<typeof pageAnswer>;

/**
 * The `data` a widget section carries (src/server/api/content/section-data.ts), one shape per kind of data need
 * (src/sections/data-needs.ts): products, articles (a category's list also with its total and page), a
 * category's tags, an article's comments, a catalog's listing. Sections type it as a plain record, each section
 * type reading it with its own definition's schema; the contract test checks every resolved `data` against this.
 */
export const widgetDataAnswer = z.union([
  z.strictObject({ products: z.array(productAnswer) }),
  z.strictObject({ articles: z.array(articleSummaryAnswer) }),
  z.strictObject({ articles: z.array(articleSummaryAnswer), total: z.number(), limit: z.number() }),
  z.strictObject({
    articles: z.array(articleSummaryAnswer),
    total: z.number(),
    limit: z.number(),
    page: z.number(),
    tag: z.string().nullable(),
  }),
  z.strictObject({ tags: z.array(tagAnswer) }),
  z.strictObject({ comments: z.array(commentAnswer), article: z.string() }),
  listingDataAnswer,
]);
