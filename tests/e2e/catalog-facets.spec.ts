import { expect, test, type Page } from '@playwright/test';

/**
 * The catalog's filters on the seeded shop (/catalogs/clothing: 14 products, more once a back office journey has added one; two of linen): choosing a
 * filter, removing a chip and sorting change the products and the count in place, without loading a
 * new page (a marker set on window survives), with the address in the history so that back restores
 * the previous result. On phones the filters are a drawer that keeps the focus. Without JavaScript the
 * GET form still filters.
 */

const CATALOG = '/catalogs/clothing';

// the cookie question would cover the page
test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => localStorage.setItem('cookieAccept', 'true'));
});

/** The unfiltered catalog's count as the server renders it (the back office journeys may have added a product). */
async function unfiltered(page: Page): Promise<string> {
  const html = await (await page.request.get(CATALOG)).text();
  const found = /data-listing-count[^>]*>([^<]+)</.exec(html);
  expect(found?.[1]).toMatch(/^\d+ products$/);
  return found![1]!.trim();
}

type Marked = Window & { __marker?: number };

async function mark(page: Page) {
  await page.evaluate(() => ((window as Marked).__marker = 1));
}

async function expectNoReload(page: Page) {
  expect(await page.evaluate(() => (window as Marked).__marker)).toBe(1);
}

const count = (page: Page) => page.locator('[data-listing-count]');
const cards = (page: Page) => page.locator('[data-listing-results] .product-card');
const status = (page: Page) => page.locator('[data-listing-status]');
const linen = (page: Page) =>
  page
    .locator('.filters__form fieldset', { has: page.locator('legend', { hasText: 'Material' }) })
    .getByRole('checkbox', { name: /^Linen \(/, includeHidden: true });

/** Opens the filters (on a phone, the drawer) and the Material facet (a drop-down on a desktop, a section in the drawer). */
async function openFilters(page: Page) {
  const details = page.locator('details.filters');
  if (!(await details.evaluate((d) => (d as HTMLDetailsElement).open))) await details.locator('summary').click();
  const material = page.locator('details.facet', { has: page.locator('summary', { hasText: 'Material' }) });
  if (!(await material.evaluate((d) => (d as HTMLDetailsElement).open))) await material.locator('summary').click();
}

async function prices(page: Page): Promise<number[]> {
  const amounts = await page.locator('[data-listing-results] .product-card__amount').allTextContents();
  return amounts.map((text) => Number(text.replace(/[^\d.]/g, '')));
}

test.describe('catalog filters in place on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('a filter, the sort and a chip change the products and the count without a reload; back restores each result', async ({ page }) => {
    await page.goto(CATALOG);
    await expect(count(page)).toHaveText(await unfiltered(page));
    const catalogSort = (await page.locator('.sort-menu__current').textContent())!.trim();
    await mark(page);

    await openFilters(page);
    await linen(page).check();
    await expect(count(page)).toHaveText('2 products');
    await expect(cards(page)).toHaveCount(2);
    await expect(status(page)).toHaveText('2 products');
    expect(new URL(page.url()).searchParams.getAll('filter[properties][Material][]')).toEqual(['Linen']);
    const chip = page.locator('.chips a.chip', { hasText: 'Material: Linen' });
    await expect(chip).toBeVisible();
    await expectNoReload(page);

    // sorting keeps the filter
    await page.locator('.sort-menu summary').click();
    await page.locator('.listing__sort').getByRole('link', { name: 'Price: high to low' }).click();
    await expect(page.locator('.sort-menu__current')).toHaveText('Price: high to low');
    expect(new URL(page.url()).searchParams.get('sort')).toBe('price_desc');
    await expect(count(page)).toHaveText('2 products');
    const sorted = await prices(page);
    expect(sorted).toEqual([...sorted].sort((a, b) => b - a));
    await expectNoReload(page);

    // the chip removes its value, keeping the sort
    await page.locator('.chips a.chip', { hasText: 'Material: Linen' }).click();
    await expect(count(page)).toHaveText(await unfiltered(page));
    await expect(page.locator('.chips')).toHaveCount(0);
    await expect(linen(page)).not.toBeChecked();
    expect(new URL(page.url()).search).toBe('?sort=price_desc');
    await expectNoReload(page);

    // back: the sorted linen list, then the unsorted one, then everything; the form follows
    await page.goBack();
    await expect(count(page)).toHaveText('2 products');
    await expect(linen(page)).toBeChecked();
    expect(new URL(page.url()).searchParams.get('sort')).toBe('price_desc');
    await page.goBack();
    await expect(page.locator('.sort-menu__current')).toHaveText(catalogSort);
    await expect(count(page)).toHaveText('2 products');
    await page.goBack();
    await expect(count(page)).toHaveText(await unfiltered(page));
    await expect(linen(page)).not.toBeChecked();
    expect(new URL(page.url()).search).toBe('');
    await expectNoReload(page);
    await page.goForward();
    await expect(count(page)).toHaveText('2 products');
    await expectNoReload(page);
  });

  test('"Clear all" removes every filter; colour options are swatches', async ({ page }) => {
    await page.goto(`${CATALOG}?filter%5Bproperties%5D%5BMaterial%5D%5B%5D=Linen&filter%5BminPrice%5D=1`);
    await expect(page.locator('.chips a.chip')).toHaveText(['From $1', 'Material: Linen']);
    await mark(page);
    await page.locator('.chips__clear').click();
    await expect(count(page)).toHaveText(await unfiltered(page));
    await expect(page.locator('input[name="filter[minPrice]"]')).toHaveValue('');
    await expectNoReload(page);

    await page
      .locator('details.facet', { has: page.locator('summary', { hasText: 'Colour' }) })
      .locator('summary')
      .click();
    const swatch = page.locator('.filters__value--swatch').first();
    await expect(swatch).toBeVisible();
    const colour = await swatch.locator('.filters__swatch').evaluate((e) => getComputedStyle(e).backgroundColor);
    expect(colour).toMatch(/^rgb/);
    await swatch.click();
    await expect(page.locator('.chips a.chip')).toHaveCount(1);
    await expectNoReload(page);
  });

  test('without JavaScript the filter form and the chips still work as a page', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(CATALOG);
    await openFilters(page);
    await linen(page).check();
    await page.locator('.filters__form button[type=submit]').click();
    await expect(count(page)).toHaveText('2 products');
    expect(new URL(page.url()).searchParams.getAll('filter[properties][Material][]')).toEqual(['Linen']);
    await page.locator('.chips a.chip', { hasText: 'Material: Linen' }).click();
    await expect(count(page)).toHaveText(await unfiltered(page));
    await context.close();
  });
});

test.describe('catalog filters in a drawer on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('"Filters" opens a drawer that keeps the focus, filters in place and closes on Escape, returning the focus', async ({ page }) => {
    await page.goto(CATALOG);
    await mark(page);
    const toggle = page.locator('details.filters > summary');
    const drawer = page.getByRole('dialog', { name: 'Filters' });
    await expect(page.locator('.filters__form')).toBeHidden();
    await toggle.click();
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole('button', { name: 'Close filters' })).toBeFocused();

    // Tab and Shift+Tab stay inside the drawer
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest('[data-facets-panel]')))).toBe(true);
    }
    for (let i = 0; i < 5; i++) {
      await page.keyboard.press('Shift+Tab');
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest('[data-facets-panel]')))).toBe(true);
    }

    await openFilters(page);
    await linen(page).check();
    await expect(count(page)).toHaveText('2 products');
    await expect(drawer).toBeVisible();
    await expect(toggle.locator('.filters__badge')).toHaveText('1');

    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(toggle).toBeFocused();

    // "Show products" closes it too; the close button as well
    await toggle.click();
    await expect(drawer).toBeVisible();
    await drawer.getByRole('button', { name: 'Show 2 products' }).click();
    await expect(drawer).toBeHidden();
    await expect(toggle).toBeFocused();
    await toggle.click();
    await drawer.getByRole('button', { name: 'Close filters' }).click();
    await expect(drawer).toBeHidden();
    await expect(toggle).toBeFocused();
    await expect(count(page)).toHaveText('2 products');
    await expectNoReload(page);
  });

  test('the drawer\'s "Show N products" bar spans the drawer\'s whole width', async ({ page }) => {
    await page.goto(CATALOG);
    await page.locator('details.filters > summary').click();
    const drawer = page.getByRole('dialog', { name: 'Filters' });
    await expect(drawer).toBeVisible();
    const bar = drawer.locator('.filters__actions');
    await expect(async () => {
      const panel = (await drawer.boundingBox())!;
      const box = (await bar.boundingBox())!;
      expect(Math.abs(box.x - panel.x)).toBeLessThan(2);
      expect(Math.abs(box.width - panel.width)).toBeLessThan(2);
      const button = (await bar.locator('[data-facets-apply]').boundingBox())!;
      expect(button.width).toBeGreaterThan(panel.width / 2);
    }).toPass();
  });
});
