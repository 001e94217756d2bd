import { expect, type Route, test } from '@playwright/test';
import { acceptCookies, addToCart, expectCartCount, product, registerCustomer, serverCart, setSession } from './shopping-helpers';
import { usd } from './shopping-helpers';

test.describe('cart', () => {
  test.beforeEach(async ({ context }) => {
    await acceptCookies(context);
  });

  test('a bad discount code shows the server reason, a good one lowers the total by the server discount', async ({ page, request }) => {
    const tee = await product(request, 'organic-cotton-tee');
    const variation = tee.variations.find((v) => v.inStock && v.price > 0)!;
    await addToCart(page, 'organic-cotton-tee', variation.id, 2);
    await page.goto('/cart');

    const field = page.getByRole('textbox', { name: 'Discount code' });
    const apply = page.getByRole('button', { name: 'Apply' });
    const total = page.getByTestId('cart-total');
    const itemsTotal = variation.price * 2;
    await expect(total).toHaveText(`${usd(itemsTotal)}`);

    for (const [code, message] of [
      ['NO-SUCH-CODE', 'Discount code does not exist'],
      ['SUMMER2024', 'Discount code has expired'],
      ['SHOES20', 'Discount code does not apply to these products'],
      ['BLACKFRIDAY', 'Discount code is invalid'],
      ['BIG500', "Discount value can't exceed cart price"],
      ['SPEND150', 'Minimum order amount not met'],
    ] as const) {
      await field.fill(code);
      await apply.click();
      await expect(page.getByRole('alert').filter({ hasText: message })).toBeVisible();
      await expect(total).toHaveText(`${usd(itemsTotal)}`);
    }

    await field.fill('welcome10');
    await apply.click();
    await expect(page.getByText('Code WELCOME10 applied')).toBeVisible();
    const discount = Math.round(itemsTotal * 10) / 100;
    await expect(page.getByTestId('discount-amount')).toHaveText(`−${usd(discount)}`);
    await expect(total).toHaveText(`${usd(Math.round((itemsTotal - discount) * 100) / 100)}`);

    // The discount follows the cart: one piece less, the server's discount for one piece.
    await page.locator('.cart-line').getByRole('button', { name: 'Decrease quantity' }).click();
    await expect(page.getByTestId('discount-amount')).toHaveText(`−${usd(Math.round(variation.price * 10) / 100)}`);

    await page.getByRole('button', { name: 'Remove code' }).click();
    await expect(total).toHaveText(`${usd(variation.price)}`);
  });

  test('discount errors come in the page language', async ({ page }) => {
    await addToCart(page, 'organic-cotton-tee');
    await page.goto('/cart?lang=ru');
    await page.getByRole('textbox', { name: 'Промокод' }).fill('NO-SUCH-CODE');
    await page.getByRole('button', { name: 'Применить' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Промокод не существует' })).toBeVisible();
  });

  test('removing lines and emptying the cart', async ({ page }) => {
    await addToCart(page, 'organic-cotton-tee');
    await addToCart(page, 'canvas-tote-bag');
    await page.goto('/cart');
    await expect(page.locator('.cart-line')).toHaveCount(2);
    await page.getByRole('button', { name: 'Remove Canvas tote bag' }).click();
    await expect(page.locator('.cart-line')).toHaveCount(1);
    await expectCartCount(page, 1);
    await page.getByRole('button', { name: 'Empty the cart' }).click();
    await page.getByRole('button', { name: 'Yes, empty the cart' }).click();
    await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
    await expectCartCount(page, 0);
  });

  test('Check out comes before "Empty the cart" on a phone, and "Empty the cart" stays under the lines on a desktop', async ({ page }) => {
    await addToCart(page, 'organic-cotton-tee');
    const top = async (locator: ReturnType<typeof page.locator>) => (await locator.boundingBox())!.y;
    const checkout = page.locator('.cart-summary').getByRole('link', { name: 'Check out' });
    const empty = page.getByRole('button', { name: 'Empty the cart' });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/cart');
    await expect(empty).toBeVisible();
    expect(await top(checkout)).toBeLessThan(await top(empty));
    await page.setViewportSize({ width: 1440, height: 900 });
    const lines = page.locator('.cart-lines');
    await expect(async () => {
      const linesBox = (await lines.boundingBox())!;
      const emptyBox = (await empty.boundingBox())!;
      expect(emptyBox.x).toBeLessThan(linesBox.x + linesBox.width);
      expect(emptyBox.y - (linesBox.y + linesBox.height)).toBeLessThan(40);
    }).toPass();
  });

  test("the cart shows how far it is from free delivery by the shop's own rates", async ({ page, request }) => {
    const tee = await product(request, 'organic-cotton-tee');
    const variation = tee.variations.find((v) => v.inStock && v.price > 0 && v.price < 100)!;
    await addToCart(page, 'organic-cotton-tee', variation.id);
    await page.goto('/cart');
    const progress = page.getByTestId('free-shipping');
    // the home zone's free rate starts at $100
    await expect(progress).toHaveText(`Add ${usd(Math.round((100 - variation.price) * 100) / 100)} more for free delivery`);
    await expect(progress.getByRole('progressbar')).toHaveAttribute('value', String(Math.floor(variation.price)));
    await page
      .locator('.cart-line')
      .getByLabel(/^Quantity/)
      .fill(String(Math.ceil(100 / variation.price)));
    await page
      .locator('.cart-line')
      .getByLabel(/^Quantity/)
      .press('Enter');
    await expect(progress).toHaveText('Your order ships free');
  });

  test('an empty cart sends the checkout back to the cart', async ({ page }) => {
    await page.goto('/checkout');
    await expect(page).toHaveURL(/\/cart$/);
  });

  test("a signed-in shopper's cart is kept on the server through sign-out, and merged on sign-in in another browser", async ({
    browser,
    request,
  }) => {
    const account = await registerCustomer(request);
    const shirt = await product(request, 'linen-shirt');
    const tee = await product(request, 'organic-cotton-tee');
    const shirtVariation = shirt.variations.find((v) => v.stock === null && v.price > 0)!;
    const teeVariation = tee.variations.find((v) => v.inStock && v.price > 0)!;

    // First browser: signed in, two shirts go to the cart, and so to the server.
    const first = await browser.newContext();
    await acceptCookies(first);
    const page = await first.newPage();
    await page.goto('/');
    await setSession(page, account);
    await addToCart(page, 'linen-shirt', shirtVariation.id, 2);
    await expect.poll(() => serverCart(request, account)).toEqual([[shirtVariation.id, 2]]);

    // Signing out empties this browser's cart; the server keeps it.
    await setSession(page, null);
    await expectCartCount(page, 0);
    expect(await serverCart(request, account)).toEqual([[shirtVariation.id, 2]]);
    await first.close();

    // Another browser: a shirt and a tee added before signing in; signing in merges, keeping the larger quantity.
    const second = await browser.newContext();
    await acceptCookies(second);
    const other = await second.newPage();
    await addToCart(other, 'linen-shirt', shirtVariation.id, 1);
    await addToCart(other, 'organic-cotton-tee', teeVariation.id, 1);
    await setSession(other, account);
    await expectCartCount(other, 3);
    await expect
      .poll(() => serverCart(request, account))
      .toEqual([
        [shirtVariation.id, 2],
        [teeVariation.id, 1],
      ]);
    await other.goto('/cart');
    await expect(other.locator(`.cart-line[data-variation-id="${shirtVariation.id}"]`).getByLabel('Quantity: Linen shirt')).toHaveValue(
      '2',
    );
    await second.close();

    // A third browser signed in from the start shows the server cart.
    const third = await browser.newContext();
    await acceptCookies(third);
    await third.addInitScript((session) => localStorage.setItem('user', session), JSON.stringify({ version: '0.0.13', ...account }));
    const fresh = await third.newPage();
    await fresh.goto('/cart');
    await expect(fresh.locator('.cart-line')).toHaveCount(2);
    await expectCartCount(fresh, 3);
    await third.close();
  });

  test('an empty cart says so at the first paint, before the cart’s code arrives, and once after it', async ({ page }) => {
    // a slow connection: the island's code does not arrive until released
    const held: Route[] = [];
    let holding = true;
    await page.route(/\/_astro\/.*\.js(\?.*)?$/, (route) => (holding ? void held.push(route) : route.continue()));
    // held module scripts hold the load event too: the page is read as soon as it arrives
    await page.goto('/cart', { waitUntil: 'commit' });
    await expect(page.locator('.cart-empty')).toHaveCount(1);
    await expect(page.locator('.cart-empty')).toBeVisible();
    await expect(page.locator('.cart-empty')).toContainText('Your cart is empty');
    await expect(page.locator('.cart-skeleton')).toBeHidden();
    holding = false;
    for (const route of held) await route.continue();
    await expect(page.locator('#cart-empty-first')).toHaveCount(0);
    await expect(page.locator('.cart-empty')).toHaveCount(1);
    await expect(page.locator('.cart-empty')).toBeVisible();
  });
});
