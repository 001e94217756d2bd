/**
 * npm run bench:admin: the back office's speed on a large shop, through the admin API the screens call.
 *
 * The shop: on PostgreSQL (BENCH_ADMIN_DATABASE_URL, else the database `bench_admin` on the server of
 * TEST_DATABASE_URL, else postgres@127.0.0.1) the demo shop with 100,000 generated products (600,000 variations),
 * 50,000 customers and 200,000 orders, generated on the first run and kept (the same as
 * `DATABASE_URL=… npm run db:seed -- --products 100000 --customers 50000 --orders 200000`); on PGlite (a temporary
 * directory) a tenth of that: 10,000 products, 5,000 customers, 20,000 orders.
 *
 * It prints, against each goal:
 *   - every list, search, sort and filter of the back office's screens, the first page and page 1,000: p95 < 100 ms;
 *   - the dashboard: p95 < 200 ms;
 *   - the sales reports of the last 30 days (by day), 90 days (by week) and a year (by month and by day): p95 < 200 ms;
 *   - the products CSV export (one row per variation): rows/s (goal ≥ 20,000) and the process's memory growth;
 *   - a bulk price change (+10 %) on the ~11,000 products matching "Generated product 1" (PGlite: ~1,100), as the
 *     job runs it: < 10 s for 10,000 products (then changed back by -1/11, untimed);
 *   - an import dry run of the export's first 100,000 rows as a job (uploaded, then run by the worker batch by batch):
 *     rows/s, and the time 100,000 rows take at that rate (goal < 60 s);
 * and the EXPLAIN plan of every statement each list runs. The plan check fails the bench (exit code 1) on a
 * sequential scan of a big table (50,000 rows or more).
 *
 * Options (environment): BENCH_ONLY (pglite or postgres), BENCH_RUNS (timed requests per case, 20), BENCH_LISTS (only:
 * the lists and the dashboard alone; skip: all but them), BENCH_CASES (a pattern: only the lists whose names match it,
 * e.g. `reports`), BENCH_IMPORT_ROWS (100,000),
 * BENCH_PLANS (false: no plans printed, still checked), BENCH_ADMIN_DATABASE_URL.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { createStaff } from '../src/server/api/admin/staff';
import { claimJob, runJobBatch } from '../src/server/api/admin/jobs/job-runner';
import { jobKinds } from '../src/server/api/admin/jobs/job-kinds';
import { readConfig } from '../src/server/config';
import { runMigrations, type Database, type DatabaseHandle } from '../src/server/db/client';
import * as schema from '../src/server/db/schema';
import { createLogger } from '../src/server/logger';
import { createMedia, settleMediaLocation } from '../src/server/media/media';
import { createRuntime, type Runtime } from '../src/server/runtime';
import { seedDemoShop } from '../src/server/seed';
import { generateOrders } from '../src/server/seed/generated-orders';
import { generateProducts } from '../src/server/seed/generated-products';

const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const PRINT_PLANS = process.env.BENCH_PLANS !== 'false';
/** BENCH_LISTS=only: the lists and the dashboard alone; skip: all but them */
const LISTS = process.env.BENCH_LISTS;
const LISTS_ONLY = LISTS === 'only';
/** rows of the import dry run */
const IMPORT_ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
/** BENCH_CASES: a pattern; only the lists whose names match it run (`BENCH_CASES=reports`) */
const CASES = process.env.BENCH_CASES ? new RegExp(process.env.BENCH_CASES, 'i') : null;
const GOALS = { listP95: 100, dashboardP95: 200, reportP95: 200, exportRowsPerSecond: 20_000, bulkSeconds: 10, importSeconds: 60 };
/** A table holding at least this many rows is big: a sequential scan of it fails the plan check. */
const BIG_TABLE_ROWS = 50_000;
const LONG_MS = 30 * 60 * 1000;
const WRITE_HEADERS = { 'x-shop-admin': '1', origin: 'http://localhost:4321' };

type Target = { kind: 'pglite' | 'postgres'; url?: string; products: number; customers: number; orders: number };
type Captured = { query: string; params: unknown[] };

function postgresUrl(): string {
  if (process.env.BENCH_ADMIN_DATABASE_URL) return process.env.BENCH_ADMIN_DATABASE_URL;
  const url = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  url.pathname = '/bench_admin';
  return url.toString();
}

async function ensurePostgresDatabase(url: string) {
  const admin = new URL(url);
  const name = admin.pathname.slice(1);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  const exists = await client.query('select 1 from pg_database where datname = $1', [name]);
  if (exists.rowCount === 0) await client.query(`create database "${name.replace(/"/g, '""')}"`);
  await client.end();
}

/** A database handle whose statements are recorded (with their parameters) while `capturing` is on. */
async function openBenchDatabase(target: Target, dataDir: string) {
  const state = { capturing: false, captured: [] as Captured[] };
  const logger = {
    logQuery(query: string, params: unknown[]) {
      if (state.capturing) state.captured.push({ query, params });
    },
  };
  let handle: DatabaseHandle;
  let explain: (query: string, params: unknown[]) => Promise<string>;
  if (target.kind === 'postgres') {
    await ensurePostgresDatabase(target.url!);
    const pool = new pg.Pool({ connectionString: target.url, max: 10, statement_timeout: LONG_MS });
    const db = drizzleNodePg({ client: pool, schema, logger }) as unknown as Database;
    handle = { db, kind: 'postgres', close: () => pool.end() };
    explain = async (query, params) => {
      const result = await pool.query(`explain ${query}`, params as unknown[]);
      return result.rows.map((row) => row['QUERY PLAN']).join('\n');
    };
  } else {
    const client = new PGlite(path.join(dataDir, 'pglite'), { extensions: { pg_trgm } });
    await client.waitReady;
    const db = drizzlePglite({ client, schema, logger }) as unknown as Database;
    handle = { db, kind: 'pglite', close: () => client.close() };
    explain = async (query, params) => {
      const result = await client.query<Record<string, string>>(`explain ${query}`, params as unknown[]);
      return result.rows.map((row) => row['QUERY PLAN']).join('\n');
    };
  }
  return { handle, state, explain };
}

const p95 = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)]!;
};
const ms = (value: number) => `${value.toFixed(1)} ms`;
const pass = (ok: boolean) => (ok ? 'ok' : 'MISSED');

/** `wholeTables`: big tables the case reads most of, where a sequential scan is the right plan */
type Case = { name: string; path: string; goal: number; wholeTables?: string[] };

/** The lists, searches, sorts and filters the back office's screens ask for; `deep` adds page 1,000 of each sort. */
function cases(ids: { catalogId: string; productId: string; orderNumber: number }): Case[] {
  const list: Case[] = [];
  const add = (name: string, p: string, goal = GOALS.listP95, wholeTables?: string[]) => list.push({ name, path: p, goal, wholeTables });
  const sorts = (screen: string, base: string, fields: string[]) => {
    for (const field of fields)
      for (const sort of [field, `-${field}`])
        for (const page of [1, 1000]) add(`${screen} sort=${sort} page ${page}`, `${base}?sort=${sort}&page=${page}`);
  };
  sorts('products', '/products', ['title', 'priceCents', 'createdAt', 'updatedAt']);
  add('products enabled=true page 1,000', '/products?enabled=true&page=1000');
  add('products enabled=false', '/products?enabled=false');
  add(`products in a catalog`, `/products?catalogId=${ids.catalogId}`);
  add(`products in a catalog page 1,000`, `/products?catalogId=${ids.catalogId}&page=1000&sort=-priceCents`);
  add('products search "linen" (a fifth of them)', '/products?q=linen');
  add('products search "linen" page 100', '/products?q=linen&page=100');
  add('products search "generated product 4711"', '/products?q=generated%20product%204711');
  add('products search SKU "GEN-4711-"', '/products?q=GEN-4711-');
  add('products search with no match', '/products?q=zzqqxx');
  add('product choices (pickers) "wool"', '/product-choices?q=wool');
  sorts('orders', '/orders', ['createdAt', 'number', 'totalCents', 'status']);
  add('orders status=shipped', '/orders?status=shipped');
  add('orders status=shipped page 1,000', '/orders?status=shipped&page=1000');
  add('orders paid, pickup', '/orders?paymentStatus=completed&deliveryMethod=pickup');
  add('orders of last month', `/orders?from=${new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10)}`);
  add('orders unpaid', '/orders?unpaid=true');
  add('orders awaiting a delivery price', '/orders?awaitingPrice=true');
  add('orders search by number', `/orders?q=${ids.orderNumber}`);
  add('orders search by name "Galina Petrov"', '/orders?q=Galina%20Petrov');
  add('orders search by e-mail', '/orders?q=buyer4711@mail');
  add('orders search by phone digits', '/orders?q=555%200004711');
  add('orders search with no match', '/orders?q=zzqqxx');
  sorts('customers', '/customers', ['createdAt', 'email', 'ordersCount', 'totalSpentCents']);
  add('customers search by name', '/customers?q=Irina');
  add('customers search by e-mail', '/customers?q=buyer4711@');
  add('customers search by phone', '/customers?q=5550004711');
  add('customers tag=wholesale', '/customers?tag=wholesale');
  add('customers registered', '/customers?registered=true');
  add('customers spent at least 1,000.00', '/customers?minSpent=100000');
  for (const [screen, base, fields] of [
    ['reviews', '/reviews', ['createdAt', 'rating']],
    ['leads', '/leads', ['createdAt']],
    ['articles', '/articles', ['publishedAt', 'title', 'updatedAt']],
    ['audit log', '/audit', ['createdAt']],
  ] as const)
    for (const field of fields) for (const sort of [field, `-${field}`]) add(`${screen} sort=${sort}`, `${base}?sort=${sort}`);
  add('reviews of a product', `/reviews?productId=${ids.productId}`);
  add('reviews search', '/reviews?q=good');
  add('media', '/media');
  add('media search', '/media?q=shirt');
  add('audit log of products', '/audit?entityType=product');
  add('dashboard', '/dashboard', GOALS.dashboardP95);
  // the sales reports, each with its previous period and top lists, read from the daily roll-ups
  const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
  add('reports last 30 days by day', `/reports?from=${day(29)}&to=${day(0)}&by=day`, GOALS.reportP95);
  add('reports last 90 days by week', `/reports?from=${day(89)}&to=${day(0)}&by=week`, GOALS.reportP95);
  // a year and the year before it are all the roll-ups of the two-year shop
  const rollups = ['report_day_customers', 'report_day_ranks'];
  add('reports last 365 days by month', `/reports?from=${day(364)}&to=${day(0)}&by=month`, GOALS.reportP95, rollups);
  add('reports last 365 days by day', `/reports?from=${day(364)}&to=${day(0)}&by=day`, GOALS.reportP95, rollups);
  return CASES ? list.filter((item) => CASES.test(item.name)) : list;
}

type Result = { name: string; p95: number; goal: number; bigScans: string[] };

async function benchTarget(target: Target): Promise<{ results: Result[]; failures: string[] }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-admin-'));
  const failures: string[] = [];
  console.log(
    `\n=== ${target.kind}: ${target.products.toLocaleString('en')} products, ${target.customers.toLocaleString('en')} customers, ${target.orders.toLocaleString('en')} orders; ${os.cpus().length} cores, 1-minute load average ${os.loadavg()[0]!.toFixed(1)}`,
  );
  const { handle, state, explain } = await openBenchDatabase(target, dataDir);
  const config = readConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PASSWORD_HASH_COST: '1024',
    MAIL_WORKER: 'false',
    JOB_WORKER: 'false',
    RATE_LIMITS: 'off',
    ...(target.kind === 'postgres' ? { DATABASE_URL: target.url! } : {}),
  });
  const logger = createLogger('silent');
  await runMigrations(handle, config.migrationsDir);
  const startedAt = Date.now();
  const media = createMedia(config, handle.db, handle.kind, logger);
  await settleMediaLocation(media, config.mediaStore, logger);
  await seedDemoShop(handle.db, { media });
  await media.close();
  const addedProducts = await generateProducts(handle.db, target.products);
  const added = await generateOrders(handle.db, { customers: target.customers, orders: target.orders });
  if (addedProducts || added.customers || added.orders)
    console.log(
      `generated ${addedProducts} products, ${added.customers} customers, ${added.orders} orders in ${Date.now() - startedAt} ms`,
    );
  if (target.kind === 'postgres') await handle.db.execute(sql`vacuum analyze`);
  else await handle.db.execute(sql`analyze`);
  const big = new Set(
    (
      (await handle.db.execute(
        sql`select relname as name from pg_class where relkind = 'r' and relnamespace = 'public'::regnamespace and reltuples >= ${BIG_TABLE_ROWS}`,
      )) as unknown as { rows: { name: string }[] }
    ).rows.map((row) => row.name),
  );
  console.log(`big tables (≥ ${BIG_TABLE_ROWS.toLocaleString('en')} rows): ${[...big].sort().join(', ')}`);

  const runtime: Runtime = await createRuntime(config, {
    handle,
    logger,
    seed: false,
    timers: { setInterval: () => null, clearInterval: () => {} },
    invalidationTransport: false,
  });
  const email = `bench.owner.${Date.now()}@staff.test`;
  const password = `bench-${Date.now()}`;
  await createStaff(handle.db, { email, password, role: 'owner', name: 'Bench owner' }, { cost: 1024 });
  const signIn = await runtime.api.request('/api/admin/session', {
    method: 'POST',
    headers: { ...WRITE_HEADERS, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (signIn.status !== 200) throw new Error(`sign-in answered ${signIn.status}`);
  const cookie = signIn.headers
    .getSetCookie()
    .find((c) => c.startsWith('shop_admin='))!
    .split(';')[0]!;
  const admin = (p: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    headers.set('cookie', cookie);
    if ((init.method ?? 'GET') !== 'GET') for (const [k, v] of Object.entries(WRITE_HEADERS)) headers.set(k, v);
    return Promise.resolve(runtime.api.request(`/api/admin${p}`, { ...init, headers }));
  };

  const one = async <T>(query: ReturnType<typeof sql>) => ((await handle.db.execute(query)) as unknown as { rows: T[] }).rows[0]!;
  const { id: catalogId } = await one<{ id: string }>(
    sql`select catalog_id as id from catalog_products group by catalog_id order by count(*) desc limit 1`,
  );
  const { id: productId } = await one<{ id: string }>(
    sql`select product_id as id from reviews group by product_id order by count(*) desc limit 1`,
  ).catch(() => ({ id: 'none' }));
  const { n: orderNumber } = await one<{ n: number }>(sql`select max(number) - 4711 as n from orders`);

  const results: Result[] = [];
  for (const item of LISTS === 'skip'
    ? []
    : cases({ catalogId: catalogId ?? 'none', productId: productId ?? 'none', orderNumber: Number(orderNumber) })) {
    // warm-up, and the statements the request runs
    state.captured = [];
    state.capturing = true;
    const first = await admin(item.path);
    await first.arrayBuffer();
    state.capturing = false;
    if (first.status !== 200) {
      failures.push(`${item.name}: answered ${first.status}`);
      console.log(`${item.name}: answered ${first.status}`);
      continue;
    }
    await (await admin(item.path)).arrayBuffer();
    const times: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const started = performance.now();
      const response = await admin(item.path);
      await response.arrayBuffer();
      times.push(performance.now() - started);
    }
    const bigScans: string[] = [];
    const plans: string[] = [];
    for (const statement of state.captured) {
      if (!/^\s*(select|with)\b/i.test(statement.query)) continue;
      const plan = await explain(statement.query, statement.params).catch((error: Error) => `(no plan: ${error.message})`);
      // a sequential scan straight under a Limit reads only until it has its rows (e.g. a capped count): not flagged
      const lines = plan.split('\n');
      lines.forEach((line, at) => {
        const table = /Seq Scan on (\w+)/.exec(line)?.[1];
        if (table && big.has(table) && !item.wholeTables?.includes(table) && !/^\s*(->\s*)?Limit\b/.test(lines[at - 1] ?? ''))
          bigScans.push(table);
      });
      plans.push(`    ${statement.query.replace(/\s+/g, ' ').slice(0, 400)}\n${plan.replace(/^/gm, '      ')}`);
    }
    const result = { name: item.name, p95: p95(times), goal: item.goal, bigScans };
    results.push(result);
    console.log(
      `${item.name}: p95 ${ms(result.p95)} (goal < ${item.goal} ms) ${pass(result.p95 < item.goal)}, load ${os.loadavg()[0]!.toFixed(1)}${bigScans.length ? `; SEQ SCAN of ${[...new Set(bigScans)].join(', ')}` : ''}`,
    );
    if (PRINT_PLANS) console.log(plans.join('\n'));
    if (bigScans.length) failures.push(`${item.name}: sequential scan of ${[...new Set(bigScans)].join(', ')}`);
  }

  // a bulk price change on every product matching a search, run by the job worker batch by batch
  if (!LISTS_ONLY) {
    const runJob = async (percent: number) => {
      const queued = await admin('/products/bulk-job', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ filter: { q: 'Generated product 1' }, change: { action: 'price', price: { mode: 'percent', percent } } }),
      });
      const job = (await queued.json()) as { id: string; total: number };
      if (queued.status !== 202) throw new Error(`the bulk job answered ${queued.status}`);
      const started = performance.now();
      const claimed = await claimJob(runtime.deps, 'bench');
      if (claimed !== job.id) throw new Error('another job was open');
      while (await runJobBatch(runtime.deps, jobKinds, 'bench', job.id)) {}
      const seconds = (performance.now() - started) / 1000;
      const [row] = (
        (await handle.db.execute(sql`select status, processed, failed from admin_jobs where id = ${job.id}`)) as unknown as {
          rows: { status: string; processed: number; failed: number }[];
        }
      ).rows;
      return { total: job.total, seconds, row: row! };
    };
    const up = await runJob(10);
    const per10k = (up.seconds / Math.max(1, up.total)) * 10_000;
    console.log(
      `bulk price change +10 % on ${up.total.toLocaleString('en')} products: ${up.row.status}, ${up.row.processed} processed, ${up.row.failed} failed, in ${up.seconds.toFixed(1)} s; 10,000 products: ${per10k.toFixed(1)} s (goal < ${GOALS.bulkSeconds} s) ${pass(per10k < GOALS.bulkSeconds)}`,
    );
    results.push({ name: 'bulk price change, 10,000 products (s)', p95: per10k, goal: GOALS.bulkSeconds, bigScans: [] });
    if (up.row.status !== 'done' || up.row.failed) failures.push('the bulk price change did not finish cleanly');
    await runJob(-100 / 11);
  }

  // the products CSV export, read as the browser does, with the process's memory sampled as it goes
  if (!LISTS_ONLY) {
    const rssBefore = process.memoryUsage().rss;
    let rssPeak = rssBefore;
    const started = performance.now();
    const response = await admin('/products/export.csv');
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let lines = 0;
    let head = '';
    let headLines = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      const text = decoder.decode(value, { stream: true });
      for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) lines += 1;
      // the first rows, for the import dry run below
      if (headLines <= IMPORT_ROWS) {
        head += text;
        headLines = lines;
      }
      rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
    }
    const seconds = (performance.now() - started) / 1000;
    const rows = lines - 1;
    const rate = rows / seconds;
    console.log(
      `\nproducts CSV export: ${response.status}, ${rows.toLocaleString('en')} rows in ${seconds.toFixed(1)} s = ${Math.round(rate).toLocaleString('en')} rows/s (goal ≥ ${GOALS.exportRowsPerSecond.toLocaleString('en')}) ${pass(rate >= GOALS.exportRowsPerSecond)}; memory +${Math.round((rssPeak - rssBefore) / 1048576)} MB at most`,
    );
    results.push({ name: 'products CSV export (rows/s)', p95: rate, goal: GOALS.exportRowsPerSecond, bigScans: [] });
    if (response.status !== 200) failures.push(`export answered ${response.status}`);

    // an import dry run of the export's first rows, whole product groups only, as a job run by the worker
    const fileLines = head.split('\r\n').slice(0, IMPORT_ROWS + 1);
    const slugAt = fileLines[0]!
      .replace(/^\uFEFF/, '')
      .split(',')
      .indexOf('slug');
    const lastSlug = fileLines[fileLines.length - 1]!.split(',')[slugAt];
    while (fileLines.length > 2 && fileLines[fileLines.length - 1]!.split(',')[slugAt] === lastSlug) fileLines.pop();
    const csv = `${fileLines.join('\r\n')}\r\n`;
    const importRows = fileLines.length - 1;
    const importStarted = performance.now();
    const imported = await admin('/products/import-job', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ csv, dryRun: true }),
    });
    const answer = (await imported.json()) as { id?: string; total?: number; message?: string };
    const uploadSeconds = (performance.now() - importStarted) / 1000;
    let jobRow = { status: 'not queued', processed: 0, failed: 0 };
    if (imported.status === 202) {
      if ((await claimJob(runtime.deps, 'bench')) !== answer.id) throw new Error('another job was open');
      while (await runJobBatch(runtime.deps, jobKinds, 'bench', answer.id!)) {}
      jobRow =
        (
          (await handle.db.execute(sql`select status, processed, failed from admin_jobs where id = ${answer.id}`)) as unknown as {
            rows: (typeof jobRow)[];
          }
        ).rows[0] ?? jobRow;
    }
    const importSeconds = (performance.now() - importStarted) / 1000;
    const per100k = (importSeconds / importRows) * 100_000;
    console.log(
      `import dry run of ${importRows.toLocaleString('en')} rows (${answer.total ?? 0} products) as a job: ${imported.status}, ${jobRow.status}, ${jobRow.processed} checked, ${jobRow.failed} refused, in ${importSeconds.toFixed(1)} s (upload and reading ${uploadSeconds.toFixed(1)} s) = ${Math.round(importRows / importSeconds).toLocaleString('en')} rows/s; 100,000 rows at this rate: ${per100k.toFixed(0)} s (goal < ${GOALS.importSeconds} s) ${pass(per100k < GOALS.importSeconds)}${imported.status === 202 ? '' : ` ${answer.message ?? ''}`}`,
    );
    results.push({ name: 'import dry run, 100,000 rows at the measured rate (s)', p95: per100k, goal: GOALS.importSeconds, bigScans: [] });
    if (imported.status !== 202 || jobRow.status !== 'done' || jobRow.failed) failures.push('the import dry run did not finish cleanly');
  }

  await runtime.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  return { results, failures };
}

const only = process.env.BENCH_ONLY;
const targets: Target[] = [];
if (!only || only === 'pglite') targets.push({ kind: 'pglite', products: 10_000, customers: 5_000, orders: 20_000 });
if (!only || only === 'postgres')
  targets.push({ kind: 'postgres', url: postgresUrl(), products: 100_000, customers: 50_000, orders: 200_000 });

let failed = false;
const summary: string[] = [];
for (const target of targets) {
  const { results, failures } = await benchTarget(target);
  const lists = results.filter((r) => !/\(s\)|rows\/s/.test(r.name));
  const missed = lists.filter((r) => r.p95 >= r.goal);
  summary.push(
    `${target.kind}: ${lists.length} lists, ${missed.length} over their goal${missed.length ? ` (${missed.map((r) => `${r.name} ${ms(r.p95)}`).join('; ')})` : ''}; slowest ${ms(Math.max(...lists.map((r) => r.p95)))}`,
  );
  for (const failure of failures) summary.push(`  FAILED ${failure}`);
  if (failures.length) failed = true;
}
console.log(`\n${summary.join('\n')}`);
if (failed) process.exitCode = 1;
