import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { ProductDto } from '../../src/lib/api-client';
import { acceptCookies, expectCartCount, product, usd } from './shopping-helpers';

/**
 * The product page's design (issue 9): options as radio buttons and swatches, stars beside the title, collapsible
 * details, the delivery estimate, one main button and, on phones, the sticky add-to-cart bar.
 */

const PHONE = { width: 390, height: 844 };

const valueNamed = (shirt: ProductDto, optionTitle: string, valueTitle: string) =>
  shirt.options.find((o) => o.title === optionTitle)!.values.find((v) => v.title === valueTitle)!;
const variationOf = (shirt: ProductDto, ...valueIds: string[]) =>
  shirt.variations.find((v) => valueIds.every((id) => v.productOptionValueIds.includes(id)))!;

async function openHydrated(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator('[data-buy-box-ready] .product-buy')).toBeVisible();
}

/** Size M by its button: the variation, SKU and price follow, and the enquiry shows and sends that variation. */
async function sizeButtonAndEnquiry(page: Page, request: APIRequestContext) {
  const shirt = await product(request, 'linen-shirt');
  await openHydrated(page, '/products/linen-shirt');
  const buyBox = page.locator('.product-buy');
  const sizes = buyBox.getByRole('radiogroup', { name: /^Size/ });
  await expect(sizes.getByRole('radio')).toHaveCount(4);
  await expect(buyBox.locator('select')).toHaveCount(0);

  const sand = valueNamed(shirt, 'Colour', 'Sand');
  const m = valueNamed(shirt, 'Size', 'M');
  await buyBox.getByRole('radio', { name: /^Sand/ }).check();
  await sizes.getByRole('radio', { name: /^M( ·|$)/ }).check();
  const sandM = variationOf(shirt, sand.id, m.id);
  await expect(page).toHaveURL(new RegExp(`variation=${sandM.id}`));
  await expect(sizes.getByRole('radio', { name: /^M( ·|$)/ })).toBeChecked();
  await expect(buyBox.getByTestId('product-sku')).toHaveText(sandM.sku!);
  await expect(buyBox.getByTestId('product-price').locator('.shop-price__current')).toHaveText(usd(sandM.price));

  const enquiry = buyBox.getByRole('button', { name: 'Send Enquiry' });
  await expect(enquiry).toHaveAttribute('data-variation-id', sandM.id);
  await enquiry.click();
  const modal = page.getByRole('dialog');
  await expect(modal.locator('[data-lead-product]')).toContainText('Colour: Sand, Size: M');
  await modal.locator('input[name=name]').fill('Ada Lovelace');
  await modal.locator('input[name=phone]').fill('+1 212 555 0147');
  await modal.getByLabel(/privacy policy/).check();
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/api/leads')),
    modal.getByRole('button', { name: 'Send', exact: true }).click(),
  ]);
  expect(response.status()).toBe(201);
  expect(response.request().postDataJSON()).toMatchObject({ product: shirt.id, variation: sandM.id });
}

test.describe('product page design, desktop', () => {
  test.beforeEach(async ({ context }) => {
    await acceptCookies(context);
  });

  test('a size button changes the variation and its price, and the enquiry carries it', async ({ page, request }) => {
    await sizeButtonAndEnquiry(page, request);
  });

  test('the arrow keys move through a radio group of sizes', async ({ page, request }) => {
    const shirt = await product(request, 'linen-shirt');
    await openHydrated(page, '/products/linen-shirt');
    const sizes = page.locator('.product-buy').getByRole('radiogroup', { name: /^Size/ });
    const s = sizes.getByRole('radio', { name: /^S( ·|$)/ });
    await s.check();
    await s.focus();
    await page.keyboard.press('ArrowRight');
    const m = sizes.getByRole('radio', { name: /^M( ·|$)/ });
    await expect(m).toBeChecked();
    await expect(m).toBeFocused();
    const chosen = () =>
      shirt.variations.find((v) => v.id === new URL(page.url()).searchParams.get('variation'))?.productOptionValueIds ?? [];
    await expect.poll(chosen).toContain(valueNamed(shirt, 'Size', 'M').id);
    await page.keyboard.press('ArrowLeft');
    await expect(s).toBeChecked();
    await expect.poll(chosen).toContain(valueNamed(shirt, 'Size', 'S').id);
    await expect(page.locator('.product-buy').getByRole('radiogroup', { name: /^Size: S/ })).toBeVisible();
  });

  test('stars and the review count beside the title lead to the reviews', async ({ page, request }) => {
    const shirt = await product(request, 'linen-shirt');
    expect(shirt.reviewCount).toBeGreaterThan(0);
    await page.goto('/products/linen-shirt');
    const stars = page
      .locator('.product-buy')
      .getByRole('link', { name: new RegExp(`^Rated ${shirt.rating} of 5, ${shirt.reviewCount} reviews?$`) });
    await expect(stars).toBeVisible();
    await stars.click();
    await expect(page).toHaveURL(/#reviews$/);
    await expect(page.locator('#reviews')).toBeInViewport();
  });

  test('details are accordions, the first open; delivery is estimated, not weighed; one main button', async ({ page }) => {
    await page.goto('/products/linen-shirt');
    const details = page.locator('.product-details details.product-collapsible');
    await expect(details.locator('summary')).toHaveText(['Description', 'Details', 'Shipping', 'Returns']);
    await expect(details.nth(0)).toHaveAttribute('open', '');
    await expect(details.nth(0).locator('.rich-text')).toBeVisible();
    await expect(details.nth(1).locator('dl')).toBeHidden();
    await details.nth(1).locator('summary').click();
    await expect(details.nth(1).locator('dl')).toBeVisible();
    await details.nth(2).locator('summary').click();
    await expect(details.nth(2).getByText('Standard shipping', { exact: true })).toBeVisible();

    const buyBox = page.locator('.product-buy');
    await expect(buyBox.getByTestId('delivery-estimate')).toHaveText('Delivery from $7.99 · free from $100 (United States)');
    await expect(page.getByText(/Shipping weight/)).toHaveCount(0);
    // one primary button in the buy box; the enquiry is secondary; no sticky bar on desktop
    await expect(buyBox.locator('button.button:not(.button--outline)')).toHaveText(['Add to cart']);
    await expect(buyBox.getByRole('button', { name: 'Send Enquiry' })).toHaveClass(/button--outline/);
    await page.mouse.wheel(0, 2500);
    await expect(page.locator('.product-buy__actions')).not.toBeInViewport();
    await expect(page.getByTestId('sticky-buy-bar')).toBeHidden();
  });
});

test.describe('product page design, phone', () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true });
  test.beforeEach(async ({ context }) => {
    await acceptCookies(context);
  });

  test('a size button changes the variation and its price, and the enquiry carries it', async ({ page, request }) => {
    await sizeButtonAndEnquiry(page, request);
  });

  test('the sticky bar appears once the main button scrolls away and adds the chosen variation', async ({ page, request }) => {
    const shirt = await product(request, 'linen-shirt');
    await openHydrated(page, '/products/linen-shirt');
    const buyBox = page.locator('.product-buy');
    await buyBox
      .getByRole('radiogroup', { name: /^Size/ })
      .getByRole('radio', { name: /^L( ·|$)/ })
      .check();
    const chosen = shirt.variations.find((v) => v.id === new URL(page.url()).searchParams.get('variation'))!;
    expect(chosen.productOptionValueIds).toContain(valueNamed(shirt, 'Size', 'L').id);

    const bar = page.getByTestId('sticky-buy-bar');
    await buyBox.getByRole('button', { name: 'Add to cart' }).scrollIntoViewIfNeeded();
    await expect(bar).toBeHidden();
    await page.evaluate(() => window.scrollTo(0, document.querySelector('#reviews')!.getBoundingClientRect().top + window.scrollY));
    await expect(bar).toBeVisible();
    await expect(bar.locator('.shop-price__current')).toHaveText(usd(chosen.price));
    await expect(bar.getByRole('button')).toHaveText(['Add to cart']);
    await bar.getByRole('button', { name: 'Add to cart' }).click();
    await expectCartCount(page, 1);
    await page.goto('/cart');
    await expect(page.locator(`.cart-line[data-variation-id="${chosen.id}"]`)).toBeVisible();

    // back at the top the bar goes away again
    await page.goto(`/products/linen-shirt?variation=${chosen.id}`);
    await expect(page.locator('[data-buy-box-ready] .product-buy')).toBeVisible();
    await expect(bar).toBeHidden();
  });
});
