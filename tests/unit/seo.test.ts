import { describe, expect, it } from 'vitest';
import {
  absoluteUrl,
  breadcrumbListData,
  breadcrumbSteps,
  canonicalUrl,
  faviconHref,
  jsonLd,
  languageAlternates,
  languageUrl,
  metaTexts,
  organizationData,
  pageHead,
  plainText,
  productData,
  robotsDirective,
  robotsTxt,
  shareImageUrl,
  sitemapXml,
  socialMeta,
  twitterHandle,
  type MetaTag,
} from '../../src/lib/seo';
import { image, shopConfig, SITE_URL } from '../helpers/chrome-fixtures';
import { imageDto, productDto, variationDto } from './fixtures/products';

const metaOf = (tags: MetaTag[]) => Object.fromEntries(tags.map((tag) => [tag.key, tag.content]));

describe('addresses', () => {
  it('makes paths absolute on the public origin and keeps http(s) addresses', () => {
    expect(absoluteUrl(SITE_URL, '/about')).toBe('https://shop.test/about');
    expect(absoluteUrl(SITE_URL, 'about')).toBe('https://shop.test/about');
    expect(absoluteUrl(SITE_URL, 'https://cdn.test/a.png')).toBe('https://cdn.test/a.png');
  });

  it('builds the canonical address without query, fragment or trailing slash (spec 2.3)', () => {
    expect(canonicalUrl(SITE_URL, '/catalogs/shoes/?page=2&sort=title#top')).toBe('https://shop.test/catalogs/shoes');
    expect(canonicalUrl(SITE_URL, '/about///')).toBe('https://shop.test/about');
    expect(canonicalUrl(SITE_URL, '/')).toBe('https://shop.test/');
    expect(canonicalUrl(SITE_URL, '/?lang=ru')).toBe('https://shop.test/');
  });

  it("gives each language its own address: the shop's language plain, another one with ?lang=", () => {
    expect(languageUrl(SITE_URL, '/catalogs/shoes/?page=2&lang=ru', 'ru', 'en')).toBe('https://shop.test/catalogs/shoes?lang=ru');
    expect(languageUrl(SITE_URL, '/about?lang=en', 'en', 'en')).toBe('https://shop.test/about');
    expect(languageUrl(SITE_URL, '/', 'en', 'ru')).toBe('https://shop.test/?lang=en');
    expect(languageAlternates(SITE_URL, '/about/', 'en')).toEqual([
      { hreflang: 'en', href: 'https://shop.test/about' },
      { hreflang: 'ru', href: 'https://shop.test/about?lang=ru' },
      { hreflang: 'x-default', href: 'https://shop.test/about' },
    ]);
  });

  it('asks for stored share images in the 1200x630 card size and keeps plain uris', () => {
    const picture = image({ uri: '/media/demo/cover.jpg' });
    expect(shareImageUrl(SITE_URL, picture)).toBe('https://shop.test/media/demo/cover.jpg?w=1200&h=630&fit=inset&format=jpeg');
    expect(shareImageUrl(SITE_URL, '/static/share.png')).toBe('https://shop.test/static/share.png');
    expect(shareImageUrl(SITE_URL, '  ')).toBeNull();
    expect(shareImageUrl(SITE_URL, null)).toBeNull();
  });

  it('takes the favicon from the settings, default /favicon.ico', () => {
    expect(faviconHref(null)).toBe('/favicon.ico');
    expect(faviconHref(shopConfig())).toBe('/favicon.ico');
    expect(faviconHref(shopConfig({}, 'en', { favicon: image({ uri: '/media/icon.png' }) }))).toBe('/media/icon.png');
    expect(faviconHref(shopConfig({ common: { favicon: '/brand.ico' } }))).toBe('/brand.ico');
  });
});

describe('texts', () => {
  const templates = {
    seo: {
      metaTemplates: {
        product: { h1: 'Buy {name}', title: '{name}: buy online', description: '{name} with free delivery' },
        catalog: { h1: '{name}', title: '{name} | Shop', description: '' },
      },
    },
  };

  it("fills the kind's template with the name when the record has no text of its own (spec 2.3)", () => {
    expect(metaTexts(shopConfig(templates), 'product', 'Linen shirt')).toEqual({
      h1: 'Buy Linen shirt',
      title: 'Linen shirt: buy online',
      description: 'Linen shirt with free delivery',
    });
  });

  it("prefers the record's own texts", () => {
    const own = { h1: 'Our shirt', metaTitle: 'The best shirt', metaDescription: 'Soft linen.' };
    expect(metaTexts(shopConfig(templates), 'product', 'Linen shirt', own)).toEqual({
      h1: 'Our shirt',
      title: 'The best shirt',
      description: 'Soft linen.',
    });
  });

  it('falls back to the name, and to no description, without templates or settings', () => {
    expect(metaTexts(null, 'catalog', 'Shoes')).toEqual({ h1: 'Shoes', title: 'Shoes', description: '' });
    expect(metaTexts(shopConfig(templates), 'catalog', 'Shoes')).toEqual({ h1: 'Shoes', title: 'Shoes | Shop', description: '' });
  });

  it('uses the template of the request language', () => {
    const bilingual = { seo: { metaTemplates: { page: { title: { en: '{name} | Shop', ru: '{name} | Магазин' } } } } };
    expect(metaTexts(shopConfig(bilingual, 'ru'), 'page', 'О нас').title).toBe('О нас | Магазин');
  });

  it('turns rich text into a short plain description', () => {
    expect(plainText('<p>Soft&nbsp;linen &amp; <b>cotton</b></p><script>alert(1)</script>')).toBe('Soft linen & cotton');
    expect(plainText(`<p>${'word '.repeat(100)}</p>`, 20)).toBe('word word word word…');
    expect(plainText('<p>Use &amp;lt;b&amp;gt; for bold</p><p>Next</p>')).toBe('Use &lt;b&gt; for bold Next');
  });

  it('says noindex and nofollow only when flagged', () => {
    expect(robotsDirective({})).toBeNull();
    expect(robotsDirective({ noindex: true })).toBe('noindex');
    expect(robotsDirective({ nofollow: true })).toBe('nofollow');
    expect(robotsDirective({ noindex: true, nofollow: true })).toBe('noindex, nofollow');
  });

  it('finds the Twitter handle in the SEO settings or the social link', () => {
    expect(twitterHandle(shopConfig({ seo: { twitterHandle: 'shop' } }))).toBe('@shop');
    expect(twitterHandle(shopConfig({ socials: { twitter: 'https://x.com/northfold' } }))).toBe('@northfold');
    expect(twitterHandle(shopConfig({ socials: { twitter: 'https://example.com/northfold' } }))).toBeNull();
    expect(twitterHandle(null)).toBeNull();
  });
});

describe('page head (spec 2.3)', () => {
  const settings = shopConfig(
    {
      common: { sitename: 'Northfold' },
      seo: { googleVerification: 'g-code', yandexVerification: 'y-code' },
      socials: { twitter: 'https://x.com/northfold' },
    },
    'en',
    { sharedImage: image({ uri: '/media/shared.jpg', alt: 'Shared' }) },
  );

  it('falls back to "Page not found" and the shared image', () => {
    const head = pageHead({ settings, siteUrl: SITE_URL, path: '/x/', lang: 'en' });
    expect(head.title).toBe('Page not found');
    expect(head.description).toBe('');
    expect(head.canonical).toBe('https://shop.test/x');
    expect(head.robots).toBeNull();
    const meta = metaOf(head.meta);
    expect(meta['og:image']).toBe('https://shop.test/media/shared.jpg?w=1200&h=630&fit=inset&format=jpeg');
    expect(meta['og:image:alt']).toBe('Shared');
    expect(meta['og:type']).toBe('website');
    expect(meta['og:site_name']).toBe('Northfold');
    expect(meta['og:description']).toBeUndefined();
  });

  it('carries title, description, url, locale, Twitter data and the verification codes', () => {
    const head = pageHead({
      settings,
      siteUrl: SITE_URL,
      path: '/about?utm=1',
      lang: 'ru',
      title: 'About',
      description: 'Who we are',
      noindex: true,
    });
    const meta = metaOf(head.meta);
    expect(head.robots).toBe('noindex');
    expect(meta).toMatchObject({
      'og:title': 'About',
      'og:description': 'Who we are',
      'og:url': 'https://shop.test/about?lang=ru',
      'og:locale': 'ru_RU',
      'twitter:card': 'summary_large_image',
      'twitter:site': '@northfold',
      'twitter:title': 'About',
      'google-site-verification': 'g-code',
      'yandex-verification': 'y-code',
    });
    expect(head.meta.find((tag) => tag.key === 'og:title')?.attribute).toBe('property');
    expect(head.meta.find((tag) => tag.key === 'twitter:card')?.attribute).toBe('name');
  });

  it('leaves the verification tags out when the codes are blank', () => {
    const head = pageHead({ settings: shopConfig(), siteUrl: SITE_URL, path: '/', lang: 'en' });
    expect(head.meta.some((tag) => tag.key.includes('verification'))).toBe(false);
    expect(metaOf(head.meta)['twitter:card']).toBe('summary');
  });

  it('describes articles and products', () => {
    const article = socialMeta({
      sitename: 'S',
      lang: 'en',
      title: 'T',
      description: 'D',
      url: 'u',
      imageUrl: null,
      twitter: null,
      article: { author: 'Anna', section: 'Journal', publishedAt: '2025-02-01T00:00:00.000Z', modifiedAt: '2025-03-01T00:00:00.000Z' },
    });
    expect(metaOf(article)).toMatchObject({
      'og:type': 'article',
      'article:author': 'Anna',
      'article:section': 'Journal',
      'article:published_time': '2025-02-01T00:00:00.000Z',
      'article:modified_time': '2025-03-01T00:00:00.000Z',
    });
    const product = metaOf(
      socialMeta({
        sitename: 'S',
        lang: 'en',
        title: 'T',
        description: '',
        url: 'u',
        imageUrl: null,
        twitter: null,
        product: { price: 69, currency: 'USD' },
      }),
    );
    expect(product).toMatchObject({ 'og:type': 'product', 'product:price:amount': '69.00', 'product:price:currency': 'USD' });
    const onRequest = metaOf(
      socialMeta({
        sitename: 'S',
        lang: 'en',
        title: 'T',
        description: '',
        url: 'u',
        imageUrl: null,
        twitter: null,
        product: { price: 0, currency: 'USD' },
      }),
    );
    expect(onRequest['product:price:amount']).toBeUndefined();
  });
});

describe('structured data', () => {
  it('describes the shop as an Organization with logo, contacts, address and profiles', () => {
    const settings = shopConfig(
      {
        common: {
          sitename: 'Northfold',
          description: 'Clothing',
          phones: ['+1 212 555 0147'],
          emails: ['hello@shop.test'],
          address: '214 Mercer St',
        },
        socials: { instagram: 'https://instagram.com/northfold', facebook: 'not a link' },
      },
      'en',
      { logo: image({ uri: '/media/logo.webp' }) },
    );
    expect(organizationData(settings, SITE_URL)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: 'Northfold',
      url: 'https://shop.test/',
      description: 'Clothing',
      logo: 'https://shop.test/media/logo.webp',
      telephone: '+1 212 555 0147',
      email: 'hello@shop.test',
      address: { '@type': 'PostalAddress', streetAddress: '214 Mercer St' },
      sameAs: ['https://instagram.com/northfold'],
    });
    expect(organizationData(null, SITE_URL)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: 'Sitename',
      url: 'https://shop.test/',
    });
  });

  it('lists the breadcrumb trail from Home (spec 2.5)', () => {
    const steps = breadcrumbSteps('Home', [
      { title: 'Journal', uri: 'blog' },
      { title: 'Linen', uri: '/blog/linen' },
    ]);
    expect(steps).toEqual([
      { title: 'Home', href: '/' },
      { title: 'Journal', href: '/blog' },
      { title: 'Linen', href: '/blog/linen' },
    ]);
    expect(breadcrumbListData(steps, SITE_URL)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Home', item: 'https://shop.test/' },
        { '@type': 'ListItem', position: 2, name: 'Journal', item: 'https://shop.test/blog' },
        { '@type': 'ListItem', position: 3, name: 'Linen', item: 'https://shop.test/blog/linen' },
      ],
    });
  });

  it('gives a product one offer with price, currency and availability', () => {
    const variation = variationDto('v1', { fullPrice: 69, stock: 3, sku: 'LS-1', image: imageDto('img-v') });
    const product = productDto('linen-shirt', {
      title: 'Linen shirt',
      description: '<p>Soft <b>linen</b>.</p>',
      images: [imageDto('img-1')],
      variations: [variation],
      catalogs: [{ id: 'c', slug: 'clothing', title: 'Clothing' }],
    });
    expect(productData({ product, variation, currency: 'USD', siteUrl: SITE_URL, brand: 'Northfold' })).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Linen shirt',
      url: 'https://shop.test/products/linen-shirt',
      description: 'Soft linen.',
      image: ['https://shop.test/uploads/img-v.jpg', 'https://shop.test/uploads/img-1.jpg'],
      sku: 'LS-1',
      brand: { '@type': 'Brand', name: 'Northfold' },
      category: 'Clothing',
      offers: {
        '@type': 'Offer',
        url: 'https://shop.test/products/linen-shirt',
        price: '69.00',
        priceCurrency: 'USD',
        availability: 'https://schema.org/InStock',
        itemCondition: 'https://schema.org/NewCondition',
      },
    });
  });

  it('marks a sold-out variation out of stock and prices a discount', () => {
    const variation = variationDto('v1', { fullPrice: 49, discountPrice: 39, stock: 0 });
    const data = productData({ product: productDto('p', { variations: [variation] }), variation, currency: 'EUR', siteUrl: SITE_URL });
    expect(data?.['offers']).toMatchObject({ price: '39.00', priceCurrency: 'EUR', availability: 'https://schema.org/OutOfStock' });
  });

  it('sums up variations of different prices in an AggregateOffer', () => {
    const variations = [
      variationDto('s', { fullPrice: 10, stock: 0, sku: 'S' }),
      variationDto('l', { fullPrice: 30 }),
      variationDto('free', { fullPrice: 0 }),
    ];
    const data = productData({ product: productDto('p', { variations }), variation: variations[0]!, currency: 'USD', siteUrl: SITE_URL });
    expect(data?.['offers']).toMatchObject({
      '@type': 'AggregateOffer',
      lowPrice: '10.00',
      highPrice: '30.00',
      offerCount: 2,
      availability: 'https://schema.org/InStock',
    });
    expect((data?.['offers'] as { offers: unknown[] } | undefined)?.offers).toEqual([
      expect.objectContaining({ price: '10.00', availability: 'https://schema.org/OutOfStock', sku: 'S' }),
      expect.objectContaining({ price: '30.00', availability: 'https://schema.org/InStock' }),
    ]);
  });

  it('gives a product priced on request no offer, and no Product block unless it has a rating', () => {
    const variation = variationDto('v', { fullPrice: 0 });
    const input = { variation, currency: 'USD', siteUrl: SITE_URL };
    expect(productData({ ...input, product: productDto('p', { variations: [variation], price: 0 }) })).toBeNull();
    const rated = productData({ ...input, product: productDto('p', { variations: [variation], price: 0, rating: 4.5, reviewCount: 2 }) });
    expect(rated?.['offers']).toBeUndefined();
    expect(rated?.['aggregateRating']).toEqual({
      '@type': 'AggregateRating',
      ratingValue: 4.5,
      reviewCount: 2,
      bestRating: 5,
      worstRating: 1,
    });
  });

  it('carries the rating the page shows', () => {
    const variation = variationDto('v', { fullPrice: 20 });
    const product = productDto('p', { variations: [variation], rating: 4.26, reviewCount: 7 });
    expect(productData({ product, variation, currency: 'USD', siteUrl: SITE_URL })?.['aggregateRating']).toMatchObject({
      ratingValue: 4.3,
      reviewCount: 7,
    });
    const unrated = productData({ product: productDto('p', { variations: [variation] }), variation, currency: 'USD', siteUrl: SITE_URL });
    expect(unrated?.['aggregateRating']).toBeUndefined();
  });

  it('writes JSON-LD that cannot close its script element', () => {
    expect(jsonLd({ name: '</script><script>alert(1)</script>' })).toBe('{"name":"\\u003c/script>\\u003cscript>alert(1)\\u003c/script>"}');
  });
});

describe('robots.txt and sitemap', () => {
  it('allows everything by default and names the sitemap', () => {
    expect(robotsTxt('', SITE_URL)).toBe('User-agent: *\nAllow: /\n\nSitemap: https://shop.test/sitemap.xml\n');
    expect(robotsTxt(null, SITE_URL)).toContain('Allow: /');
  });

  it("serves the owner's rules, adding the sitemap unless they name one", () => {
    expect(robotsTxt('User-agent: *\r\nDisallow: /cart\r\n', SITE_URL)).toBe(
      'User-agent: *\nDisallow: /cart\n\nSitemap: https://shop.test/sitemap.xml\n',
    );
    expect(robotsTxt('User-agent: *\nSitemap: https://cdn.test/map.xml', SITE_URL)).toBe(
      'User-agent: *\nSitemap: https://cdn.test/map.xml\n',
    );
  });

  it('lists each canonical address once with its day of change, in each language with its alternates', () => {
    const xml = sitemapXml(SITE_URL, [
      { path: '/', lastModified: '2025-03-04T10:00:00.000Z' },
      { path: '/about/' },
      { path: '/about' },
      { path: '/search?q=a&b=c' },
      { path: '/bad-date', lastModified: 'yesterday' },
    ]);
    const links = (path: string) =>
      `<xhtml:link rel="alternate" hreflang="en" href="https://shop.test${path}"/>` +
      `<xhtml:link rel="alternate" hreflang="ru" href="https://shop.test${path}?lang=ru"/>` +
      `<xhtml:link rel="alternate" hreflang="x-default" href="https://shop.test${path}"/>`;
    const both = (path: string, lastmod = '') =>
      `<url><loc>https://shop.test${path}</loc>${lastmod}${links(path)}</url>\n` +
      `<url><loc>https://shop.test${path}?lang=ru</loc>${lastmod}${links(path)}</url>\n`;
    expect(xml).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n' +
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n' +
        both('/', '<lastmod>2025-03-04</lastmod>') +
        both('/about') +
        both('/search') +
        both('/bad-date') +
        '</urlset>\n',
    );
  });

  it('lists a Russian shop by its plain addresses first and the English ones with ?lang=en', () => {
    const xml = sitemapXml(SITE_URL, [{ path: '/about' }], 'ru');
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locs).toEqual(['https://shop.test/about', 'https://shop.test/about?lang=en']);
    expect(xml).toContain('<xhtml:link rel="alternate" hreflang="x-default" href="https://shop.test/about"/>');
  });

  it('escapes addresses for XML', () => {
    expect(sitemapXml('https://shop.test', [{ path: "/a&b'c" }])).toContain('<loc>https://shop.test/a&amp;b&apos;c</loc>');
  });
});
