import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { ProductDto } from '../../src/lib/api-client';
import { E2E_MANAGER, mailsMatching, staffPage } from './admin-helpers';
import { acceptCookies, acceptTerms, addToCart, fillContacts, placeOrder, product } from './shopping-helpers';

test.fixme(true, 'waits for the admin API routes beyond the session (dashboard, orders, moderation, leads, audit)');
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

async function openOrder(admin: Page, number: string): Promise<void> {
  await admin.goto(`/admin/orders?q=${number}`);
  await admin.getByRole('link', { name: `№${number}` }).click();
  await expect(admin.getByRole('heading', { name: `Order №${number}` })).toBeVisible();
}

test.beforeEach(async ({ context }) => {
  await acceptCookies(context);
});

test('freight priced by the manager: the shopper gets the e-mail, pays through the sandbox, and the order shows paid', async ({ page, request, browser }) => {
  test.setTimeout(120_000);
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
  const number = orderNumberOf(page);

  // the manager finds it waiting for its price, from the dashboard's count
  const admin = await staffPage(browser, E2E_MANAGER);
  await admin.getByRole('link', { name: /Awaiting delivery price/ }).click();
  await expect(admin.getByRole('row', { name: new RegExp(`№${number}`) })).toBeVisible();
  await openOrder(admin, number);
  await admin.getByLabel(/^Price, /).fill('85');
  await admin.getByRole('button', { name: 'Set price and notify' }).click();
  await expect(admin.getByText('Delivery price set; the customer has a link to pay.')).toBeVisible();
  await expect(admin.getByText(/The delivery price is .*85/)).toBeVisible();

  // the e-mail arrives (the queue's worker sends it) with a link to pay
  let mail = '';
  await expect
    .poll(() => (mail = mailsMatching(new RegExp(`${number}[\\s\\S]*/payment|/payment[\\s\\S]*${number}`)).filter((m) => /frank@example\.com/.test(m)).at(-1) ?? ''), { timeout: 30_000 })
    .not.toBe('');
  const link = mail.match(/https?:\/\/[^\s"'<>]+\/payment[^\s"'<>]*/)?.[0];
  expect(link, 'pay link in the e-mail').toBeTruthy();
  await page.goto(link!.replace(/&amp;/g, '&'));
  const pay = page.getByRole('button', { name: /^Pay/ }).first();
  await pay.click();
  if (!/\/api\/payment\/sandbox\//.test(page.url())) await page.waitForURL(/\/api\/payment\/sandbox\//);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await page.waitForURL(/\/payment\?/);
  await expect(page.getByRole('heading', { name: 'Thank you! Your order has been received' })).toBeVisible();

  await admin.reload();
  await expect(admin.getByText('Paid').first()).toBeVisible();
  await admin.context().close();
});

test('a manager cancels an order and its stock is back', async ({ page, request, browser }) => {
  const tee = await product(request, 'organic-cotton-tee');
  const variation = tee.variations.find((v) => v.stock !== null && v.stock >= 2 && v.price > 0)!;
  const stockBefore = variation.stock!;
  await addToCart(page, 'organic-cotton-tee', variation.id, 2);
  await page.goto('/checkout');
  await fillContacts(page, { name: 'Carla Cancel', phone: '+1 212 555 0123', email: 'carla@example.com' });
  await page.getByRole('radio', { name: 'Cash or card on receipt' }).check();
  await acceptTerms(page);
  await placeOrder(page, /\/payment\?/);
  const number = orderNumberOf(page);
  const stockNow = async () => (await product(request, 'organic-cotton-tee')).variations.find((v) => v.id === variation.id)!.stock;
  expect(await stockNow()).toBe(stockBefore - 2);

  const admin = await staffPage(browser, E2E_MANAGER);
  await openOrder(admin, number);
  await admin.getByRole('button', { name: 'Cancel order' }).click();
  const dialog = admin.getByRole('dialog', { name: `Cancel order №${number}?` });
  await dialog.getByLabel(/Reason/).fill('The customer asked by phone');
  await dialog.getByRole('button', { name: 'Cancel the order' }).click();
  await expect(admin.getByText('Order canceled; its stock is back.')).toBeVisible();
  await expect(admin.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
  expect(await stockNow()).toBe(stockBefore);
  await admin.context().close();
});
