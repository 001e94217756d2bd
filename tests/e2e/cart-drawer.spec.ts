import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { acceptCookies, expectCartCount, product, usd } from './shopping-helpers';

/** The cart drawer after an add: one line per item, the new one highlighted, and up to four suggestions to add. */

test.beforeEach(async ({ context }) => {
  await acceptCookies(context);
});

for (const [device, viewport] of [
  ['phone', { width: 390, height: 844 }],
  ['desktop', { width: 1440, height: 900 }],
] as const) {
  test(`the drawer suggests up to four products, added from it in one tap (${device})`, async ({ page, request }) => {
    await page.setViewportSize(viewport);
    const shirt = await product(request, 'linen-shirt');
    await page.goto(`/products/linen-shirt?variation=${shirt.variations.find((v) => v.inStock)!.id}`);
    await expect(page.locator('[data-buy-box-ready] .product-buy')).toBeVisible();
    await page.locator('.product-buy').getByRole('button', { name: 'Add to cart' }).click();
    const drawer = page.getByRole('dialog');
    await expect(drawer.getByRole('heading', { name: 'Added to the cart' })).toBeVisible();
    await expect(drawer.locator('.cart-drawer__line')).toHaveCount(1);
    await expect(drawer.locator('.cart-drawer__line--added')).toHaveCount(1);

    const suggestions = drawer.getByRole('region', { name: 'You may also like' });
    await expect(suggestions.getByRole('listitem')).toHaveCount(4);
    await expect(suggestions.getByRole('link', { name: 'Choose options for Linen shorts' })).toHaveAttribute(
      'href',
      '/products/linen-shorts',
    );
    await expect(
      new AxeBuilder({ page })
        .include('.cart-drawer')
        .analyze()
        .then((axe) => axe.violations.map((v) => v.id)),
    ).resolves.toEqual([]);

    // one variation: straight into the cart, as a line of the drawer
    await suggestions.getByRole('button', { name: 'Add Canvas tote bag to the cart' }).click();
    await expect(drawer.locator('.cart-drawer__line')).toHaveCount(2);
    await expect(drawer.locator('.cart-drawer__line').filter({ hasText: 'Canvas tote bag' })).toBeVisible();
    await expect(suggestions.getByRole('button', { name: 'Add Canvas tote bag to the cart' })).toHaveCount(0);
    await expectCartCount(page, 2);
  });
}

for (const [device, viewport, lang] of [
  ['phone', { width: 390, height: 844 }, 'ru'],
  ['desktop', { width: 1440, height: 900 }, 'en'],
] as const) {
  test(`the drawer shows how far the cart is from free delivery by the shop's own rates (${device}, ${lang})`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize(viewport);
    const tee = await product(request, 'organic-cotton-tee');
    const variation = tee.variations.find((v) => v.inStock && v.price > 0 && v.price < 100)!;
    await page.goto(`/products/organic-cotton-tee?variation=${variation.id}${lang === 'ru' ? '&lang=ru' : ''}`);
    await expect(page.locator('[data-buy-box-ready] .product-buy')).toBeVisible();
    await page.locator('.product-buy [data-add-to-cart]').first().click();
    const progress = page.getByRole('dialog').getByTestId('free-shipping');
    // the home zone's free rate starts at $100
    if (lang === 'en')
      await expect(progress).toHaveText(`Add ${usd(Math.round((100 - variation.price) * 100) / 100)} more for free delivery`);
    else await expect(progress).toContainText('и доставка будет бесплатной');
    await expect(progress.getByRole('progressbar')).toHaveAttribute('value', String(Math.floor(variation.price)));
  });
}
