// The end-to-end server with the payment providers' loopback fakes beside it: starts a fake Stripe and a fake ЮKassa
// (each with its hosted payment page), points the shop at them (STRIPE_API_URL, YOOKASSA_API_URL), tells them where
// the shop's notifications go, writes their credentials to DATA_DIR/payment-fakes.json for the journeys, then runs
// the production server until it is stopped. A fake of Telegram's Bot API (TELEGRAM_API_URL) writes each message
// the shop sends to DATA_DIR/telegram-messages.jsonl for the Telegram journey.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { json, startFakeServer } from '../fakes/fake-http';
import { startFakeStripe } from '../fakes/fake-stripe';
import { startFakeYookassa } from '../fakes/fake-yookassa';

const E2E_PAYMENT_METHODS = { stripe: 'stripe-e2e', yookassa: 'yookassa-e2e' } as const;

const dataDir = process.env.DATA_DIR!;
const publicUrl = process.env.PUBLIC_URL!;
const stripe = await startFakeStripe();
const yookassa = await startFakeYookassa();
stripe.setWebhook(`${publicUrl}/api/payment/notification/stripe/${E2E_PAYMENT_METHODS.stripe}`);
yookassa.setNotifications(`${publicUrl}/api/payment/notification/yookassa/${E2E_PAYMENT_METHODS.yookassa}`);
fs.mkdirSync(dataDir, { recursive: true });
let telegramMessages = 0;
const telegram = await startFakeServer(async (request) => {
  const match = /^\/bot([^/]+)\/sendMessage$/.exec(request.url.pathname);
  if (request.method !== 'POST' || !match) return json(404, { ok: false, error_code: 404, description: 'Not Found' });
  const message = JSON.parse(request.body) as { chat_id?: unknown; text?: unknown };
  fs.appendFileSync(
    path.join(dataDir, 'telegram-messages.jsonl'),
    `${JSON.stringify({ botToken: match[1], chatId: message.chat_id, text: message.text })}\n`,
  );
  telegramMessages += 1;
  return json(200, { ok: true, result: { message_id: telegramMessages } });
});
fs.writeFileSync(
  path.join(dataDir, 'payment-fakes.json'),
  JSON.stringify({
    stripe: { method: E2E_PAYMENT_METHODS.stripe, origin: stripe.origin, secretKey: stripe.secretKey, webhookSecret: stripe.webhookSecret },
    yookassa: { method: E2E_PAYMENT_METHODS.yookassa, origin: yookassa.origin, shopId: yookassa.shopId, secretKey: yookassa.secretKey },
  }),
);

const server = spawn(process.execPath, ['server.mjs'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'production',
    STRIPE_API_URL: stripe.origin,
    YOOKASSA_API_URL: yookassa.apiUrl,
    TELEGRAM_API_URL: telegram.origin,
  },
});
const stop = () => server.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
server.on('exit', async (code) => {
  await stripe.close();
  await yookassa.close();
  await telegram.close();
  process.exit(code ?? 0);
});
