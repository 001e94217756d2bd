import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';

/**
 * Facets as a shopper meets them, on a phone (390 px, the filter drawer) and a desktop (1440 × 900, drop-downs
 * above the products), in English and Russian: every value with its count, a value that would list nothing
 * disabled, a chip removed, the price slider moved by pointer and keyboard, and the products in view after each
 * filter. The seeded clothing catalog: two denim products, none of them mustard.
 */

const CATALOG = '/catalogs/clothing';

const words = {
  en: { material: 'Material', denim: 'Denim', colour: 'Colour', mustard: 'Mustard', price: 'Price', two: '2 products', filters: 'Filters' },
  ru: { material: 'Материал', denim: 'Деним', colour: 'Цвет', mustard: 'Горчичный', price: 'Цена', two: '2 товара', filters: 'Фильтры' },
} as const;

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => localStorage.setItem('cookieAccept', 'true'));
});

const count = (page: Page) => page.locator('[data-listing-count]');
const firstCard = (page: Page) => page.locator('[data-listing-results] .product-card').first();
const facet = (page: Page, title: string) => page.locator('details.facet', { has: page.locator('summary', { hasText: title }) });
const value = (page: Page, title: string, name: string): Locator =>
  facet(page, title).locator('label.filters__value', { has: page.locator('.filters__name', { hasText: new RegExp(`^${name}$`) }) });

async function axeClean(page: Page) {
  const result = await new AxeBuilder({ page }).include('[data-listing]').analyze();
  expect(result.violations.map((violation) => `${violation.id}: ${violation.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
}

/** The first product card is on screen: its top inside the window, and most of it. */
async function expectResultsInView(page: Page) {
  await expect(firstCard(page)).toBeInViewport({ ratio: 0.5 });
}

for (const lang of ['en', 'ru'] as const) {
  const w = words[lang];
  const address = (query = '') => `${CATALOG}?${lang === 'ru' ? 'lang=ru&' : ''}${query}`;

  test.describe(`facets on a desktop (${lang})`, () => {
    test.use({ viewport: { width: 1440, height: 900 } });

    test('counts, a disabled value, a removed chip, the price slider, and the products in view throughout', async ({ page }) => {
      await page.goto(address());
      const all = (await count(page).textContent())!.trim();
      await expectResultsInView(page);

      // a drop-down per facet: the values with their counts
      await facet(page, w.material).locator('summary').click();
      const denim = value(page, w.material, w.denim);
      await expect(denim.locator('.filters__count')).toHaveText('(2)');
      await axeClean(page);
      await denim.locator('input').check();
      await expect(count(page)).toHaveText(w.two);
      await expectResultsInView(page);
      // the other materials keep their own counts (values of one facet are alternatives)
      await expect(facet(page, w.material).locator('input:disabled')).toHaveCount(0);

      // no denim is mustard: the value is shown, with 0, and cannot be chosen
      await facet(page, w.colour).locator('summary').click();
      await expect(facet(page, w.material)).not.toHaveAttribute('open');
      const mustard = value(page, w.colour, w.mustard);
      await expect(mustard).toBeVisible();
      await expect(mustard.locator('.filters__count')).toHaveText('(0)');
      await expect(mustard.locator('input')).toBeDisabled();
      await mustard.click({ force: true });
      await expect(count(page)).toHaveText(w.two);
      await page.keyboard.press('Escape');
      await expect(facet(page, w.colour)).not.toHaveAttribute('open');
      await axeClean(page);

      // the chip above the products removes the filter
      const chip = page.locator('.chips a.chip', { hasText: w.denim });
      await expect(chip).toBeVisible();
      await chip.click();
      await expect(count(page)).toHaveText(all);
      await expect(page.locator('.chips')).toHaveCount(0);
      await expect(mustard.locator('input')).toBeEnabled();

      // the price slider: the lower thumb dragged, the upper moved by the keyboard
      await facet(page, w.price).locator('summary').click();
      const low = page.locator('[data-price-slider] input[data-range=min]');
      const high = page.locator('[data-price-slider] input[data-range=max]');
      const top = Number(await high.getAttribute('max'));
      await low.fill('100');
      await expect(page.locator('input[name="filter[minPrice]"]')).toHaveValue('100');
      await expect(count(page)).not.toHaveText(all);
      await high.focus();
      await page.keyboard.press('ArrowLeft');
      await expect(page.locator('input[name="filter[maxPrice]"]')).toHaveValue(String(top - 1));
      await expect(page.locator('.chips a.chip')).toHaveCount(2);
      const amounts = await page.locator('[data-listing-results] .product-card__amount').allTextContents();
      expect(amounts.length).toBeGreaterThan(0);
      for (const amount of amounts) expect(Number(amount.replace(/[^\d.,]/g, '').replace(',', '.'))).toBeGreaterThanOrEqual(100);
      expect(new URL(page.url()).searchParams.get('filter[minPrice]')).toBe('100');
      await expectResultsInView(page);
      await axeClean(page);
    });
  });

  test.describe(`facets in the phone's drawer (${lang})`, () => {
    test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

    test('"Show N products" spans the drawer and follows the filters; the products are in view once it closes', async ({ page }) => {
      await page.goto(address());
      const all = (await count(page).textContent())!.trim();
      await page.locator('details.filters > summary').click();
      const drawer = page.getByRole('dialog', { name: w.filters });
      await expect(drawer).toBeVisible();
      const show = drawer.locator('[data-facets-apply]');
      const allCount = all.replace(/\D/g, '');
      await expect(show).toContainText(allCount);

      await facet(page, w.material).locator('summary').click();
      await expect(value(page, w.material, w.denim).locator('.filters__count')).toHaveText('(2)');
      await value(page, w.material, w.denim).locator('input').check();
      await expect(show).toHaveText(lang === 'en' ? 'Show 2 products' : 'Показать 2 товара');
      await facet(page, w.colour).locator('summary').click();
      await expect(value(page, w.colour, w.mustard).locator('input')).toBeDisabled();
      await axeClean(page);

      const panel = (await drawer.boundingBox())!;
      const bar = (await drawer.locator('.filters__actions').boundingBox())!;
      const button = (await show.boundingBox())!;
      expect(Math.abs(bar.width - panel.width)).toBeLessThan(2);
      expect(button.width).toBeGreaterThan(panel.width * 0.8);
      // sticky at the drawer's foot
      expect(bar.y + bar.height).toBeGreaterThan(panel.y + panel.height - 2);

      await show.click();
      await expect(drawer).toBeHidden();
      await expect(count(page)).toHaveText(w.two);
      await expectResultsInView(page);

      const chip = page.locator('.chips a.chip', { hasText: w.denim });
      await chip.click();
      await expect(count(page)).toHaveText(all);
      await expectResultsInView(page);
    });
  });
}
