/**
 * npm run load: a sustained mixed load on the built server, counting errors.
 *
 * Starts the production server `node server.mjs` (run `npm run build` first) on a free loopback port with a temporary
 * data directory and the seeded demo shop (on PostgreSQL when DATABASE_URL is set, else PGlite), then for
 * LOAD_SECONDS (60) keeps LOAD_PAGE_CONNECTIONS (16) connections reading catalog and product pages and
 * LOAD_ORDER_CONNECTIONS (4) placing cash orders of one item, and prints requests, rate, latency percentiles
 * and errors. An error is a 5xx or no answer; an order refused with 400 (a variation sold out) is an expected answer, and its
 * message is printed.
 * Rate limits are raised for the run: every request comes from one address.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, start, stopChildren, waitFor } from './lib/server-process';

const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const PAGE_CONNECTIONS = Number(process.env.LOAD_PAGE_CONNECTIONS ?? 16);
const ORDER_CONNECTIONS = Number(process.env.LOAD_ORDER_CONNECTIONS ?? 4);
const ENTRY = process.env.LOAD_ENTRY ?? 'server.mjs';
const RATE_LIMITS = ['orderPerAddress', 'orderPerContact'].map((name) => `${name}=1000000/60`).join(',');

type MenuItem = { url: string; type: string; children: MenuItem[] };
type Tally = {
  count: number;
  errors: number;
  refused: number;
  latencies: number[];
  statuses: Map<number | string, number>;
  reasons: Set<string>;
};

const flatten = (items: MenuItem[]): MenuItem[] => items.flatMap((item) => [item, ...flatten(item.children)]);
const tally = (): Tally => ({ count: 0, errors: 0, refused: 0, latencies: [], statuses: new Map(), reasons: new Set() });

async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return (await response.json()) as T;
}

/** Catalog and product pages of the menus' catalogs, and the orderable variations of those products. */
async function discover(base: string) {
  const menus = await getJson<Record<string, MenuItem[]>>(`${base}/api/menus/batch`);
  const catalogs = [
    ...new Set(
      Object.values(menus)
        .flatMap(flatten)
        .filter((l) => l.type === 'catalog')
        .map((l) => l.url),
    ),
  ];
  const productSlugs = new Set<string>();
  for (const catalog of catalogs) {
    const listing = await getJson<{ sections: { type: string; items: { slug: string }[] }[] }>(
      `${base}/api/catalogs/v3/${catalog.replace('/catalogs/', '')}`,
    );
    for (const item of listing.sections.find((s) => s.type === 'SectionProductList')?.items ?? []) productSlugs.add(item.slug);
  }
  const variationIds: string[] = [];
  for (const slug of productSlugs) {
    const product = await getJson<{ variations: { id: string; price: number }[] }>(`${base}/api/products/${slug}`);
    variationIds.push(...product.variations.filter((v) => v.price > 0).map((v) => v.id));
  }
  const [location] = await getJson<{ id: string; code: string }[]>(`${base}/api/locations`);
  if (!location) throw new Error('The demo shop has no pickup location');
  const methods = await getJson<Record<string, { kind: string }>>(
    `${base}/api/configs/payments-available-methods-by-location?code=${location.code}`,
  );
  const cash = Object.entries(methods).find(([, m]) => m.kind === 'cash')?.[0];
  if (!cash) throw new Error(`No cash payment method at ${location.code}`);
  return { pages: [...catalogs, ...[...productSlugs].map((slug) => `/products/${slug}`)], variationIds, locationId: location.id, cash };
}

async function timed(t: Tally, send: () => Promise<Response>, refused: (status: number) => boolean) {
  const started = performance.now();
  let key: number | string;
  try {
    const response = await send();
    const text = await response.text();
    key = response.status;
    if (response.status >= 500) t.errors += 1;
    else if (refused(response.status)) {
      t.refused += 1;
      t.reasons.add(String((JSON.parse(text) as { message?: unknown }).message));
    }
  } catch (error) {
    key = error instanceof Error ? error.message : 'no answer';
    t.errors += 1;
  }
  t.latencies.push(performance.now() - started);
  t.statuses.set(key, (t.statuses.get(key) ?? 0) + 1);
  t.count += 1;
}

function report(name: string, t: Tally) {
  const sorted = [...t.latencies].sort((a, b) => a - b);
  const at = (q: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!.toFixed(0) : '-');
  const statuses = [...t.statuses].map(([k, n]) => `${k}×${n}`).join(' ');
  console.log(
    `${name.padEnd(7)} ${String(t.count).padStart(7)} requests  ${(t.count / SECONDS).toFixed(1).padStart(7)}/s  p50 ${at(0.5)} ms  p95 ${at(0.95)} ms  p99 ${at(0.99)} ms  errors ${t.errors}  (${statuses})`,
  );
}

async function main() {
  if (!fs.existsSync('dist/server/entry.mjs')) throw new Error('dist/server/entry.mjs is missing: run "npm run build" first');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-load-'));
  try {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const shop = start(process.execPath, [ENTRY], {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      PUBLIC_URL: base,
      RATE_LIMITS,
    });
    console.log(`Starting ${ENTRY} on ${base} (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}; the demo shop is seeded first)…`);
    await waitFor(`${base}/liveness`, shop.child, shop.output);
    const shopData = await discover(base);
    console.log(
      `${SECONDS} s: ${PAGE_CONNECTIONS} connections on ${shopData.pages.length} catalog and product pages, ${ORDER_CONNECTIONS} placing orders over ${shopData.variationIds.length} variations…`,
    );

    const pages = tally();
    const orders = tally();
    const until = Date.now() + SECONDS * 1000;
    let sequence = 0;
    const pageLoop = async () => {
      while (Date.now() < until)
        await timed(
          pages,
          () => fetch(`${base}${shopData.pages[((sequence += 1)) % shopData.pages.length]}`),
          () => false,
        );
    };
    const orderLoop = async () => {
      while (Date.now() < until) {
        const n = (sequence += 1);
        const body = {
          items: [{ variationId: shopData.variationIds[n % shopData.variationIds.length], quantity: 1 }],
          customer: {
            name: 'Load',
            lastName: 'Test',
            phone: `+7 999 ${String(1_000_000 + (n % 8_999_999)).slice(-7)}`,
            email: `load${n}@example.com`,
          },
          delivery: { method: 'pickup', locationId: shopData.locationId },
          paymentMethod: shopData.cash,
          agreement: true,
        };
        await timed(
          orders,
          () =>
            fetch(`${base}/api/orders`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
          (status) => status === 400,
        );
      }
    };
    await Promise.all([...Array.from({ length: PAGE_CONNECTIONS }, pageLoop), ...Array.from({ length: ORDER_CONNECTIONS }, orderLoop)]);
    console.log('');
    report('pages', pages);
    report('orders', orders);
    const errors = pages.errors + orders.errors;
    console.log(
      `\n${errors === 0 ? 'No errors.' : `${errors} errors.`} Orders refused (400): ${orders.refused}${orders.reasons.size ? ` (${[...orders.reasons].join('; ')})` : ''}.`,
    );
    process.exitCode = errors === 0 ? 0 : 1;
  } finally {
    stopChildren();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  stopChildren();
  process.exit(1);
});
