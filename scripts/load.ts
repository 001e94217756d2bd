/**
 * A load test against a running shop: for LOAD_SECONDS (60) it keeps LOAD_CONCURRENCY (16) loops reading catalog
 * and product pages and LOAD_ORDER_CONCURRENCY (2) loops placing cash orders for pickup, then prints requests,
 * rates, latency percentiles and every error (a non-2xx answer or a failed request).
 *
 *   RATE_LIMITS=off PORT=4321 npm run serve &      # one client address: switch the limits off for this run
 *   LOAD_URL=http://127.0.0.1:4321 npx tsx scripts/load.ts
 *
 * Orders use variations with unlimited stock (or the most stock), so that stock running out is not counted.
 */
export {};

const BASE = (process.env.LOAD_URL ?? 'http://127.0.0.1:4321').replace(/\/$/, '');
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const CONCURRENCY = Number(process.env.LOAD_CONCURRENCY ?? 16);
const ORDER_CONCURRENCY = Number(process.env.LOAD_ORDER_CONCURRENCY ?? 2);

type Stats = { count: number; errors: Map<string, number>; latencies: number[] };
const stats = (): Stats => ({ count: 0, errors: new Map(), latencies: [] });

async function json<T>(path: string): Promise<T> {
  const response = await fetch(`${BASE}${path}`);
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return (await response.json()) as T;
}

async function timed(into: Stats, request: () => Promise<Response>, expected: (status: number) => boolean): Promise<void> {
  const started = performance.now();
  try {
    const response = await request();
    await response.arrayBuffer();
    if (!expected(response.status)) {
      const key = `HTTP ${response.status}`;
      into.errors.set(key, (into.errors.get(key) ?? 0) + 1);
    }
  } catch (error) {
    const key = error instanceof Error ? error.message : String(error);
    into.errors.set(key, (into.errors.get(key) ?? 0) + 1);
  }
  into.count++;
  into.latencies.push(performance.now() - started);
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

function report(name: string, s: Stats) {
  const errors = [...s.errors.values()].reduce((a, b) => a + b, 0);
  console.log(
    `${name.padEnd(8)} ${String(s.count).padStart(7)} requests  ${(s.count / SECONDS).toFixed(1).padStart(7)}/s  ` +
      `p50 ${percentile(s.latencies, 50).toFixed(0)} ms  p95 ${percentile(s.latencies, 95).toFixed(0)} ms  p99 ${percentile(s.latencies, 99).toFixed(0)} ms  errors ${errors}`,
  );
  for (const [key, n] of s.errors) console.log(`         ${n} × ${key}`);
  return errors;
}

type Product = { slug: string; variations: { id: string; stock: number | null; price: number }[] };

const catalogs = (process.env.LOAD_CATALOGS ?? 'clothing,shoes').split(',').filter(Boolean);
const catalogPaths = catalogs.map((slug) => `/catalogs/${slug}`);
const listed = await Promise.all(
  catalogs.map(async (slug) => {
    const { id } = await json<{ id: string }>(`/api/catalogs/v3/${slug}`);
    return json<{ slug?: string }[]>(`/api/catalogs/${id}/products?limit=50`);
  }),
);
const slugs = [...new Set(listed.flat().map((item) => item.slug).filter((s): s is string => !!s))];
if (slugs.length === 0) slugs.push('linen-shirt');
const productPaths = slugs.map((slug) => `/products/${slug}`);
const products = await Promise.all(slugs.map((slug) => json<Product>(`/api/products/${slug}`).catch(() => null)));
const orderable = products
  .flatMap((product) => product?.variations ?? [])
  .filter((v) => v.price > 0)
  .sort((a, b) => (b.stock ?? Infinity) - (a.stock ?? Infinity));
const [pickup] = await json<{ id: string }[]>('/api/locations');
if (!orderable[0] || !pickup) throw new Error('no orderable variation or pickup location');
const variationId = orderable[0].id;

console.log(`${BASE}: ${SECONDS} s, ${CONCURRENCY} page loops over ${catalogPaths.length} catalogs and ${productPaths.length} products, ${ORDER_CONCURRENCY} order loops`);
const pages = stats();
const orders = stats();
const until = Date.now() + SECONDS * 1000;
const paths = [...catalogPaths, ...productPaths];
let next = 0;
let phone = 1_000_000;

await Promise.all([
  ...Array.from({ length: CONCURRENCY }, async () => {
    while (Date.now() < until) {
      const path = paths[next++ % paths.length]!;
      await timed(pages, () => fetch(`${BASE}${path}`, { headers: { 'accept-encoding': 'br, gzip' } }), (status) => status === 200);
    }
  }),
  ...Array.from({ length: ORDER_CONCURRENCY }, async () => {
    while (Date.now() < until) {
      const body = {
        items: [{ variationId, quantity: 1 }],
        customer: { name: 'Load Test', phone: `+1 212 55${String(phone++).slice(-5)}` },
        delivery: { method: 'pickup', locationId: pickup.id },
        paymentMethod: 'cash',
        agreement: true,
      };
      await timed(
        orders,
        () => fetch(`${BASE}/api/orders`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
        (status) => status === 201,
      );
    }
  }),
]);

const failed = report('pages', pages) + report('orders', orders);
process.exitCode = failed === 0 ? 0 : 1;
