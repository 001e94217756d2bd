import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { freePort } from './instance-helpers';
import pg from 'pg';
import type { ProductDto } from '../../src/lib/api-client';

/**
 * Two instances of the built shop on one PostgreSQL database: an order placed through one instance
 * drops the cached product page on the other (LISTEN/NOTIFY). Runs when TEST_DATABASE_URL is set.
 */
const adminUrl = process.env.TEST_DATABASE_URL;
test.skip(!adminUrl, 'needs TEST_DATABASE_URL (PostgreSQL)');

async function waitUntilLive(base: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`instance stopped:\n${output()}`);
    try {
      if ((await fetch(`${base}/liveness`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${base} did not start:\n${output()}`);
}

/** The stock the buy box was rendered with for one variation (from the data its script reads). */
const stockOf = (html: string, variationId: string) => {
  const data = /<script type="application\/json" data-buy-box-data>(.*?)<\/script>/s.exec(html);
  if (!data) return undefined;
  const { product } = JSON.parse(data[1]!) as { product: ProductDto };
  return product.variations.find((v) => v.id === variationId)?.stock ?? undefined;
};

test('an order on one instance drops the cached product page on the other', async () => {
  test.setTimeout(240_000);
  const name = `shop_cache_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl!);
  url.pathname = `/${name}`;
  const children: ChildProcess[] = [];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-instances-'));
  try {
    const bases: string[] = [];
    for (let i = 0; i < 2; i++) {
      const port = await freePort();
      let output = '';
      const child = spawn(process.execPath, ['server.mjs'], {
        env: {
          ...process.env,
          NODE_ENV: 'production',
          PORT: String(port),
          HOST: '127.0.0.1',
          DATABASE_URL: url.toString(),
          DATA_DIR: dataDir,
          LOG_LEVEL: 'warn',
          PUBLIC_URL: `http://127.0.0.1:${port}`,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      children.push(child);
      bases.push(`http://127.0.0.1:${port}`);
      await waitUntilLive(bases[i]!, child, () => output);
    }
    const [first, second] = bases as [string, string];

    const product = (await (await fetch(`${first}/api/products/merino-crew-sweater`)).json()) as {
      slug: string;
      variations: { id: string; stock: number | null; price: number }[];
    };
    const variation = product.variations.find((v) => v.stock !== null && v.stock >= 2 && v.price > 0)!;
    const page = `${second}/products/${product.slug}`;
    await fetch(page).then((r) => r.text());
    const cached = await fetch(page);
    expect(cached.headers.get('x-astro-cache')).toBe('HIT');
    expect(stockOf(await cached.text(), variation.id)).toBe(variation.stock);

    const locations = (await (await fetch(`${first}/api/locations`)).json()) as { id: string }[];
    const placed = await fetch(`${first}/api/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        items: [{ variationId: variation.id, quantity: 1 }],
        customer: { name: 'Ann', phone: '+1 212 555 0147' },
        delivery: { method: 'pickup', locationId: locations[0]!.id },
        paymentMethod: 'cash',
        agreement: true,
      }),
    });
    expect(placed.status).toBe(201);

    // the notification travels through PostgreSQL: wait for it to arrive, never for a fixed time
    await expect.poll(async () => stockOf(await (await fetch(page)).text(), variation.id), { timeout: 10_000 }).toBe(variation.stock! - 1);
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await Promise.all(
      children.map((child) => new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve)))),
    );
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
