import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 4399);
const E2E_RATE_LIMITS = [
  'lead',
  'review',
  'comment',
  'registration',
  'passwordResetRequest',
  'orderPerAddress',
  'orderPerContact',
  'signIn',
  'previewRender',
  'searchSuggest',
]
  .map((name) => `${name}=10000/60`)
  .join(',');
// set in the environment so the test workers (other processes) find the server's data, e-mails included
const dataDir = (process.env.E2E_DATA_DIR ??= `/tmp/shop-e2e-${process.pid}`);

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  timeout: 60_000,
  workers: 1,
  // a journey that fails once on a loaded CI machine is retried once; a real failure fails twice
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    // the back office journeys need a manager besides the seeded owner: added to the fresh database first;
    // the payment journeys' fake providers run beside the server (tests/e2e/payment-fakes-server.ts starts it)
    command: `rm -rf ${dataDir} && npx tsx tests/e2e/admin-staff-setup.ts && npx tsx tests/e2e/payment-fakes-server.ts`,
    url: `http://127.0.0.1:${port}/liveness`,
    // a busy machine seeds the demo shop slowly: E2E_SERVER_TIMEOUT_MS gives the server longer to come up
    timeout: Number(process.env.E2E_SERVER_TIMEOUT_MS ?? 120_000),
    reuseExistingServer: false,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      // every journey comes from 127.0.0.1: the limits stay on, high enough for the whole suite
      RATE_LIMITS: E2E_RATE_LIMITS,
      // one browser's journeys never overload the server; a busy CI machine may still make a render wait its turn
      RENDER_QUEUE_WAIT_MS: '30000',
      // the journeys count the orders they place themselves; the demo's past orders stay out of their shop
      SEED_DEMO_ORDERS: 'false',
      // a page's in-process answers are frozen and checked to be JSON-like (src/server/api/core/handed-answers.ts)
      SHOP_CHECK_ANSWERS: '1',
      // checkout reminders' minutes last a second: the recovery journey gets its reminder in seconds
      RECOVERY_MINUTE_MS: '1000',
      // the webhook journey's receiver listens on this machine
      WEBHOOKS_ALLOW_PRIVATE: 'true',
    },
  },
});
