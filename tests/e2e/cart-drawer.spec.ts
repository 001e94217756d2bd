import AxeBuilder from '@axe-core/playwright';
import { expect, type Route, test } from '@playwright/test';
import { acceptCookies, addToCart, expectCartCount, product, usd } from './shopping-helpers';

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

for (const [device, viewport, lang] of [
  ['phone', { width: 390, height: 844 }, 'en'],
  ['desktop', { width: 1440, height: 900 }, 'ru'],
] as const) {
  test(`the header's cart shows the cart at once, before the drawer's code arrives (${device}, ${lang})`, async ({ page, request }) => {
    await page.setViewportSize(viewport);
    const tee = await product(request, 'organic-cotton-tee');
    const variation = tee.variations.find((v) => v.inStock && v.price > 0)!;
    await addToCart(page, 'organic-cotton-tee', variation.id, 2);
    await page.goto(`/${lang === 'ru' ? '?lang=ru' : ''}`);
    await page.waitForLoadState('networkidle');
    // a slow connection: the drawer's island (React and its chunks) does not arrive until released
    const held: Route[] = [];
    let holding = true;
    await page.route(/\/_astro\/.*\.js(\?.*)?$/, (route) => (holding ? void held.push(route) : route.continue()));
    await page.locator('a[data-cart-drawer]:visible').first().click();
    const shell = page.locator('[data-cart-shell]');
    await expect(shell).toBeVisible();
    await expect(shell.locator('.modal__title')).toHaveText(lang === 'ru' ? 'Корзина' : 'Cart');
    await expect(shell.locator('.cart-drawer__line')).toHaveCount(1);
    await expect(shell.locator('.cart-drawer__line')).toContainText(tee.title);
    await expect(shell.locator('.cart-drawer__line')).toContainText('× 2');
    await expect(shell.locator('.summary-row--total dd')).toHaveText(usd(Math.round(variation.price * 2 * 100) / 100));
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect(held.length).toBeGreaterThan(0);

    // the code arrives: the drawer itself takes the place of its first frame
    holding = false;
    for (const route of held) await route.continue();
    const drawer = page.getByRole('dialog');
    await expect(drawer.locator('.cart-drawer__line')).toHaveCount(1);
    await expect(shell).toHaveCount(0);
    await expect(drawer.getByRole('link', { name: lang === 'ru' ? 'Оформить заказ' : 'Check out' })).toBeVisible();
  });
}

test('Add to cart shows the cart at once, before the drawer’s code arrives', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const shirt = await product(request, 'linen-shirt');
  const variation = shirt.variations.find((v) => v.inStock && v.price > 0)!;
  await page.goto(`/products/linen-shirt?variation=${variation.id}`);
  await expect(page.locator('[data-buy-box-ready] .product-buy')).toBeVisible();
  await page.waitForLoadState('networkidle');
  // a slow connection: the modal root (React and its chunks) does not arrive until released
  const held: Route[] = [];
  let holding = true;
  await page.route(/\/_astro\/.*\.js(\?.*)?$/, (route) => (holding ? void held.push(route) : route.continue()));
  await page.locator('.product-buy').getByRole('button', { name: 'Add to cart' }).click();
  const shell = page.locator('[data-cart-shell]');
  await expect(shell).toBeVisible();
  await expect(shell.locator('.cart-drawer__line')).toHaveCount(1);
  await expect(shell.locator('.cart-drawer__line')).toContainText(shirt.title);
  await expect(shell.locator('.summary-row--total dd')).toHaveText(usd(variation.price));
  expect(held.length).toBeGreaterThan(0);

  holding = false;
  for (const route of held) await route.continue();
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByRole('heading', { name: 'Added to the cart' })).toBeVisible();
  await expect(shell).toHaveCount(0);
});
