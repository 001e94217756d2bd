import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { ProductDto } from '../../src/lib/api-client';
import { registerAccount, signInBrowser } from './accounts-helpers';
import { DEMO_OWNER, mailsMatching, staffPage } from './admin-helpers';
import { acceptCookies, acceptTerms, addToCart, fillContacts, placeOrder, product } from './shopping-helpers';

/** A variation whose stock is counted, with a few pieces of it to order. */
async function countedVariation(request: APIRequestContext): Promise<{ slug: string; variation: ProductDto['variations'][number] }> {
  for (const slug of ['linen-shirt', 'canvas-sneakers', 'organic-cotton-tee', 'dinner-plate-set', 'hiking-boots']) {
    const variation = (await product(request, slug)).variations.find((v) => v.stock !== null && v.stock >= 5 && v.inStock && v.price > 0);
    if (variation) return { slug, variation };
  }
  throw new Error('no variation with a counted stock of 5 or more in the demo shop');
}

async function openOrder(admin: Page, number: string): Promise<void> {
  await admin.goto(`/admin/orders?q=${number}`);
  await admin.getByRole('link', { name: `№${number}` }).click();
  await expect(admin.getByRole('heading', { name: `Order №${number}` })).toBeVisible();
}

test.beforeEach(async ({ context }) => {
  await acceptCookies(context);
});

test('the owner edits an order’s quantity and the customer pays the difference', async ({ page, request, browser }) => {
  // two shoppers' payments, the back office and an e-mail in one journey
  test.slow();
  const stockNow = async (slug: string, id: string) => (await product(request, slug)).variations.find((v) => v.id === id)!.stock;
  const { slug, variation } = await countedVariation(request);
  await addToCart(page, slug, variation.id, 1);
  await page.goto('/checkout');
  await fillContacts(page, { name: 'Edith Edit', phone: '+1 212 555 0188', email: 'edith@example.com' });
  await page.getByRole('radio', { name: 'Bank card online' }).check();
  await acceptTerms(page);
  await placeOrder(page, /\/api\/payment\/sandbox\//);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await page.waitForURL(/\/payment\?/);
  const number = new URL(page.url()).searchParams.get('order')!;
  await expect(page.getByRole('heading', { name: 'Thank you! Your order has been received' })).toBeVisible();
  const stockAfterOrder = (await stockNow(slug, variation.id))!;

  const admin = await staffPage(browser, DEMO_OWNER);
  await openOrder(admin, number);
  await admin.getByRole('button', { name: 'Edit order' }).click();
  const quantity = admin.getByLabel(/^Quantity of /);
  await quantity.fill('3');
  const bar = admin.getByRole('region', { name: /unsaved/i });
  await expect(bar).toBeVisible();
  await bar.getByRole('button', { name: 'Save' }).click();
  await expect(admin.getByText(/Order updated: the customer has .* left to pay/)).toBeVisible();
  await expect(admin.locator('[data-amount-due]')).toContainText('Left to pay');
  await expect(admin.locator('.totals')).toBeVisible();
  expect(await stockNow(slug, variation.id)).toBe(stockAfterOrder - 2);

  // the customer's e-mail carries the pay link; it opens the pay-the-difference screen
  let mail = '';
  await expect
    .poll(() => (mail = mailsMatching(/edith@example\.com/).find((m) => m.includes(`Order #${number} was changed`)) ?? ''), {
      timeout: 30_000,
    })
    .not.toBe('');
  const link = mail.match(new RegExp(`https?://[^\\s"'<>]+/payment\\?order=${number}[^\\s"'<>]*`))?.[0];
  expect(link, 'pay link in the e-mail').toBeTruthy();
  await page.goto(link!.replace(/&amp;/g, '&'));
  await expect(page.locator('[data-payment-screen="payDifference"]')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your changed order has an amount left to pay' })).toBeVisible();
  await page.getByRole('button', { name: /^Pay/ }).first().click();
  await page.waitForURL(/\/api\/payment\/sandbox\//);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await page.waitForURL(/\/payment\?/);
  await expect(page.locator('[data-payment-screen="success"]')).toBeVisible();

  await admin.reload();
  // the order loads again from the server (slow on a loaded machine)
  await expect(admin.getByRole('heading', { name: `Order №${number}` })).toBeVisible({ timeout: 30_000 });
  await expect(admin.locator('[data-amount-due]')).toHaveCount(0);
  await expect(admin.locator('.head-badges')).toContainText('Paid');
  await admin.context().close();
});

test('a customer opens a return from their order page', async ({ page, request, browser, context }) => {
  const account = await registerAccount(request, 'Rita', 'Return');
  const { variation } = await countedVariation(request);
  const locations = (await (await request.get('/api/locations')).json()) as { id: string; code: string }[];
  const methods = (await (
    await request.get(`/api/configs/payments-available-methods-by-location?code=${encodeURIComponent(locations[0]!.code)}`)
  ).json()) as Record<string, { kind: string }>;
  const cash = Object.entries(methods).find(([, m]) => m.kind === 'cash')![0];
  const placed = await request.post('/api/orders', {
    headers: { authorization: `Bearer ${account.token}` },
    data: {
      items: [{ variationId: variation.id, quantity: 2 }],
      customer: { name: 'Rita', lastName: 'Return', phone: '+1 212 555 0177', email: account.email },
      delivery: { method: 'pickup', locationId: locations[0]!.id },
      paymentMethod: cash,
      agreement: true,
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const number = String(((await placed.json()) as { number: number }).number);

  const admin = await staffPage(browser, DEMO_OWNER);
  await openOrder(admin, number);
  await admin.getByRole('button', { name: 'Ship items' }).first().click();
  await admin.getByRole('dialog').getByRole('button', { name: 'Mark as shipped' }).click();
  await expect(admin.getByText('Shipment recorded.')).toBeVisible();

  await signInBrowser(context, account);
  await page.goto(`/account/orders/details?number=${number}`);
  await expect(page.locator(`[data-order-details="${number}"]`)).toBeVisible();
  await page.getByRole('button', { name: 'Return items' }).click();
  await page.getByRole('button', { name: 'Ask for the return' }).click();
  await expect(page.getByText('Choose at least one item to return')).toBeVisible();
  await page.getByLabel(/^How many of /).fill('1');
  await page.getByLabel('Why are you returning them?').fill('The colour is not as pictured');
  await page.getByRole('button', { name: 'Ask for the return' }).click();
  await expect(page.getByText('Your return request was sent to the shop.')).toBeVisible();
  await expect(page.locator('[data-return-status="requested"]')).toContainText('× 1');

  await admin.reload();
  await expect(admin.getByText('The colour is not as pictured', { exact: true })).toBeVisible();
  await admin.context().close();
});
