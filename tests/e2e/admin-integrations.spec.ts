import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { serverDataDir } from './accounts-helpers';
import { DEMO_OWNER, staffPage } from './admin-helpers';
import { product, variationWithStock } from './shopping-helpers';

type Received = { headers: http.IncomingHttpHeaders; body: string };

/** A loopback receiver standing in for the owner's other system. */
async function startReceiver(): Promise<{ url: string; received: Received[]; close: () => Promise<void> }> {
  const received: Received[] = [];
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"received":true}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/shop-events`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

test('the owner adds a webhook and sees the delivery of a new order in its log; makes and revokes an API token', async ({
  browser,
  request,
}) => {
  const receiver = await startReceiver();
  try {
    const admin = await staffPage(browser, DEMO_OWNER, '/admin/integrations');
    await expect(admin.getByRole('heading', { name: 'Integrations', level: 1 })).toBeVisible();

    await admin.getByRole('button', { name: 'Add endpoint' }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByLabel('Address (https)').fill(receiver.url);
    await dialog.getByLabel('Description').fill('Warehouse system');
    await expect(dialog.getByLabel('Order created')).toBeChecked();
    await dialog.getByRole('button', { name: 'Save' }).click();
    const secretDialog = admin.getByRole('dialog', { name: 'Signing secret' });
    const secret = (await secretDialog.getByTestId('shown-once').textContent())!.trim();
    expect(secret).toMatch(/^whsec_/);
    await secretDialog.getByRole('button', { name: 'Done' }).click();
    await expect(admin.getByRole('row', { name: /Warehouse system/ })).toBeVisible();

    const sweater = await product(request, 'merino-crew-sweater');
    const variation = variationWithStock(sweater, 2, 1_000_000);
    const locations = (await (await request.get('/api/locations')).json()) as { id: string }[];
    const placed = await request.post('/api/orders', {
      data: {
        items: [{ variationId: variation.id, quantity: 1 }],
        customer: { name: 'Wendy Webhook', phone: '+1 212 555 0147' },
        delivery: { method: 'pickup', locationId: locations[0]!.id },
        paymentMethod: 'cash',
        agreement: true,
      },
    });
    expect(placed.status(), await placed.text()).toBe(201);
    const order = (await placed.json()) as { id: string; number: number };

    // the worker delivers it within a few seconds; the log shows it once refreshed
    const log = admin.getByRole('region', { name: 'Delivery log' });
    await expect(async () => {
      await log.getByRole('button', { name: '↻' }).click();
      await expect(log.locator('tr[data-event="order.created"][data-status="delivered"]')).toHaveCount(1, { timeout: 1000 });
    }).toPass({ timeout: 60_000 });
    await expect(log.locator('tr[data-event="order.created"]')).toContainText('200');

    // what the receiver got verifies with the secret shown once, by the README's recipe
    const delivery = receiver.received.find((r) => JSON.parse(r.body).data?.id === order.id)!;
    const parts = Object.fromEntries(
      String(delivery.headers['shop-signature'])
        .split(',')
        .map((kv) => kv.split('=')),
    );
    expect(createHmac('sha256', secret).update(`${parts.t}.${delivery.body}`).digest('hex')).toBe(parts.v1);

    // an API token: asked for the password, shown once, then revoked
    await admin.getByRole('button', { name: 'New token' }).click();
    const tokenDialog = admin.getByRole('dialog', { name: 'New API token' });
    await tokenDialog.getByLabel('Name').fill('Accounting export');
    await tokenDialog.getByLabel('Your password').fill(DEMO_OWNER.password);
    await tokenDialog.getByRole('button', { name: 'New token' }).click();
    const shown = admin.getByRole('dialog', { name: 'Your new token' });
    const token = (await shown.getByTestId('shown-once').textContent())!.trim();
    await shown.getByRole('button', { name: 'Done' }).click();
    const bearer = { authorization: `Bearer ${token}` };
    expect((await request.get('/api/admin/orders', { headers: bearer })).status()).toBe(200);
    expect((await request.get('/api/admin/staff', { headers: bearer })).status()).toBe(403);

    const row = admin.getByRole('row', { name: /Accounting export/ });
    await row.getByRole('button', { name: 'Revoke' }).click();
    await admin
      .getByRole('dialog', { name: /Revoke token/ })
      .getByRole('button', { name: 'Revoke' })
      .click();
    await expect(row.getByText('Revoked')).toBeVisible();
    expect((await request.get('/api/admin/orders', { headers: bearer })).status()).toBe(401);
    await admin.context().close();
  } finally {
    await receiver.close();
  }
});

/** What the Bot API's fake beside the server received (tests/e2e/payment-fakes-server.ts). */
function telegramMessages(): { botToken: string; chatId: string | number; text: string }[] {
  const file = path.join(serverDataDir(), 'telegram-messages.jsonl');
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
}

test('the owner switches Telegram alerts on: a test message, then a new order arrive in the chat', async ({ browser, request }) => {
  const admin = await staffPage(browser, DEMO_OWNER, '/admin/integrations');
  const telegram = admin.locator('section[aria-labelledby="telegram-title"]');
  await expect(telegram.getByRole('heading', { name: 'Telegram alerts' })).toBeVisible();
  await telegram.getByLabel('Bot token').fill('123456:journey-bot-token');
  await telegram.getByLabel('Chat id (a number, or @channel)').fill('-1001234567');
  await telegram.getByLabel('Send alerts').check();
  await telegram.getByRole('button', { name: 'Save' }).click();
  await expect(admin.getByText('Telegram alerts saved')).toBeVisible();
  // the token is kept by the server, never shown again
  await expect(telegram.getByLabel('Bot token')).toHaveValue('');

  await telegram.getByRole('button', { name: 'Send test message' }).click();
  await expect
    .poll(() => telegramMessages().filter((m) => m.text.startsWith('Test message from the shop')), { timeout: 60_000 })
    .toHaveLength(1);

  const sweater = await product(request, 'merino-crew-sweater');
  const variation = variationWithStock(sweater, 1, 1_000_000);
  const locations = (await (await request.get('/api/locations')).json()) as { id: string }[];
  const placed = await request.post('/api/orders', {
    data: {
      items: [{ variationId: variation.id, quantity: 1 }],
      customer: { name: 'Tanya Telegram', phone: '+1 212 555 0148' },
      delivery: { method: 'pickup', locationId: locations[0]!.id },
      paymentMethod: 'cash',
      agreement: true,
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const order = (await placed.json()) as { number: number };
  await expect
    .poll(() => telegramMessages().filter((m) => m.text.startsWith(`New order #${order.number}:`)), { timeout: 60_000 })
    .toHaveLength(1);
  const alert = telegramMessages().find((m) => m.text.startsWith(`New order #${order.number}:`))!;
  expect(alert.botToken).toBe('123456:journey-bot-token');
  expect(String(alert.chatId)).toBe('-1001234567');
  expect(alert.text).toContain('Tanya Telegram');
  await admin.close();
});
