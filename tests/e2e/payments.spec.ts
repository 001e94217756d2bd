import fs from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect, type Page, request as playwrightRequest, test } from '@playwright/test';
import { DEMO_OWNER, E2E_MANAGER, mailsMatching, staffPage } from './admin-helpers';
import { serverDataDir } from './accounts-helpers';
import { acceptCookies, product } from './shopping-helpers';

/**
 * Real payment providers against their loopback fakes (tests/e2e/payment-fakes-server.ts runs them beside the
 * server): the owner sets Stripe and ЮKassa up through the back office API, a shopper pays on each provider's hosted
 * page, a bank debit shows as pending and then paid, and a manager refunds part of an order, which the customer's
 * e-mail says.
 */

type Fakes = {
  stripe: { method: string; origin: string; secretKey: string; webhookSecret: string };
  yookassa: { method: string; origin: string; shopId: string; secretKey: string };
};
type Placed = { id: string; number: number; secretToken: string };

test.describe.configure({ mode: 'serial' });

let fakes: Fakes;
let owner: APIRequestContext;
let locationId: string;
let variationId: string;
const paidByStripe: Placed[] = [];

test.beforeAll(async ({ baseURL }) => {
  fakes = JSON.parse(fs.readFileSync(path.join(serverDataDir(), 'payment-fakes.json'), 'utf8')) as Fakes;
  owner = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { 'x-shop-admin': '1', origin: baseURL! } });
  expect((await owner.post('/api/admin/session', { data: { email: DEMO_OWNER.email, password: DEMO_OWNER.password } })).status()).toBe(200);
  const methods = [
    { code: fakes.stripe.method, title: { en: 'Card (Stripe)', ru: 'Карта (Stripe)' }, provider: 'stripe' },
    { code: fakes.yookassa.method, title: { en: 'YooKassa', ru: 'ЮKassa' }, provider: 'yookassa' },
  ];
  for (const method of methods) {
    const created = await owner.post('/api/admin/payment-methods', { data: { ...method, kind: 'online', enabled: true } });
    expect(created.status(), await created.text()).toBe(201);
  }
  const list = (await (await owner.get('/api/admin/payment-methods')).json()) as { items: { code: string; version: number }[] };
  const version = (code: string) => list.items.find((m) => m.code === code)!.version;
  const settings = [
    [fakes.stripe.method, { secretKey: fakes.stripe.secretKey, webhookSecret: fakes.stripe.webhookSecret, testMode: true }],
    // the fake posts its notifications from this machine, so the owner lists its address instead of ЮKassa's ranges
    [
      fakes.yookassa.method,
      { shopId: fakes.yookassa.shopId, secretKey: fakes.yookassa.secretKey, testMode: true, notificationAddresses: ['127.0.0.1', '::1'] },
    ],
  ] as const;
  for (const [code, values] of settings) {
    const saved = await owner.put(`/api/admin/payment-methods/${code}/settings`, {
      data: { version: version(code), settings: values, currentPassword: DEMO_OWNER.password },
    });
    expect(saved.status(), await saved.text()).toBe(200);
  }
  const location = await owner.post('/api/admin/pickup-locations', {
    data: { code: 'pay-e2e', title: { en: 'Payments counter', ru: 'Касса' }, paymentMethodCodes: [], enabled: true },
  });
  expect(location.status(), await location.text()).toBe(201);
  locationId = ((await location.json()) as { id: string }).id;
});

test.afterAll(async () => {
  await owner?.dispose();
});

test.beforeEach(async ({ context, request }) => {
  await acceptCookies(context);
  const tee = await product(request, 'organic-cotton-tee');
  variationId = tee.variations.find((v) => v.inStock && v.price > 0)!.id;
});

/** An unpaid order of the method, placed through the API as the checkout places it. */
async function placeOrder(request: APIRequestContext, method: string): Promise<Placed> {
  const response = await request.post('/api/orders', {
    data: {
      items: [{ variationId, quantity: 2 }],
      customer: { name: 'Ann Lee', phone: '+1 212 555 0147', email: `payer-${Date.now()}@example.com` },
      delivery: { method: 'pickup', locationId },
      paymentMethod: method,
      agreement: true,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const placed = (await response.json()) as { id: string; number: number; secretToken: string };
  return placed;
}

/** The order's own page, where "Pay now" starts a new attempt at the provider. */
async function payNow(page: Page, placed: Placed, providerPage: RegExp): Promise<void> {
  await page.goto(`/payment?order=${placed.number}&token=${encodeURIComponent(placed.secretToken)}`);
  await page.getByRole('button', { name: 'Pay now' }).click();
  await page.waitForURL(providerPage);
}

test('a shopper pays through Stripe’s page and the order shows paid', async ({ page, request }) => {
  const placed = await placeOrder(request, fakes.stripe.method);
  await payNow(page, placed, new RegExp(`^${fakes.stripe.origin}/pay/cs_test_`));
  await expect(page.getByRole('heading', { name: 'Fake Stripe Checkout' })).toBeVisible();
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await page.waitForURL(/\/payment\?/);
  await expect(page.getByText('The payment has been received.')).toBeVisible();
  paidByStripe.push(placed);
});

test('a shopper pays through ЮKassa’s page and the order shows paid', async ({ page, request }) => {
  const placed = await placeOrder(request, fakes.yookassa.method);
  await payNow(page, placed, new RegExp(`^${fakes.yookassa.origin}/checkout/`));
  await page.getByRole('button', { name: 'Оплатить' }).click();
  await page.waitForURL(/\/payment\?/);
  await expect(page.getByText('The payment has been received.')).toBeVisible();
});

test('a bank debit shows as pending, then paid once it clears', async ({ page, request }) => {
  const placed = await placeOrder(request, fakes.stripe.method);
  await payNow(page, placed, new RegExp(`^${fakes.stripe.origin}/pay/`));
  const sessionId = new URL(page.url()).pathname.split('/').pop()!;
  await page.getByRole('button', { name: 'Pay by bank debit' }).click();
  await page.waitForURL(/\/payment\?/);
  await expect(page.getByText('We are waiting for the payment confirmation.', { exact: false })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText('Checking the payment…');
  expect((await request.post(`${fakes.stripe.origin}/__fake/sessions/${sessionId}/settle`)).status()).toBe(200);
  // the page keeps asking and shows the payment once Stripe's event arrived
  await expect(page.getByText('The payment has been received.')).toBeVisible({ timeout: 30_000 });
});

test('a manager refunds part of an order and the customer’s e-mail says so', async ({ browser }) => {
  const placed = paidByStripe[0]!;
  const page = await staffPage(browser, E2E_MANAGER, `/admin/orders/${placed.id}`);
  const payments = page.locator('section[aria-labelledby="order-payment"]');
  await expect(payments.getByText('Paid').first()).toBeVisible();
  await payments.getByRole('button', { name: 'Refund' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(/^Amount/).fill('5');
  await dialog.getByLabel(/^Reason/).fill('A button came off');
  await dialog.getByRole('button', { name: 'Refund' }).click();
  await expect(page.getByText('Refund made.')).toBeVisible();
  await expect(payments.getByRole('list', { name: 'Refunds' })).toContainText(/Refunded \$5(\.00)?(?!\d)/);
  await expect(payments.getByRole('list', { name: 'Refunds' })).toContainText('A button came off');
  await page.context().close();
  // the mail worker writes the refund e-mail as an .eml
  const subject = new RegExp(`Refund of \\$5(\\.00)? for order #${placed.number}`);
  await expect.poll(() => mailsMatching(subject).length, { timeout: 30_000 }).toBeGreaterThan(0);
  const [mail] = mailsMatching(subject);
  expect(mail).toMatch(new RegExp(`We have refunded \\$5(\\.00)? of your payment for order #${placed.number}\\.`));
});
