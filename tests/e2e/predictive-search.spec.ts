import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

/**
 * The header's predictive search on the seeded shop: a misspelt word typed into the header's search (opened
 * by its search icon, on phones too) suggests the corrected word and the product; the arrow keys choose a
 * suggestion (the field is an ARIA combobox) and Enter opens it. A search that finds nothing says the
 * nearest words and offers popular products.
 */

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => localStorage.setItem('cookieAccept', 'true'));
});

const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1440, height: 900 },
] as const;

async function openHeaderSearch(page: Page) {
  await page.locator('details[data-search-toggle] > summary').click();
  const field = page.locator('details[data-search-toggle] input[role="combobox"]');
  await expect(field).toBeFocused();
  return field;
}

for (const size of SIZES) {
  test.describe(`at ${size.width} px`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('type a misspelt word and pick a suggestion (English)', async ({ page }) => {
      await page.goto('/');
      const field = await openHeaderSearch(page);
      await field.pressSequentially('lnien shi', { delay: 30 });
      const list = page.getByRole('listbox', { name: 'Suggestions' });
      await expect(list).toBeVisible();
      await expect(field).toHaveAttribute('aria-expanded', 'true');
      await expect(list.getByRole('group', { name: 'Suggestions' }).getByRole('option', { name: 'linen shirt' })).toBeVisible();
      const product = list.getByRole('group', { name: 'Products' }).getByRole('option', { name: /Linen shirt/ });
      await expect(product).toBeVisible();
      await expect(product.locator('img')).toBeVisible();
      await expect(product).toContainText('$');
      // the arrows walk the options; the chosen one is the field's active descendant
      await field.press('ArrowDown');
      const first = await field.getAttribute('aria-activedescendant');
      expect(first).toBeTruthy();
      await expect(page.locator(`#${first}`)).toHaveAttribute('aria-selected', 'true');
      while ((await field.getAttribute('aria-activedescendant')) !== (await product.getAttribute('id'))) await field.press('ArrowDown');
      await field.press('Enter');
      await expect(page).toHaveURL(/\/products\/linen-shirt$/);
    });

    test('type a misspelt word and pick a suggestion (Russian)', async ({ page }) => {
      await page.goto('/?lang=ru');
      const field = await openHeaderSearch(page);
      await field.pressSequentially('рубашак', { delay: 30 });
      const list = page.getByRole('listbox', { name: 'Подсказки' });
      const product = list.getByRole('group', { name: 'Товары' }).getByRole('option', { name: /Льняная рубашка/ });
      await expect(product).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: 'выберите стрелками' })).toHaveCount(1);
      await product.click();
      await expect(page).toHaveURL(/\/products\/linen-shirt$/);
      await expect(page.locator('h1')).toHaveText('Льняная рубашка');
    });
  });
}

test('Escape closes the suggestions and the form still searches', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/');
  const field = await openHeaderSearch(page);
  await field.pressSequentially('lin', { delay: 30 });
  const list = page.getByRole('listbox', { name: 'Suggestions' });
  // the answer of a loaded shared machine may take seconds
  await expect(list).toBeVisible({ timeout: 15_000 });
  await field.press('Escape');
  await expect(list).toBeHidden();
  await expect(field).toHaveAttribute('aria-expanded', 'false');
  await field.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=lin$/);
});

test('a search with a misspelling says what it searched for; one finding nothing offers popular products', async ({ page }) => {
  await page.goto('/search?q=lnien');
  await expect(page.locator('[data-did-you-mean]')).toContainText('Showing results for linen');
  await expect(page.locator('.search-result').first()).toBeVisible();
  await page.goto('/search?q=zzqqxx');
  await expect(page.getByRole('heading', { name: 'Popular products' })).toBeVisible();
  await expect(page.locator('.search-popular__item').first()).toBeVisible();
  await page.goto('/search?q=zzqqxx&lang=ru');
  await expect(page.getByRole('heading', { name: 'Популярные товары' })).toBeVisible();
});

test('the open suggestions have no accessibility violations', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/');
  const field = await openHeaderSearch(page);
  await field.pressSequentially('shirt', { delay: 30 });
  await expect(page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option').first()).toBeVisible();
  await field.press('ArrowDown');
  const { violations } = await new AxeBuilder({ page })
    .include('header')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  expect(violations.flatMap((v) => v.nodes.map((node) => `${v.id}: ${node.target.join(' ')}`))).toEqual([]);
});
