/**
 * npm run bench: how heavy and how fast the storefront's main pages are, on the built server.
 *
 * Builds nothing: it starts `node dist/server/entry.mjs` (run `npm run build` first) on a free
 * loopback port with a temporary data directory (the demo shop is seeded on start), then for the
 * homepage, a catalog, a product and a text page prints
 *   - the HTML bytes,
 *   - the JavaScript a first visit downloads, gzipped: module scripts, module preloads and the island
 *     components and renderers of the HTML, with the static imports of those chunks (lazy dynamic
 *     imports are not counted: a first visit does not load them),
 *   - the server's requests per second for the page, against a static file server answering the same
 *     HTML bytes, measured side by side in alternating rounds of bounded loops.
 * Finally it warns when a text page whose sections have nothing interactive loads React.
 *
 * Options (environment): BENCH_SECONDS per round (default 2), BENCH_ROUNDS (3), BENCH_CONCURRENCY (16),
 * BENCH_MAX_REQUESTS per round (20000), BENCH_ENTRY (dist/server/entry.mjs).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { freePort, start, stopChildren, waitFor } from './lib/server-process';

const ROUND_SECONDS = Number(process.env.BENCH_SECONDS ?? 2);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const MAX_REQUESTS = Number(process.env.BENCH_MAX_REQUESTS ?? 20_000);
const ENTRY = process.env.BENCH_ENTRY ?? 'dist/server/entry.mjs';

type PageKind = 'homepage' | 'catalog' | 'product' | 'text page';
type PageResult = { kind: PageKind; path: string; htmlBytes: number; jsGzipBytes: number; chunks: number; react: boolean; serverRps: number; staticRps: number };

/** A tiny static file server in its own process: the same HTML bytes, as fast as node:http can answer them. */
const STATIC_SERVER = `
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
const dir = process.env.STATIC_DIR;
const files = new Map(fs.readdirSync(dir).map((name) => [name, fs.readFileSync(path.join(dir, name))]));
http.createServer((req, res) => {
  const body = files.get(decodeURIComponent(req.url.slice(1)));
  if (!body) { res.writeHead(404); res.end(); return; }
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': body.length, 'cache-control': 'no-cache, private' });
  res.end(body);
}).listen(Number(process.env.PORT), '127.0.0.1');
`;

// ---------------------------------------------------------------- pages to measure

async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return (await response.json()) as T;
}

type MenuItem = { url: string; type: string; children: MenuItem[] };
const flatten = (items: MenuItem[]): MenuItem[] => items.flatMap((item) => [item, ...flatten(item.children)]);

/** The homepage, the first catalog of the menus, its first product, and a text page. */
async function choosePages(base: string): Promise<{ kind: PageKind; path: string }[]> {
  const menus = await getJson<Record<string, MenuItem[]>>(`${base}/api/menus/batch`);
  const links = Object.values(menus).flatMap((items) => flatten(items));
  const catalog = links.find((link) => link.type === 'catalog')?.url;
  if (!catalog) throw new Error('The menus link no catalog');
  const listing = await getJson<{ sections: { type: string; items: { slug: string }[] }[] }>(`${base}/api/catalogs/v3/${catalog.replace('/catalogs/', '')}`);
  const product = listing.sections.find((section) => section.type === 'SectionProductList')?.items[0]?.slug;
  if (!product) throw new Error(`The catalog ${catalog} has no products`);
  const textPages = [...new Set(links.filter((link) => link.type === 'page').map((link) => link.url))];
  // A text page whose sections have nothing interactive (no island), for the "no React" check.
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
  ];
}

// ---------------------------------------------------------------- JavaScript of a first visit

const attribute = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]+)"`).exec(tag)?.[1];

/** Scripts a first visit loads from the HTML: module scripts, module preloads, island components and renderers. */
function entryScripts(html: string): { urls: string[]; inline: string[] } {
  const urls: string[] = [];
  const inline: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    const attributes = match[1] ?? '';
    if (!/type="module"/.test(attributes)) continue;
    const src = attribute(attributes, 'src');
    if (src) urls.push(src);
    else inline.push(match[2] ?? '');
  }
  for (const tag of html.match(/<link\b[^>]*>/g) ?? []) {
    if (/rel="modulepreload"/.test(tag)) urls.push(attribute(tag, 'href') ?? '');
  }
  for (const tag of html.match(/<astro-island\b[^>]*>/g) ?? []) {
    urls.push(attribute(tag, 'component-url') ?? '', attribute(tag, 'renderer-url') ?? '');
  }
  return { urls: urls.filter(Boolean), inline };
}

/** Static imports of a module: `import x from "./a.js"`, `import "./b.js"`, `export * from "./c.js"` (minified or not). */
function staticImports(code: string): string[] {
  const found = new Set<string>();
  for (const match of code.matchAll(/(?:^|[;\s}])(?:import|export)\s*(?:[\w*{}\s,$]+?\s*from\s*)?["']([^"']+\.m?js)["']/g)) {
    found.add(match[1]!);
  }
  return [...found];
}

const REACT_MARKERS = ['react.dev/errors', 'Minified React error', '__SECRET_INTERNALS_DO_NOT_USE', 'react.transitional.element'];

async function firstVisitJs(base: string, html: string): Promise<{ gzipBytes: number; chunks: number; react: boolean }> {
  const { urls, inline } = entryScripts(html);
  const seen = new Set<string>();
  const queue = urls.map((url) => new URL(url, base).href);
  for (const code of inline) queue.push(...staticImports(code).map((url) => new URL(url, base).href));
  let gzipBytes = inline.reduce((sum, code) => sum + gzipSync(code).length, 0);
  let react = false;
  while (queue.length > 0) {
    const url = queue.shift()!;
    if (seen.has(url)) continue;
    seen.add(url);
    const response = await fetch(url);
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    const code = await response.text();
    gzipBytes += gzipSync(code).length;
    react ||= REACT_MARKERS.some((marker) => code.includes(marker));
    queue.push(...staticImports(code).map((imported) => new URL(imported, url).href));
  }
  return { gzipBytes, chunks: seen.size, react };
}

// ---------------------------------------------------------------- requests per second

/** Requests answered per second by `url` with CONCURRENCY loops for at most ROUND_SECONDS or MAX_REQUESTS. */
async function requestsPerSecond(url: string): Promise<number> {
  let done = 0;
  let failed = 0;
  let firstFailure = '';
  const startedAt = performance.now();
  const deadline = startedAt + ROUND_SECONDS * 1000;
  const loop = async () => {
    while (performance.now() < deadline && done + failed < MAX_REQUESTS) {
      try {
        const response = await fetch(url);
        await response.arrayBuffer();
        if (response.ok) done += 1;
        else {
          failed += 1;
          firstFailure ||= `status ${response.status}`;
        }
      } catch (error) {
        failed += 1;
        firstFailure ||= error instanceof Error ? `${error.message}${error.cause instanceof Error ? `: ${error.cause.message}` : ''}` : String(error);
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, loop));
  if (failed > 0) console.warn(`  ${failed} requests to ${url} failed (first: ${firstFailure})`);
  return done / ((performance.now() - startedAt) / 1000);
}

/** Both servers measured in alternating rounds, so a slower moment of the machine weighs on both alike. */
async function sideBySide(serverUrl: string, staticUrl: string): Promise<{ server: number; baseline: number }> {
  await requestsPerSecond(serverUrl); // warm-up: caches, JIT, connections
  await requestsPerSecond(staticUrl);
  const server: number[] = [];
  const baseline: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    server.push(await requestsPerSecond(serverUrl));
    baseline.push(await requestsPerSecond(staticUrl));
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  return { server: median(server), baseline: median(baseline) };
}

// ---------------------------------------------------------------- report

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function printTable(results: PageResult[]) {
  const rows = [
    ['page', 'path', 'HTML', 'JS (gzip)', 'chunks', 'React', 'server req/s', 'static req/s', 'server/static'],
    ...results.map((r) => [
      r.kind,
      r.path,
      kb(r.htmlBytes),
      kb(r.jsGzipBytes),
      String(r.chunks),
      r.react ? 'yes' : 'no',
      r.serverRps.toFixed(0),
      r.staticRps.toFixed(0),
      `${((r.serverRps / r.staticRps) * 100).toFixed(1)} %`,
    ]),
  ];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  for (const [index, row] of rows.entries()) {
    console.log(row.map((cell, column) => (column < 2 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  '));
    if (index === 0) console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  }
}

async function main() {
  if (!fs.existsSync(ENTRY)) throw new Error(`${ENTRY} is missing: run "npm run build" first`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-'));
  const staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-static-'));
  try {
    const [serverPort, staticPort] = [await freePort(), await freePort()];
    const base = `http://127.0.0.1:${serverPort}`;
    const shop = start(process.execPath, [ENTRY], { PORT: String(serverPort), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', PUBLIC_URL: base });
    console.log(`Starting ${ENTRY} on ${base} (data in ${dataDir}; the demo shop is seeded first)…`);
    await waitFor(`${base}/liveness`, shop.child, shop.output);

    const pages = await choosePages(base);
    const measured: (Omit<PageResult, 'serverRps' | 'staticRps'> & { file: string })[] = [];
    for (const [index, page] of pages.entries()) {
      const response = await fetch(`${base}${page.path}`);
      if (!response.ok) throw new Error(`${page.path} answered ${response.status}`);
      const html = Buffer.from(await response.arrayBuffer());
      const file = `page-${index}.html`;
      fs.writeFileSync(path.join(staticDir, file), html);
      const js = await firstVisitJs(base, html.toString('utf8'));
      measured.push({ ...page, file, htmlBytes: html.length, jsGzipBytes: js.gzipBytes, chunks: js.chunks, react: js.react });
    }

    const baseline = start(process.execPath, ['--input-type=module', '-e', STATIC_SERVER], { PORT: String(staticPort), STATIC_DIR: staticDir });
    await waitFor(`http://127.0.0.1:${staticPort}/${measured[0]!.file}`, baseline.child, baseline.output);

    const results: PageResult[] = [];
    for (const page of measured) {
      console.log(`Measuring ${page.kind} ${page.path}: ${ROUNDS} rounds of ${ROUND_SECONDS} s, ${CONCURRENCY} connections…`);
      const rps = await sideBySide(`${base}${page.path}`, `http://127.0.0.1:${staticPort}/${page.file}`);
      results.push({ ...page, serverRps: rps.server, staticRps: rps.baseline });
    }

    console.log('');
    printTable(results);
    console.log('');
    const textPage = results.find((r) => r.kind === 'text page')!;
    const textHtml = fs.readFileSync(path.join(staticDir, measured.find((m) => m.kind === 'text page')!.file), 'utf8');
    if (textHtml.includes('<astro-island')) {
      console.warn(`WARNING: no text page without interactive sections was found (${textPage.path} has islands); the "no React" check was not made.`);
    } else if (textPage.react) {
      console.warn(`WARNING: the text page ${textPage.path} has nothing interactive but loads React.`);
    } else {
      console.log(`OK: the text page ${textPage.path} has nothing interactive and loads no React.`);
    }
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
