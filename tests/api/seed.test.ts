import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECTION_TYPES } from '../../src/lib/section-types';
import { parseSettings } from '../../src/lib/settings';
import type { Database } from '../../src/server/db/client';
import * as schema from '../../src/server/db/schema';
import { seedDemoShop } from '../../src/server/seed';
import { SHOP_TABLES } from '../../src/server/seed/reset';
import { createTestApp, databaseKinds, type TestApp } from '../helpers/test-app';

type Row = Record<string, unknown>;

const ALL_TABLES = (Object.values(schema) as unknown[]).filter((value): value is PgTable => is(value, PgTable));

async function tableCounts(db: Database): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const name of SHOP_TABLES) {
    const result = await db.execute(sql`select count(*)::int as n from ${sql.identifier(name)}`);
    counts[name] = Number((result as unknown as { rows: { n: number }[] }).rows[0]!.n);
  }
  return counts;
}

/** Every value inside `value` with its path, depth first. */
function* walk(value: unknown, at: string): Generator<[string, unknown]> {
  yield [at, value];
  if (value === null || typeof value !== 'object' || value instanceof Date) return;
  for (const [key, entry] of Object.entries(value)) yield* walk(entry, `${at}.${key}`);
}

const isLocalizedShape = (value: unknown): value is Row =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  !(value instanceof Date) &&
  Object.keys(value).length > 0 &&
  Object.keys(value).every((k) => k === 'en' || k === 'ru');

const isUuid = (value: unknown): value is string =>
  typeof value === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(value);

describe.each(databaseKinds)('demo shop seed on %s', (kind) => {
  let app: TestApp;
  let db: Database;
  let counts: Record<string, number>;
  const select = <T extends PgTable>(table: T) => db.select().from(table as PgTable) as unknown as Promise<T['$inferSelect'][]>;

  beforeAll(async () => {
    // the server seeds an empty shop on its first start
    app = await createTestApp(kind, { seed: true });
    db = app.deps.db;
    counts = await tableCounts(db);
  });
  afterAll(async () => {
    await app.close();
  });

  it('seeds on first start, and only an empty shop: a second run writes nothing', async () => {
    expect(counts.products).toBeGreaterThan(0);
    expect(await seedDemoShop(db, { media: app.deps.media })).toEqual({ seeded: false });
    expect(await tableCounts(db)).toEqual(counts);
  });

  it('does not seed a shop that already has settings, even with no other data', async () => {
    const other = await createTestApp(kind);
    try {
      await other.deps.db.insert(schema.settings).values({ group: 'common', value: { sitename: 'Mine' } });
      expect(await seedDemoShop(other.deps.db, { media: other.deps.media })).toEqual({ seeded: false });
      expect(await other.deps.db.select().from(schema.products)).toEqual([]);
      expect(fs.existsSync(path.join(other.dataDir, 'media'))).toBe(false);
    } finally {
      await other.close();
    }
  });

  it('meets the promised amounts of every kind of data', async () => {
    const [pages, articles, tags, catalogs, products, reviews, comments, zones, locations] = await Promise.all([
      select(schema.pages),
      select(schema.articles),
      select(schema.tags),
      select(schema.catalogs),
      select(schema.products),
      select(schema.reviews),
      select(schema.comments),
      select(schema.shippingZones),
      select(schema.pickupLocations),
    ]);
    expect(catalogs.filter((c) => c.enabled).length).toBeGreaterThanOrEqual(4);
    expect(products.filter((p) => p.enabled).length).toBeGreaterThanOrEqual(48);
    expect(pages.filter((p) => p.type === 'homepage').map((p) => p.slug)).toEqual(['home']);
    expect(pages.filter((p) => p.type === 'page').map((p) => p.slug)).toEqual(
      expect.arrayContaining(['about', 'delivery-and-payment', 'contacts', 'privacy-policy', 'faq']),
    );
    expect(pages.filter((p) => p.type === 'category').map((p) => p.slug)).toEqual(['blog']);
    const published = articles.filter((a) => a.enabled);
    expect(published.length).toBeGreaterThanOrEqual(8);
    expect(new Set(published.map((a) => a.publishedAt.toISOString().slice(0, 7))).size).toBeGreaterThanOrEqual(6);
    expect(published.every((a) => a.authorName && a.previewImageId && a.excerpt)).toBe(true);
    expect(tags.filter((t) => t.type === 'blog').length).toBeGreaterThanOrEqual(4);
    expect(counts.article_tags).toBeGreaterThanOrEqual(published.length);
    for (const status of ['approved', 'pending']) {
      expect(new Set(reviews.filter((r) => r.status === status).map((r) => r.productId)).size).toBeGreaterThanOrEqual(2);
      expect(comments.some((c) => c.status === status)).toBe(true);
    }
    expect(comments.some((c) => c.parentId && comments.some((p) => p.id === c.parentId))).toBe(true);
    expect(zones.filter((z) => z.enabled).length).toBeGreaterThanOrEqual(2);
    expect(locations.length).toBeGreaterThanOrEqual(2);
    expect(locations.every((l) => l.address?.en && l.workTime?.en && l.paymentMethodCodes.length > 0)).toBe(true);
    expect(counts.images).toBeGreaterThanOrEqual(60);
    expect(counts.images).toBeLessThanOrEqual(90);
  });

  it('covers every variation case of the catalog', async () => {
    const [products, variations, options, links, catalogLinks] = await Promise.all([
      select(schema.products),
      select(schema.variations),
      select(schema.productOptions),
      select(schema.variationOptionValues),
      select(schema.catalogProducts),
    ]);
    const stocks = variations.map((v) => v.stock);
    expect(stocks).toContain(0);
    expect(stocks).toContain(null);
    expect(stocks.some((s) => s !== null && s >= 1 && s <= 3)).toBe(true);
    const discounted = variations.filter((v) => v.discountPriceCents !== null);
    expect(discounted.length).toBeGreaterThan(0);
    expect(discounted.every((v) => v.discountPriceCents! < v.fullPriceCents)).toBe(true);
    expect(variations.every((v) => v.sku)).toBe(true);
    expect(new Set(variations.map((v) => v.sku)).size).toBe(variations.length);

    const byProduct = Map.groupBy(variations, (v) => v.productId);
    const optionsByProduct = Map.groupBy(options, (o) => o.productId);
    for (const product of products) {
      const own = byProduct.get(product.id) ?? [];
      expect(own.length, product.slug).toBeGreaterThan(0);
      expect(own.filter((v) => v.isDefault).length, product.slug).toBe(1);
      expect(product.imageIds.length, product.slug).toBeGreaterThanOrEqual(1);
      expect(product.imageIds.length, product.slug).toBeLessThanOrEqual(3);
      expect(product.properties.length, product.slug).toBeGreaterThanOrEqual(2);
      expect(product.weight > 0 && product.length > 0 && product.width > 0 && product.height > 0, product.slug).toBe(true);
      const display = own.find((v) => v.isDefault)!;
      expect(product.priceCents, product.slug).toBe(display.discountPriceCents ?? display.fullPriceCents);
      expect(product.priceFullCents, product.slug).toBe(display.fullPriceCents);
      const optionCount = optionsByProduct.get(product.id)?.length ?? 0;
      for (const v of own) expect(links.filter((l) => l.variationId === v.id).length, product.slug).toBe(optionCount);
      const catalogCount = catalogLinks.filter((l) => l.productId === product.id).length;
      expect(catalogCount === 1 || catalogCount === 2, product.slug).toBe(true);
    }
    const priceOnRequest = products.filter((p) => (byProduct.get(p.id) ?? []).every((v) => v.fullPriceCents === 0));
    expect(priceOnRequest.length).toBeGreaterThan(0);
    expect(products.some((p) => byProduct.get(p.id)!.length === 1 && !optionsByProduct.has(p.id))).toBe(true);
    expect(products.some((p) => byProduct.get(p.id)!.every((v) => v.stock === 0))).toBe(true);
    expect(products.filter((p) => p.relatedProductIds.length > 0).length).toBeGreaterThanOrEqual(5);

    const colourOptions = options.filter((o) => o.view === 'color');
    expect(colourOptions.length).toBeGreaterThan(0);
    const values = await select(schema.productOptionValues);
    expect(values.filter((v) => colourOptions.some((o) => o.id === v.optionId)).every((v) => /^#[0-9a-f]{6}$/.test(v.value ?? ''))).toBe(
      true,
    );
    const withColour = variations.filter((v) => v.imageId);
    expect(withColour.length).toBeGreaterThan(0);
    for (const v of withColour) {
      expect(products.find((p) => p.id === v.productId)!.imageIds).toContain(v.imageId);
    }
  });

  it('stores every customer-facing text in both languages', async () => {
    const missing: string[] = [];
    for (const table of ALL_TABLES) {
      for (const [index, row] of (await db.select().from(table)).entries()) {
        for (const [at, value] of walk(row, `${getTableName(table)}[${index}]`)) {
          if (!isLocalizedShape(value)) continue;
          for (const lang of ['en', 'ru']) {
            if (typeof value[lang] !== 'string' || !(value[lang] as string).trim()) missing.push(`${at}.${lang}`);
          }
        }
      }
    }
    expect(missing).toEqual([]);
    const [products] = await Promise.all([select(schema.products)]);
    // Russian texts are real translations, not copies of the English ones
    expect(products.filter((p) => p.title.ru === p.title.en)).toEqual([]);
  });

  it('builds pages from known section types, with a rich homepage', async () => {
    const sections = await select(schema.sections);
    expect(sections.filter((s) => !(SECTION_TYPES as readonly string[]).includes(s.type)).map((s) => s.type)).toEqual([]);
    const [home] = await db.select().from(schema.pages).where(sql`${schema.pages.slug} = 'home'`);
    const homeTypes = new Set(sections.filter((s) => s.ownerType === 'page' && s.ownerId === home!.id).map((s) => s.type));
    expect(homeTypes.size).toBeGreaterThanOrEqual(10);
    for (const type of [
      'SectionSlider',
      'SectionProductWidget',
      'SectionTextBlockPictureRight',
      'SectionBenefit',
      'SectionProductWidgetByItems',
      'SectionFaq',
      'SectionTestimonial',
      'SectionLogoGallery',
      'SectionMediaWidget',
      'SectionBanner1',
      'SectionContacts1',
      'SectionForm1',
    ]) {
      expect(homeTypes, type).toContain(type);
    }
    const slider = sections.find((s) => s.ownerId === home!.id && s.type === 'SectionSlider')!;
    expect(slider.items).toHaveLength(3);
    const pages = await select(schema.pages);
    for (const page of pages.filter((p) => p.type === 'page')) {
      const own = sections.filter((s) => s.ownerType === 'page' && s.ownerId === page.id).map((s) => s.type);
      expect(own.slice(0, 2), page.slug).toEqual(['SectionBreadcrumbs', 'SectionHeadingH1']);
      expect(own.length, page.slug).toBeGreaterThanOrEqual(3);
    }
    expect(sections.some((s) => s.type === 'SectionPricingPlans')).toBe(true);
    for (const catalog of await select(schema.catalogs)) {
      const list = sections.find((s) => s.ownerType === 'catalog' && s.ownerId === catalog.id && s.type === 'SectionProductList');
      expect(list?.options.limit, catalog.slug).toEqual({ isCustom: false, count: 12 });
      expect(
        sections.some((s) => s.ownerId === catalog.id && s.type === 'SectionHeadingH1'),
        catalog.slug,
      ).toBe(true);
    }
    const articleTypes = new Set(sections.filter((s) => s.ownerType === 'article').map((s) => s.type));
    for (const type of ['SectionMediaTableOfContents', 'SectionMediaAuthors', 'SectionMediaComments']) expect(articleTypes).toContain(type);
    expect(
      sections.some(
        (s) => s.ownerType === 'article' && /<h2[^>]*>/.test(JSON.stringify(s.options)) && /<h3>/.test(JSON.stringify(s.options)),
      ),
    ).toBe(true);
    expect(sections.some((s) => s.ownerId === pages.find((p) => p.slug === 'blog')!.id && s.type === 'SectionMediaList')).toBe(true);
    // rich text went through the sanitizer, which drops nothing from the demo html
    expect(JSON.stringify(sections)).not.toMatch(/<script/i);
  });

  it('writes every picture to the media store with the recorded hash, size, dimensions and type', async () => {
    const images = await select(schema.images);
    const { store } = await app.deps.media.stores.active();
    for (const image of images) {
      expect(image.id).toHaveLength(36);
      expect(image.uri).toBe(`/media/${image.hash}/${image.name.replace(/\.[a-z]+$/, '')}.${image.extension}`);
      expect(image.dir).toBe('demo');
      const data = (await store.get(image.hash!))!;
      expect(createHash('sha256').update(data).digest('hex')).toBe(image.hash);
      expect(data.length, image.name).toBe(image.size);
      const meta = await sharp(data).metadata();
      expect([meta.width, meta.height, meta.format === 'jpeg' ? 'jpg' : meta.format], image.name).toEqual([
        image.width,
        image.height,
        image.extension,
      ]);
      expect(image.mime).toBe(`image/${meta.format}`);
    }
    const products = images.filter((i) => i.name.startsWith('product-'));
    expect(products.every((i) => i.width === 800 && i.height === 800)).toBe(true);
    expect(images.filter((i) => i.width === 1920 && i.height === 700).length).toBeGreaterThanOrEqual(3);
  });

  it('keeps every reference pointing at a seeded row', async () => {
    const [images, products, catalogs, pages, articles, sections, menuItems, redirects, settings, codes, locations, methods, zones, rates] =
      await Promise.all([
        select(schema.images),
        select(schema.products),
        select(schema.catalogs),
        select(schema.pages),
        select(schema.articles),
        select(schema.sections),
        select(schema.menuItems),
        select(schema.redirects),
        select(schema.settings),
        select(schema.discountCodes),
        select(schema.pickupLocations),
        select(schema.paymentMethods),
        select(schema.shippingZones),
        select(schema.shippingRates),
      ]);
    const imageIds = new Set(images.map((i) => i.id));
    const productIds = new Set(products.map((p) => p.id));
    const categories = pages.filter((p) => p.type === 'category');
    const resolves = (link: { type: string; url: string }): boolean => {
      switch (link.type) {
        case 'page':
          return pages.some((p) => p.type === 'page' && p.slug === link.url);
        case 'catalog':
          return catalogs.some((c) => c.slug === link.url);
        case 'product':
          return products.some((p) => p.slug === link.url);
        case 'category':
          return categories.some((c) => c.slug === link.url);
        case 'article': {
          const [category, slug] = link.url.split('/');
          return articles.some((a) => a.slug === slug && a.enabled && categories.some((c) => c.id === a.categoryId && c.slug === category));
        }
        case 'external':
        case 'link':
          return link.url.startsWith('https://');
        default:
          return false;
      }
    };
    const broken: string[] = [];
    const check = (ok: boolean, what: string) => ok || broken.push(what);

    for (const p of products) {
      p.imageIds.forEach((id) => check(imageIds.has(id), `product ${p.slug} image`));
      p.relatedProductIds.forEach((id) => check(productIds.has(id), `product ${p.slug} related`));
    }
    for (const c of catalogs) check(c.imageId !== null && imageIds.has(c.imageId), `catalog ${c.slug} image`);
    for (const a of articles) check(imageIds.has(a.previewImageId!), `article ${a.slug} preview`);
    for (const s of sections) {
      for (const [at, value] of walk({ options: s.options, items: s.items }, `${s.type}`)) {
        const key = at.split('.').at(-1)!;
        if (/image/i.test(key) && typeof value === 'string') check(imageIds.has(value), `${at} image`);
        if (key === 'link' && value && typeof value === 'object')
          check(resolves(value as { type: string; url: string }), `${at} ${JSON.stringify(value)}`);
        if (key === 'catalogSlug')
          check(
            catalogs.some((c) => c.slug === value),
            `${at} catalog`,
          );
        if (key === 'categorySlug')
          check(
            categories.some((c) => c.slug === value),
            `${at} category`,
          );
        if (at.endsWith('.product.id')) check(productIds.has(value as string), `${at} product`);
        if (key === 'variation') check(isUuid(value), `${at} variation`);
      }
    }
    for (const item of menuItems) {
      check(resolves(item.link), `menu item ${item.title.en} ${JSON.stringify(item.link)}`);
      if (item.parentId)
        check(
          menuItems.some((p) => p.id === item.parentId && p.menuId === item.menuId),
          `menu item ${item.title.en} parent`,
        );
    }
    for (const r of redirects) {
      const target = r.toPath.replace(/^\//, '');
      const [first, second] = target.split('/');
      check(
        first === 'catalogs'
          ? resolves({ type: 'catalog', url: second! })
          : second
            ? resolves({ type: 'article', url: target })
            : resolves({ type: 'page', url: target }) || resolves({ type: 'category', url: target }),
        `redirect ${r.fromPath}`,
      );
    }
    const parsed = parseSettings(Object.fromEntries(settings.map((s) => [s.group, s.value])));
    for (const id of [parsed.header.logo, parsed.header.logoMobile, parsed.footer.logo, parsed.common.sharedImage])
      check(imageIds.has(id!), `settings image ${id}`);
    for (const code of codes)
      code.catalogIds.forEach((id) =>
        check(
          catalogs.some((c) => c.id === id),
          `code ${code.code} catalog`,
        ),
      );
    for (const l of locations)
      l.paymentMethodCodes.forEach((code) =>
        check(
          methods.some((m) => m.code === code),
          `location ${l.code} method`,
        ),
      );
    for (const rate of rates)
      check(
        zones.some((z) => z.id === rate.zoneId),
        `rate ${rate.title.en} zone`,
      );
    expect(broken).toEqual([]);
  });

  it('has menus, redirects, delivery, payment and order states as promised', async () => {
    const [menus, menuItems, redirects, rates, methods, states] = await Promise.all([
      select(schema.menus),
      select(schema.menuItems),
      select(schema.redirects),
      select(schema.shippingRates),
      select(schema.paymentMethods),
      select(schema.orderStates),
    ]);
    const itemsOf = (name: string) => menuItems.filter((i) => i.menuId === menus.find((m) => m.name === name)?.id);
    expect(itemsOf('info').length).toBeGreaterThan(0);
    expect(itemsOf('main').some((i) => i.parentId)).toBe(true);
    expect(
      itemsOf('footer').filter((i) => !i.parentId && itemsOf('footer').some((c) => c.parentId === i.id)).length,
    ).toBeGreaterThanOrEqual(3);
    expect(new Set(menuItems.map((i) => i.link.type))).toEqual(new Set(['page', 'catalog', 'product', 'category', 'article', 'external']));
    expect(redirects.map((r) => [r.fromPath, r.toPath])).toEqual(
      expect.arrayContaining([
        ['/old-shop', '/catalogs/clothing'],
        ['/about-us', 'about'],
        ['/sale', '/catalogs/shoes'],
      ]),
    );
    expect(new Set(rates.map((r) => r.kind))).toEqual(new Set(['free', 'flat', 'by_manager']));
    expect(rates.some((r) => r.kind === 'free' && r.minOrderCents! > 0)).toBe(true);
    expect(rates.some((r) => r.minWeight !== null) && rates.some((r) => r.maxWeight !== null)).toBe(true);
    expect(rates.every((r) => /^(\d+_days?|\d+_weeks?|1_month)$/.test(r.speed ?? ''))).toBe(true);
    expect(rates.map((r) => r.speed)).toEqual(expect.arrayContaining(['1_day', '1_month']));
    expect(methods.map((m) => [m.code, m.kind, m.provider])).toEqual(
      expect.arrayContaining([
        ['cash', 'cash', null],
        ['card', 'online', 'sandbox'],
      ]),
    );
    expect(states.map((s) => s.code)).toEqual(['new', 'processing', 'shipped', 'delivered', 'canceled']);
    expect(states.every((s) => /^#[0-9a-f]{6}$/.test(s.color ?? ''))).toBe(true);
  });

  it('configures every settings group with the promised defaults', async () => {
    const rows = await select(schema.settings);
    expect(rows.map((r) => r.group).sort()).toEqual([
      'common',
      'ecommerce',
      'footer',
      'header',
      'language',
      'media',
      'paymentCashOnDelivery',
      'seo',
      'socials',
      'styles',
      'taxes',
      'themes',
    ]);
    const raw = Object.fromEntries(rows.map((r) => [r.group, r.value]));
    const settings = parseSettings(raw);
    expect(settings.taxes.enabled).toBe(false);
    expect(settings.common).toMatchObject({
      type: 'ecommerce',
      showAccount: true,
      modalCookieAccept: { enabled: true },
      modalAgeVerification: { enabled: false },
    });
    expect(settings.common.phones.length && settings.common.whatsapps.length && settings.common.emails.length).toBeGreaterThan(0);
    expect(settings.common.telegram && settings.common.mapUrl).toBeTruthy();
    expect(settings.ecommerce).toMatchObject({
      currency: 'USD',
      itemPerPage: 12,
      skuIsShow: true,
      showPriceFrom: false,
      productReviewsEnabled: true,
    });
    expect(settings.ecommerce.fastOrder.type).toBe('enquiry');
    for (const policy of [settings.ecommerce.leadsPopupPolicy, settings.ecommerce.checkoutPolicy]) expect(policy.show).toBe(true);
    expect(settings.ecommerce.checkoutPolicy.additionalCheckboxes.some((c) => c.isRequired)).toBe(true);
    expect(settings.language.current).toBe('en');
    for (const kind of ['product', 'catalog', 'page', 'category', 'article'] as const) {
      expect(JSON.stringify(settings.seo.metaTemplates[kind].title)).toContain('{name}');
    }
    expect(settings.seo.robots).toContain('User-agent');
    expect(settings.styles).toMatchObject({
      content_width: 1170,
      fontFamilyBody: 'Montserrat',
      borderRadius: { block: 16, button: 8, input: 8 },
    });
    expect(settings.styles.fontSize.h1).toEqual({ desktop: 39, tablet: 39, mobile: 26 });
    // stored values are read as stored, not replaced by defaults because of a wrong shape
    expect(settings.ecommerce.btnLoadMore.text).toEqual({ en: 'Show more', ru: 'Показать ещё' });
    expect(settings.ecommerce.previewCustomSizeInListing).toEqual({ width: 600, height: 600 });
  });

  it('has discount codes answering every case of the discount check', async () => {
    const variations = await select(schema.variations);
    const products = await select(schema.products);
    const variationOf = (slug: string) =>
      variations.find((v) => v.productId === products.find((p) => p.slug === slug)!.id && v.stock !== 0)!;
    const tee = { variationId: variationOf('organic-cotton-tee').id, quantity: 1 };
    const sneakers = { variationId: variationOf('canvas-sneakers').id, quantity: 1 };
    const check = async (code: string, items: { variationId: string; quantity: number }[]) => {
      const res = await app.request('/discount-code', { method: 'POST', json: { code, items } });
      return res.status === 200 ? 0 : ((await res.json()) as { errorCode: number }).errorCode;
    };
    expect(await check('WELCOME10', [tee])).toBe(0);
    expect(await check('minus5', [tee])).toBe(0);
    expect(await check('SHOES20', [sneakers])).toBe(0);
    expect(await check('NO-SUCH-CODE', [tee])).toBe(1);
    expect(await check('SHOES20', [tee])).toBe(2);
    expect(await check('SUMMER2024', [tee])).toBe(3);
    expect(await check('BLACKFRIDAY', [tee])).toBe(4);
    expect(await check('BIG500', [tee])).toBe(5);
    expect(await check('SPEND150', [tee])).toBe(6);
  });

  it('serves the seeded shop through the API', async () => {
    const home = await app.request('/homepage/v2');
    expect(home.status).toBe(200);
    const catalog = await app.request('/catalogs/v3/clothing?lang=ru');
    expect(catalog.status).toBe(200);
    expect(JSON.stringify(await catalog.json())).toContain('Льняная рубашка');
    const product = await app.request('/products/linen-shirt');
    expect(product.status).toBe(200);
    expect(((await product.json()) as { variations: unknown[] }).variations).toHaveLength(12);
    const config = await app.request('/config');
    expect(JSON.stringify(await config.json())).toMatch(/\/media\/[0-9a-f]{64}\/logo\.webp/);
  });

  it('re-seeds with reset: shop data is replaced by the same rows, secrets stay', async () => {
    const secretsBefore = await select(schema.systemSecrets);
    expect(secretsBefore.length).toBeGreaterThan(0);
    const productIdsBefore = (await select(schema.products)).map((p) => p.id).sort();
    await db.insert(schema.users).values({ id: crypto.randomUUID(), email: 'someone@example.com', passwordHash: 'x' });
    await db.insert(schema.leads).values({ id: crypto.randomUUID(), name: 'Lead', phone: '+12125550100' });
    const originals = path.join(app.dataDir, 'media');
    const files = fs.readdirSync(originals, { recursive: true, encoding: 'utf8' }).filter((f) => f.includes(path.sep));
    const modified = files.map((f) => fs.statSync(path.join(originals, f)).mtimeMs);

    expect(await seedDemoShop(db, { media: app.deps.media, reset: true })).toEqual({ seeded: true });

    expect(await tableCounts(db)).toEqual(counts);
    expect((await select(schema.products)).map((p) => p.id).sort()).toEqual(productIdsBefore);
    expect(await select(schema.systemSecrets)).toEqual(secretsBefore);
    // the same pictures have the same addresses and are not written again
    expect(files.length).toBe(new Set((await select(schema.images)).map((image) => image.hash)).size);
    expect(files.map((f) => fs.statSync(path.join(originals, f)).mtimeMs)).toEqual(modified);
  });

  it('leaves the shop untouched when a reset cannot draw its pictures', async () => {
    const down = new Error('the media store cannot be reached');
    const unreachable = { ...app.deps.media, stores: { ...app.deps.media.stores, active: () => Promise.reject(down) } };
    await db.insert(schema.leads).values({ id: crypto.randomUUID(), name: 'Kept', phone: '+12125550100' });
    const before = await tableCounts(db);
    await expect(seedDemoShop(db, { media: unreachable, reset: true })).rejects.toThrow(down);
    expect(await tableCounts(db)).toEqual(before);
  });

  it('rolls the whole reset back when an insert fails half way', async () => {
    await db.insert(schema.leads).values({ id: crypto.randomUUID(), name: 'Kept too', phone: '+12125550100' });
    const before = await tableCounts(db);
    // order states are inserted last, after the tables were emptied and most rows written again
    await db.execute(
      sql.raw(`create function seed_test_fail() returns trigger language plpgsql as $$ begin raise exception 'insert refused'; end $$`),
    );
    await db.execute(
      sql.raw('create trigger seed_test_fail before insert on order_states for each statement execute function seed_test_fail()'),
    );
    try {
      await expect(seedDemoShop(db, { media: app.deps.media, reset: true })).rejects.toThrow();
    } finally {
      await db.execute(sql.raw('drop trigger seed_test_fail on order_states'));
      await db.execute(sql.raw('drop function seed_test_fail()'));
    }
    expect(await tableCounts(db)).toEqual(before);
  });
});
