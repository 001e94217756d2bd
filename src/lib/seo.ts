/**
 * The page head of spec 2.3 and the indexing files, as pure functions: titles and descriptions with
 * the shop's meta templates, canonical address, robots directive, Open Graph and Twitter data, and the
 * structured data (Organization, BreadcrumbList, Product) search engines read. The head component,
 * the product page, /sitemap.xml and /robots.txt build on these.
 */
import type { ImageDto, ProductDto, ShopConfigDto, VariationDto } from './api-client';
import { errorPage as enErrorPage } from '../../locales/en.json';
import { errorPage as ruErrorPage } from '../../locales/ru.json';
import { dictionaryTranslator } from './dictionary';
import { LANGUAGES, type Language } from './localize';
import { fillMetaTemplate, type MetaTemplateKind } from './settings';

export const DEFAULT_FAVICON = '/favicon.ico';
export const DEFAULT_SITENAME = 'Sitename';
/** Size of the preview image social networks show (the 1.91:1 card). */
export const SHARE_IMAGE = { width: 1200, height: 630 } as const;

const OG_LOCALE: Record<Language, string> = { en: 'en_US', ru: 'ru_RU' };

// ---------------------------------------------------------------- addresses

/** An absolute address: a path is put on the shop's public origin, an http(s) address is kept. */
export function absoluteUrl(siteUrl: string, pathOrUrl: string): string {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  return new URL(pathOrUrl.startsWith('/') ? pathOrUrl : `/${pathOrUrl}`, siteUrl).href;
}

/** The canonical address of a path: no query, no fragment, no trailing slash (the homepage keeps its '/'). */
export function canonicalUrl(siteUrl: string, path: string): string {
  const pathname = path.split(/[?#]/, 1)[0]!.replace(/\/+$/, '');
  return absoluteUrl(siteUrl, pathname || '/');
}

/**
 * The address of a page in one language: each language has its own, the shop's language the plain canonical
 * address and any other one with `?lang=` (the query that also switches the visitor's language), so both are
 * indexable and the canonical of a page in Russian keeps its `?lang=ru`.
 */
export function languageUrl(siteUrl: string, path: string, lang: Language, shopLanguage: Language): string {
  const canonical = canonicalUrl(siteUrl, path);
  return lang === shopLanguage ? canonical : `${canonical}?lang=${lang}`;
}

export type LanguageAlternate = { hreflang: Language | 'x-default'; href: string };

/** The `hreflang` alternates of a page: its address in every language, and the plain address as `x-default`. */
export function languageAlternates(siteUrl: string, path: string, shopLanguage: Language): LanguageAlternate[] {
  return [
    ...LANGUAGES.map((lang) => ({ hreflang: lang, href: languageUrl(siteUrl, path, lang, shopLanguage) })),
    { hreflang: 'x-default', href: canonicalUrl(siteUrl, path) },
  ];
}

/** The shop's own language (settings.language.current): the one whose addresses carry no `?lang=`. */
export function shopLanguageOf(settings: ShopConfigDto | null): Language {
  return settings?.language?.current === 'ru' ? 'ru' : 'en';
}

/** Address of an image setting or record; a stored image is asked for in the share card's size. */
export function shareImageUrl(siteUrl: string, image: ImageDto | string | null | undefined): string | null {
  if (!image) return null;
  if (typeof image === 'string') return image.trim() === '' ? null : absoluteUrl(siteUrl, image.trim());
  const query = `w=${SHARE_IMAGE.width}&h=${SHARE_IMAGE.height}&fit=inset&format=jpeg`;
  return absoluteUrl(siteUrl, `${image.uri}?${query}`);
}

/** The favicon setting (an image or a uri), default /favicon.ico. */
export function faviconHref(settings: ShopConfigDto | null): string {
  const favicon = settings?.common.favicon;
  const href = typeof favicon === 'string' ? favicon : favicon?.uri;
  return href?.trim() || DEFAULT_FAVICON;
}

export function sitenameOf(settings: ShopConfigDto | null): string {
  return settings?.common.sitename.trim() || DEFAULT_SITENAME;
}

// ---------------------------------------------------------------- texts

export type MetaTexts = { h1: string; title: string; description: string };
type OwnTexts = { h1?: string | null; metaTitle?: string | null; metaDescription?: string | null };

/**
 * Main heading, title and description of a product, catalog, page, category or article (spec 2.3): the
 * owner's own text when set, else the shop's template for the kind with `{name}` filled, else the name.
 */
export function metaTexts(settings: ShopConfigDto | null, kind: MetaTemplateKind, name: string, own: OwnTexts = {}): MetaTexts {
  const template = settings?.seo.metaTemplates[kind];
  const filled = (value: string | undefined) => (value ? fillMetaTemplate(value, name) : '');
  return {
    h1: own.h1?.trim() || filled(template?.h1) || name,
    title: own.metaTitle?.trim() || filled(template?.title) || name,
    description: own.metaDescription?.trim() || filled(template?.description),
  };
}

/** The entities the sanitizer writes into stored rich text. */
const ENTITIES: Record<string, string> = { nbsp: ' ', lt: '<', gt: '>', quot: '"', '#39': "'", amp: '&' };

/** Text of a rich-text value for a description: blocks become spaces, other tags vanish, common entities are decoded. */
export function plainText(html: string, maxLength = 300): string {
  const text = html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<\/?(p|div|br|li|ul|ol|h[1-6]|tr|td|th|table|section|article|blockquote|figure|figcaption)\b[^>]*>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(nbsp|lt|gt|quot|#39|amp);/g, (_, name: string) => ENTITIES[name]!)
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > maxLength ? `${text.slice(0, maxLength - 1).trimEnd()}…` : text;
}

/** The robots meta directive of a page flagged noindex and/or nofollow; null when it is neither. */
export function robotsDirective(flags: { noindex?: boolean; nofollow?: boolean }): string | null {
  const parts = [flags.noindex && 'noindex', flags.nofollow && 'nofollow'].filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : null;
}

/** '@handle' of the shop's Twitter (X) account: the seo.twitterHandle setting, else the socials link. */
export function twitterHandle(settings: ShopConfigDto | null): string | null {
  const own = settings?.seo.twitterHandle.trim().replace(/^@/, '') ?? '';
  if (/^\w{1,15}$/.test(own)) return `@${own}`;
  const link = settings?.socials.twitter ?? '';
  const handle = /^(?:https?:\/\/)?(?:www\.)?(?:twitter|x)\.com\/@?(\w{1,15})\/?$/i.exec(link.trim())?.[1];
  return handle ? `@${handle}` : null;
}

// ---------------------------------------------------------------- social meta

export type ArticleMeta = { author?: string | null; section?: string | null; publishedAt?: string | null; modifiedAt?: string | null };
export type ProductMeta = { price: number; currency: string };

export type SocialInput = {
  sitename: string;
  lang: Language;
  title: string;
  description: string;
  url: string;
  imageUrl: string | null;
  imageAlt?: string | null;
  article?: ArticleMeta | null;
  product?: ProductMeta | null;
  twitter: string | null;
};

/** A `<meta property=…>` (Open Graph) or `<meta name=…>` (Twitter) tag. */
export type MetaTag = { attribute: 'property' | 'name'; key: string; content: string };

const property = (key: string, content: string | null | undefined): MetaTag[] => (content ? [{ attribute: 'property', key, content }] : []);
const named = (key: string, content: string | null | undefined): MetaTag[] => (content ? [{ attribute: 'name', key, content }] : []);

/** Open Graph and Twitter card tags (spec 2.3): site name, title, description, url, type, image, article and product data. */
export function socialMeta(input: SocialInput): MetaTag[] {
  const type = input.product ? 'product' : input.article ? 'article' : 'website';
  const { article, product } = input;
  return [
    ...property('og:site_name', input.sitename),
    ...property('og:locale', OG_LOCALE[input.lang]),
    ...property('og:type', type),
    ...property('og:title', input.title),
    ...property('og:description', input.description),
    ...property('og:url', input.url),
    ...property('og:image', input.imageUrl),
    ...(input.imageUrl?.includes(`w=${SHARE_IMAGE.width}&h=${SHARE_IMAGE.height}`)
      ? [...property('og:image:width', String(SHARE_IMAGE.width)), ...property('og:image:height', String(SHARE_IMAGE.height))]
      : []),
    ...(input.imageUrl ? property('og:image:alt', input.imageAlt || input.title) : []),
    ...property('article:author', article?.author),
    ...property('article:section', article?.section),
    ...property('article:published_time', article?.publishedAt),
    ...property('article:modified_time', article?.modifiedAt),
    ...(product && product.price > 0
      ? [...property('product:price:amount', product.price.toFixed(2)), ...property('product:price:currency', product.currency)]
      : []),
    ...named('twitter:card', input.imageUrl ? 'summary_large_image' : 'summary'),
    ...named('twitter:site', input.twitter),
    ...named('twitter:title', input.title),
    ...named('twitter:description', input.description),
    ...named('twitter:image', input.imageUrl),
  ];
}

export type PageHeadInput = {
  settings: ShopConfigDto | null;
  siteUrl: string;
  /** the request path; the canonical address drops its query and trailing slash, and keeps `?lang=` but for the shop's language */
  path: string;
  lang: Language;
  title?: string | null;
  description?: string | null;
  noindex?: boolean;
  nofollow?: boolean;
  /** the page's own preview image; the shop's shared image stands in for it */
  image?: ImageDto | string | null;
  article?: ArticleMeta | null;
  product?: ProductMeta | null;
};

export type PageHead = {
  title: string;
  description: string;
  canonical: string;
  /** the page in each language, and `x-default` */
  alternates: LanguageAlternate[];
  favicon: string;
  robots: string | null;
  /** Open Graph, Twitter and search-console verification tags */
  meta: MetaTag[];
};

/** Everything the head of a page shows (spec 2.3), with the fallbacks of spec 2.3 and 9. */
export function pageHead(input: PageHeadInput): PageHead {
  const { settings, siteUrl } = input;
  // without a title of its own, the page is the missing page (errorPage.title.404 of the locales)
  const title = input.title?.trim() || dictionaryTranslator({ en: enErrorPage, ru: ruErrorPage }, input.lang)('title.404');
  const description = input.description?.trim() || '';
  const shopLanguage = shopLanguageOf(settings);
  const canonical = languageUrl(siteUrl, input.path, input.lang, shopLanguage);
  const ownImage = input.image ?? null;
  const image = ownImage || settings?.common.sharedImage || null;
  return {
    title,
    description,
    canonical,
    alternates: languageAlternates(siteUrl, input.path, shopLanguage),
    favicon: faviconHref(settings),
    robots: robotsDirective({ noindex: input.noindex ?? false, nofollow: input.nofollow ?? false }),
    meta: [
      ...socialMeta({
        sitename: sitenameOf(settings),
        lang: input.lang,
        title,
        description,
        url: canonical,
        imageUrl: shareImageUrl(siteUrl, image),
        imageAlt: typeof image === 'object' && image ? image.alt : null,
        article: input.article ?? null,
        product: input.product ?? null,
        twitter: twitterHandle(settings),
      }),
      ...named('google-site-verification', settings?.seo.googleVerification.trim()),
      ...named('yandex-verification', settings?.seo.yandexVerification.trim()),
    ],
  };
}

// ---------------------------------------------------------------- structured data

export type StructuredData = Record<string, unknown>;
const SCHEMA = 'https://schema.org';

/** A JSON-LD object as the text of a `<script type="application/ld+json">` (no '</script>' can end it early). */
export function jsonLd(data: StructuredData): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}

const imageOf = (siteUrl: string, image: ImageDto | string | null | undefined) =>
  image ? absoluteUrl(siteUrl, typeof image === 'string' ? image : image.uri) : null;

/** The shop as an Organization (spec 2.3): name, address, logo, contacts and social profiles. */
export function organizationData(settings: ShopConfigDto | null, siteUrl: string): StructuredData {
  const common = settings?.common;
  const logo = imageOf(siteUrl, settings?.header.logo);
  const sameAs = Object.values(settings?.socials ?? {}).filter(
    (link): link is string => typeof link === 'string' && /^https?:\/\//i.test(link),
  );
  return {
    '@context': SCHEMA,
    '@type': 'Organization',
    name: sitenameOf(settings),
    url: absoluteUrl(siteUrl, '/'),
    ...(common?.description ? { description: common.description } : {}),
    ...(logo ? { logo } : {}),
    ...(common?.phones[0] ? { telephone: common.phones[0] } : {}),
    ...(common?.emails[0] ? { email: common.emails[0] } : {}),
    ...(common?.address ? { address: { '@type': 'PostalAddress', streetAddress: common.address } } : {}),
    ...(sameAs.length > 0 ? { sameAs } : {}),
  };
}

/** One step of a breadcrumb trail after Home; `uri` without the leading slash. */
export type Crumb = { title: string; uri: string };

/** Home (/), then the trail; every step links to /{uri} (spec 2.5). */
export function breadcrumbSteps(homeTitle: string, trail: readonly Crumb[]): { title: string; href: string }[] {
  return [{ title: homeTitle, href: '/' }, ...trail.map((step) => ({ title: step.title, href: `/${step.uri.replace(/^\/+/, '')}` }))];
}

export function breadcrumbListData(steps: readonly { title: string; href: string }[], siteUrl: string): StructuredData {
  return {
    '@context': SCHEMA,
    '@type': 'BreadcrumbList',
    itemListElement: steps.map((step, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: step.title,
      item: canonicalUrl(siteUrl, step.href),
    })),
  };
}

const AVAILABILITY = { inStock: `${SCHEMA}/InStock`, outOfStock: `${SCHEMA}/OutOfStock` } as const;
const availabilityOf = (inStock: boolean) => (inStock ? AVAILABILITY.inStock : AVAILABILITY.outOfStock);
const amount = (price: number) => price.toFixed(2);

export type ProductDataInput = {
  product: ProductDto;
  /** the variation the page shows; its price, stock, sku and image come first */
  variation: VariationDto | null;
  currency: string;
  siteUrl: string;
  brand?: string | null;
};

/**
 * A product as schema.org Product: name, description, images, sku, the rating the page shows (AggregateRating
 * of the approved reviews) and its offers: one Offer for the shown variation's price and stock, and an
 * AggregateOffer over the variations when their prices differ. Products without a price (price on request) get no
 * offer; without a rating either, no Product block at all (search engines refuse one with neither), so null.
 */
export function productData({ product, variation, currency, siteUrl, brand }: ProductDataInput): StructuredData | null {
  const url = canonicalUrl(siteUrl, `/products/${product.slug}`);
  const images = [variation?.image, ...product.images]
    .filter((image): image is ImageDto => !!image)
    .map((image) => absoluteUrl(siteUrl, image.uri));
  const priced = product.variations.filter((v) => v.price > 0);
  const price = variation?.price ?? product.price;
  const prices = priced.map((v) => v.price);
  const offer = (offerPrice: number, inStock: boolean): StructuredData => ({
    '@type': 'Offer',
    url,
    price: amount(offerPrice),
    priceCurrency: currency,
    availability: availabilityOf(inStock),
    itemCondition: `${SCHEMA}/NewCondition`,
  });
  let offers: StructuredData | null = null;
  if (priced.length > 1 && Math.min(...prices) !== Math.max(...prices)) {
    offers = {
      '@type': 'AggregateOffer',
      priceCurrency: currency,
      lowPrice: amount(Math.min(...prices)),
      highPrice: amount(Math.max(...prices)),
      offerCount: priced.length,
      availability: availabilityOf(priced.some((v) => v.inStock)),
      offers: priced.map((v) => ({ ...offer(v.price, v.inStock), ...(v.sku ? { sku: v.sku } : {}) })),
    };
  } else if (price > 0) {
    offers = offer(price, variation?.inStock ?? product.inStock);
  }
  const rating =
    product.rating !== null && product.rating > 0 && product.reviewCount > 0
      ? {
          '@type': 'AggregateRating',
          ratingValue: Math.round(Math.min(5, product.rating) * 10) / 10,
          reviewCount: product.reviewCount,
          bestRating: 5,
          worstRating: 1,
        }
      : null;
  if (!offers && !rating) return null;
  const sku = variation?.sku ?? product.variations.find((v) => v.sku)?.sku;
  return {
    '@context': SCHEMA,
    '@type': 'Product',
    name: product.title,
    url,
    ...(product.description ? { description: plainText(product.description, 5000) } : {}),
    ...(images.length > 0 ? { image: [...new Set(images)] } : {}),
    ...(sku ? { sku } : {}),
    ...(brand ? { brand: { '@type': 'Brand', name: brand } } : {}),
    ...(product.catalogs[0] ? { category: product.catalogs[0].title } : {}),
    ...(rating ? { aggregateRating: rating } : {}),
    ...(offers ? { offers } : {}),
  };
}

// ---------------------------------------------------------------- robots.txt and sitemap

/**
 * robots.txt: the owner's text from settings.seo.robots, else allow everything; the sitemap line is
 * added unless the owner's text already names one.
 */
export function robotsTxt(ownText: string | null | undefined, siteUrl: string): string {
  const text = (ownText ?? '').replace(/\r\n?/g, '\n').trim() || 'User-agent: *\nAllow: /';
  const withSitemap = /^sitemap:/im.test(text) ? text : `${text}\n\nSitemap: ${absoluteUrl(siteUrl, '/sitemap.xml')}`;
  return `${withSitemap}\n`;
}

export type SitemapEntry = { path: string; lastModified?: string | null };

const xmlEscape = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

/**
 * A sitemap (sitemaps.org 0.9) of the given paths, each once, in the order given: one address per language
 * (`languageUrl`), each naming its alternates in every language and `x-default` as Google reads them.
 */
export function sitemapXml(siteUrl: string, entries: readonly SitemapEntry[], shopLanguage: Language = 'en'): string {
  const seen = new Set<string>();
  const urls: string[] = [];
  for (const entry of entries) {
    const canonical = canonicalUrl(siteUrl, entry.path);
    if (seen.has(canonical)) continue;
    seen.add(canonical);
    const date = entry.lastModified ? new Date(entry.lastModified) : null;
    const lastmod = date && !Number.isNaN(date.getTime()) ? `<lastmod>${date.toISOString().slice(0, 10)}</lastmod>` : '';
    const alternates = languageAlternates(siteUrl, entry.path, shopLanguage)
      .map(({ hreflang, href }) => `<xhtml:link rel="alternate" hreflang="${hreflang}" href="${xmlEscape(href)}"/>`)
      .join('');
    for (const lang of [shopLanguage, ...LANGUAGES.filter((other) => other !== shopLanguage)]) {
      urls.push(`<url><loc>${xmlEscape(languageUrl(siteUrl, entry.path, lang, shopLanguage))}</loc>${lastmod}${alternates}</url>`);
    }
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`;
}
