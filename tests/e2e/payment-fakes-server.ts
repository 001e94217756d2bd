// The end-to-end server with the payment providers' loopback fakes beside it: starts a fake Stripe and a fake ЮKassa
// (each with its hosted payment page), points the shop at them (STRIPE_API_URL, YOOKASSA_API_URL), tells them where
// the shop's notifications go, writes their credentials to DATA_DIR/payment-fakes.json for the journeys, then runs
// the production server until it is stopped.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
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
fs.writeFileSync(
  path.join(dataDir, 'payment-fakes.json'),
  JSON.stringify({
    stripe: { method: E2E_PAYMENT_METHODS.stripe, origin: stripe.origin, secretKey: stripe.secretKey, webhookSecret: stripe.webhookSecret },
    yookassa: { method: E2E_PAYMENT_METHODS.yookassa, origin: yookassa.origin, shopId: yookassa.shopId, secretKey: yookassa.secretKey },
  }),
);

const server = spawn(process.execPath, ['server.mjs'], {
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: 'production', STRIPE_API_URL: stripe.origin, YOOKASSA_API_URL: yookassa.apiUrl },
});
const stop = () => server.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
server.on('exit', async (code) => {
  await stripe.close();
  await yookassa.close();
  process.exit(code ?? 0);
});
