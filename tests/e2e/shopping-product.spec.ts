import { expect, test } from '@playwright/test';
import { acceptCookies, addToCart, expectCartCount, product, variationWithStock } from './shopping-helpers';
import { usd } from './shopping-helpers';

test.describe('product page', () => {
  test.beforeEach(async ({ context }) => {
    await acceptCookies(context);
  });

  test('choosing a variation by option and by image, then adding it to the cart', async ({ page, request }) => {
    const shirt = await product(request, 'linen-shirt');
    const valueId = (title: string) => shirt.options.flatMap((o) => o.values).find((v) => v.title === title)!.id;
    const variationOf = (...titles: string[]) =>
      shirt.variations.find((v) => titles.every((t) => v.productOptionValueIds.includes(valueId(t))))!;
    const sandM = variationOf('Sand', 'M');
    const skyS = variationOf('Sky blue', 'S');

    await page.goto('/products/linen-shirt');
    const buyBox = page.locator('.product-buy');
    await expect(buyBox.getByRole('heading', { level: 1 })).toHaveText('Linen shirt');

    await buyBox.getByRole('radio', { name: /^Sand/ }).check();
    await buyBox
      .getByRole('radiogroup', { name: /^Size/ })
      .getByRole('radio', { name: /^M( ·|$)/ })
      .check();
    await expect(page).toHaveURL(new RegExp(`variation=${sandM.id}`));
    await expect(buyBox.getByTestId('product-sku')).toHaveText(sandM.sku!);
    await expect(buyBox.getByRole('radio', { name: /^Sand/ })).toBeChecked();

    // Choosing an image selects the variation that owns it and aligns the options.
    await page.getByRole('button', { name: 'Show image 3' }).click();
    await expect(buyBox.getByRole('radio', { name: /^Sky blue/ })).toBeChecked();
    await expect(page).toHaveURL(new RegExp(`variation=(${skyS.id}|${variationOf('Sky blue', 'M').id})`));
    await expect(page.locator('.product-gallery__main img')).toHaveAttribute(
      'src',
      new RegExp(skyS.image!.uri.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
    );

    // Back to sand M and two pieces of it.
    await buyBox.getByRole('radio', { name: /^Sand/ }).check();
    await buyBox
      .getByRole('radiogroup', { name: /^Size/ })
      .getByRole('radio', { name: /^M( ·|$)/ })
      .check();
    await expect(page).toHaveURL(new RegExp(`variation=${sandM.id}`));
    await buyBox.getByRole('button', { name: 'Increase quantity' }).click();
    await buyBox.getByRole('button', { name: 'Add to cart' }).click();

    const modal = page.getByRole('dialog');
    await expect(modal.getByRole('heading', { name: 'Added to the cart' })).toBeVisible();
    const added = modal.locator('.cart-drawer__line--added');
    await expect(added.locator('.cart-drawer__options')).toHaveText('Colour: Sand, Size: M');
    await expect(added.locator('.cart-drawer__added')).toHaveText('Just added: 2');
    await expect(added.locator('.cart-drawer__image img')).toHaveAttribute('width', '64');
    await expectCartCount(page, 2);

    // The page keeps the query's variation on arrival.
    await page.reload();
    await expect(buyBox.getByTestId('product-sku')).toHaveText(sandM.sku!);
    await expect(buyBox.getByText('In your cart: 2')).toBeVisible();

    await page.getByRole('link', { name: 'In your cart: 2' }).click();
    await expect(page).toHaveURL(/\/cart$/);
    const line = page.locator(`.cart-line[data-variation-id="${sandM.id}"]`);
    await expect(line.getByRole('link', { name: 'Linen shirt' })).toBeVisible();
    await expect(line.getByLabel('Quantity: Linen shirt')).toHaveValue('2');
    await expect(line.getByTestId('line-total')).toHaveText(`${usd(sandM.price * 2)}`);
  });

  test('a quantity beyond the stock opens the stock error instead of adding', async ({ page, request }) => {
    const shirt = await product(request, 'linen-shirt');
    const limited = variationWithStock(shirt, 2, 5);
    const stock = limited.stock!;

    await page.goto(`/products/linen-shirt?variation=${limited.id}`);
    const buyBox = page.locator('.product-buy');
    // wait until the buy box's script runs
    await expect(page.locator('[data-buy-box-ready] .product-buy')).toBeVisible();
    await buyBox.getByLabel('Quantity', { exact: true }).fill(String(stock + 1));
    await buyBox.getByLabel('Quantity', { exact: true }).blur();
    await buyBox.getByRole('button', { name: 'Add to cart' }).click();

    const modal = page.getByRole('dialog');
    await expect(modal.getByText(`Only ${stock} items are available`)).toBeVisible();
    await modal.getByRole('button', { name: 'Ok' }).click();
    await expect(modal).toBeHidden();
    await expectCartCount(page, 0);

    // All the stock fits; one piece more does not, counting what the cart already holds.
    await addToCart(page, 'linen-shirt', limited.id, stock);
    await expectCartCount(page, stock);
    await buyBox.getByLabel('Quantity', { exact: true }).fill('1');
    await buyBox.getByLabel('Quantity', { exact: true }).blur();
    await buyBox.getByRole('button', { name: 'Add to cart' }).click();
    await expect(page.getByRole('dialog').getByText(`Only ${stock} items are available`)).toBeVisible();
    await expectCartCount(page, stock);

    // The cart's stepper refuses the same.
    await page.goto('/cart');
    const line = page.locator(`.cart-line[data-variation-id="${limited.id}"]`);
    await line.getByRole('button', { name: 'Increase quantity' }).click();
    await expect(page.getByRole('dialog').getByText(`Only ${stock} items are available`)).toBeVisible();
    await expect(line.getByLabel('Quantity: Linen shirt')).toHaveValue(String(stock));
  });

  test('a sold-out variation cannot be added and a product shows its reviews', async ({ page, request }) => {
    const shirt = await product(request, 'linen-shirt');
    const soldOut = shirt.variations.find((v) => v.stock === 0)!;
    await page.goto(`/products/linen-shirt?variation=${soldOut.id}`);
    const buyBox = page.locator('.product-buy');
    await expect(buyBox.locator('.stock-label')).toHaveText('Out of stock');
    await expect(buyBox.locator('.product-buy__actions').getByRole('button', { name: 'Out of stock' })).toBeDisabled();
    await expect(page.locator('#reviews .review').first()).toBeVisible();
    await expect(page.getByText('Reviews appear after moderation.')).toBeVisible();
  });
});
