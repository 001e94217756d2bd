/**
 * Product feeds for shopping services: Google Merchant Center (RSS 2.0 with the `g:` namespace) and Yandex.Market
 * (YML). Pure: the server (src/server/feeds.ts) reads the products and writes these pieces one after another, so a
 * feed of any size streams out. Every text is XML-escaped, and characters XML 1.0 forbids are dropped.
 */
import type { Language } from './localize';

export const FEED_KINDS = ['google', 'yandex'] as const;
export type FeedKind = (typeof FEED_KINDS)[number];

/** The file name of each feed under /feeds/ (and /feeds/<lang>/). */
export const FEED_FILES: Record<FeedKind, string> = { google: 'google.xml', yandex: 'yandex.yml' };

/** The address of a feed: the shop's language at /feeds/<file>, each language at /feeds/<lang>/<file>. */
export const feedPath = (kind: FeedKind, lang?: Language): string => `/feeds/${lang ? `${lang}/` : ''}${FEED_FILES[kind]}`;

export const GOOGLE_NAMESPACE = 'http://base.google.com/ns/1.0';

/** One offer: a variation of a visible product with a price. Amounts in minor units. */
export type FeedItem = {
  id: string;
  productId: string;
  /** whether the product has more than one variation (the items are then grouped) */
  grouped: boolean;
  title: string;
  description: string;
  link: string;
  imageLinks: string[];
  inStock: boolean;
  /** the regular price */
  priceCents: number;
  /** the discount price when lower than the regular one */
  salePriceCents: number | null;
  sku: string | null;
  /** the catalogs the product is in, by id, first the main one */
  catalogIds: string[];
  /** the titles of those catalogs, for Google's product_type */
  catalogTitles: string[];
  /** option values of the variation (Colour: Red) */
  params: { name: string; value: string }[];
};

export type FeedShop = {
  name: string;
  url: string;
  currency: string;
  lang: Language;
  brand: string;
  link: string;
  /** the feed's moment, ISO 8601 */
  generatedAt: string;
};

// eslint-disable-next-line no-control-regex
const NOT_XML = /[^\u0009\u000A\u000D\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** Text safe inside an XML element or a quoted attribute. */
export function xmlText(value: string): string {
  return value
    .replace(NOT_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

const clip = (value: string, max: number) => (value.length > max ? `${value.slice(0, max - 1).trimEnd()}…` : value);
const element = (name: string, value: string) => `<${name}>${xmlText(value)}</${name}>`;
/** Minor units as the decimal amount feeds expect (1999 → 19.99). */
export const feedAmount = (cents: number): string => (cents / 100).toFixed(2);

// ---------------------------------------------------------------- Google Merchant Center

export function googleHead(shop: FeedShop): string {
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:g="${GOOGLE_NAMESPACE}">\n<channel>\n` +
    `${element('title', shop.name)}\n${element('link', shop.link)}\n${element('description', shop.name)}\n`
  );
}

/**
 * One `<item>`: the fields Google requires (id, title, description, link, image_link, availability, price; brand,
 * condition and identifier_exists, as the shop keeps no GTIN), the sale price, more pictures, the product type
 * from its catalogs, the item group and the variation's options for products with variations.
 */
export function googleItem(item: FeedItem, shop: FeedShop): string {
  const [image, ...more] = item.imageLinks;
  const lines = [
    element('g:id', item.id),
    element('g:title', clip(item.title, 150)),
    element('g:description', clip(item.description || item.title, 5000)),
    element('g:link', item.link),
    ...(image ? [element('g:image_link', image)] : []),
    ...more.slice(0, 10).map((link) => element('g:additional_image_link', link)),
    element('g:availability', item.inStock ? 'in_stock' : 'out_of_stock'),
    element('g:price', `${feedAmount(item.priceCents)} ${shop.currency}`),
    ...(item.salePriceCents !== null ? [element('g:sale_price', `${feedAmount(item.salePriceCents)} ${shop.currency}`)] : []),
    element('g:brand', shop.brand),
    element('g:condition', 'new'),
    element('g:identifier_exists', 'no'),
    ...(item.sku ? [element('g:mpn', item.sku)] : []),
    ...(item.catalogTitles[0] ? [element('g:product_type', item.catalogTitles[0])] : []),
    ...(item.grouped ? [element('g:item_group_id', item.productId)] : []),
    ...item.params.map(
      (param) =>
        `<g:product_detail>${element('g:attribute_name', param.name)}${element('g:attribute_value', param.value)}</g:product_detail>`,
    ),
  ];
  return `<item>\n${lines.join('\n')}\n</item>\n`;
}

export const googleTail = (): string => '</channel>\n</rss>\n';

// ---------------------------------------------------------------- Yandex YML

/** Yandex reads offer ids of at most 20 Latin letters and digits: the first 20 hex digits of the id's hash. */
export type FeedIds = { offerId: (id: string) => string; groupId: (id: string) => string; categoryId: (id: string) => string };

/** Yandex's currency codes (the rouble is RUR or RUB; RUB is used). */
const yandexCurrency = (currency: string) => currency;

/** The shop itself, the parent of every catalog and the category of products in none. */
const ROOT_CATEGORY = '1';

export function yandexHead(shop: FeedShop, categories: { id: string; title: string }[], ids: FeedIds): string {
  const date = shop.generatedAt.slice(0, 16).replace('T', ' ');
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n<yml_catalog date="${xmlText(date)}">\n<shop>\n` +
    `${element('name', clip(shop.name, 20))}\n${element('company', shop.name)}\n${element('url', shop.url)}\n` +
    `<currencies><currency id="${xmlText(yandexCurrency(shop.currency))}" rate="1"/></currencies>\n` +
    `<categories>\n<category id="${ROOT_CATEGORY}">${xmlText(shop.name)}</category>\n` +
    categories.map((c) => `<category id="${ids.categoryId(c.id)}" parentId="${ROOT_CATEGORY}">${xmlText(c.title)}</category>\n`).join('') +
    '</categories>\n' +
    '<offers>\n'
  );
}

/** One `<offer>`: id, availability, group, name, url, price (and oldprice), currency, category, pictures, vendor, description, params. */
export function yandexOffer(item: FeedItem, shop: FeedShop, ids: FeedIds): string {
  const price = item.salePriceCents ?? item.priceCents;
  const lines = [
    element('name', clip(item.title, 150)),
    element('url', item.link),
    element('price', feedAmount(price)),
    ...(item.salePriceCents !== null ? [element('oldprice', feedAmount(item.priceCents))] : []),
    element('currencyId', yandexCurrency(shop.currency)),
    element('categoryId', item.catalogIds[0] ? ids.categoryId(item.catalogIds[0]) : ROOT_CATEGORY),
    ...item.imageLinks.slice(0, 10).map((link) => element('picture', link)),
    element('vendor', shop.brand),
    ...(item.sku ? [element('vendorCode', item.sku)] : []),
    ...(item.description ? [element('description', clip(item.description, 3000))] : []),
    ...item.params.map((param) => `<param name="${xmlText(param.name)}">${xmlText(param.value)}</param>`),
  ];
  const group = item.grouped ? ` group_id="${ids.groupId(item.productId)}"` : '';
  return `<offer id="${ids.offerId(item.id)}" available="${item.inStock ? 'true' : 'false'}"${group}>\n${lines.join('\n')}\n</offer>\n`;
}

export const yandexTail = (): string => '</offers>\n</shop>\n</yml_catalog>\n';
