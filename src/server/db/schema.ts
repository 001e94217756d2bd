import { type SQL, sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { TaxClass } from '../../lib/tax';
import type { VideoFieldValue } from '../../lib/video-field';

/** Customer-facing text stored in both shop languages. */
export type LocalizedText = { en: string; ru: string };

const tsvector = customType<{ data: string }>({
  dataType: () => 'tsvector',
});

/** Binary data; node-postgres reads it as a Buffer, PGlite as a Uint8Array. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength)),
});

/** Full-text search over both languages of the given jsonb columns ('simple' keeps it language-neutral). */
const searchable = (...columns: string[]) =>
  tsvector('search_vector').generatedAlwaysAs(
    (): SQL =>
      sql.raw(
        `to_tsvector('simple'::regconfig, ${columns
          .map((c) => `coalesce(${c}->>'en', '') || ' ' || coalesce(${c}->>'ru', '')`)
          .join(" || ' ' || ")})`,
      ),
  );

/** Trigram GIN index element over a text expression (`pg_trgm`, in PGlite too): ILIKE '%…%' on it reads the index. */
const trigram = (expression: SQL) => sql`(${expression}) gin_trgm_ops`;

/** What the back office's product search matches: both titles and the address (trigram-indexed as written here). */
export const productSearchText = (title: unknown, slug: unknown) =>
  sql`coalesce(${title}->>'en', '') || ' ' || coalesce(${title}->>'ru', '') || ' ' || ${slug}`;

/** The words of an option value's title in both languages, as the storefront search matches them (GIN-indexed as written here). */
export const optionValueSearchVector = (title: unknown) =>
  sql`to_tsvector('simple'::regconfig, coalesce(${title}->>'en', '') || ' ' || coalesce(${title}->>'ru', ''))`;

/** What the back office's order search matches by words: the customer's names and e-mail, the receiver's name. */
export const orderSearchText = (customer: unknown, receiver: unknown) =>
  sql`coalesce(${customer}->>'name', '') || ' ' || coalesce(${customer}->>'lastName', '') || ' ' || coalesce(${customer}->>'email', '') || ' ' || coalesce(${receiver}->>'name', '')`;

/** The digits of an order's phone, as the order search compares them. */
export const orderPhoneDigits = (customer: unknown) => sql`regexp_replace(${customer}->>'phone', '\\D', '', 'g')`;

/** What the back office's media search matches: the file's name, and its alt text and title in both languages. */
export const mediaSearchText = (name: unknown, alt: unknown, title: unknown) =>
  sql`${name} || ' ' || coalesce(${alt}->>'en', '') || ' ' || coalesce(${alt}->>'ru', '') || ' ' || coalesce(${title}->>'en', '') || ' ' || coalesce(${title}->>'ru', '')`;

/** What the back office's article search matches: both titles, the address and the author. */
export const articleSearchText = (title: unknown, slug: unknown, authorName: unknown) =>
  sql`coalesce(${title}->>'en', '') || ' ' || coalesce(${title}->>'ru', '') || ' ' || ${slug} || ' ' || coalesce(${authorName}, '')`;

/** The back office's article title sort. */
export const articleSortTitle = (title: unknown) => sql`lower(${title}->>'en')`;

/** What the back office's review (and comment) search matches: the author, the e-mail and the text. */
export const moderatedSearchText = (authorName: unknown, email: unknown, text: unknown) =>
  sql`${authorName} || ' ' || coalesce(${email}, '') || ' ' || ${text}`;

/** What the back office's lead search matches: the name, phone, e-mail and message. */
export const leadSearchText = (name: unknown, phone: unknown, email: unknown, message: unknown) =>
  sql`${name} || ' ' || ${phone} || ' ' || coalesce(${email}, '') || ' ' || coalesce(${message}, '')`;

/** What the back office's customer search matches in a customer: the names, the e-mail, the phone and its digits. */
export const customerSearchText = (name: unknown, lastName: unknown, email: unknown, phone: unknown, phoneKey: unknown) =>
  sql`${name} || ' ' || ${lastName} || ' ' || coalesce(${email}, '') || ' ' || coalesce(${phone}, '') || ' ' || coalesce(${phoneKey}, '')`;

/** What the back office's customer search matches in a profile: the names and the phone. */
export const customerProfileSearchText = (firstName: unknown, lastName: unknown, phone: unknown) =>
  sql`${firstName} || ' ' || ${lastName} || ' ' || coalesce(${phone}, '')`;

const id = () => text('id').primaryKey();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
const l10n = (name: string) => jsonb(name).$type<LocalizedText>();

// ---------------------------------------------------------------- settings and system

/** Shop settings, one row per group of spec 3.5 (common, header, footer, seo, ...). */
export const settings = pgTable('settings', {
  group: text('group').primaryKey(),
  value: jsonb('value').$type<Record<string, unknown>>().notNull(),
  /** raised by every back office write; a write based on an older version is refused (409) */
  version: integer('version').notNull().default(1),
  updatedAt: updatedAt(),
});

/** Server-side secrets shared by every instance (JWT key, payment signing key). */
export const systemSecrets = pgTable('system_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

export const images = pgTable(
  'images',
  {
    id: id(),
    name: text('name').notNull(),
    alt: l10n('alt'),
    title: l10n('title'),
    /** `/media/<hash>/<name>.<ext>`: a new file gives the image a new address */
    uri: text('uri').notNull(),
    /** SHA-256 of the original's bytes, its key in the media store; null only for a file not found when it was adopted */
    hash: text('hash'),
    mime: text('mime').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    extension: text('extension').notNull(),
    size: integer('size').notNull(),
    type: text('type').notNull().default('image'),
    dir: text('dir').notNull().default(''),
    /** raised by every back office write; a write based on an older version is refused (409) */
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [
    index('images_hash_idx').on(t.hash),
    // the media library: newest first, searched by name, alt text and title
    index('images_created_idx').on(t.createdAt, t.id),
    index('images_search_idx').using('gin', trigram(mediaSearchText(t.name, t.alt, t.title))),
  ],
);

/** Where the shop's image originals live (`fs`, `postgres` or `s3`): one row, changed by `npm run media:move`. */
export const mediaLocation = pgTable('media_location', {
  id: text('id').primaryKey().default('shop'),
  store: text('store').notNull(),
  /** while a move copies the originals to another store, every new original is written to both */
  movingTo: text('moving_to'),
  updatedAt: updatedAt(),
});

/** Originals of the `postgres` media store, by the SHA-256 of their bytes: written once, never updated. */
export const mediaOriginals = pgTable('media_originals', {
  hash: text('hash').primaryKey(),
  data: bytea('data').notNull(),
  size: integer('size').notNull(),
  createdAt: createdAt(),
});

/** Addresses an image was served at before its current one (an older file's, or a folder path): they redirect to it. */
export const mediaAddresses = pgTable(
  'media_addresses',
  {
    address: text('address').primaryKey(),
    imageId: text('image_id')
      .notNull()
      .references(() => images.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('media_addresses_image_idx').on(t.imageId)],
);

export const redirects = pgTable(
  'redirects',
  {
    id: id(),
    fromPath: text('from_path').notNull(),
    toPath: text('to_path').notNull(),
    /** raised by every back office write; a write based on an older version is refused (409) */
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('redirects_from_path_idx').on(t.fromPath)],
);

// ---------------------------------------------------------------- catalog

export type ProductProperty = { title: LocalizedText; value: LocalizedText };

export const products = pgTable(
  'products',
  {
    id: id(),
    slug: text('slug').notNull(),
    title: l10n('title').notNull(),
    description: l10n('description'),
    metaTitle: l10n('meta_title'),
    metaDescription: l10n('meta_description'),
    imageIds: jsonb('image_ids').$type<string[]>().notNull().default([]),
    /** a video shown among the pictures (src/lib/video-field.ts), written only through its check */
    video: jsonb('video').$type<VideoFieldValue>(),
    properties: jsonb('properties').$type<ProductProperty[]>().notNull().default([]),
    relatedProductIds: jsonb('related_product_ids').$type<string[]>().notNull().default([]),
    weight: doublePrecision('weight').notNull().default(0),
    height: doublePrecision('height').notNull().default(0),
    width: doublePrecision('width').notNull().default(0),
    length: doublePrecision('length').notNull().default(0),
    /** Denormalised price of the product's display variation, in minor units, for listing sort and filter. */
    priceCents: integer('price_cents').notNull().default(0),
    priceFullCents: integer('price_full_cents').notNull().default(0),
    /** Lower-cased English title, for sorting by title. */
    sortTitle: text('sort_title').notNull().default(''),
    enabled: boolean('enabled').notNull().default(true),
    /**
     * The product's tax class (src/lib/tax.ts TAX_CLASSES): standard, reduced, zero or exempt. The shop's tax settings
     * give each class its rate by place; a 54-FZ receipt's VAT code derives from the class and the rate charged.
     */
    taxClass: text('tax_class').$type<TaxClass>().notNull().default('standard'),
    /** raised by every back office write; a write based on an older version is refused (409) */
    version: integer('version').notNull().default(1),
    searchVector: searchable('title', 'description'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('products_slug_idx').on(t.slug),
    // listings walk these in their order and stop at the page (the id breaks ties, as the listing sorts)
    index('products_price_idx').on(t.priceCents, t.sortTitle, t.id),
    // the back office's sorts walk these and filter by state inside the index (no table visit before the page)
    index('products_sort_title_idx').on(t.sortTitle, t.id, t.enabled),
    index('products_admin_price_idx').on(t.priceCents, t.id, t.enabled),
    index('products_admin_created_idx').on(t.createdAt, t.id, t.enabled),
    index('products_admin_updated_idx').on(t.updatedAt, t.id, t.enabled),
    index('products_search_idx').using('gin', t.searchVector),
    index('products_admin_search_idx').using('gin', trigram(productSearchText(t.title, t.slug))),
  ],
);

export const productOptions = pgTable(
  'product_options',
  {
    id: id(),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    title: l10n('title').notNull(),
    type: text('type').notNull().default('string'),
    view: text('view').notNull().default('select'),
    unit: l10n('unit'),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    index('product_options_product_idx').on(t.productId, t.position),
    // option filters match titles case-insensitively in either language
    index('product_options_title_en_idx').on(sql`lower(${t.title}->>'en')`),
    index('product_options_title_ru_idx').on(sql`lower(${t.title}->>'ru')`),
  ],
);

export const productOptionValues = pgTable(
  'product_option_values',
  {
    id: id(),
    optionId: text('option_id')
      .notNull()
      .references(() => productOptions.id, { onDelete: 'cascade' }),
    title: l10n('title').notNull(),
    /** Colour code or other machine value for swatch-like views. */
    value: text('value'),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    index('product_option_values_option_idx').on(t.optionId, t.position),
    index('product_option_values_title_en_idx').on(sql`lower(${t.title}->>'en')`),
    index('product_option_values_title_ru_idx').on(sql`lower(${t.title}->>'ru')`),
    // the storefront search finds products by their option values' words ('shirt white', 'чёрный')
    index('product_option_values_search_idx').using('gin', optionValueSearchVector(t.title)),
  ],
);

/**
 * Every word of the shop's product titles, option values and catalog titles (lower-case, as the 'simple'
 * text search configuration splits them), kept by database triggers on those tables: the dictionary the
 * storefront search corrects misspelt words against (trigram similarity) and completes typed words from.
 * A word whose last product is gone stays until the next rebuild; it only costs a suggestion finding nothing.
 */
export const searchWords = pgTable(
  'search_words',
  {
    word: text('word').primaryKey(),
  },
  (t) => [index('search_words_trgm_idx').using('gin', t.word.op('gin_trgm_ops'))],
);

export const variations = pgTable(
  'variations',
  {
    id: id(),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    title: l10n('title'),
    sku: text('sku'),
    isDefault: boolean('is_default').notNull().default(false),
    imageId: text('image_id').references(() => images.id, { onDelete: 'set null' }),
    fullPriceCents: integer('full_price_cents').notNull().default(0),
    discountPriceCents: integer('discount_price_cents'),
    /** null means unlimited stock */
    stock: integer('stock'),
    weight: doublePrecision('weight'),
    height: doublePrecision('height'),
    width: doublePrecision('width'),
    length: doublePrecision('length'),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    index('variations_product_idx').on(t.productId, t.position),
    // a SKU looked up as it is (an import checks every SKU of its file against other products')
    index('variations_sku_idx').on(t.sku),
    index('variations_sku_trgm_idx').using('gin', t.sku.op('gin_trgm_ops')),
    // the dashboard's low stock: only variations at or below LOW_STOCK_THRESHOLD are in it
    // the dashboard's low stock, lowest first (the id breaking ties): read in order, it stops at its 20 rows
    index('variations_low_stock_idx').on(t.stock, t.id).where(sql`${t.stock} is not null and ${t.stock} <= 5`),
  ],
);

export const variationOptionValues = pgTable(
  'variation_option_values',
  {
    variationId: text('variation_id')
      .notNull()
      .references(() => variations.id, { onDelete: 'cascade' }),
    optionValueId: text('option_value_id')
      .notNull()
      .references(() => productOptionValues.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.variationId, t.optionValueId] }), index('variation_option_values_value_idx').on(t.optionValueId)],
);

export const catalogs = pgTable(
  'catalogs',
  {
    id: id(),
    slug: text('slug').notNull(),
    title: l10n('title').notNull(),
    description: l10n('description'),
    metaTitle: l10n('meta_title'),
    metaDescription: l10n('meta_description'),
    imageId: text('image_id').references(() => images.id, { onDelete: 'set null' }),
    /** custom, title, price_asc or price_desc */
    sortCriteria: text('sort_criteria').notNull().default('title'),
    position: integer('position').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    noindex: boolean('noindex').notNull().default(false),
    nofollow: boolean('nofollow').notNull().default(false),
    /** raised by every back office write; a write based on an older version is refused (409) */
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('catalogs_slug_idx').on(t.slug)],
);

export const catalogProducts = pgTable(
  'catalog_products',
  {
    catalogId: text('catalog_id')
      .notNull()
      .references(() => catalogs.id, { onDelete: 'cascade' }),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.catalogId, t.productId] }),
    index('catalog_products_catalog_position_idx').on(t.catalogId, t.position),
    index('catalog_products_product_idx').on(t.productId),
  ],
);

// ---------------------------------------------------------------- content

/** Text pages, the homepage and article categories (`/{category}`). */
export const pages = pgTable(
  'pages',
  {
    id: id(),
    slug: text('slug').notNull(),
    /** page, homepage or category */
    type: text('type').notNull().default('page'),
    title: l10n('title').notNull(),
    metaTitle: l10n('meta_title'),
    metaDescription: l10n('meta_description'),
    previewImageId: text('preview_image_id').references(() => images.id, { onDelete: 'set null' }),
    authorName: text('author_name'),
    noindex: boolean('noindex').notNull().default(false),
    nofollow: boolean('nofollow').notNull().default(false),
    enabled: boolean('enabled').notNull().default(true),
    /** raised by every back office write; a write based on an older version is refused (409) */
    version: integer('version').notNull().default(1),
    searchVector: searchable('title', 'meta_description'),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('pages_slug_idx').on(t.slug),
    index('pages_type_idx').on(t.type),
    index('pages_search_idx').using('gin', t.searchVector),
  ],
);

export const articles = pgTable(
  'articles',
  {
    id: id(),
    slug: text('slug').notNull(),
    categoryId: text('category_id')
      .notNull()
      .references(() => pages.id, { onDelete: 'cascade' }),
    title: l10n('title').notNull(),
    excerpt: l10n('excerpt'),
    metaTitle: l10n('meta_title'),
    metaDescription: l10n('meta_description'),
    previewImageId: text('preview_image_id').references(() => images.id, { onDelete: 'set null' }),
    authorName: text('author_name'),
    enabled: boolean('enabled').notNull().default(true),
    /** raised by every back office write; a write based on an older version is refused (409) */
    version: integer('version').notNull().default(1),
    searchVector: searchable('title', 'excerpt'),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('articles_slug_idx').on(t.slug),
    index('articles_category_published_idx').on(t.categoryId, t.publishedAt),
    index('articles_search_idx').using('gin', t.searchVector),
    // the back office's sorts (the id breaking ties) and search
    index('articles_published_idx').on(t.publishedAt, t.id),
    index('articles_updated_idx').on(t.updatedAt, t.id),
    index('articles_title_sort_idx').on(articleSortTitle(t.title), t.id),
    index('articles_admin_search_idx').using('gin', trigram(articleSearchText(t.title, t.slug, t.authorName))),
  ],
);

export const tags = pgTable(
  'tags',
  {
    id: id(),
    slug: text('slug').notNull(),
    /** the category slug the tag belongs to (spec: /tags/{type}/list) */
    type: text('type').notNull(),
    title: l10n('title').notNull(),
    position: integer('position').notNull().default(0),
    /** raised by every back office write; a write based on an older version is refused (409) */
    version: integer('version').notNull().default(1),
  },
  (t) => [uniqueIndex('tags_type_slug_idx').on(t.type, t.slug)],
);

export const articleTags = pgTable(
  'article_tags',
  {
    articleId: text('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    tagId: text('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.articleId, t.tagId] }), index('article_tags_tag_idx').on(t.tagId)],
);

export type SectionItem = { id: string; options: Record<string, unknown> };

/** Sections of pages, catalogs, articles and products, in display order. */
export const sections = pgTable(
  'sections',
  {
    id: id(),
    /** page, catalog, article or product */
    ownerType: text('owner_type').notNull(),
    ownerId: text('owner_id').notNull(),
    type: text('type').notNull(),
    position: integer('position').notNull().default(0),
    required: boolean('required').notNull().default(false),
    group: text('group'),
    enable: boolean('enable').notNull().default(true),
    hidden: boolean('hidden').notNull().default(false),
    options: jsonb('options').$type<Record<string, unknown>>().notNull().default({}),
    items: jsonb('items').$type<SectionItem[]>().notNull().default([]),
    styles: jsonb('styles').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [index('sections_owner_idx').on(t.ownerType, t.ownerId, t.position)],
);

export const menus = pgTable(
  'menus',
  {
    id: id(),
    name: text('name').notNull(),
    title: l10n('title'),
    /** raised by every back office write; a write based on an older version is refused (409) */
    version: integer('version').notNull().default(1),
  },
  (t) => [uniqueIndex('menus_name_idx').on(t.name)],
);

export type MenuLink = { type: 'page' | 'catalog' | 'product' | 'category' | 'article' | 'external'; url: string };

export const menuItems = pgTable(
  'menu_items',
  {
    id: id(),
    menuId: text('menu_id')
      .notNull()
      .references(() => menus.id, { onDelete: 'cascade' }),
    parentId: text('parent_id'),
    title: l10n('title').notNull(),
    link: jsonb('link').$type<MenuLink>().notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('menu_items_menu_idx').on(t.menuId, t.position)],
);

// ---------------------------------------------------------------- users

export const users = pgTable(
  'users',
  {
    id: id(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    /** Raised when the password changes or the account is deleted, revoking older tokens. */
    tokenVersion: integer('token_version').notNull().default(0),
    /** Set by staff: a disabled customer cannot sign in and their tokens are refused. */
    disabled: boolean('disabled').notNull().default(false),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_idx').on(t.email),
    index('users_created_idx').on(t.createdAt, t.id),
    index('users_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')),
  ],
);

export type Address = {
  country?: string;
  region?: string;
  locality?: string;
  street?: string;
  postalCode?: string;
};

export const userProfiles = pgTable(
  'user_profiles',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    phone: text('phone'),
    birthDate: text('birth_date'),
    address: jsonb('address').$type<Address>().notNull().default({}),
    updatedAt: updatedAt(),
  },
  (t) => [index('user_profiles_search_idx').using('gin', trigram(customerProfileSearchText(t.firstName, t.lastName, t.phone)))],
);

/** Failed sign-in counters per account and per address, shared by every instance. */
export const loginThrottle = pgTable('login_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});

/**
 * Request counts per key and fixed time window, shared by every instance (src/server/api/core/rate-limit.ts).
 * Rows are deleted once their window is over.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] }), index('rate_limits_expires_at_idx').on(t.expiresAt)],
);

/** Sign-in tokens revoked by logging out, by their `jti`, kept until the token would have expired anyway. */
export const revokedTokens = pgTable(
  'revoked_tokens',
  {
    tokenId: text('token_id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('revoked_tokens_expires_at_idx').on(t.expiresAt)],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('password_reset_tokens_hash_idx').on(t.tokenHash), index('password_reset_tokens_user_idx').on(t.userId)],
);

export const cartItems = pgTable(
  'cart_items',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    variationId: text('variation_id')
      .notNull()
      .references(() => variations.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    position: integer('position').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('cart_items_user_variation_idx').on(t.userId, t.variationId)],
);

// ---------------------------------------------------------------- delivery and payment

export const shippingZones = pgTable('shipping_zones', {
  id: id(),
  title: l10n('title').notNull(),
  /** ISO country codes the zone serves; empty means everywhere */
  countries: jsonb('countries').$type<string[]>().notNull().default([]),
  enabled: boolean('enabled').notNull().default(true),
  /** raised by every back office write; a write based on an older version is refused (409) */
  version: integer('version').notNull().default(1),
  position: integer('position').notNull().default(0),
});

export const shippingRates = pgTable(
  'shipping_rates',
  {
    id: id(),
    zoneId: text('zone_id')
      .notNull()
      .references(() => shippingZones.id, { onDelete: 'cascade' }),
    title: l10n('title').notNull(),
    /** free, flat or by_manager */
    kind: text('kind').notNull(),
    priceCents: integer('price_cents').notNull().default(0),
    minOrderCents: integer('min_order_cents'),
    maxOrderCents: integer('max_order_cents'),
    minWeight: doublePrecision('min_weight'),
    maxWeight: doublePrecision('max_weight'),
    /** 1_day, 2_days, 3_days, ..., 1_week, 2_weeks, 1_month */
    speed: text('speed'),
    enabled: boolean('enabled').notNull().default(true),
    /** raised by every back office write; a write based on an older version is refused (409) */
    version: integer('version').notNull().default(1),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('shipping_rates_zone_idx').on(t.zoneId, t.position)],
);

export const paymentMethods = pgTable('payment_methods', {
  code: text('code').primaryKey(),
  title: l10n('title').notNull(),
  /** online or cash */
  kind: text('kind').notNull(),
  /** payment provider for online methods, e.g. sandbox */
  provider: text('provider'),
  /**
   * The provider's settings as its settings schema declares them (credentials, test mode, two-stage capture).
   * Secret fields are never sent back to the browser, logged or audited.
   */
  settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
  enabled: boolean('enabled').notNull().default(true),
  /** raised by every back office write; a write based on an older version is refused (409) */
  version: integer('version').notNull().default(1),
  position: integer('position').notNull().default(0),
});

export const pickupLocations = pgTable(
  'pickup_locations',
  {
    id: id(),
    code: text('code').notNull(),
    title: l10n('title').notNull(),
    address: l10n('address'),
    workTime: l10n('work_time'),
    paymentMethodCodes: jsonb('payment_method_codes').$type<string[]>().notNull().default([]),
    enabled: boolean('enabled').notNull().default(true),
    /** raised by every back office write; a write based on an older version is refused (409) */
    version: integer('version').notNull().default(1),
    position: integer('position').notNull().default(0),
  },
  (t) => [uniqueIndex('pickup_locations_code_idx').on(t.code)],
);

export const discountCodes = pgTable(
  'discount_codes',
  {
    id: id(),
    /** stored upper-case; lookups are case-insensitive */
    code: text('code').notNull(),
    /** percent or fixed */
    kind: text('kind').notNull(),
    /** percent (1..100) or amount in minor units */
    value: integer('value').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    minOrderCents: integer('min_order_cents'),
    /** when non-empty the code applies only to these products or catalogs */
    productIds: jsonb('product_ids').$type<string[]>().notNull().default([]),
    catalogIds: jsonb('catalog_ids').$type<string[]>().notNull().default([]),
    usageLimit: integer('usage_limit'),
    usedCount: integer('used_count').notNull().default(0),
    /** raised by every back office write; a write based on an older version is refused (409) */
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('discount_codes_code_idx').on(t.code)],
);

// ---------------------------------------------------------------- orders

export const orderStates = pgTable('order_states', {
  code: text('code').primaryKey(),
  title: l10n('title').notNull(),
  color: text('color'),
  position: integer('position').notNull().default(0),
});

export type OrderContact = { name: string; phone: string; email?: string | null; lastName?: string | null };

/**
 * Every buyer: created or linked by each order (by the signed-in account, else the e-mail, else the phone) and by a
 * registration, so a guest's orders and their later account are one customer. `email` and `phoneKey` are the
 * normalised contacts (src/lib/customer-match.ts); the rest is what the back office shows and edits.
 */
export const customers = pgTable(
  'customers',
  {
    id: id(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** lower-cased, trimmed */
    email: text('email'),
    /** the phone as last given */
    phone: text('phone'),
    /** the phone's digits */
    phoneKey: text('phone_key'),
    name: text('name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    /** staff's notes, never shown to the customer */
    note: text('note').notNull().default(''),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    /**
     * The customer's orders, and what those not canceled came to less what was refunded on them: kept by database
     * triggers on every write of an order or a refund (see the migration 0013_admin_lists_scale), so the back office's list
     * sorts and filters them by index.
     */
    ordersCount: integer('orders_count').notNull().default(0),
    spentCents: bigint('spent_cents', { mode: 'number' }).notNull().default(0),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('customers_user_idx').on(t.userId).where(sql`${t.userId} is not null`),
    uniqueIndex('customers_email_idx').on(t.email).where(sql`${t.email} is not null`),
    index('customers_phone_idx').on(t.phoneKey),
    // the back office's sorts, the id breaking ties
    index('customers_created_idx').on(t.createdAt, t.id),
    index('customers_email_sort_idx').on(t.email, t.id),
    index('customers_orders_count_idx').on(t.ordersCount, t.id),
    index('customers_spent_idx').on(t.spentCents, t.id),
    index('customers_search_idx').using('gin', trigram(customerSearchText(t.name, t.lastName, t.email, t.phone, t.phoneKey))),
    index('customers_tags_idx').using('gin', t.tags),
  ],
);

export const orders = pgTable(
  'orders',
  {
    id: id(),
    number: serial('number').notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** the buyer's customer record (every order has one once placed) */
    customerId: text('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    /** the invoice's number, given once when the first invoice of the order is issued, counting up per shop */
    invoiceNumber: integer('invoice_number'),
    invoiceIssuedAt: timestamp('invoice_issued_at', { withTimezone: true }),
    /** lets a guest read their own order (payment result page) */
    secretToken: text('secret_token').notNull(),
    status: text('status').notNull().default('new'),
    /** new, pending, completed, failed or canceled */
    paymentStatus: text('payment_status').notNull().default('new'),
    paymentMethod: text('payment_method').notNull(),
    /** pickup or shipping */
    deliveryMethod: text('delivery_method').notNull(),
    locationId: text('location_id'),
    shippingZoneId: text('shipping_zone_id'),
    shippingRateId: text('shipping_rate_id'),
    deliveryTitle: text('delivery_title'),
    deliveryPriceCents: integer('delivery_price_cents').notNull().default(0),
    deliveryPriceByManager: boolean('delivery_price_by_manager').notNull().default(false),
    itemsTotalCents: integer('items_total_cents').notNull(),
    discountCodeId: text('discount_code_id'),
    discountCents: integer('discount_cents').notNull().default(0),
    totalCents: integer('total_cents').notNull(),
    /**
     * what the customer still has to pay after an edit raised the total of a paid order (their order page and e-mail
     * offer to pay it through the order's provider); lowered as that payment comes in
     */
    amountDueCents: integer('amount_due_cents').notNull().default(0),
    /** the order's tax: its lines' and its delivery's, each rounded (src/lib/tax.ts); part of the total unless included */
    taxCents: integer('tax_cents').notNull().default(0),
    /** the tax was part of the prices (VAT) rather than added to the total */
    taxIncluded: boolean('tax_included').notNull().default(false),
    /** the delivery's share of taxCents, and the percent it was taxed at */
    deliveryTaxCents: integer('delivery_tax_cents').notNull().default(0),
    deliveryTaxRate: doublePrecision('delivery_tax_rate').notNull().default(0),
    currency: text('currency').notNull(),
    customer: jsonb('customer').$type<OrderContact>().notNull(),
    receiver: jsonb('receiver').$type<OrderContact | null>(),
    address: jsonb('address').$type<Address | null>(),
    comment: text('comment'),
    lang: text('lang').notNull().default('en'),
    /** false while a "price by manager" delivery still waits for its price */
    deliveryPriceSet: boolean('delivery_price_set').notNull().default(true),
    version: integer('version').notNull().default(1),
    /** when the stock taken by this order went back to the variations (set exactly once per reservation) */
    stockReleasedAt: timestamp('stock_released_at', { withTimezone: true }),
    /**
     * An order paid on receipt holds its stock until then unless the manager confirms it (moves it on), which clears
     * it; null: no deadline (online orders follow their payment, confirmed orders keep their stock).
     */
    reservationExpiresAt: timestamp('reservation_expires_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('orders_number_idx').on(t.number),
    index('orders_user_idx').on(t.userId, t.createdAt),
    index('orders_customer_idx').on(t.customerId, t.createdAt),
    uniqueIndex('orders_invoice_number_idx').on(t.invoiceNumber).where(sql`${t.invoiceNumber} is not null`),
    // the back office's sorts (the number breaks ties), with the list's filters inside the index
    index('orders_created_idx').on(t.createdAt, t.number, t.status, t.paymentStatus, t.deliveryMethod, t.totalCents),
    // the dashboard's queues (order-queues.ts): only the orders still waiting are in them
    index('orders_unpaid_idx').on(t.paymentMethod).where(sql`${t.status} <> 'canceled' and ${t.paymentStatus} <> 'completed'`),
    index('orders_awaiting_price_idx')
      .on(t.createdAt)
      .where(sql`${t.status} <> 'canceled' and ${t.deliveryPriceByManager} and not ${t.deliveryPriceSet}`),
    index('orders_total_idx').on(t.totalCents, t.number, t.status, t.paymentStatus, t.deliveryMethod, t.createdAt),
    index('orders_status_idx').on(t.status, t.number, t.paymentStatus, t.deliveryMethod, t.createdAt),
    index('orders_search_idx').using('gin', trigram(orderSearchText(t.customer, t.receiver))),
    index('orders_phone_search_idx').using('gin', trigram(orderPhoneDigits(t.customer))),
    // the reservation sweeper's scan: only orders still holding stock and still waiting for their money
    index('orders_unpaid_reserved_idx')
      .on(t.createdAt)
      .where(sql`${t.stockReleasedAt} is null and ${t.paymentStatus} in ('new', 'pending')`),
    // the sweeper's scan of orders paid on receipt still waiting for the manager's confirmation
    index('orders_unconfirmed_reserved_idx')
      .on(t.reservationExpiresAt)
      .where(sql`${t.stockReleasedAt} is null and ${t.reservationExpiresAt} is not null`),
    // the items one customer's unconfirmed orders hold, by phone digits and by e-mail (as contactKey spells them)
    index('orders_unconfirmed_phone_idx')
      .on(sql`regexp_replace(${t.customer}->>'phone', '\\D', '', 'g')`)
      .where(sql`${t.stockReleasedAt} is null and ${t.reservationExpiresAt} is not null`),
    index('orders_unconfirmed_email_idx')
      .on(sql`lower(trim(${t.customer}->>'email'))`)
      .where(sql`${t.stockReleasedAt} is null and ${t.reservationExpiresAt} is not null`),
  ],
);

/** Internal notes of staff on an order; never shown to the customer. */
export const orderNotes = pgTable(
  'order_notes',
  {
    id: id(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    staffId: text('staff_id').references(() => staffUsers.id, { onDelete: 'set null' }),
    staffName: text('staff_name').notNull(),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('order_notes_order_idx').on(t.orderId, t.createdAt)],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: id(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: text('product_id'),
    variationId: text('variation_id'),
    productSlug: text('product_slug'),
    title: text('title').notNull(),
    variationTitle: text('variation_title'),
    optionsText: text('options_text'),
    sku: text('sku'),
    imageId: text('image_id'),
    quantity: integer('quantity').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    unitFullPriceCents: integer('unit_full_price_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    /** the product's tax class when ordered, the percent charged and the line's tax (after its share of the discount) */
    taxClass: text('tax_class').$type<TaxClass>().notNull().default('standard'),
    taxRate: doublePrecision('tax_rate').notNull().default(0),
    taxCents: integer('tax_cents').notNull().default(0),
    /** units a refund returned to stock: the order's reservation no longer holds them */
    returnedQuantity: integer('returned_quantity').notNull().default(0),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('order_items_order_idx').on(t.orderId, t.position)],
);

/** What left the shop for an order: some or all of its lines, with the carrier and tracking number. */
export const orderShipments = pgTable(
  'order_shipments',
  {
    id: id(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    lines: jsonb('lines').$type<{ itemId: string; quantity: number }[]>().notNull(),
    /** a carrier code of src/lib/shipments.ts, or 'other' */
    carrier: text('carrier').notNull().default('other'),
    trackingNumber: text('tracking_number'),
    /** the tracking page; for a known carrier made from its address pattern unless the manager gave one */
    trackingUrl: text('tracking_url'),
    staffId: text('staff_id').references(() => staffUsers.id, { onDelete: 'set null' }),
    staffName: text('staff_name'),
    createdAt: createdAt(),
  },
  (t) => [index('order_shipments_order_idx').on(t.orderId, t.createdAt)],
);

/**
 * Items coming back: opened by the customer or a manager with lines and a reason, received by a manager (back to
 * stock or not) and refunded through the payment's provider (payment_refunds).
 */
export const orderReturns = pgTable(
  'order_returns',
  {
    id: id(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** requested, received, refunded or rejected */
    status: text('status').notNull().default('requested'),
    lines: jsonb('lines').$type<{ itemId: string; quantity: number }[]>().notNull(),
    reason: text('reason').notNull(),
    /** customer or staff */
    openedBy: text('opened_by').notNull(),
    staffName: text('staff_name'),
    restock: boolean('restock').notNull().default(false),
    refundId: text('refund_id').references(() => paymentRefunds.id, { onDelete: 'set null' }),
    refundCents: integer('refund_cents').notNull().default(0),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('order_returns_order_idx').on(t.orderId, t.createdAt), index('order_returns_status_idx').on(t.status, t.createdAt)],
);

export const orderStateHistory = pgTable(
  'order_state_history',
  {
    id: id(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** status, payment or stock */
    kind: text('kind').notNull(),
    fromValue: text('from_value'),
    toValue: text('to_value').notNull(),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [index('order_state_history_order_idx').on(t.orderId, t.createdAt)],
);

export const paymentTransactions = pgTable(
  'payment_transactions',
  {
    id: id(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** the payment method (payment_methods.code) whose settings this attempt uses */
    method: text('method'),
    provider: text('provider').notNull(),
    providerPaymentId: text('provider_payment_id'),
    /** sent with the provider call that creates the payment, so a retried call never creates a second one */
    idempotencyKey: text('idempotency_key'),
    /** what the provider needs besides its payment id (e.g. Stripe's payment intent), as the provider stores it */
    providerData: jsonb('provider_data').$type<Record<string, unknown>>().notNull().default({}),
    /** new, pending, authorized, completed, failed or canceled */
    status: text('status').notNull().default('new'),
    amountCents: integer('amount_cents').notNull(),
    /** taken from the customer (completed payments) */
    capturedCents: integer('captured_cents').notNull().default(0),
    /** refunded or being refunded (refunds not failed) */
    refundedCents: integer('refunded_cents').notNull().default(0),
    currency: text('currency').notNull(),
    /** why a manager must look at this payment: paid for a canceled order, or a second payment of a paid one */
    attention: text('attention'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('payment_transactions_order_idx').on(t.orderId),
    uniqueIndex('payment_transactions_provider_payment_idx').on(t.provider, t.providerPaymentId),
    uniqueIndex('payment_transactions_idempotency_idx').on(t.idempotencyKey),
    // the orders list's "needs attention" filter reads only the flagged few
    index('payment_transactions_attention_idx').on(t.orderId).where(sql`${t.attention} is not null`),
  ],
);

/** Money returned to the customer from one payment transaction. */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: id(),
    transactionId: text('transaction_id')
      .notNull()
      .references(() => paymentTransactions.id, { onDelete: 'cascade' }),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    providerRefundId: text('provider_refund_id'),
    /** sent with the provider's refund call: a retried call never refunds twice */
    idempotencyKey: text('idempotency_key').notNull(),
    /** pending, succeeded or failed */
    status: text('status').notNull().default('pending'),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    /** the order lines refunded, when refunded by lines */
    lines: jsonb('lines').$type<{ itemId: string; quantity: number }[]>().notNull().default([]),
    /** whether the lines went back to stock */
    restock: boolean('restock').notNull().default(false),
    reason: text('reason'),
    staffId: text('staff_id').references(() => staffUsers.id, { onDelete: 'set null' }),
    staffName: text('staff_name'),
    /** the provider's answer when it refused */
    failure: text('failure'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('payment_refunds_order_idx').on(t.orderId, t.createdAt),
    index('payment_refunds_transaction_idx').on(t.transactionId),
    uniqueIndex('payment_refunds_provider_refund_idx').on(t.provider, t.providerRefundId),
  ],
);

// ---------------------------------------------------------------- sales report roll-ups

/**
 * The shop's calendar for the reports: the time zone whose days the roll-ups below are kept in (one row). Written only
 * by the database (from settings ecommerce.reportTimeZone, when it names a zone the database knows), which then
 * rebuilds the roll-ups in the same transaction.
 */
export const reportCalendar = pgTable('report_calendar', {
  id: integer('id').primaryKey().default(1),
  timeZone: text('time_zone').notNull().default('UTC'),
});

/**
 * One row per day of the shop's calendar: the figures of the orders placed that day that are not canceled, kept by
 * database triggers on orders, order_items and payment_refunds in the writing transaction (report_refresh in the
 * migration); `carts` counts the signed-in shoppers' carts that went from empty to holding items that day.
 */
export const reportDays = pgTable('report_days', {
  day: date('day', { mode: 'string' }).primaryKey(),
  orders: integer('orders').notNull().default(0),
  /** orders placed by a signed-in shopper (the ones a counted cart can lead to) */
  accountOrders: integer('account_orders').notNull().default(0),
  revenueCents: bigint('revenue_cents', { mode: 'number' }).notNull().default(0),
  /** succeeded refunds of the day's orders, whenever they were made */
  refundsCents: bigint('refunds_cents', { mode: 'number' }).notNull().default(0),
  items: integer('items').notNull().default(0),
  customers: integer('customers').notNull().default(0),
  newCustomers: integer('new_customers').notNull().default(0),
  carts: integer('carts').notNull().default(0),
});

/**
 * The customers who ordered on a day, with the day of their counted order before it (null: this is their first), so
 * a range's distinct customers are its rows whose previous day falls before the range: counted without a sort.
 */
export const reportDayCustomers = pgTable(
  'report_day_customers',
  {
    day: date('day', { mode: 'string' }).notNull(),
    customerId: text('customer_id').notNull(),
    previousDay: date('previous_day', { mode: 'string' }),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.customerId] }),
    // the reports' counts read this index alone
    index('report_day_customers_previous_idx').on(t.day, t.previousDay),
  ],
);

/**
 * Per day the products (`product`), catalogs (`catalog`: the catalogs a product was in when its day was last
 * computed), discount codes (`code`) and delivery methods (`delivery`) of the counted orders.
 */
export const reportDayRanks = pgTable(
  'report_day_ranks',
  {
    kind: text('kind').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    /** the product id (the line's title for a line without one), the catalog's or the code's id, or pickup / shipping */
    key: text('key').notNull(),
    /** the line's title, or the delivery's title; '' for codes */
    title: text('title').notNull().default(''),
    orders: integer('orders').notNull(),
    quantity: integer('quantity').notNull().default(0),
    revenueCents: bigint('revenue_cents', { mode: 'number' }).notNull(),
    discountCents: bigint('discount_cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.kind, t.day, t.key, t.title] })],
);

/** Every accepted provider notification, so a replay changes nothing twice. */
export const paymentNotifications = pgTable(
  'payment_notifications',
  {
    id: id(),
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    transactionId: text('transaction_id')
      .notNull()
      .references(() => paymentTransactions.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('payment_notifications_event_idx').on(t.provider, t.eventId)],
);

// ---------------------------------------------------------------- leads, reviews, comments

export const leads = pgTable(
  'leads',
  {
    id: id(),
    type: text('type').notNull().default('enquiry'),
    productId: text('product_id'),
    variationId: text('variation_id'),
    userId: text('user_id'),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    email: text('email'),
    text: text('text'),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    handledBy: text('handled_by').references(() => staffUsers.id, { onDelete: 'set null' }),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [
    index('leads_created_idx').on(t.createdAt, t.id),
    index('leads_new_idx').on(t.createdAt).where(sql`${t.handledAt} is null`),
    index('leads_search_idx').using('gin', trigram(leadSearchText(t.name, t.phone, t.email, t.text))),
  ],
);

export const reviews = pgTable(
  'reviews',
  {
    id: id(),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    authorName: text('author_name').notNull(),
    email: text('email'),
    rating: integer('rating').notNull(),
    text: text('text').notNull(),
    /** pending, approved or rejected */
    status: text('status').notNull().default('pending'),
    /** the shop's public answer, shown under the review */
    reply: text('reply'),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [
    index('reviews_product_status_idx').on(t.productId, t.status, t.createdAt),
    index('reviews_user_idx').on(t.userId),
    index('reviews_status_created_idx').on(t.status, t.createdAt, t.id),
    index('reviews_created_idx').on(t.createdAt, t.id),
    index('reviews_rating_idx').on(t.rating, t.id),
    index('reviews_search_idx').using('gin', trigram(moderatedSearchText(t.authorName, t.email, t.text))),
  ],
);

export const comments = pgTable(
  'comments',
  {
    id: id(),
    articleId: text('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    parentId: text('parent_id'),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    authorName: text('author_name').notNull(),
    email: text('email'),
    text: text('text').notNull(),
    status: text('status').notNull().default('pending'),
    reply: text('reply'),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [
    index('comments_article_status_idx').on(t.articleId, t.status, t.createdAt),
    index('comments_status_created_idx').on(t.status, t.createdAt),
    // the back office's comment list: newest first, and its search by author, e-mail and text
    index('comments_created_idx').on(t.createdAt, t.id),
    index('comments_search_idx').using('gin', trigram(moderatedSearchText(t.authorName, t.email, t.text))),
  ],
);

// ---------------------------------------------------------------- back office

/** Staff of the shop (back office), separate from customers. */
export const staffUsers = pgTable(
  'staff_users',
  {
    id: id(),
    /** stored lower-case */
    email: text('email').notNull(),
    name: text('name').notNull(),
    /** owner or manager */
    role: text('role').notNull(),
    passwordHash: text('password_hash').notNull(),
    disabled: boolean('disabled').notNull().default(false),
    lang: text('lang').notNull().default('en'),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('staff_users_email_idx').on(t.email)],
);

/** Server-side back office sessions; the cookie holds a random id, this table only its SHA-256. */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    idHash: text('id_hash').primaryKey(),
    staffId: text('staff_id')
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** absolute expiry, however active the session is */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('staff_sessions_staff_idx').on(t.staffId)],
);

/** Every back office write: who, what, before and after. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    staffId: text('staff_id').references(() => staffUsers.id, { onDelete: 'set null' }),
    staffName: text('staff_name').notNull(),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    /** the request's client address (after TRUST_PROXY) and User-Agent; null for work no request started */
    clientAddress: text('client_address'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt, t.id),
    // each filter of the back office's log with the list's order inside, so a filtered page is read in order
    index('audit_log_entity_idx').on(t.entityType, t.entityId, t.createdAt, t.id),
    index('audit_log_entity_type_idx').on(t.entityType, t.createdAt, t.id),
    index('audit_log_staff_idx').on(t.staffId, t.createdAt, t.id),
  ],
);

/**
 * Back office work too long for one request (bulk edits of every matching product, imports, exports): queued by a
 * request, claimed by one instance's worker with `for update skip locked`, done in batches of one transaction each
 * that also move `cursor` and `processed` on, so a job left by a stopped instance resumes after its last batch.
 */
export const adminJobs = pgTable(
  'admin_jobs',
  {
    id: id(),
    /** e.g. products.bulk, products.import */
    kind: text('kind').notNull(),
    /** queued, running, done, failed or canceled */
    status: text('status').notNull().default('queued'),
    params: jsonb('params').$type<Record<string, unknown>>().notNull(),
    /** where the next batch starts (the kind's own key, e.g. the last product id done) */
    cursor: jsonb('cursor').$type<unknown>(),
    total: integer('total').notNull().default(0),
    processed: integer('processed').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    /** at most a few hundred problems, each with its row (or record) */
    errors: jsonb('errors')
      .$type<{ row: number | null; ref: string | null; column?: string | null; message: string }[]>()
      .notNull()
      .default([]),
    result: jsonb('result').$type<Record<string, unknown>>(),
    staffId: text('staff_id').references(() => staffUsers.id, { onDelete: 'set null' }),
    staffName: text('staff_name').notNull(),
    lang: text('lang').notNull().default('en'),
    cancelRequested: boolean('cancel_requested').notNull().default(false),
    /** the instance working on it, and until when its claim holds (an instance that stops leaves it to expire) */
    claimedBy: text('claimed_by'),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    createdAt: createdAt(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('admin_jobs_open_idx').on(t.createdAt).where(sql`${t.status} in ('queued', 'running')`),
    index('admin_jobs_created_idx').on(t.createdAt, t.id),
  ],
);

/**
 * The products of a file an import job reads, one row per product in the file's order (keyed by the row its product
 * starts on), checked and grouped when the file was uploaded: every instance reads the file from here.
 */
export const adminJobItems = pgTable(
  'admin_job_items',
  {
    jobId: text('job_id')
      .notNull()
      .references(() => adminJobs.id, { onDelete: 'cascade' }),
    /** the file's row the product starts on (the header is row 1) */
    row: integer('row').notNull(),
    slug: text('slug').notNull(),
    /** the product as the file has it (ProductDraft) */
    draft: jsonb('draft').$type<Record<string, unknown>>().notNull(),
    /** the problems its cells have, found when the file was read (the product is then left as it is) */
    errors: jsonb('errors').$type<{ row: number; column: string | null; message: string }[]>().notNull().default([]),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.row] })],
);

/** Outgoing e-mail: requests only insert rows; a worker on each instance renders and sends them. */
export const mailQueue = pgTable(
  'mail_queue',
  {
    id: id(),
    /** template name, e.g. order-placed */
    template: text('template').notNull(),
    to: text('to').notNull(),
    lang: text('lang').notNull().default('en'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    /** pending, sending (handed to the mail server, not yet recorded), sent or failed (gave up, or interrupted while sending) */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** due time of the next attempt; a claimed row is pushed ahead so a crashed worker's claim expires */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('mail_queue_due_idx').on(t.status, t.nextAttemptAt)],
);

/** Invitations to the back office: the e-mailed link holds a random token, this table only its SHA-256. */
export const staffInvites = pgTable(
  'staff_invites',
  {
    tokenHash: text('token_hash').primaryKey(),
    staffId: text('staff_id')
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('staff_invites_staff_idx').on(t.staffId)],
);

// ---------------------------------------------------------------- site builder

/**
 * What the builder edits, as one document per target: `page:{id}`, `catalog:{id}`, `article:{id}`,
 * `product:{id}` (its sections) or `settings:{group}` (header, footer, styles, themes). A draft is seen
 * only by staff; publishing writes it to the live tables and appends a revision, in one transaction.
 */
export const builderDrafts = pgTable(
  'builder_drafts',
  {
    target: text('target').primaryKey(),
    content: jsonb('content').$type<Record<string, unknown>>().notNull(),
    /** raised by every save; a save based on an older version is refused (409) */
    version: integer('version').notNull().default(1),
    /** the revision number the draft started from */
    baseRevision: integer('base_revision').notNull().default(0),
    /** when set, a worker publishes the draft at this time */
    publishAt: timestamp('publish_at', { withTimezone: true }),
    updatedBy: text('updated_by').references(() => staffUsers.id, { onDelete: 'set null' }),
    updatedByName: text('updated_by_name').notNull().default(''),
    updatedAt: updatedAt(),
  },
  (t) => [index('builder_drafts_publish_at_idx').on(t.publishAt)],
);

/** Every published version of a builder target, numbered from 1, for history, preview and restore. */
export const builderRevisions = pgTable(
  'builder_revisions',
  {
    id: id(),
    target: text('target').notNull(),
    number: integer('number').notNull(),
    content: jsonb('content').$type<Record<string, unknown>>().notNull(),
    publishedBy: text('published_by').references(() => staffUsers.id, { onDelete: 'set null' }),
    publishedByName: text('published_by_name').notNull().default(''),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('builder_revisions_target_number_idx').on(t.target, t.number)],
);

/**
 * The owner's wording of an e-mail (subject and body per template and language), one row per saved version; the
 * newest row of a template and language is the one sent. A row with a null subject and body stands for "back to the
 * built-in text". Restoring an older version saves a copy of it as the newest.
 */
export const mailTemplateVersions = pgTable(
  'mail_template_versions',
  {
    id: id(),
    template: text('template').notNull(),
    lang: text('lang').notNull(),
    /** 1, 2, … per template and language */
    number: integer('number').notNull(),
    subject: text('subject'),
    body: text('body'),
    staffId: text('staff_id').references(() => staffUsers.id, { onDelete: 'set null' }),
    staffName: text('staff_name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('mail_template_versions_number_idx').on(t.template, t.lang, t.number)],
);

/** Replies the staff e-mailed to an enquiry from the back office (its history). */
export const leadReplies = pgTable(
  'lead_replies',
  {
    id: id(),
    leadId: text('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    staffId: text('staff_id').references(() => staffUsers.id, { onDelete: 'set null' }),
    staffName: text('staff_name').notNull(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('lead_replies_lead_idx').on(t.leadId, t.createdAt)],
);

// ---------------------------------------------------------------- marketing

/**
 * A checkout whose shopper gave an e-mail (signed in, or typed with consent to be contacted), for the reminders of
 * abandoned-checkout recovery (src/server/marketing/recovery.ts). The browser holds a random key; only its SHA-256 is
 * stored, and the reminder's links carry tokens signed for one purpose each, never the key.
 */
export const checkoutRecoveries = pgTable(
  'checkout_recoveries',
  {
    id: id(),
    keyHash: text('key_hash').notNull(),
    /** lower-cased, trimmed */
    email: text('email').notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    lang: text('lang').notNull().default('en'),
    /** the cart's lines as the browser last reported them */
    items: jsonb('items').$type<{ variationId: string; quantity: number }[]>().notNull().default([]),
    /** open, ordered, emptied or unsubscribed; only open checkouts are reminded */
    status: text('status').notNull().default('open'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    /** the last change of the cart or contacts: the first reminder waits from here */
    activeAt: timestamp('active_at', { withTimezone: true }).notNull(),
    remindersSent: integer('reminders_sent').notNull().default(0),
    firstReminderAt: timestamp('first_reminder_at', { withTimezone: true }),
    secondReminderAt: timestamp('second_reminder_at', { withTimezone: true }),
    /** the last time a reminder's link restored the cart */
    restoredAt: timestamp('restored_at', { withTimezone: true }),
    orderId: text('order_id').references(() => orders.id, { onDelete: 'set null' }),
    /** the order's total when it was placed from a reminder's link within the attribution window */
    recoveredCents: integer('recovered_cents'),
    currency: text('currency'),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('checkout_recoveries_key_idx').on(t.keyHash),
    index('checkout_recoveries_email_idx').on(t.email, t.status),
    index('checkout_recoveries_user_idx').on(t.userId).where(sql`${t.userId} is not null`),
    // the back office's list, newest first, by status or all
    index('checkout_recoveries_started_idx').on(t.startedAt, t.id),
    index('checkout_recoveries_status_idx').on(t.status, t.startedAt, t.id),
    // the reminder pass's two scans: only open checkouts waiting for their first or second reminder
    index('checkout_recoveries_first_due_idx').on(t.activeAt).where(sql`${t.status} = 'open' and ${t.remindersSent} = 0`),
    index('checkout_recoveries_second_due_idx').on(t.firstReminderAt).where(sql`${t.status} = 'open' and ${t.remindersSent} = 1`),
    // the summary's counts over a range
    index('checkout_recoveries_first_sent_idx').on(t.firstReminderAt).where(sql`${t.firstReminderAt} is not null`),
    index('checkout_recoveries_second_sent_idx').on(t.secondReminderAt).where(sql`${t.secondReminderAt} is not null`),
    index('checkout_recoveries_restored_idx').on(t.restoredAt).where(sql`${t.restoredAt} is not null`),
    // recovered revenue over a range
    index('checkout_recoveries_recovered_idx').on(t.closedAt).where(sql`${t.recoveredCents} is not null`),
  ],
);

/** Addresses that asked for no more marketing mail (a reminder's unsubscribe link); lower-cased. */
export const marketingUnsubscribes = pgTable('marketing_unsubscribes', {
  email: text('email').primaryKey(),
  createdAt: createdAt(),
});
// ---------------------------------------------------------------- back-in-stock alerts and wishlists

/**
 * "Tell me when it is back" for one sold-out variation. A signed-in shopper's is confirmed at once; a guest's when
 * the e-mailed link is opened. The stock trigger (migration 0020) sets `due_at` in the transaction that brings the
 * variation from 0 back above 0; the alert job sends due ones once (`notified_at`, set with the queued mail).
 */
export const backInStockSubscriptions = pgTable(
  'back_in_stock_subscriptions',
  {
    id: id(),
    variationId: text('variation_id')
      .notNull()
      .references(() => variations.id, { onDelete: 'cascade' }),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** lower case */
    email: text('email').notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    lang: text('lang').notNull().default('en'),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
    dueAt: timestamp('due_at', { withTimezone: true }),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('back_in_stock_variation_email_idx').on(t.variationId, t.email),
    // the back office's list per product, newest first
    index('back_in_stock_product_idx').on(t.productId, t.createdAt, t.id),
    index('back_in_stock_created_idx').on(t.createdAt, t.id),
    // the alert job's queue: only what is due and not yet sent
    index('back_in_stock_due_idx').on(t.dueAt, t.id).where(sql`${t.dueAt} is not null and ${t.notifiedAt} is null`),
    // sent alerts, newest first, and the throttle's count of the last minute
    index('back_in_stock_notified_idx').on(t.notifiedAt, t.id).where(sql`${t.notifiedAt} is not null`),
  ],
);

/**
 * How many subscriptions of each variation stand in each status, kept by a trigger on every write of a subscription
 * (migration 0020), so the back office's "most awaited" list reads an index instead of counting every subscription.
 * No foreign keys: a deleted variation's row is dropped by the same trigger, and the list joins the variations.
 */
export const backInStockVariationCounts = pgTable(
  'back_in_stock_variation_counts',
  {
    variationId: text('variation_id').primaryKey(),
    productId: text('product_id').notNull(),
    waiting: integer('waiting').notNull().default(0),
    unconfirmed: integer('unconfirmed').notNull().default(0),
    sent: integer('sent').notNull().default(0),
    unsubscribed: integer('unsubscribed').notNull().default(0),
  },
  (t) => [index('back_in_stock_counts_awaited_idx').on(t.waiting.desc(), t.unconfirmed.desc(), t.variationId)],
);

/** A signed-in shopper's wishlist: one row per product. */
export const wishlistItems = pgTable(
  'wishlist_items',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productId] }), index('wishlist_items_user_idx').on(t.userId, t.createdAt)],
);

/**
 * Where the shop sends its events (order created, paid…): an https address (plain http only to this machine, in
 * development), the events it takes and the secret its deliveries are signed with. The secret is shown once, when
 * the endpoint is made; it is kept as is because every delivery is signed with it.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: id(),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    events: jsonb('events').$type<string[]>().notNull().default([]),
    secret: text('secret').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhook_endpoints_created_idx').on(t.createdAt, t.id)],
);

/**
 * The outbox of the shop's integrations: one row per webhook delivery or Telegram alert, written in the transaction
 * of the event itself and delivered by the integration worker; it is also the delivery log (last response code,
 * duration and an excerpt of the answer).
 */
export const integrationDeliveries = pgTable(
  'integration_deliveries',
  {
    id: id(),
    /** webhook or telegram */
    channel: text('channel').notNull(),
    endpointId: text('endpoint_id').references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** pending, delivered or failed (gave up after the last attempt) */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    responseStatus: integer('response_status'),
    durationMs: integer('duration_ms'),
    responseExcerpt: text('response_excerpt'),
    lastError: text('last_error'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('integration_deliveries_due_idx').on(t.status, t.nextAttemptAt),
    index('integration_deliveries_endpoint_idx').on(t.endpointId, t.createdAt, t.id),
    index('integration_deliveries_channel_idx').on(t.channel, t.createdAt, t.id),
  ],
);

/** Tokens the owner made for other programs to call the back office API; only the SHA-256 of each is kept. */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: id(),
    name: text('name').notNull(),
    scopes: jsonb('scopes').$type<string[]>().notNull(),
    tokenHash: text('token_hash').notNull(),
    /** the token's first characters, so the owner can tell tokens apart */
    prefix: text('prefix').notNull(),
    /** the staff member who made it: the token acts in their name and stops working when they are disabled */
    staffId: text('staff_id')
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'cascade' }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('api_tokens_hash_idx').on(t.tokenHash), index('api_tokens_created_idx').on(t.createdAt, t.id)],
);
