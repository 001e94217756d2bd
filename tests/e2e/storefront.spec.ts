import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

/**
 * The storefront on the built server with the seeded demo shop: request rules, head, sitemap, robots
 * and fonts on the wire; then the main pages in a real Chromium in both languages, without console
 * errors or serious accessibility violations, with screenshots under test-results/screenshots.
 */

const noRedirect = { maxRedirects: 0 } as const;

async function head(request: APIRequestContext, path: string) {
  const response = await request.get(path, noRedirect);
  return {
    status: response.status(),
    location: response.headers()['location'],
    cacheControl: response.headers()['cache-control'],
    response,
  };
}

test.describe('request rules on the wire (spec 2.2)', () => {
  test('upper-case paths answer 301 to the lower-case path, keeping the query', async ({ request }) => {
    const { status, location } = await head(request, '/Catalogs/Clothing?Sort=title&page=1');
    expect(status).toBe(301);
    expect(location).toMatch(/\/catalogs\/clothing\?Sort=title&page=1$/);
  });

  for (const path of [
    '/.env',
    '/.git/config',
    '/wp-admin/install.php',
    '/wp-content/x',
    '/cgi-bin/a',
    '/config.yml',
    '/backup.sql',
    '/_ignition/health-check',
    '/_profiler/x',
    '/.well-known/security.txt',
  ]) {
    test(`the suspicious path ${path} ends on /404`, async ({ request }) => {
      const { status, location, cacheControl } = await head(request, path);
      expect(status).toBe(302);
      expect(location).toBe('/404');
      expect(cacheControl).toBe('no-cache, private');
      const followed = await request.get(path);
      expect(followed.status()).toBe(404);
      expect(new URL(followed.url()).pathname).toBe('/404');
      expect(await followed.text()).toContain('Page not found');
    });
  }

  test('stored redirects answer 301, with a leading slash added to the stored target', async ({ request }) => {
    expect(await head(request, '/old-shop')).toMatchObject({ status: 301, location: '/catalogs/clothing' });
    expect(await head(request, '/about-us')).toMatchObject({ status: 301, location: '/about' });
  });

  test('a trailing slash is stripped with 301, keeping the query', async ({ request }) => {
    expect(await head(request, '/about/?x=1')).toMatchObject({ status: 301, location: '/about?x=1' });
  });

  test('a bad route ends on /404, which shows the 404 page with status 404', async ({ request }) => {
    for (const path of [
      '/no-such-page',
      '/blog/no-such-article',
      '/catalogs/no-such-catalog',
      '/products/no-such-product',
      '/a/b/c/d',
      '/about%00',
    ]) {
      const { status, location } = await head(request, path);
      expect(status, path).toBe(302);
      expect(location, path).toBe('/404');
    }
    const { status, response } = await head(request, '/404');
    expect(status).toBe(404);
    const html = await response.text();
    expect(html).toContain('<title>Page not found</title>');
    expect(html).toContain('href="/"');
  });

  test("a path that would redirect to another host ends on this shop's /404", async ({ request, baseURL }) => {
    const answer = await request.get(`${baseURL}//evil.test/`, noRedirect);
    expect(answer.status()).toBe(302);
    expect(answer.headers()['location']).toBe('/404');
  });

  test('/account answers 301 to /account/settings', async ({ request }) => {
    expect(await head(request, '/account')).toMatchObject({ status: 301, location: '/account/settings' });
  });

  test('/admin answers 301 to /admin/, the back office, which is never indexed', async ({ request }) => {
    expect(await head(request, '/admin')).toMatchObject({ status: 301, location: '/admin/' });
    const admin = await head(request, '/admin/');
    expect(admin.status).toBe(200);
    expect(admin.response.headers()['x-robots-tag']).toBe('noindex, nofollow');
    expect(await admin.response.text()).toContain('<meta name="robots" content="noindex, nofollow"');
  });

  test('every response is no-cache, private except built assets, media and fonts', async ({ request }) => {
    for (const path of [
      '/',
      '/about',
      '/catalogs/clothing',
      '/api/config',
      '/sitemap.xml',
      '/robots.txt',
      '/no-such-page',
      '/Old-Shop',
      '/liveness',
    ]) {
      expect((await head(request, path)).cacheControl, path).toBe('no-cache, private');
    }
    const html = await (await request.get('/')).text();
    const script = html.match(/(?:src|href)="(\/_astro\/[^"]+\.(?:js|css))"/)?.[1];
    expect(script).toBeTruthy();
    expect((await head(request, script!)).cacheControl).toMatch(/max-age=\d{6,}/);
    const font = html.match(/url\((\/assets\/fonts\/[^)]+)\)/)?.[1];
    const fontAnswer = await head(request, font!);
    expect(fontAnswer.status).toBe(200);
    expect(fontAnswer.response.headers()['content-type']).toBe('font/woff2');
    expect(fontAnswer.cacheControl).toBe('public, max-age=31536000, immutable');
    const media = html.match(/"(\/media\/[^"?]+)\?/)?.[1];
    expect((await head(request, media!)).cacheControl).toMatch(/^public/);
    expect((await head(request, '/assets/fonts/montserrat/../../package.json')).status).toBe(404);
  });
});

test.describe('head, sitemap and robots on the wire (spec 2.3)', () => {
  const metaOf = (html: string, key: string) =>
    html
      .match(new RegExp(`<meta (?:property|name)="${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}" content="([^"]*)"`))?.[1]
      ?.replaceAll('&amp;', '&') ?? null;

  test('the homepage has title, description, canonical, favicon, Open Graph and Organization data', async ({ request, baseURL }) => {
    const html = await (await request.get('/?utm_source=test')).text();
    expect(html).toMatch(/<title>Northfold: [^<]+<\/title>/);
    expect(metaOf(html, 'description')).toBeTruthy();
    expect(html).toContain(`<link rel="canonical" href="${baseURL}/">`);
    expect(html).toContain('<link rel="icon" href="/favicon.ico">');
    expect(metaOf(html, 'og:site_name')).toBe('Northfold');
    expect(metaOf(html, 'og:image')).toMatch(/^http.*\/media\/.*w=1200&h=630/);
    expect(metaOf(html, 'twitter:site')).toBe('@northfold');
    expect(html).toContain('"@type":"Organization"');
    expect((await request.get('/favicon.ico')).headers()['content-type']).toMatch(/icon/);
  });

  test('catalogs, articles and text pages fill the SEO templates and describe their kind', async ({ request, baseURL }) => {
    const catalog = await (await request.get('/catalogs/clothing?page=2&sort=title')).text();
    expect(catalog).toContain('<title>Clothing | Northfold</title>');
    expect(catalog).toContain(`<link rel="canonical" href="${baseURL}/catalogs/clothing">`);
    expect(catalog).toContain('"@type":"BreadcrumbList"');

    const article = await (await request.get('/blog/how-to-care-for-linen')).text();
    expect(metaOf(article, 'og:type')).toBe('article');
    expect(metaOf(article, 'article:author')).toBeTruthy();
    expect(metaOf(article, 'article:section')).toBe('Journal');
    expect(metaOf(article, 'article:published_time')).toMatch(/^\d{4}-\d{2}-\d{2}T/);

    const page = await (await request.get('/delivery-and-payment')).text();
    expect(page).toMatch(/<title>[^<]+<\/title>/);
    expect(page).toContain('"@type":"BreadcrumbList"');
  });

  test('product pages carry price data and Product structured data with an offer', async ({ request }) => {
    const html = await (await request.get('/products/linen-shirt')).text();
    expect(metaOf(html, 'og:type')).toBe('product');
    expect(metaOf(html, 'product:price:amount')).toMatch(/^\d+\.\d{2}$/);
    expect(metaOf(html, 'product:price:currency')).toBe('USD');
    const product = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)]
      .map((m) => JSON.parse(m[1]!) as Record<string, unknown>)
      .find((data) => data['@type'] === 'Product');
    expect(product).toMatchObject({ name: 'Linen shirt', offers: { priceCurrency: 'USD' } });
  });

  test('the template pages are never indexed', async ({ request }) => {
    for (const path of ['/catalogs/new-page', '/new-page']) {
      const html = await (await request.get(path)).text();
      expect(metaOf(html, 'robots'), path).toBe('noindex, nofollow');
    }
    expect(await (await request.get('/catalogs/new-page')).text()).toContain('<h1>New Catalog</h1>');
  });

  test('/sitemap.xml lists the homepage, pages, categories, articles, catalogs and products', async ({ request, baseURL }) => {
    const response = await request.get('/sitemap.xml');
    expect(response.headers()['content-type']).toContain('application/xml');
    const xml = await response.text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!.replace(baseURL!, ''));
    for (const path of [
      '/',
      '/about',
      '/faq',
      '/blog',
      '/blog/how-to-care-for-linen',
      '/catalogs/clothing',
      '/catalogs/shoes',
      '/products/linen-shirt',
    ]) {
      expect(locs, path).toContain(path);
    }
    expect(new Set(locs).size).toBe(locs.length);
    expect(locs.some((loc) => loc.includes('autumn-lookbook-draft'))).toBe(false); // an unpublished article
  });

  test('/robots.txt serves the settings with the sitemap address', async ({ request, baseURL }) => {
    const text = await (await request.get('/robots.txt')).text();
    expect(text).toContain('Disallow: /cart');
    expect(text).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  });

  test('the language query switches the page to Russian and is remembered', async ({ request }) => {
    const russian = await request.get('/about?lang=ru');
    expect(russian.headers()['set-cookie']).toContain('lang=ru');
    const html = await russian.text();
    expect(html).toContain('<html lang="ru"');
    expect(html).toContain('О нас');
    expect(html).toContain('montserrat-cyrillic-400-normal.woff2');
    const english = await (await request.get('/about?lang=en')).text();
    expect(english).toContain('<html lang="en"');
    expect(english).not.toContain('cyrillic');
  });
});

test.describe('list queries reach the API (spec 2.1)', () => {
  /** Distinct product or article links inside the page's sections of one type, in order. */
  async function linksIn(request: APIRequestContext, path: string, sectionType: string, prefix: string): Promise<string[]> {
    const html = await (await request.get(path)).text();
    const start = html.indexOf(`data-section-type="${sectionType}"`);
    expect(start, `${path} has a ${sectionType}`).toBeGreaterThan(-1);
    const end = html.indexOf('data-section-type="', start + 30);
    const part = html.slice(start, end === -1 ? undefined : end);
    return [...new Set([...part.matchAll(new RegExp(`href="(${prefix}[^"?#]+)`, 'g'))].map((m) => m[1]!))];
  }

  test('a catalog shows the page, sort and filters of its address', async ({ request }) => {
    const query = 'sort=price_desc&page=1&filter[minPrice]=50';
    const api = (await (await request.get(`/api/catalogs/v3/clothing?${query}`)).json()) as {
      sections: { type: string; items?: { slug: string }[] }[];
    };
    const expected = api.sections.find((section) => section.type === 'SectionProductList')!.items!.map((item) => `/products/${item.slug}`);
    expect(expected.length).toBeGreaterThan(1);
    expect(await linksIn(request, `/catalogs/clothing?${query}`, 'SectionProductList', '/products/')).toEqual(expected);
    const second = await linksIn(request, '/catalogs/clothing?page=2', 'SectionProductList', '/products/');
    const first = await linksIn(request, '/catalogs/clothing', 'SectionProductList', '/products/');
    expect(second.length).toBeGreaterThan(0);
    expect(second.some((link) => first.includes(link))).toBe(false);
    expect((await request.get('/catalogs/clothing?page=abc&sort=nonsense&filter[minPrice]=x')).status()).toBe(200);
  });

  test('a category page lists the articles of the requested tag', async ({ request }) => {
    const tags = (await (await request.get('/api/tags/blog/list')).json()) as { id: string; slug: string }[];
    const style = tags.find((tag) => tag.slug === 'style')!;
    const api = (await (await request.get(`/api/articles/blog/list?tagIds[]=${style.id}`)).json()) as { items: { url: string }[] };
    expect(await linksIn(request, '/blog?tag=style', 'SectionMediaList', '/blog/')).toEqual(api.items.map((item) => item.url));
    const all = await linksIn(request, '/blog', 'SectionMediaList', '/blog/');
    expect(all.length).toBeGreaterThan(api.items.length);
  });
});

// ---------------------------------------------------------------- in the browser

const PAGES = [
  { name: 'homepage', path: '/' },
  { name: 'catalog', path: '/catalogs/clothing' },
  { name: 'product', path: '/products/linen-shirt' },
  { name: 'text-page', path: '/about' },
  { name: 'article', path: '/blog/how-to-care-for-linen' },
] as const;

/** Console errors and uncaught exceptions of the page from now on. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** Serious and critical accessibility violations, each with where it occurs. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes
          .map((node) => node.target.join(' '))
          .slice(0, 3)
          .join(', ')})`,
    );
}

for (const lang of ['en', 'ru'] as const) {
  test.describe(`pages in ${lang === 'en' ? 'English' : 'Russian'}`, () => {
    test.beforeEach(async ({ page, context, baseURL }) => {
      await context.addCookies([{ name: 'lang', value: lang, url: baseURL! }]);
      // The cookie notice would cover the screenshots; it has its own tests.
      await page.addInitScript(() => localStorage.setItem('cookieAccept', 'true'));
    });

    for (const { name, path } of PAGES) {
      test(`${name} renders without console errors or serious accessibility violations`, async ({ page }) => {
        const errors = collectErrors(page);
        const response = await page.goto(path, { waitUntil: 'networkidle' });
        expect(response?.status()).toBe(200);
        await expect(page.locator('html')).toHaveAttribute('lang', lang);
        await expect(page.locator('h1').first()).toBeAttached();
        await expect(page.locator('header.site-header')).toBeVisible();
        await expect(page.locator('footer.site-footer')).toBeVisible();
        await page.screenshot({ path: `test-results/screenshots/${name}-${lang}.png`, fullPage: true });
        expect(errors).toEqual([]);
        expect(await seriousViolations(page)).toEqual([]);
      });
    }
  });
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the mobile header opens and closes the menu sheet', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('cookieAccept', 'true'));
    await page.goto('/about');
    await expect(page.locator('.main-nav')).toBeHidden();
    const menu = page.locator('details[data-mobile-menu]');
    const toggle = menu.locator(':scope > summary');
    await toggle.click();
    await expect(menu).toHaveAttribute('open', '');
    await expect(menu.locator('.mobile-menu__info a').first()).toBeVisible();
    await menu.locator('.mobile-menu__group > summary').first().click();
    await expect(menu.locator('.mobile-menu__group a').first()).toBeVisible();
    await page.screenshot({ path: 'test-results/screenshots/mobile-menu-en.png' });
    await page.keyboard.press('Escape');
    await expect(menu).not.toHaveAttribute('open', '');
    await toggle.click();
    await menu.locator('[data-mobile-menu-close]').click();
    await expect(menu).not.toHaveAttribute('open', '');
    await page.screenshot({ path: 'test-results/screenshots/about-mobile-en.png', fullPage: true });
  });
});

test.describe('navigation behaviour (spec 2.2)', () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('cookieAccept', 'true'));
  });

  test('hovering a link prefetches its page, but not on a data-saving connection', async ({ page, browser }) => {
    await page.goto('/about');
    await page.locator('.site-footer a[href="/faq"]').first().hover();
    await expect(page.locator('link[rel="prefetch"][href$="/faq"]')).toHaveCount(1);

    const saver = await browser.newPage();
    await saver.addInitScript(() => {
      localStorage.setItem('cookieAccept', 'true');
      Object.defineProperty(navigator, 'connection', { value: { saveData: true, effectiveType: '4g' } });
    });
    // The page's clock is driven by the test, so the hover delay has certainly passed before the check.
    await saver.clock.install();
    await saver.goto(page.url());
    await saver.locator('.site-footer a[href="/faq"]').first().hover();
    await saver.clock.runFor(1000);
    await expect(saver.locator('link[rel="prefetch"]')).toHaveCount(0);
    await saver.close();
  });

  test('a slow navigation shows the loading bar', async ({ page }) => {
    await page.goto('/about');
    await page.route('**/faq', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1200));
      await route.continue();
    });
    // Clicked and read from the page itself: Playwright's own click and expect wait for the navigation.
    const barWhileLoading = await page
      .locator('.site-footer a[href="/faq"]')
      .first()
      .evaluate(async (link: HTMLAnchorElement) => {
        link.click();
        await new Promise((resolve) => setTimeout(resolve, 500));
        return document.querySelector('[data-loading-bar]')!.className;
      });
    expect(barWhileLoading).toContain('is-loading');
    await page.waitForURL('**/faq');
    await expect(page.locator('[data-loading-bar]')).not.toHaveClass(/is-loading/);
  });

  test('after loading, the page scrolls to the element of the hash', async ({ page }) => {
    await page.goto('/about');
    const id = await page.evaluate(() => {
      const sections = [...document.querySelectorAll('main section[id^="section-"]')];
      return sections[Math.floor(sections.length * 0.6)]!.id;
    });
    await page.goto('/faq');
    await page.goto(`/about#${id}`);
    await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 5000 }).toBeGreaterThan(500);
    await expect
      .poll(() => page.evaluate((target) => Math.abs(document.getElementById(target)!.getBoundingClientRect().top), id))
      .toBeLessThan(200);
  });

  test('a failed script chunk reloads the page once, then not again within a minute', async ({ page }) => {
    await page.goto('/about');
    const reload = page.waitForEvent('load');
    await page.evaluate(() => window.dispatchEvent(new Event('vite:preloadError', { cancelable: true })));
    await reload;
    const reloadedAt = await page.evaluate(() => Number(sessionStorage.getItem('chunk-reload-at')));
    expect(Date.now() - reloadedAt).toBeLessThan(30_000);
    let reloadedAgain = false;
    page.once('load', () => {
      reloadedAgain = true;
    });
    // The handler cancels the event exactly when it reloads, synchronously, so an uncancelled event means no reload.
    const reloading = await page.evaluate(() => !window.dispatchEvent(new Event('vite:preloadError', { cancelable: true })));
    expect(reloading).toBe(false);
    expect(reloadedAgain).toBe(false);
  });
});
