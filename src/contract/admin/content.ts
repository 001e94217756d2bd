/**
 * Shapes of the back office API for content: link targets (the link picker), articles and their tags, menus
 * and redirects. See src/contract/admin/common.ts for the shared ones.
 */
import { z } from 'zod';
import { typeMessage } from '../../lib/issue-messages';
import { idSchema, listAnswerSchema, listQuerySchema, versionSchema } from './common';

const NUL_MESSAGE = 'This value contains an invalid character.';
const BLANK_MESSAGE = 'This value should not be blank.';
const noNul = (v: string) => !v.includes('\u0000');

const optionalLine = (max: number) => z.string().trim().max(max).refine(noNul, NUL_MESSAGE).default('');
/** A text in both languages, either may stay blank. */
export const contentTextSchema = (max: number) => z.object({ en: optionalLine(max), ru: optionalLine(max) });
/** A text in both languages: English is required, Russian may stay blank (the storefront then shows English). */
export const requiredContentTextSchema = (max: number) =>
  z.object({
    en: z
      .string({ error: typeMessage(BLANK_MESSAGE) })
      .trim()
      .min(1, BLANK_MESSAGE)
      .max(max)
      .refine(noNul, NUL_MESSAGE),
    ru: optionalLine(max),
  });
export type ContentText = { en: string; ru: string };

/** Lower-case letters, digits and dashes: how storefront addresses name records. */
export const contentSlugSchema = z
  .string({ error: typeMessage(BLANK_MESSAGE) })
  .trim()
  .min(1, BLANK_MESSAGE)
  .max(200)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Use lower-case letters, digits and dashes only.');

// ---------------------------------------------------------------- links

export const LINK_KINDS = ['page', 'catalog', 'product', 'category', 'article', 'external'] as const;
export const INTERNAL_LINK_KINDS = ['page', 'catalog', 'product', 'category', 'article'] as const;

const EXTERNAL_MESSAGE = 'Enter an address starting with http:// or https://';
/** An http or https address. */
export const externalUrlSchema = z
  .string({ error: typeMessage(EXTERNAL_MESSAGE) })
  .trim()
  .max(2000)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
    } catch {
      return false;
    }
  }, EXTERNAL_MESSAGE);

/** The target of an internal link as menus store it: the record's slug (an article's `category/slug`). */
const internalUrlSchema = z
  .string({ error: typeMessage(BLANK_MESSAGE) })
  .trim()
  .min(1, BLANK_MESSAGE)
  .max(500)
  .regex(/^[^\s?#]+$/, 'Pick a target from the list.')
  .refine(noNul, NUL_MESSAGE);

/** A link as menus store it (`MenuLink` in the schema). */
export const menuLinkSchema = z.discriminatedUnion('type', [
  z.object({ type: z.enum(INTERNAL_LINK_KINDS), url: internalUrlSchema }),
  z.object({ type: z.literal('external'), url: externalUrlSchema }),
]);
export type MenuLinkValue = z.infer<typeof menuLinkSchema>;

const LINK_PREFIX: Record<string, string> = { page: '/', category: '/', article: '/', catalog: '/catalogs/', product: '/products/' };
/** The storefront address a stored link leads to (as the storefront's menus build it). */
export function linkPath(link: { type: string; url: string }): string {
  const prefix = LINK_PREFIX[link.type];
  return prefix === undefined ? link.url : prefix + link.url.trim().replace(/^\/+/, '');
}

/** GET /link-targets?kind=&search= */
export const linkTargetQuerySchema = z.object({
  kind: z.enum(INTERNAL_LINK_KINDS),
  search: z.string().trim().max(200).optional(),
  /** the one record a stored value names: its id or its stored address (`url`); the search is then ignored */
  key: z.string().trim().max(500).refine(noNul, NUL_MESSAGE).optional(),
});
export const linkTargetSchema = z.strictObject({
  /** the record's id (what product and article pickers store) */
  id: z.string(),
  /** title in the staff member's language */
  title: z.string(),
  /** the title in both languages (a menu item linking there takes them) */
  titles: z.strictObject({ en: z.string(), ru: z.string() }),
  /** what the link stores (what catalog, category and page pickers store) */
  url: z.string(),
  /** the storefront address it leads to */
  path: z.string(),
  /** the address of its picture's thumbnail, or null */
  thumbnail: z.string().nullable(),
  /** hidden from visitors */
  hidden: z.boolean(),
  /** shows nothing yet: a catalog without visible products, a category without published articles */
  empty: z.boolean(),
});
export type LinkTarget = z.infer<typeof linkTargetSchema>;
export const linkTargetListSchema = z.strictObject({ items: z.array(linkTargetSchema) });
export type LinkTargetList = z.infer<typeof linkTargetListSchema>;

// ---------------------------------------------------------------- articles

/** GET /articles */
export const articleListQuerySchema = listQuerySchema(['publishedAt', 'title', 'updatedAt'], '-publishedAt').extend({
  q: z.string().trim().max(200).optional(),
  categoryId: idSchema.optional(),
});

export const articleListItemSchema = z.strictObject({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  categoryId: z.string(),
  categoryTitle: z.string(),
  categorySlug: z.string(),
  authorName: z.string().nullable(),
  publishedAt: z.string(),
  updatedAt: z.string(),
  enabled: z.boolean(),
  version: z.int(),
});
export type ArticleListItem = z.infer<typeof articleListItemSchema>;
export const articleListSchema = listAnswerSchema(articleListItemSchema);

const articleFields = {
  slug: contentSlugSchema,
  categoryId: idSchema,
  title: requiredContentTextSchema(300),
  excerpt: contentTextSchema(2000),
  metaTitle: contentTextSchema(300),
  metaDescription: contentTextSchema(1000),
  authorName: z
    .string()
    .trim()
    .max(200)
    .refine(noNul, NUL_MESSAGE)
    .nullish()
    .transform((v) => v || null),
  previewImageId: idSchema.nullish().transform((v) => v ?? null),
  /** ISO date-time */
  publishedAt: z.iso.datetime({ offset: true, error: 'Use a date and time such as 2026-11-23T10:00:00Z' }),
  enabled: z.boolean(),
  tagIds: z.array(idSchema).max(100).default([]),
  /** the article's text (rich text, sanitised when written), stored as its text section */
  body: z.object({ en: z.string().max(200_000), ru: z.string().max(200_000) }).default({ en: '', ru: '' }),
};

/** POST /articles */
export const articleCreateSchema = z.object(articleFields);
export type ArticleCreate = z.input<typeof articleCreateSchema>;
/** PUT /articles/:id */
export const articleUpdateSchema = z.object({ ...articleFields, version: versionSchema });

export const articleDetailSchema = z.strictObject({
  id: z.string(),
  slug: z.string(),
  categoryId: z.string(),
  title: z.strictObject({ en: z.string(), ru: z.string() }),
  excerpt: z.strictObject({ en: z.string(), ru: z.string() }),
  metaTitle: z.strictObject({ en: z.string(), ru: z.string() }),
  metaDescription: z.strictObject({ en: z.string(), ru: z.string() }),
  authorName: z.string().nullable(),
  previewImageId: z.string().nullable(),
  publishedAt: z.string(),
  enabled: z.boolean(),
  tagIds: z.array(z.string()),
  body: z.strictObject({ en: z.string(), ru: z.string() }),
  /** the section the body is written to, null before the first save with a body */
  bodySectionId: z.string().nullable(),
  /** storefront address */
  path: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.int(),
});
export type ArticleDetail = z.infer<typeof articleDetailSchema>;

/** DELETE /articles/:id?version= */
export const contentVersionQuerySchema = z.object({ version: z.coerce.number().pipe(versionSchema) });

/** GET /article-categories: the pages of type 'category' */
export const articleCategorySchema = z.strictObject({ id: z.string(), slug: z.string(), title: z.string() });
export type ArticleCategory = z.infer<typeof articleCategorySchema>;
export const articleCategoriesSchema = z.array(articleCategorySchema);

// ---------------------------------------------------------------- tags

/** GET /article-categories/:id/tags */
export const adminTagSchema = z.strictObject({
  id: z.string(),
  slug: z.string(),
  title: z.strictObject({ en: z.string(), ru: z.string() }),
  position: z.int(),
  articleCount: z.int(),
  version: z.int(),
});
export type AdminTag = z.infer<typeof adminTagSchema>;
export const adminTagsSchema = z.array(adminTagSchema);

/** POST /article-categories/:id/tags */
export const tagCreateSchema = z.object({ slug: contentSlugSchema, title: requiredContentTextSchema(200) });
/** PATCH /tags/:id */
export const tagUpdateSchema = tagCreateSchema.extend({ version: versionSchema });

// ---------------------------------------------------------------- menus

/** The menus the storefront shows: the header's main menu, the info line and the footer. */
export const CONTENT_MENU_NAMES = ['main', 'info', 'footer'] as const;
export const menuNameSchema = z.enum(CONTENT_MENU_NAMES);
export type MenuName = z.infer<typeof menuNameSchema>;

export type MenuItemInput = {
  id?: string | undefined;
  title: { en: string; ru?: string | undefined };
  link: MenuLinkValue;
  children?: MenuItemInput[] | undefined;
};
export type MenuItemNode = { id: string; title: ContentText; link: MenuLinkValue; children: MenuItemNode[] };

/** Menus nest at most this deep (the header shows two levels, the mobile menu three). */
export const MENU_MAX_DEPTH = 3;
export const MENU_MAX_ITEMS = 200;

export const menuItemInputSchema: z.ZodType<MenuItemNode, MenuItemInput> = z.lazy(() =>
  z.object({
    id: idSchema.optional().transform((v) => v ?? ''),
    title: requiredContentTextSchema(200),
    link: menuLinkSchema,
    children: z.array(menuItemInputSchema).max(MENU_MAX_ITEMS).default([]),
  }),
);

/** PUT /menus/:name: the whole menu as one document. */
export const menuUpdateSchema = z.object({
  items: z.array(menuItemInputSchema).max(MENU_MAX_ITEMS),
  /** the version read; 0 when the menu does not exist yet */
  version: z.int().min(0),
});

/** A menu item as stored and answered (ids given, both languages, children always a list). */
export const menuItemNodeSchema: z.ZodType<MenuItemNode> = z.lazy(() =>
  z.strictObject({
    id: z.string(),
    title: z.strictObject({ en: z.string(), ru: z.string() }),
    link: menuLinkSchema,
    children: z.array(menuItemNodeSchema),
  }),
);

/** GET /menus: each menu with how many items it has. */
export const menuListSchema = z.array(z.strictObject({ name: menuNameSchema, itemCount: z.int(), version: z.int() }));
export type MenuList = z.infer<typeof menuListSchema>;

/** GET /menus/:name and PUT /menus/:name: the whole menu; version 0 when it was never saved. */
export const menuDetailSchema = z.strictObject({ name: menuNameSchema, items: z.array(menuItemNodeSchema), version: z.int() });
export type MenuDetail = z.infer<typeof menuDetailSchema>;

// ---------------------------------------------------------------- redirects

/** A path on this shop (`/old-page`) or, for a target, an http(s) address. */
const PATH_MESSAGE = 'Enter a path starting with /';
export const redirectFromSchema = z
  .string({ error: typeMessage(PATH_MESSAGE) })
  .trim()
  .min(1, BLANK_MESSAGE)
  .max(2000)
  .regex(/^\/[^\s]*$/, PATH_MESSAGE)
  .refine(noNul, NUL_MESSAGE);
export const redirectToSchema = z
  .string({ error: typeMessage(PATH_MESSAGE) })
  .trim()
  .min(1, BLANK_MESSAGE)
  .max(2000)
  .refine(noNul, NUL_MESSAGE)
  .refine(
    (v) => /^\/(?!\/)[^\s]*$/.test(v) || externalUrlSchema.safeParse(v).success,
    'Enter a path starting with / or an http(s) address.',
  );

/** GET /redirects */
export const redirectListQuerySchema = listQuerySchema(['fromPath', 'toPath', 'createdAt'], '-createdAt').extend({
  q: z.string().trim().max(200).optional(),
});

export const redirectItemSchema = z.strictObject({
  id: z.string(),
  fromPath: z.string(),
  toPath: z.string(),
  createdAt: z.string(),
  version: z.int(),
});
export type RedirectItem = z.infer<typeof redirectItemSchema>;
export const redirectListSchema = listAnswerSchema(redirectItemSchema);

/** POST /redirects */
export const redirectCreateSchema = z.object({ fromPath: redirectFromSchema, toPath: redirectToSchema });
export type RedirectCreate = z.input<typeof redirectCreateSchema>;
/** PUT /redirects/:id */
export const redirectUpdateSchema = redirectCreateSchema.extend({ version: versionSchema });
