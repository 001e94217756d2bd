import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { acceptCookies, expectCartCount, product } from './shopping-helpers';

/**
 * Product cards: colour swatches switch the card's picture, a second picture shows on hover, and quick add
 * puts a product in the cart from the list, through a small picker when it has several variations.
 */

test.beforeEach(async ({ context }) => {
  await acceptCookies(context);
});

const card = (page: Page, slug: string) => page.locator('.product-card').filter({ has: page.locator(`a[href^="/products/${slug}"]`) });

async function addedToCart(page: Page): Promise<void> {
  await expect(page.getByRole('dialog').getByRole('heading', { name: 'Added to the cart' })).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Continue shopping' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
}

for (const [device, viewport] of [
  ['phone', { width: 390, height: 844 }],
  ['desktop', { width: 1440, height: 900 }],
] as const) {
  test.describe(`on a ${device}`, () => {
    test.use({ viewport, ...(device === 'phone' ? { isMobile: true, hasTouch: true } : {}) });

    test('quick add from a card: a picker for a product with options, straight to the cart for one variation', async ({
      page,
      request,
    }) => {
      const shirt = await product(request, 'linen-shirt');
      await page.goto('/catalogs/new-arrivals');
      // the picker's code comes with the first tap, not with the page
      expect(await page.evaluate(() => performance.getEntriesByType('resource').some((entry) => /quick-add/.test(entry.name)))).toBe(false);

      await card(page, 'linen-shirt').getByRole('button', { name: 'Quick add: Linen shirt' }).click();
      const picker = page.getByRole('dialog', { name: 'Choose options for Linen shirt' });
      await expect(picker).toBeVisible();
      const axe = await new AxeBuilder({ page }).include('dialog.quick-add').analyze();
      expect(axe.violations.map((violation) => violation.id)).toEqual([]);
      // the default variation is chosen; another colour and size are picked
      await expect(picker.getByRole('radio', { name: 'White' })).toBeChecked();
      await picker.getByText('Sky blue', { exact: true }).click();
      await picker.getByText('XL', { exact: true }).click();
      await expect(picker.getByRole('link', { name: 'View full details' })).toHaveAttribute(
        'href',
        `/products/linen-shirt?variation=${shirt.variations.find((v) => v.title === 'Sky blue / XL')!.id}`,
      );
      await picker.getByRole('button', { name: 'Add to cart' }).click();
      await expect(picker).toHaveCount(0);
      await addedToCart(page);
      await expectCartCount(page, 1);

      // a product with one variation goes straight in
      await card(page, 'canvas-tote-bag').getByRole('button', { name: 'Quick add: Canvas tote bag' }).click();
      await addedToCart(page);
      await expectCartCount(page, 2);
      const lines = await page.evaluate(() => localStorage.getItem('cart'));
      expect(lines).toContain(shirt.variations.find((v) => v.title === 'Sky blue / XL')!.id);
    });

    test('a colour swatch shows that colour on the card and links to it', async ({ page, request }) => {
      const shirt = await product(request, 'linen-shirt');
      const sky = shirt.variations.find((v) => v.title.startsWith('Sky blue'))!;
      await page.goto('/catalogs/new-arrivals');
      const shirtCard = card(page, 'linen-shirt');
      const swatch = shirtCard.getByRole('button', { name: 'Sky blue' });
      await swatch.click();
      await expect(swatch).toHaveAttribute('aria-pressed', 'true');
      await expect(shirtCard.locator('[data-card-picture] img')).toHaveAttribute(
        'src',
        new RegExp(sky.image!.uri.replace(/[.?]/g, '\\$&')),
      );
      await expect(shirtCard.locator('.product-card__link')).toHaveAttribute('href', `/products/linen-shirt?variation=${sky.id}`);
      await shirtCard.locator('.product-card__link').click();
      await expect(page).toHaveURL(new RegExp(`variation=${sky.id}`));
      await expect(page.locator('.product-option__chosen').first()).toHaveText(': Sky blue');
    });
  });
}

test('the second picture shows while the pointer rests on a card', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/catalogs/new-arrivals');
  const hoodie = card(page, 'everyday-hoodie');
  const second = hoodie.locator('.product-card__image--hover');
  await expect(second).toHaveCSS('opacity', '0');
  await hoodie.hover();
  await expect(second).toHaveCSS('opacity', '1');
});
