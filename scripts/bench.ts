/**
 * npm run bench (after `npm run build`): the storefront's speed on PGlite and PostgreSQL, side by side.
 *
 * For each database it starts the production server (`server.mjs`, NODE_ENV=production) on a free port:
 *   - PGlite: a temporary data directory with the demo shop;
 *   - PostgreSQL (BENCH_DATABASE_URL, else the server of TEST_DATABASE_URL, else postgres@127.0.0.1):
 *     the database `shop_bench` with the demo shop topped up to BENCH_PRODUCTS generated products
 *     (100,000; kept between runs, so only the first run generates them).
 * Then, for the homepage, a catalog, a product, a text page and /api/config, it prints
 *   - cached requests per second and the server's CPU per answer (from /proc) against a Node static server
 *     answering the same bytes (the brotli bytes the shop sends, with the same headers), in interleaved
 *     rounds, the load coming from a process of its own (wrk when installed, else a Node client that never
 *     decompresses: scripts/lib/load-generator.ts); goal: the static server's CPU per answer ≥ 0.8× the shop's;
 *   - uncached p50/p95 and CPU per render: every request carries an Authorization header, which keeps it out
 *     of the page cache, so each one renders (CPU goal < 10 ms; latency goals at 100,000
 *     products on PostgreSQL: catalog < 30 ms, with an option filter too; search < 50 ms: five queries
 *     asked again and again, answered from the kept search answers, and a page never asked before each
 *     time, answered by the database; predictive search < 50 ms: common prefixes as typed, and queries never
 *     asked before, misspelt words among them), each with the 1-minute load average when it was taken;
 *   - first-visit JavaScript and CSS (gzip) against the budgets: no React on the homepage, catalog and
 *     text page unless they show an island, product ≤ 75 KB of JavaScript, at most one stylesheet;
 * the catalog index of the largest catalog on PostgreSQL: built from scratch against patched after writes to
 * 1 and 100 of its products (BENCH_ONLY=catalog-index measures only this, without a build);
 * the CPU to an instance's first answer (goal < 1.5 s), the product pages the default 64 MB page cache holds
 * (goal ≥ 2,500) and 1,000 requests with a random parameter (goal: all answered from the cache);
 * an open-loop overload of the restarted instance: uncached catalog renders at twice the rate it renders them, sent on a
 * fixed schedule from another process whose clients leave after a timeout, with the server's RSS sampled from /proc
 * (goal: bounded), the 503s with Retry-After, and the server's own counts (printed when it stops) of shed requests
 * and renders abandoned for a gone client; cached answers of nginx (when installed) beside the Node static server;
 * and the PostgreSQL plans (EXPLAIN ANALYZE) of the listing, option filter, homepage widget and search queries.
 *
 * Options (environment): BENCH_SECONDS per round (2), BENCH_ROUNDS (3), BENCH_CONCURRENCY (16),
 * BENCH_UNCACHED (60 requests per page), BENCH_OVERLOAD_SECONDS (60), BENCH_OVERLOAD_RATE (requests a second;
 * twice the rate of uncached catalog renders one after another), BENCH_OVERLOAD_TIMEOUT_MS (3000), BENCH_PRODUCTS (100000), BENCH_DATABASE_URL, BENCH_ONLY
 * (pglite, postgres or catalog-index).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import pg from 'pg';
import { cpuSeconds, hasNginx, load, loadTool, nginxConfig, openLoop, rssMb, type OpenLoopResult } from './lib/load-generator';
import { freePort, start, stopChildren, waitFor } from './lib/server-process';

const ROUND_SECONDS = Number(process.env.BENCH_SECONDS ?? 2);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const UNCACHED = Number(process.env.BENCH_UNCACHED ?? 60);
const OVERLOAD_SECONDS = Number(process.env.BENCH_OVERLOAD_SECONDS ?? 60);
/** requests a second of the open-loop overload; default: twice what one instance renders a second (from the catalog's CPU per render) */
const OVERLOAD_RATE = process.env.BENCH_OVERLOAD_RATE ? Number(process.env.BENCH_OVERLOAD_RATE) : undefined;
/** how long an overload client waits for its answer before it closes the connection and leaves */
const OVERLOAD_TIMEOUT_MS = Number(process.env.BENCH_OVERLOAD_TIMEOUT_MS ?? 3000);
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const ENTRY = 'server.mjs';
const BUDGETS = { reactFree: ['homepage', 'catalog', 'text page'], productJsKb: 75, stylesheets: 1 };
const GOALS = { cpuRatio: 0.8, catalogP95: 30, searchP95: 50, uncachedCpuMs: 10, startCpuSeconds: 1.5, pagesHeld: 2500 };
/** Search queries of the bench: common words (a fifth of the generated products each) and a narrow one. */
const SEARCHES = ['linen', 'wool', 'shirt', 'generated 12', 'sweater'];
/** Predictive search as typed: prefixes of common words, and (each with its own number, so never kept) misspelt words. */
const SUGGESTS = ['li', 'lin', 'line', 'linen', 'wo', 'woo', 'wool', 'sh', 'shi', 'shir', 'bla', 'blac', 'whi', 'gen'];
const NEW_SUGGESTS = ['gen', 'genrated', 'wool', 'blakc', 'linen shrit', 'чёрнй'];

/** The baseline: a node:http server answering stored bytes with stored headers, as fast as it can. */
const STATIC_SERVER = `
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
const dir = process.env.STATIC_DIR;
const cache = new Map();
http.createServer((req, res) => {
  const name = decodeURIComponent(req.url.slice(1));
  let file = cache.get(name);
  if (!file) {
    try {
      const body = fs.readFileSync(path.join(dir, name));
      file = { body, headers: { ...JSON.parse(fs.readFileSync(path.join(dir, name + '.json'), 'utf8')), 'content-length': body.length } };
    } catch { res.writeHead(404); res.end(); return; }
    cache.set(name, file);
  }
  res.writeHead(200, file.headers);
  res.end(file.body);
}).listen(Number(process.env.PORT), '127.0.0.1');
`;

// ---------------------------------------------------------------- pages

type PageKind = 'homepage' | 'catalog' | 'product' | 'text page' | '/api/config';
type Page = { kind: PageKind; path: string };

async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return (await response.json()) as T;
}

type MenuItem = { url: string; type: string; children: MenuItem[] };
const flatten = (items: MenuItem[]): MenuItem[] => items.flatMap((item) => [item, ...flatten(item.children)]);

async function choosePages(base: string): Promise<Page[]> {
  const menus = await getJson<Record<string, MenuItem[]>>(`${base}/api/menus/batch`);
  const links = Object.values(menus).flatMap((items) => flatten(items));
  const catalogs = [...new Set(links.filter((link) => link.type === 'catalog').map((link) => link.url))];
  const catalog = catalogs.find((url) => url.endsWith('/clothing')) ?? catalogs[0];
  if (!catalog) throw new Error('The menus link no catalog');
  const listing = await getJson<{ sections: { type: string; items: { slug: string }[] }[] }>(
    `${base}/api/catalogs/v3/${catalog.replace('/catalogs/', '')}`,
  );
  const product = listing.sections.find((section) => section.type === 'SectionProductList')?.items[0]?.slug;
  if (!product) throw new Error(`The catalog ${catalog} has no products`);
  const textPages = [...new Set(links.filter((link) => link.type === 'page').map((link) => link.url))];
  let textPage = textPages[0];
  for (const candidate of textPages) {
    if (!(await (await fetch(`${base}${candidate}`)).text()).includes('<astro-island')) {
      textPage = candidate;
      break;
    }
  }
  if (!textPage) throw new Error('The menus link no text page');
  return [
    { kind: 'homepage', path: '/' },
    { kind: 'catalog', path: catalog },
    { kind: 'product', path: `/products/${product}` },
    { kind: 'text page', path: textPage },
    { kind: '/api/config', path: '/api/config' },
  ];
}

// ---------------------------------------------------------------- first-visit bytes

const attribute = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]+)"`).exec(tag)?.[1];

/**
 * Scripts a page starts with, and the islands that load later: when scrolled into view (`client:visible`)
 * or on the visitor's first interaction with them (`client:interaction`, counted with those in "JS total").
 */
function entryScripts(html: string): { urls: string[]; inline: string[]; onView: string[] } {
  const urls: string[] = [];
  const inline: string[] = [];
  const onView: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    const attributes = match[1] ?? '';
    if (/type="application\/(ld\+)?json"/.test(attributes)) continue;
    const src = attribute(attributes, 'src');
    if (src) urls.push(src);
    else if (match[2]?.trim()) inline.push(match[2]);
  }
  for (const tag of html.match(/<link\b[^>]*>/g) ?? []) if (/rel="modulepreload"/.test(tag)) urls.push(attribute(tag, 'href') ?? '');
  for (const tag of html.match(/<astro-island\b[^>]*>/g) ?? []) {
    (['visible', 'interaction'].includes(attribute(tag, 'client') ?? '') ? onView : urls).push(
      attribute(tag, 'component-url') ?? '',
      attribute(tag, 'renderer-url') ?? '',
    );
  }
  return { urls: urls.filter(Boolean), inline, onView: onView.filter(Boolean) };
}

function staticImports(code: string): string[] {
  const found = new Set<string>();
  for (const match of code.matchAll(/(?:^|[;\s}])(?:import|export)\s*(?:[\w*{}\s,$]+?\s*from\s*)?["']([^"']+\.m?js)["']/g))
    found.add(match[1]!);
  return [...found];
}

/**
 * Bytes (raw) of style rules whose every selector names a class the page's HTML does not carry: CSS the
 * page ships without using it at load (an estimate: classes set later by scripts count as unused).
 */
function unusedCss(css: string, html: string): number {
  const present = new Set<string>();
  for (const match of html.matchAll(/\sclass="([^"]*)"/g)) for (const name of match[1]!.split(/\s+/)) if (name) present.add(name);
  let unused = 0;
  for (const rule of css.replace(/\/\*[\s\S]*?\*\//g, '').matchAll(/([^{}@;]+)\{[^{}]*\}/g)) {
    const selectors = rule[1]!.split(',');
    const dead = selectors.every((selector) => [...selector.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].some((m) => !present.has(m[1]!)));
    if (dead) unused += rule[0].length;
  }
  return unused;
}

const REACT_MARKERS = ['react.dev/errors', 'Minified React error', '__SECRET_INTERNALS_DO_NOT_USE', 'react.transitional.element'];

/**
 * JavaScript (gzip) a first visit downloads: `atLoad` before the visitor does anything (page scripts,
 * `client:load`/`idle` islands and what they import), `total` with the islands that load when scrolled into
 * view too; `react` when React is among them, `reactAtLoad` when it comes at load; `largest` chunks first.
 */
async function firstVisitBytes(base: string, html: string) {
  const { urls, inline, onView } = entryScripts(html);
  const seen = new Map<string, number>();
  let react = false;
  let reactAtLoad = false;
  const walk = async (queue: string[]) => {
    while (queue.length > 0) {
      const url = queue.shift()!;
      if (seen.has(url)) continue;
      seen.set(url, 0);
      const code = await (await fetch(url)).text();
      seen.set(url, gzipSync(code).length);
      react ||= REACT_MARKERS.some((marker) => code.includes(marker));
      queue.push(...staticImports(code).map((imported) => new URL(imported, url).href));
    }
  };
  const inlineBytes = inline.reduce((sum, code) => sum + gzipSync(code).length, 0);
  await walk([
    ...urls.map((url) => new URL(url, base).href),
    ...inline.flatMap((code) => staticImports(code).map((url) => new URL(url, base).href)),
  ]);
  const sum = () => [...seen.values()].reduce((total, bytes) => total + bytes, inlineBytes);
  const atLoad = sum();
  reactAtLoad = react;
  await walk(onView.map((url) => new URL(url, base).href));
  const largest = [...seen]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 4)
    .map(([url, bytes]) => `${path.basename(new URL(url).pathname).replace(/\.[\w-]{8}\.js$/, '')} ${kb(bytes)}`);
  const sheets = (html.match(/<link\b[^>]*>/g) ?? []).filter((tag) => /rel="stylesheet"/.test(tag)).map((tag) => attribute(tag, 'href')!);
  const styles = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1] ?? '');
  for (const href of sheets) styles.push(await (await fetch(new URL(href, base))).text());
  const cssGzip = styles.reduce((sum, css) => sum + gzipSync(css).length, 0);
  const cssRaw = styles.reduce((sum, css) => sum + css.length, 0);
  const cssUnused = styles.reduce((sum, css) => sum + unusedCss(css, html), 0);
  return {
    cssRaw,
    cssUnused,
    atLoad,
    jsGzip: sum(),
    react,
    reactAtLoad,
    largest,
    chunks: seen.size,
    cssGzip,
    stylesheets: sheets.length,
    islands: (html.match(/<astro-island\b/g) ?? []).length,
  };
}

// ---------------------------------------------------------------- load

const CLIENT_HEADERS = { 'accept-encoding': 'br' };

/** One round of load from another process: requests per second, and the server's CPU per answer (µs, from /proc). */
async function round(url: string, pid: number): Promise<{ rps: number; cpuUs: number }> {
  const before = cpuSeconds(pid);
  const result = await load(url, { seconds: ROUND_SECONDS, connections: CONCURRENCY, headers: CLIENT_HEADERS });
  const used = cpuSeconds(pid) - before;
  if (result.failed > 0) console.warn(`  ${result.failed} requests to ${url} failed`);
  return { rps: result.answers / result.seconds, cpuUs: (used * 1e6) / Math.max(1, result.answers) };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * The shop, the static server and (when installed) nginx in interleaved rounds (after one warm-up round each):
 * medians of each.
 */
async function sideBySide(
  serverUrl: string,
  serverPid: number,
  staticUrl: string,
  staticPid: number,
  nginx?: { url: string; pid: number },
) {
  const targets = [{ url: serverUrl, pid: serverPid }, { url: staticUrl, pid: staticPid }, ...(nginx ? [nginx] : [])];
  const rounds = targets.map(() => [] as { rps: number; cpuUs: number }[]);
  for (const target of targets) await round(target.url, target.pid);
  for (let n = 0; n < ROUNDS; n++) for (const [i, target] of targets.entries()) rounds[i]!.push(await round(target.url, target.pid));
  const rps = (i: number) => median(rounds[i]!.map((r) => r.rps));
  const cpu = (i: number) => median(rounds[i]!.map((r) => r.cpuUs));
  return {
    server: rps(0),
    baseline: rps(1),
    serverCpuUs: cpu(0),
    baselineCpuUs: cpu(1),
    nginx: nginx ? { rps: rps(2), cpuUs: cpu(2) } : undefined,
  };
}

/** nginx answering `file` of `dir` with `headers` on a free port, one process; stop it with `child.kill()`. */
async function startNginx(dir: string, file: string, headers: Record<string, string>) {
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-nginx-'));
  const port = await freePort();
  const config = path.join(prefix, 'nginx.conf');
  fs.writeFileSync(config, nginxConfig({ dir, prefix, port, file, headers }));
  const nginx = start('nginx', ['-p', prefix, '-c', config, '-e', path.join(prefix, 'error.log')], {});
  const url = `http://127.0.0.1:${port}/${file}`;
  await waitFor(url, nginx.child, nginx.output);
  return {
    url,
    pid: nginx.child.pid!,
    stop: async () => {
      nginx.child.kill('SIGTERM');
      await new Promise((resolve) => (nginx.child.exitCode !== null ? resolve(undefined) : nginx.child.once('exit', resolve)));
      fs.rmSync(prefix, { recursive: true, force: true });
    },
  };
}

/**
 * Latencies of `count` sequential requests that each render (an `Authorization` header keeps a request out of
 * the page cache, and its answer is not stored), the server's CPU per request (ms, from /proc) and the
 * 1-minute load average after them.
 */
async function uncached(
  makeUrl: (n: number) => string,
  pid: number,
  count = UNCACHED,
): Promise<{ p50: number; p95: number; cpuMs: number; load: number }> {
  const times: number[] = [];
  const run = Date.now().toString(36);
  let cpuBefore = 0;
  for (let n = 0; n < count + 3; n++) {
    if (n === 3) cpuBefore = cpuSeconds(pid);
    const startedAt = performance.now();
    const url = makeUrl(n).replace('{n}', `${run}${n}`);
    // the API answers (search) are not kept by the page cache anyway, and would read the header as a sign-in
    const bypass: Record<string, string> = new URL(url).pathname.startsWith('/api/') ? {} : { authorization: 'Bearer bench' };
    const response = await fetch(url, { headers: { ...CLIENT_HEADERS, ...bypass } });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${makeUrl(n)} answered ${response.status}`);
    if (n >= 3) times.push(performance.now() - startedAt); // the first ones warm up
  }
  const cpuMs = ((cpuSeconds(pid) - cpuBefore) * 1000) / count;
  times.sort((a, b) => a - b);
  return {
    p50: times[Math.floor(times.length * 0.5)]!,
    p95: times[Math.min(times.length - 1, Math.ceil(times.length * 0.95) - 1)]!,
    cpuMs,
    load: os.loadavg()[0]!,
  };
}

/**
 * The random-parameter attack: `count` requests to a kept page, each with a parameter never seen before. Each
 * should be answered from the cache (no render, no new entry, so no eviction).
 */
async function randomParameterAttack(url: string, count = 1000): Promise<{ hits: number; renders: number }> {
  let hits = 0;
  for (let n = 0; n < count; n++) {
    const response = await fetch(withQuery(url, `x${n}=${Math.random().toString(36).slice(2)}`), { headers: CLIENT_HEADERS });
    await response.arrayBuffer();
    if (response.headers.get('x-astro-cache') === 'HIT') hits += 1;
  }
  return { hits, renders: count - hits };
}

const withQuery = (url: string, query: string) => `${url}${url.includes('?') ? '&' : '?'}${query}`;

// ---------------------------------------------------------------- one database

type Result = {
  page: Page;
  bytes: number;
  rps: number;
  staticRps: number;
  cpuUs: number;
  staticCpuUs: number;
  /** nginx answering the same bytes, when installed */
  nginx: { rps: number; cpuUs: number } | undefined;
  p50: number;
  p95: number;
  cpuMs: number;
  /** what the page cache counts for this page: its brotli copy and 512 bytes of bookkeeping (headers are shared) */
  keptBytes: number;
  /** the 1-minute load average when the page's figures were taken */
  load: number;
  first?: Awaited<ReturnType<typeof firstVisitBytes>>;
};
type Extra = { name: string; p50: number; p95: number; cpuMs: number; load: number; goal?: number };

async function measure(label: string, env: Record<string, string>, staticDir: string, staticBase: string, staticPid: number) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const shopEnv = { NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', PUBLIC_URL: base, ...env };
  const shop = start(process.execPath, [ENTRY], shopEnv);
  console.log(`\n[${label}] starting ${ENTRY} on ${base}…`);
  await waitFor(`${base}/`, shop.child, shop.output);
  const pid = shop.child.pid!;
  const pages = await choosePages(base);
  const results: Result[] = [];
  for (const [index, page] of pages.entries()) {
    const url = `${base}${page.path}`;
    await (await fetch(url, { headers: CLIENT_HEADERS })).arrayBuffer(); // rendered and stored
    // its smaller brotli copy is made in the background, often before this first look: wait until the kept copy
    // shrinks, at most 3 s
    const firstCopy = (await rawBody(url)).length;
    for (let waited = 0; waited < 3000 && (await rawBody(url)).length >= firstCopy; waited += 250)
      await new Promise((resolve) => setTimeout(resolve, 250));
    const response = await fetch(url, { headers: CLIENT_HEADERS });
    const body = Buffer.from(await response.arrayBuffer());
    const file = `${label}-${index}`;
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      if (!['content-length', 'connection', 'keep-alive', 'date', 'transfer-encoding'].includes(name)) headers[name] = value;
    });
    // fetch decodes: store the encoded bytes the shop sent
    const encoded = response.headers.get('content-encoding') === 'br' ? await rawBody(url) : body;
    fs.writeFileSync(path.join(staticDir, file), encoded);
    fs.writeFileSync(path.join(staticDir, `${file}.json`), JSON.stringify(headers));
    console.log(
      `[${label}] ${page.kind} ${page.path}: ${ROUNDS} rounds of ${ROUND_SECONDS} s, ${CONCURRENCY} connections, then ${UNCACHED} uncached…`,
    );
    const nginx = hasNginx ? await startNginx(staticDir, file, headers) : undefined;
    const rps = await sideBySide(url, pid, `${staticBase}/${file}`, staticPid, nginx);
    await nginx?.stop();
    const times = await uncached(() => withQuery(url, '_bench={n}'), pid);
    const first = page.kind === '/api/config' ? undefined : await firstVisitBytes(base, body.toString('utf8'));
    results.push({
      page,
      bytes: encoded.length,
      keptBytes: encoded.length + 512,
      rps: rps.server,
      staticRps: rps.baseline,
      cpuUs: rps.serverCpuUs,
      staticCpuUs: rps.baselineCpuUs,
      nginx: rps.nginx,
      ...times,
      first,
    });
  }
  const catalog = pages.find((p) => p.kind === 'catalog')!.path;
  const extras: Extra[] = [
    {
      name: 'catalog, option filter',
      ...(await uncached(() => `${base}${catalog}?filter[options][Colour][]=Black&_bench={n}`, pid)),
      goal: GOALS.catalogP95,
    },
    {
      name: 'catalog, page 3 by price',
      ...(await uncached(() => `${base}${catalog}?sort=price_asc&page=3&_bench={n}`, pid)),
      goal: GOALS.catalogP95,
    },
    // five queries asked again and again: answered from the kept search answers after the first time
    {
      name: 'search (API), 5 queries repeated',
      ...(await uncached((n) => `${base}/api/search?q=${SEARCHES[n % SEARCHES.length]}&_bench={n}`, pid)),
      goal: GOALS.searchP95,
    },
    // each a page never asked before (its own offset): the database every time, a common word ranked among all its matches
    {
      name: 'search (API), each new',
      ...(await uncached((n) => `${base}/api/search?q=${SEARCHES[n % SEARCHES.length]}&offset=${n}&_bench={n}`, pid)),
      goal: GOALS.searchP95,
    },
    // the header's predictive search as a visitor types: common word prefixes (kept a minute after the first time)
    {
      name: 'predictive search (API), common prefixes',
      ...(await uncached((n) => `${base}/api/search/suggest?q=${SUGGESTS[n % SUGGESTS.length]}&_bench={n}`, pid)),
      goal: GOALS.searchP95,
    },
    // each query never asked before: the database every time, misspelt words corrected from the dictionary half the time
    {
      name: 'predictive search (API), each new',
      ...(await uncached(
        (n) => `${base}/api/search/suggest?q=${encodeURIComponent(`${NEW_SUGGESTS[n % NEW_SUGGESTS.length]} ${n}`)}&_bench={n}`,
        pid,
      )),
      goal: GOALS.searchP95,
    },
  ];
  const home = pages.find((p) => p.kind === 'homepage')!.path;
  const attack = await randomParameterAttack(`${base}${home}`);
  shop.child.kill('SIGTERM');
  await new Promise((resolve) => (shop.child.exitCode !== null ? resolve(undefined) : shop.child.once('exit', resolve)));
  // a restart on the same database: the CPU the instance uses up to its first answer (it listens once ready)
  const again = start(process.execPath, [ENTRY], shopEnv);
  await waitFor(`${base}/`, again.child, again.output);
  const startCpu = cpuSeconds(again.child.pid!);
  // then an open-loop overload of uncached catalog renders at twice what the instance renders one after another
  // (its median time per render: on a shared machine the instance gets less than a core, so its CPU per render
  // would overstate what it can answer)
  const catalogP50 = results.find((r) => r.page.kind === 'catalog')!.p50;
  const rate = OVERLOAD_RATE ?? Math.max(2, Math.round((2 * 1000) / catalogP50));
  console.log(`[${label}] open-loop overload: ${rate} uncached catalog pages a second for ${OVERLOAD_SECONDS} s…`);
  const overloaded = await overload(`${base}${catalog}?_bench={n}`, again.child.pid!, rate);
  again.child.kill('SIGTERM');
  await new Promise((resolve) => (again.child.exitCode !== null ? resolve(undefined) : again.child.once('exit', resolve)));
  const stopped =
    /Stopped: (\d+) requests shed \(503\), (\d+) left the queue before starting, (\d+) answers cut off by a gone client, (\d+) renders abandoned/.exec(
      again.output(),
    );
  const counters = stopped
    ? { shed: Number(stopped[1]), left: Number(stopped[2]), cutOff: Number(stopped[3]), abandoned: Number(stopped[4]) }
    : undefined;
  return { label, results, extras, startCpu, attack, overload: { rate, ...overloaded, counters } };
}

/**
 * The open-loop overload: `rate` uncached renders a second from another process for OVERLOAD_SECONDS, each client
 * leaving after OVERLOAD_TIMEOUT_MS, while the server's resident memory is sampled from /proc (and for 5 s after).
 */
async function overload(url: string, pid: number, rate: number) {
  const samples: { at: number; mb: number }[] = [];
  const before = rssMb(pid);
  const started = performance.now();
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      samples.push({ at: (performance.now() - started) / 1000, mb: rssMb(pid) });
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  })();
  const client: OpenLoopResult = await openLoop(url, {
    rate,
    seconds: OVERLOAD_SECONDS,
    timeoutMs: OVERLOAD_TIMEOUT_MS,
    headers: { ...CLIENT_HEADERS, authorization: 'Bearer bench' },
  });
  const loadAverage = os.loadavg()[0]!;
  await new Promise((resolve) => setTimeout(resolve, 5000));
  sampling = false;
  await sampler;
  const during = samples.filter((s) => s.at <= OVERLOAD_SECONDS);
  const secondHalf = during.filter((s) => s.at >= OVERLOAD_SECONDS / 2).map((s) => s.mb);
  return {
    client,
    rss: {
      before,
      peak: Math.max(...during.map((s) => s.mb)),
      steady: secondHalf.length ? median(secondHalf) : before,
      after: samples.at(-1)?.mb ?? before,
    },
    load: loadAverage,
  };
}

async function rawBody(url: string): Promise<Buffer> {
  const { request } = await import('node:http');
  return new Promise((resolve, reject) => {
    request(url, { headers: CLIENT_HEADERS }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve(Buffer.concat(chunks)));
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

// ---------------------------------------------------------------- PostgreSQL

function postgresUrls(): { admin: string; bench: string } {
  const configured = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const admin = new URL(configured);
  if (process.env.BENCH_DATABASE_URL) return { admin: admin.toString(), bench: admin.toString() };
  const bench = new URL(configured);
  bench.pathname = '/shop_bench';
  return { admin: admin.toString(), bench: bench.toString() };
}

async function preparePostgres(): Promise<string | null> {
  const { admin, bench } = postgresUrls();
  try {
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    const name = new URL(bench).pathname.slice(1);
    const exists = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount === 0) await client.query(`create database ${name}`);
    await client.end();
  } catch (error) {
    console.warn(`PostgreSQL is not reachable (${error instanceof Error ? error.message : String(error)}): measuring PGlite only.`);
    return null;
  }
  console.log(`\n[postgres] ${bench}: demo shop topped up to ${PRODUCTS} generated products (kept between runs)…`);
  const seeded = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/seed.ts', '--products', String(PRODUCTS)], {
    env: { ...process.env, DATABASE_URL: bench, LOG_LEVEL: 'info', DATA_DIR: path.join(os.tmpdir(), 'shop-bench-pg-data') },
    stdio: 'inherit',
  });
  if (seeded.status !== 0) throw new Error('seeding the PostgreSQL bench database failed');
  // A kept database collects dead rows (experiments rolled back, earlier runs' writes) that autovacuum may not have
  // reached yet; measured on them, a small table scanned per row looks slow (a 89-row images table over 1,543 pages).
  const client = new pg.Client({ connectionString: bench });
  await client.connect();
  try {
    await client.query('vacuum (analyze)');
  } finally {
    await client.end();
  }
  return bench;
}

async function explainPlans(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string; slug: string }>(
      "select id, slug from catalogs where slug = 'clothing' or true order by (slug = 'clothing') desc limit 1",
    );
    const catalogId = rows[0]!.id;
    const plans: [string, string][] = [
      [
        'catalog page by title (24 of the catalog, enabled only)',
        `select p.id from catalog_products cp join products p on p.id = cp.product_id where cp.catalog_id = '${catalogId}' and p.enabled order by p.sort_title, p.id limit 24`,
      ],
      [
        'option filter (Colour = Black), by price: the SQL path, used until the catalog index is built',
        `select p.id from catalog_products cp join products p on p.id = cp.product_id where cp.catalog_id = '${catalogId}' and p.enabled and p.id in (select v.product_id from variations v where v.id in (select vov.variation_id from variation_option_values vov where vov.option_value_id in (select pov.id from product_option_values pov join product_options po on po.id = pov.option_id where (lower(pov.title->>'en') in ('black') or lower(pov.title->>'ru') in ('black')) and (lower(po.title->>'en') in ('colour') or lower(po.title->>'ru') in ('colour'))))) order by p.price_cents, p.sort_title, p.id limit 24`,
      ],
      [
        "homepage product widgets: each catalog's first 12 enabled products through its (catalog_id, position) index, as the section data resolver reads them",
        `select c.slug, x.product_id from catalogs c cross join lateral (select cp.product_id, cp.position from catalog_products cp join products p on p.id = cp.product_id
           where cp.catalog_id = c.id and p.enabled order by cp.position, cp.product_id limit 12) x where c.enabled order by c.slug, x.position, x.product_id`,
      ],
      [
        'search: products matching "wool" (prefix query) ranked and counted in one pass over narrow rows, texts read for the page only, as the search API does',
        `with page as (select id, rank, count(*) over () as total from (select id, ts_rank(search_vector, to_tsquery('simple', 'wool:*')) as rank from products where enabled and search_vector @@ to_tsquery('simple', 'wool:*') offset 0) as matched order by rank desc, id limit 12)
         select p.slug, p.title, p.description, page.total from page join products p on p.id = page.id order by page.rank desc, page.id`,
      ],
    ];
    for (const [title, query] of plans) {
      // the catalog index measured just before reads whole catalogs: the first run may read from disk, the second is the steady state
      const started = performance.now();
      await client.query(query);
      const firstMs = performance.now() - started;
      const plan = await client.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers, costs off) ${query}`);
      console.log(`\nEXPLAIN ANALYZE — ${title} (second run; the first took ${ms(firstMs)})`);
      for (const row of plan.rows) console.log(`  ${row['QUERY PLAN']}`);
    }
  } finally {
    await client.end();
  }
}

// ---------------------------------------------------------------- catalog index

/**
 * The kept catalog index of the largest catalog, in process on the bench database: a build from scratch
 * (what every product write cost before it was patched), the SQL facets the build replaces, and patches
 * after writes to 1 and 100 of its products (titles and prices changed, then restored), each checked to
 * answer as a rebuild does.
 */
async function measureCatalogIndex(url: string): Promise<void> {
  const { openDatabase } = await import('../src/server/db/client');
  const { buildCatalogIndex, updateCatalogIndexes, indexedCount, indexedFacets, selectListing, countFacetValues } = await import(
    '../src/server/api/catalog/catalog-index'
  );
  const { loadFacets } = await import('../src/server/api/catalog/catalog-listing');
  const { sql } = await import('drizzle-orm');
  const handle = await openDatabase({ kind: 'postgres', url, timeouts: { statementMs: 600_000 } });
  const { db } = handle;
  const timed = async <T>(work: () => Promise<T>): Promise<[T, number]> => {
    const started = performance.now();
    const value = await work();
    return [value, performance.now() - started];
  };
  type Index = Awaited<ReturnType<typeof buildCatalogIndex>>;
  const answers = (index: Index) =>
    JSON.stringify([
      indexedCount(index),
      indexedFacets(index, 'en'),
      indexedFacets(index, 'ru'),
      ...(['custom', 'title', 'price_asc', 'price_desc'] as const).map((sort) =>
        selectListing(index, { properties: [], options: [{ title: 'Colour', values: ['Black'] }] }, sort, 0, 1e9),
      ),
    ]);
  try {
    const rows = (await db.execute(
      sql`select catalog_id as id, count(*)::int as n from catalog_products group by 1 order by 2 desc limit 1`,
    )) as unknown as { rows: { id: string; n: number }[] };
    const catalogId = rows.rows[0]!.id;
    const [index, buildMs] = await timed(() => buildCatalogIndex(db, catalogId));
    const [, facetsMs] = await timed(() => loadFacets(db, catalogId, 'en'));
    const lines: string[][] = [
      ['step', 'time', 'note'],
      ['build from scratch', ms(buildMs), `${indexedCount(index).toLocaleString('en')} products, the cost of every product write before`],
      ['SQL facets (one language)', ms(facetsMs), 'no longer needed with the index kept: facets come from its counts'],
    ];
    // each facet value's count under a filter, as every uncached catalog page asks (median of 9 from the index)
    const facets = indexedFacets(index, 'en');
    const values = facets.properties.concat(facets.options).reduce((sum, facet) => sum + facet.values.length, 0);
    const counted: [string, Parameters<typeof countFacetValues>[2]][] = [
      ['no filter', { properties: [], options: [] }],
      [
        'Colour = Black, Size = M',
        {
          properties: [],
          options: [
            { title: 'Colour', values: ['Black'] },
            { title: 'Size', values: ['M'] },
          ],
        },
      ],
    ];
    for (const [name, filter] of counted) {
      const runs: number[] = [];
      for (let i = 0; i < 9; i++) runs.push((await timed(async () => countFacetValues(index, facets, filter)))[1]);
      runs.sort((a, b) => a - b);
      lines.push([`facet counts, ${name}`, ms(runs[4]!), `${values} values, from the index (by SQL, without it: minutes at this size)`]);
    }
    for (const size of [1, 100]) {
      const picked = (await db.execute(
        sql`select p.id, p.sort_title as "sortTitle", p.price_cents as "priceCents" from catalog_products cp join products p on p.id = cp.product_id where cp.catalog_id = ${catalogId} and p.enabled order by p.id limit ${size}`,
      )) as unknown as { rows: { id: string; sortTitle: string; priceCents: number }[] };
      const ids = picked.rows.map((row) => row.id);
      const change = (price: (row: { priceCents: number }) => number, title: (row: { sortTitle: string }) => string) =>
        db.transaction(async (tx) => {
          for (const row of picked.rows)
            await tx.execute(sql`update products set sort_title = ${title(row)}, price_cents = ${price(row)} where id = ${row.id}`);
        });
      await change(
        (row) => row.priceCents + 123,
        (row) => `0 bench ${row.sortTitle}`,
      );
      const [, patchMs] = await timed(() => updateCatalogIndexes(db, [index], ids));
      const same = answers(index) === answers(await buildCatalogIndex(db, catalogId));
      await change(
        (row) => row.priceCents,
        (row) => row.sortTitle,
      );
      await updateCatalogIndexes(db, [index], ids);
      lines.push([
        `patch after a write to ${size} product${size === 1 ? '' : 's'}`,
        ms(patchMs),
        `${(buildMs / patchMs).toFixed(0)}× faster than a build; answers as a rebuild: ${same ? 'yes' : 'NO'}`,
      ]);
    }
    console.log(`\nCatalog index (PostgreSQL, the largest catalog)`);
    table(lines);
  } finally {
    await handle.close();
  }
}

// ---------------------------------------------------------------- report

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value: number) => `${value.toFixed(1)} ms`;

function table(rows: string[][]) {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  for (const [index, row] of rows.entries()) {
    console.log(row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  '));
    if (index === 0) console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  }
}

function report(runs: Awaited<ReturnType<typeof measure>>[]) {
  console.log(
    `\nMachine: ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}), ${Math.round(os.totalmem() / 2 ** 30)} GB, load ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}; Node ${process.version}`,
  );
  console.log(
    `\nCached pages, load from another process (${loadTool}, ${CONCURRENCY} connections, ${ROUNDS} interleaved rounds of ${ROUND_SECONDS} s): ` +
      `requests/s and server CPU per answer of the shop against a Node static server answering the same bytes and headers ` +
      `(goal: the static server's CPU per answer ≥ ${GOALS.cpuRatio}× the shop's); uncached: latency and server CPU per render ` +
      `(goal < ${GOALS.uncachedCpuMs} ms on a quiet machine)`,
  );
  const header = [
    'page',
    ...runs.flatMap((run) => [
      `${run.label} req/s`,
      'static',
      'CPU µs',
      'static µs',
      'CPU ratio',
      'nginx req/s',
      'nginx µs',
      'uncached p50',
      'p95',
      'CPU ms',
      'load',
    ]),
  ];
  const rows = runs[0]!.results.map((_, i) => [
    runs[0]!.results[i]!.page.kind,
    ...runs.flatMap((run) => {
      const r = run.results[i]!;
      const ratio = r.staticCpuUs / r.cpuUs;
      return [
        r.rps.toFixed(0),
        r.staticRps.toFixed(0),
        r.cpuUs.toFixed(0),
        r.staticCpuUs.toFixed(0),
        `${ratio.toFixed(2)}×${ratio >= GOALS.cpuRatio ? '' : ' !'}`,
        r.nginx ? r.nginx.rps.toFixed(0) : '–',
        r.nginx ? r.nginx.cpuUs.toFixed(0) : '–',
        ms(r.p50),
        ms(r.p95),
        ms(r.cpuMs),
        r.load.toFixed(1),
      ];
    }),
  ]);
  for (const name of runs[0]!.extras.map((e) => e.name)) {
    rows.push([
      name,
      ...runs.flatMap((run) => {
        const e = run.extras.find((x) => x.name === name)!;
        return [
          '',
          '',
          '',
          '',
          '',
          '',
          '',
          ms(e.p50),
          `${ms(e.p95)}${e.goal && run.label === 'postgres' ? (e.p95 < e.goal ? ` (< ${e.goal})` : ` (goal < ${e.goal}) !`) : ''}`,
          ms(e.cpuMs),
          e.load.toFixed(1),
        ];
      }),
    ]);
  }
  table([header, ...rows]);

  const budget = 64 * 1024 * 1024;
  for (const run of runs) {
    const product = run.results.find((r) => r.page.kind === 'product')!;
    const held = Math.floor(budget / product.keptBytes);
    console.log(
      `\n[${run.label}] CPU of a restart to its first answer: ${run.startCpu.toFixed(2)} s (goal < ${GOALS.startCpuSeconds} s). ` +
        `Product pages the default 64 MB cache holds: ${held.toLocaleString('en')} (${kb(product.keptBytes)} each; goal ≥ ${GOALS.pagesHeld.toLocaleString('en')}). ` +
        `1,000 requests with a random parameter: ${run.attack.hits} answered from the cache, ${run.attack.renders} rendered (goal 0).`,
    );
    const o = run.overload;
    const c = o.client;
    console.log(
      `[${run.label}] Open-loop overload, ${o.rate} uncached catalog pages a second for ${c.seconds.toFixed(0)} s from another process ` +
        `(each client leaves after ${OVERLOAD_TIMEOUT_MS} ms; load ${o.load.toFixed(1)}): ${c.sent} sent, ${c.ok} answered 200 ` +
        `(p50 ${ms(c.p50)}, p95 ${ms(c.p95)}), ${c.shed} answered 503 with Retry-After, ${c.otherStatus} other answers, ` +
        `${c.gaveUp} given up by their client, ${c.errors} connection errors. Server RSS ${o.rss.before.toFixed(0)} MB before, ` +
        `peak ${o.rss.peak.toFixed(0)} MB, steady ${o.rss.steady.toFixed(0)} MB (median of the second half), ${o.rss.after.toFixed(0)} MB 5 s after. ` +
        (o.counters
          ? `The server counted ${o.counters.shed} shed, ${o.counters.left} left its queue unstarted, ${o.counters.cutOff} answers cut off by a gone client, ` +
            `${o.counters.abandoned} renders abandoned at their next data call.`
          : 'The server printed no counts at its stop.'),
    );
  }
  if (!hasNginx) console.log('\nnginx is not installed (apt-get install nginx): its column is empty.');

  console.log('\nFirst visit (gzip) against the budgets: JS at load, and in total with the islands shown on scrolling');
  const first = runs[0]!.results.filter((r) => r.first);
  const over: string[] = [];
  table([
    [
      'page',
      'HTML sent (br)',
      'JS at load',
      'JS total',
      'chunks',
      'islands',
      'React',
      'CSS',
      'CSS unused',
      'stylesheets',
      'budget',
      'largest chunks',
    ],
    ...first.map((r) => {
      const f = r.first!;
      const problems = [
        BUDGETS.reactFree.includes(r.page.kind) && f.react && f.islands === 0 ? 'React on a page without islands' : '',
        r.page.kind === 'product' && f.jsGzip > BUDGETS.productJsKb * 1024 ? `JS > ${BUDGETS.productJsKb} KB` : '',
        f.stylesheets > BUDGETS.stylesheets ? `${f.stylesheets} stylesheets` : '',
      ].filter(Boolean);
      if (problems.length) over.push(`${r.page.kind}: ${problems.join(', ')}`);
      const reactCell = f.reactAtLoad ? 'at load' : f.react ? 'on view' : 'no';
      return [
        r.page.kind,
        kb(r.bytes),
        kb(f.atLoad),
        kb(f.jsGzip),
        String(f.chunks),
        String(f.islands),
        reactCell,
        kb(f.cssGzip),
        `${Math.round((100 * f.cssUnused) / Math.max(1, f.cssRaw))} %`,
        String(f.stylesheets),
        problems.length ? `over: ${problems.join(', ')}` : 'ok',
        f.largest.join(', '),
      ];
    }),
  ]);
  // a budget figure, not a timed test: the run says so in its exit code
  if (over.length) {
    console.log(`\nOver budget: ${over.join('; ')}`);
    process.exitCode = 2;
  }
}

async function main() {
  const only = process.env.BENCH_ONLY;
  if (only === 'catalog-index') {
    const postgres = await preparePostgres();
    if (postgres) await measureCatalogIndex(postgres);
    return;
  }
  if (!fs.existsSync('dist/server/entry.mjs')) throw new Error('dist/ is missing: run "npm run build" first');
  const staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-static-'));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-'));
  try {
    const staticPort = await freePort();
    const baseline = start(process.execPath, ['--input-type=module', '-e', STATIC_SERVER], {
      PORT: String(staticPort),
      STATIC_DIR: staticDir,
    });
    fs.writeFileSync(path.join(staticDir, 'probe'), 'ok');
    fs.writeFileSync(path.join(staticDir, 'probe.json'), '{}');
    const staticBase = `http://127.0.0.1:${staticPort}`;
    await waitFor(`${staticBase}/probe`, baseline.child, baseline.output);

    const runs: Awaited<ReturnType<typeof measure>>[] = [];
    if (only !== 'postgres') runs.push(await measure('pglite', { DATA_DIR: dataDir }, staticDir, staticBase, baseline.child.pid!));
    const postgres = only === 'pglite' ? null : await preparePostgres();
    if (postgres)
      runs.push(
        await measure(
          'postgres',
          { DATABASE_URL: postgres, DATA_DIR: path.join(os.tmpdir(), 'shop-bench-pg-data') },
          staticDir,
          staticBase,
          baseline.child.pid!,
        ),
      );
    report(runs);
    if (postgres) await measureCatalogIndex(postgres);
    if (postgres) await explainPlans(postgres);
  } finally {
    stopChildren();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(staticDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
