/**
 * The storefront's content API (settings, pages, articles and comments, images, menus, redirects): every input
 * the routes validate and the answers they send. Used by the Hono routes (src/server/api/content) to validate
 * and by the storefront's API client (src/lib/api-client) for its types.
 */
import { z } from 'zod';
import type { Language, Localized } from '../../lib/localize';
import type { ShopSettings } from '../../lib/settings';
import { DEFAULT_MESSAGES, email } from '../../lib/validation';
import type { ImageDto } from './common';

/** A string safe to compare in SQL: bounded and without NUL bytes (PostgreSQL refuses those). */
export const plainText = (max: number) =>
  z.string().max(max).refine((value) => !value.includes('\u0000'), 'This value is not valid.');

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

/** GET /config: the shop settings in the request's language, with logo, favicon and shared image resolved. */
export type ShopConfigDto = Replace<
  LocalizedSettings,
  {
    common: Replace<LocalizedSettings['common'], { favicon: ImageDto | string; sharedImage: ConfigImage }>;
    header: Replace<LocalizedSettings['header'], { logo: ConfigImage; logoMobile: ConfigImage }>;
    footer: Replace<LocalizedSettings['footer'], { logo: ConfigImage }>;
    languages: readonly Language[];
  }
>;

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
export type ArticleListQuery = z.input<typeof articleListQuery>;

/** GET /articles/grouped */
export const groupedArticlesQuery = z.object({
  categoryIds: listOf(key, 50).optional(),
  limit: limitParam(6, 50),
});
export type GroupedArticlesQuery = z.input<typeof groupedArticlesQuery>;

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
export const redirectAnswer = z.object({ from: z.string(), to: z.string() });
export type RedirectDto = z.infer<typeof redirectAnswer>;
