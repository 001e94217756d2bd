import { expect, test, type Page } from '@playwright/test';
import { DEMO_OWNER, signIn } from './admin-helpers';
import { acceptCookies } from './shopping-helpers';

/**
 * What keeps a first visit's main thread free (issue 11): the homepage's slider and carousels are plain
 * scripts (keen-slider, no React), the enquiry form loads its React and phone code only once the visitor
 * reaches into it, and the catalog's sidebar filters are folded on phones by CSS, so nothing shifts.
 */

test.beforeEach(async ({ context }) => {
  await acceptCookies(context);
});

/** Script URLs the page requested so far. */
function scriptRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') urls.push(new URL(request.url()).pathname);
  });
  return urls;
}

test.describe('the homepage on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('the slider and the carousels run without React, with labelled dots, arrows and the autoplay toggle', async ({ page }) => {
    const scripts = scriptRequests(page);
    await page.goto('/');
    const slideshow = page.locator('hero-slideshow');
    await expect(slideshow.locator('[data-slider-ready]')).toBeAttached();
    // the slider's code is fetched only after the page's load (then on idle), not during it
    const timing = await page.evaluate(() => {
      const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      const slider = performance.getEntriesByType('resource').filter((entry) => /keen-slider/.test(entry.name));
      return { loaded: navigation.loadEventStart, fetched: slider.map((entry) => entry.startTime) };
    });
    expect(timing.fetched.length).toBeGreaterThan(0);
    for (const start of timing.fetched) expect(start).toBeGreaterThanOrEqual(timing.loaded);
    const dots = slideshow.getByRole('group', { name: 'Slides' }).getByRole('button');
    const count = await dots.count();
    expect(count).toBeGreaterThan(1);
    await expect(dots.first()).toHaveAccessibleName(`Slide 1 of ${count}`);
    await expect(dots.first()).toHaveAttribute('aria-current', 'true');
    await expect(slideshow.getByRole('button', { name: 'Pause the slideshow' })).toBeVisible();
    await slideshow.getByRole('button', { name: 'Next' }).click();
    await expect(dots.nth(1)).toHaveAttribute('aria-current', 'true');
    await dots.first().click();
    await expect(dots.first()).toHaveAttribute('aria-current', 'true');

    const carousels = page.locator('items-carousel');
    expect(await carousels.count()).toBeGreaterThan(0);
    for (const carousel of await carousels.all()) await carousel.scrollIntoViewIfNeeded();
    await expect(page.locator('items-carousel .carousel__arrow').first()).toBeAttached();

    const renderer = await page.locator('astro-island').first().getAttribute('renderer-url');
    expect(renderer).toBeTruthy();
    expect(scripts).not.toContain(renderer);
    expect(scripts.some((url) => /keen-slider/.test(url))).toBe(true);
  });
});

test.describe('the enquiry form', () => {
  test('loads its code only when the visitor reaches into it, and keeps what was typed meanwhile', async ({ page }) => {
    const scripts = scriptRequests(page);
    await page.goto('/');
    const island = page.locator('[data-inline-lead-form] astro-island');
    const form = island.locator('form');
    await form.scrollIntoViewIfNeeded();
    const renderer = (await island.getAttribute('renderer-url'))!;
    const component = (await island.getAttribute('component-url'))!;
    // seen, not touched: still the server's HTML, no React
    await expect(form).toBeInViewport();
    await page.waitForLoadState('networkidle');
    await expect(island).toHaveAttribute('ssr', '');
    expect(scripts).not.toContain(renderer);
    expect(scripts).not.toContain(component);

    await form.getByLabel('Your name *').pressSequentially('Ada Lovelace');
    await expect(island).not.toHaveAttribute('ssr', /.*/);
    expect(scripts).toContain(component);
    await form.getByLabel('Phone *').fill('+1 212 555 0147');
    await form.getByLabel(/privacy policy/).check();
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/leads') && r.request().method() === 'POST'),
      form.getByRole('button', { name: 'Request a call' }).click(),
    ]);
    expect(response.status()).toBe(201);
    expect(response.request().postDataJSON()).toMatchObject({ name: 'Ada Lovelace', phone: '+12125550147' });
    await expect(page.locator('[data-form="inline-lead-sent"]')).toBeVisible();
  });
});

type Group = { group: string; value: Record<string, unknown>; version: number };

test.describe('the catalog with the sidebar filters (style-v-1)', () => {
  test('on a phone the filters are folded from the first paint (no layout shift) and open as the drawer; on a desktop they stand open beside the products', async ({
    page,
    browser,
  }) => {
    await signIn(page, DEMO_OWNER, '/admin/');
    const groups: Group[] = (await (await page.request.get('/api/admin/settings')).json()).groups;
    const ecommerce = groups.find((g) => g.group === 'ecommerce')!;
    const put = async (value: Record<string, unknown>, version: number) => {
      const response = await page.request.put('/api/admin/settings/ecommerce', {
        headers: { 'x-shop-admin': '1' },
        data: { value, version },
      });
      expect(response.status()).toBe(200);
    };
    const filter = ecommerce.value['filter'] as Record<string, unknown>;
    await put({ ...ecommerce.value, filter: { ...filter, template: 'style-v-1' } }, ecommerce.version);
    try {
      const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
      await acceptCookies(phone);
      await phone.addInitScript(() => {
        (window as Window & { __shift?: number }).__shift = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
            if (!entry.hadRecentInput) (window as Window & { __shift?: number }).__shift! += entry.value;
          }
        }).observe({ type: 'layout-shift', buffered: true });
      });
      const visitor = await phone.newPage();
      await visitor.goto('/catalogs/clothing');
      await expect(visitor.locator('.listing--sidebar')).toBeVisible();
      const details = visitor.locator('details.filters');
      // the script has run: it closed the server's open <details>, which the CSS already showed folded
      await expect.poll(() => details.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
      await expect(visitor.locator('.filters__form')).toBeHidden();
      await visitor.waitForLoadState('networkidle');
      expect(await visitor.evaluate(() => (window as Window & { __shift?: number }).__shift)).toBeLessThan(0.01);
      await details.locator(':scope > summary').click();
      await expect(visitor.getByRole('dialog', { name: 'Filters' })).toBeVisible();
      await phone.close();

      // without scripting the phone's <details> stays as the server sent it: open, the form in place
      const noScript = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, javaScriptEnabled: false });
      const plain = await noScript.newPage();
      await plain.goto('/catalogs/clothing');
      await expect(plain.locator('.filters__form')).toBeVisible();
      await noScript.close();

      const desktop = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const wide = await desktop.newPage();
      await wide.goto('/catalogs/clothing');
      await expect(wide.locator('.listing--sidebar .filters__form')).toBeVisible();
      expect(await wide.locator('details.filters').evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);
      await desktop.close();
    } finally {
      const now: Group[] = (await (await page.request.get('/api/admin/settings')).json()).groups;
      await put(ecommerce.value, now.find((g) => g.group === 'ecommerce')!.version);
    }
  });
});
