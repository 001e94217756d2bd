import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { freePort } from './instance-helpers';

/**
 * A real shop's first start: `npm run setup` on a fresh data directory, then the built server with SEED_ON_START=false.
 * The storefront shows the empty shop (never the demo) and the new owner signs in to the back office.
 */

let child: ChildProcess | undefined;
let base = '';
let password = '';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-empty-'));

test.beforeAll(async () => {
  test.setTimeout(180_000);
  // PGlite in its own data directory, whatever database the rest of the suite uses
  const { DATABASE_URL: _, ...inherited } = process.env;
  const env = { ...inherited, DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  const setup = (args: string[]) =>
    execFileSync('npx', ['tsx', 'scripts/setup.ts', ...args], { env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  const printed = setup(['--email', 'founder@clay.test', '--name', 'Ann', '--shop-name', 'Clay & Co', '--generate']);
  password = /Password \(shown only now\): (\S+)/.exec(printed)![1]!;
  // a second run refuses and says why
  expect(() => setup(['--email', 'other@clay.test', '--generate'])).toThrow(/already holds a shop/);

  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  let output = '';
  child = spawn(process.execPath, ['server.mjs'], {
    env: { ...env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: base, SEED_ON_START: 'false' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server stopped:\n${output}`);
    if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    if (
      await fetch(`${base}/liveness`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
});

test.afterAll(() => {
  child?.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test('the storefront of a new shop shows its name, not the demo, and no errors', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const home = await page.goto(`${base}/`);
  expect(home?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Clay & Co');
  await expect(page.getByText('Northfold')).toHaveCount(0);
  await expect(page.locator('.settings-alert')).toHaveCount(0);

  const missing = await page.goto(`${base}/no-such-page`);
  expect(missing?.status()).toBe(404);
  const config = await page.request.get(`${base}/api/config`);
  expect(config.status()).toBe(200);
  expect(((await config.json()) as { common: { sitename: string } }).common.sitename).toBe('Clay & Co');
  expect(errors).toEqual([]);
});

test('the first owner signs in to the back office with the printed password', async ({ page }) => {
  await page.goto(`${base}/admin/`);
  await page.getByLabel('E-mail').fill('founder@clay.test');
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.locator('.shell')).toBeVisible();
});
