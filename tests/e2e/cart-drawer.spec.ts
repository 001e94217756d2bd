import { expect, test, type Page } from '@playwright/test';
import { acceptCookies, addToCart, expectCartCount, product, usd } from './shopping-helpers';

/**
 * The cart drawer (issue 9): after add-to-cart and from the header's cart icon a drawer slides in from
 * the right with the cart's lines, the subtotal, one Checkout button and the view-cart link; it holds
 * the focus, closes on Escape and on the overlay and gives the focus back. Without scripts the icon is
 * the link to /cart.
 */

test.beforeEach(async ({ context }) => {
  await acceptCookies(context);
});

const cartIcon = (page: Page) => page.locator('.site-header__cart');
const drawer = (page: Page) => page.getByRole('dialog', { name: 'Cart' });

test('the header cart icon opens the drawer, loading its code only then; steppers, remove and subtotal work in it', async ({
  page,
  request,
}) => {
  const shirt = await product(request, 'organic-cotton-tee');
  const variation = shirt.variations.find((v) => v.price > 0 && (v.stock === null || v.stock >= 3))!;
  await addToCart(page, 'organic-cotton-tee', variation.id);

  const scripts: string[] = [];
  page.on('request', (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname));
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  expect(
    scripts.filter((path) => /\/(mount-modals|CartDrawer)\./.test(path)),
    'drawer code before it opens',
  ).toEqual([]);

  await cartIcon(page).click();
  const panel = drawer(page);
  await expect(panel).toBeVisible();
  expect(scripts.some((path) => /\/CartDrawer\./.test(path))).toBe(true);
  // from the right edge, the full height
  const box = (await panel.boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(Math.round(box.x + box.width)).toBe(viewport.width);
  expect(Math.round(box.height)).toBe(viewport.height);

  const line = panel.locator(`[data-variation-id="${variation.id}"]`);
  await expect(line.getByRole('link', { name: shirt.title })).toBeVisible();
  await expect(panel.getByTestId('drawer-subtotal')).toHaveText(usd(variation.price));
  await line.getByRole('button', { name: 'Increase quantity' }).click();
  await expect(line.getByLabel(`Quantity: ${shirt.title}`)).toHaveValue('2');
  await expect(panel.getByTestId('drawer-subtotal')).toHaveText(usd(variation.price * 2));
  await expectCartCount(page, 2);
  // one main button
  await expect(panel.locator('.button--accent')).toHaveCount(1);
  await expect(panel.getByRole('link', { name: 'Check out' })).toHaveAttribute('href', '/checkout');
  await expect(panel.getByRole('link', { name: 'Go to the cart' })).toHaveAttribute('href', '/cart');

  // focus stays inside; Escape closes and gives it back to the icon
  for (let i = 0; i < 10; i++) {
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('[role=dialog]')))).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(cartIcon(page)).toBeFocused();

  // the overlay closes it too; remove empties the cart
  await cartIcon(page).click();
  await expect(panel).toBeVisible();
  await panel.getByRole('button', { name: `Remove ${shirt.title}` }).click();
  await expect(panel.getByText('Your cart is empty')).toBeVisible();
  await expectCartCount(page, 0);
  await page.mouse.click(10, viewport.height / 2);
  await expect(page.getByRole('dialog')).toBeHidden();
});

test('adding to the cart shows the drawer with the item just added once, highlighted, and Checkout leads on', async ({ page }) => {
  await page.goto('/products/organic-cotton-tee');
  await expect(page.locator('[data-buy-box-ready] .product-buy')).toBeVisible();
  await page.locator('.product-buy').getByRole('button', { name: 'Add to cart' }).click();
  const panel = page.getByRole('dialog', { name: 'Added to the cart' });
  await expect(panel).toBeVisible();
  await expect(panel.locator('.cart-drawer__line')).toHaveCount(1);
  await expect(panel.locator('.cart-drawer__line--added')).toContainText('Just added: 1');
  await expect(panel.locator('.added-to-cart')).toHaveCount(0);
  await panel.getByRole('link', { name: 'Check out' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
});

test('on the cart page the icon stays the link to the cart', async ({ page }) => {
  await page.goto('/cart');
  await page.waitForLoadState('networkidle');
  await cartIcon(page).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('without scripts the header cart icon is a link to /cart', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/');
  await expect(cartIcon(page)).toHaveAttribute('href', '/cart');
  await cartIcon(page).click();
  await expect(page).toHaveURL(/\/cart$/);
  await context.close();
});
