import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { ProductDto } from '../../src/lib/api-client';
import { DEMO_OWNER, E2E_MANAGER, mailsMatching, staffPage } from './admin-helpers';
import { acceptCookies, acceptTerms, addToCart, fillContacts, placeOrder, product } from './shopping-helpers';

/** Order number of the page the shopper landed on after placing it (the payment result page). */
function orderNumberOf(page: Page): string {
  const number = new URL(page.url()).searchParams.get('order');
  expect(number).toBeTruthy();
  return number!;
}

/** A variation with unlimited stock and enough pieces of it to weigh over 20 kg, which only freight carries. */
async function heavyLine(request: APIRequestContext): Promise<{ slug: string; variationId: string; quantity: number }> {
  for (const slug of ['merino-wool-throw', 'denim-jacket', 'hiking-boots', 'dinner-plate-set', 'canvas-sneakers']) {
    const found: ProductDto = await product(request, slug);
    const variation = found.variations.find((v) => v.stock === null && v.inStock && v.price > 0);
    const weight = Number(variation?.weight ?? found.weight ?? 0);
    if (variation && weight > 0) return { slug, variationId: variation.id, quantity: Math.ceil(21 / weight) };
  }
  throw new Error('no heavy product with unlimited stock in the demo shop');
}

/** A variation whose stock is counted, with a few pieces of it to order. */
async function countedVariation(request: APIRequestContext): Promise<{ slug: string; variation: ProductDto['variations'][number] }> {
  for (const slug of ['linen-shirt', 'canvas-sneakers', 'organic-cotton-tee', 'dinner-plate-set', 'hiking-boots']) {
    const variation = (await product(request, slug)).variations.find((v) => v.stock !== null && v.stock >= 3 && v.inStock && v.price > 0);
    if (variation) return { slug, variation };
  }
  throw new Error('no variation with a counted stock of 3 or more in the demo shop');
}

async function openOrder(admin: Page, number: string): Promise<void> {
  await admin.goto(`/admin/orders?q=${number}`);
  await admin.getByRole('link', { name: `№${number}` }).click();
  await expect(admin.getByRole('heading', { name: `Order №${number}` })).toBeVisible();
}

test.beforeEach(async ({ context }) => {
  await acceptCookies(context);
});

/** A shopper orders more than 20 kg with freight, which the manager prices, and chooses to pay by card. */
async function orderFreight(page: Page, request: APIRequestContext): Promise<string> {
  const line = await heavyLine(request);
  await addToCart(page, line.slug, line.variationId, line.quantity);
  await page.goto('/checkout');
  await fillContacts(page, { name: 'Frank Freight', phone: '+1 212 555 0199', email: 'frank@example.com' });
  await page.getByText('Shipping', { exact: true }).click();
  await page.getByLabel('City *').fill('New York');
  await page.getByLabel('Street, house, apartment *').fill('11 Wall Street');
  await page.getByRole('radio', { name: /Freight for heavy orders/ }).check();
  await page.getByRole('radio', { name: 'Bank card online' }).check();
  await acceptTerms(page);
  await placeOrder(page, /\/payment\?/);
  return orderNumberOf(page);
}

/** The manager finds the order among those waiting for a price (the dashboard's tile) and sets it. */
async function setFreightPrice(admin: Page, number: string, price: string): Promise<void> {
  await admin.goto('/admin/');
  await admin.getByRole('link', { name: /Awaiting delivery price/ }).click();
  await expect(admin.getByRole('row', { name: new RegExp(`№${number}`) })).toBeVisible();
  await openOrder(admin, number);
  await expect(admin.getByText(/This delivery is priced by the shop/)).toBeVisible();
  await admin.getByLabel(/^Price, /).fill(price);
  await admin.getByRole('button', { name: 'Set price and notify' }).click();
  await expect(admin.getByText('Delivery price set; the customer has a link to pay.')).toBeVisible();
  await expect(admin.getByText(new RegExp(`The delivery price is .*${price}`))).toBeVisible();
}

test('freight priced by the manager: the price is set from the order and the total includes it', async ({ page, request, browser }) => {
  const number = await orderFreight(page, request);
  const admin = await staffPage(browser, E2E_MANAGER);
  await setFreightPrice(admin, number, '85');
  const totals = admin.locator('.totals');
  await expect(totals).toContainText('$85');
  // a price that is not an amount is refused on the field
  await admin.getByLabel(/^Price, /).fill('eighty');
  await admin.getByRole('button', { name: 'Change price' }).click();
  await expect(admin.getByText('Enter an amount such as 250 or 250.50.')).toBeVisible();
  await admin.context().close();
});

test('freight priced by the manager: the shopper gets the e-mail, pays through the sandbox, and the order shows paid', async ({
  page,
  request,
  browser,
}) => {
  const number = await orderFreight(page, request);
  const admin = await staffPage(browser, E2E_MANAGER);
  await setFreightPrice(admin, number, '85');

  // the e-mail arrives (the queue's worker sends it) with a link to pay
  let mail = '';
  await expect
    .poll(() => (mail = mailsMatching(/frank@example\.com/).find((m) => m.includes(`Order ${number}: delivery price set`)) ?? ''), {
      timeout: 30_000,
    })
    .not.toBe('');
  const link = mail.match(new RegExp(`https?://[^\\s"'<>]+/payment\\?order=${number}[^\\s"'<>]*`))?.[0];
  expect(link, 'pay link in the e-mail').toBeTruthy();
  await page.goto(link!.replace(/&amp;/g, '&'));
  await page.getByRole('button', { name: /^Pay/ }).first().click();
  await page.waitForURL(/\/api\/payment\/sandbox\//);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await page.waitForURL(/\/payment\?/);
  await expect(page.getByRole('heading', { name: 'Thank you! Your order has been received' })).toBeVisible();

  await admin.reload();
  await expect(admin.locator('.head-badges')).toContainText('Paid');
  await admin.context().close();
});

/** A shopper places a pick-up order paid on receipt of 2 pieces of a counted-stock variation. */
async function placeCashOrder(page: Page, request: APIRequestContext) {
  const { slug, variation } = await countedVariation(request);
  await addToCart(page, slug, variation.id, 2);
  await page.goto('/checkout');
  await fillContacts(page, { name: 'Carla Cancel', phone: '+1 212 555 0123', email: 'carla@example.com' });
  await page.getByRole('radio', { name: 'Cash or card on receipt' }).check();
  await acceptTerms(page);
  await placeOrder(page, /\/payment\?/);
  return { number: orderNumberOf(page), slug, variation };
}

test('a manager cancels an order and its stock is back', async ({ page, request, browser }) => {
  const stockNow = async (slug: string, id: string) => (await product(request, slug)).variations.find((v) => v.id === id)!.stock;
  const { slug, variation } = await countedVariation(request);
  const stockBefore = variation.stock!;
  const { number } = await placeCashOrder(page, request);
  expect(await stockNow(slug, variation.id)).toBe(stockBefore - 2);

  const admin = await staffPage(browser, E2E_MANAGER);
  await openOrder(admin, number);
  await admin.getByRole('button', { name: 'Cancel order' }).click();
  const dialog = admin.getByRole('dialog', { name: `Cancel order №${number}?` });
  await dialog.getByLabel(/Reason/).fill('The customer asked by phone');
  await dialog.getByRole('button', { name: 'Cancel the order' }).click();
  await expect(admin.getByText('Order canceled; its stock is back.')).toBeVisible();
  await expect(admin.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
  expect(await stockNow(slug, variation.id)).toBe(stockBefore);
  await admin.context().close();
});

test('two staff change the same order: the later one is told, and sees the earlier change', async ({ page, request, browser }) => {
  const { number } = await placeCashOrder(page, request);
  const manager = await staffPage(browser, E2E_MANAGER);
  const owner = await staffPage(browser, DEMO_OWNER);
  // "/" jumps to the search box of the list
  await manager.goto('/admin/orders');
  await expect(manager.getByLabel('Search')).toBeVisible();
  await manager.keyboard.press('/');
  await expect(manager.getByLabel('Search')).toBeFocused();
  await manager.keyboard.type(number);
  await manager.getByRole('link', { name: `№${number}` }).click();
  await openOrder(owner, number);

  const ownerStatus = owner.getByLabel('Status', { exact: true });
  const choice = (await ownerStatus.locator('option').nth(1).textContent())!;
  await ownerStatus.selectOption({ label: choice });
  await owner.getByRole('button', { name: 'Apply' }).click();
  await expect(owner.getByText('Status changed; the customer is notified by e-mail.')).toBeVisible();

  const managerStatus = manager.getByLabel('Status', { exact: true });
  await managerStatus.selectOption({ index: 1 });
  await manager.getByRole('button', { name: 'Apply' }).click();
  await expect(manager.getByText(/Changed by someone else/)).toBeVisible();
  await expect(manager.locator('.head-badges')).toContainText(choice);
  await manager.context().close();
  await owner.context().close();
});
