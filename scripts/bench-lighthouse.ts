/**
 * npm run bench:lighthouse (after `npm run build`): Lighthouse (mobile, its defaults) in the system
 * Chromium on the homepage, a catalog, a product, the cart and the checkout of the built shop (demo data, PGlite, a temporary
 * data directory). Prints the four category scores per page against the goal (100, never below 98)
 * and the audits that cost points; exits non-zero when a score is below 98.
 *
 * Options (environment): CHROMIUM_PATH (/usr/bin/chromium), LIGHTHOUSE_RUNS per page (1; the median
 * performance score is kept).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { freePort, start, stopChildren, waitFor } from './lib/server-process';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const GOAL = 100;
const FLOOR = 98;
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 1);
/** Pages kept out of search engines on purpose (noindex): their SEO score is not measured. */
const NOT_INDEXED = new Set(['cart', 'checkout']);

type MenuItem = { url: string; type: string; children: MenuItem[] };
const flatten = (items: MenuItem[]): MenuItem[] => items.flatMap((item) => [item, ...flatten(item.children)]);

async function pagesOf(base: string): Promise<[string, string][]> {
  const menus = (await (await fetch(`${base}/api/menus/batch`)).json()) as Record<string, MenuItem[]>;
  const catalog = Object.values(menus)
    .flatMap(flatten)
    .find((link) => link.type === 'catalog')!.url;
  const listing = (await (await fetch(`${base}/api/catalogs/v3/${catalog.replace('/catalogs/', '')}`)).json()) as {
    sections: { type: string; items: { slug: string }[] }[];
  };
  const product = listing.sections.find((s) => s.type === 'SectionProductList')!.items[0]!.slug;
  // the cart and checkout as a first visitor finds them: empty (the checkout then leads to the cart)
  return [
    ['homepage', '/'],
    ['catalog', catalog],
    ['product', `/products/${product}`],
    ['cart', '/cart'],
    ['checkout', '/checkout'],
  ];
}

async function main() {
  if (!fs.existsSync('dist/server/entry.mjs')) throw new Error('dist/ is missing: run "npm run build" first');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-lighthouse-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const shop = start(process.execPath, ['server.mjs'], {
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    PUBLIC_URL: base,
  });
  // the system Chromium with a debugging port, which Lighthouse drives
  const debugPort = await freePort();
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-lighthouse-profile-'));
  const chrome = start(
    process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      `--remote-debugging-port=${debugPort}`,
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    {},
  );
  let failed = false;
  try {
    await waitFor(`${base}/liveness`, shop.child, shop.output);
    await waitFor(`http://127.0.0.1:${debugPort}/json/version`, chrome.child, chrome.output);
    const rows: string[][] = [['page', ...CATEGORIES]];
    const losses: string[] = [];
    for (const [kind, pagePath] of await pagesOf(base)) {
      await fetch(`${base}${pagePath}`); // rendered once and cached, as a visitor after the first would find it
      const runs = [];
      for (let run = 0; run < RUNS; run++) {
        const result = await lighthouse(`${base}${pagePath}`, {
          port: debugPort,
          output: 'json',
          logLevel: 'error',
          onlyCategories: [...CATEGORIES],
        });
        if (!result) throw new Error(`Lighthouse gave no result for ${pagePath}`);
        runs.push(result.lhr);
      }
      runs.sort((a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0));
      const lhr = runs[Math.floor(runs.length / 2)]!;
      const measured = CATEGORIES.filter((category) => !(category === 'seo' && NOT_INDEXED.has(kind)));
      const scores = CATEGORIES.map((category) =>
        measured.includes(category) ? Math.round((lhr.categories[category]?.score ?? 0) * 100) : null,
      );
      failed ||= scores.some((score) => score !== null && score < FLOOR);
      rows.push([
        `${kind} ${pagePath}`,
        ...scores.map((score) => (score === null ? '-' : `${score}${score < FLOOR ? ' !' : score < GOAL ? ' ~' : ''}`)),
      ]);
      for (const category of measured) {
        for (const ref of lhr.categories[category]?.auditRefs ?? []) {
          const audit = lhr.audits[ref.id];
          if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) {
            losses.push(`  ${kind} · ${category} · ${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
          }
        }
      }
      const metrics = [
        'first-contentful-paint',
        'largest-contentful-paint',
        'total-blocking-time',
        'cumulative-layout-shift',
        'speed-index',
      ];
      console.log(`${kind}: ${metrics.map((id) => `${lhr.audits[id]?.title ?? id} ${lhr.audits[id]?.displayValue ?? '?'}`).join(', ')}`);
    }
    const widths = rows[0]!.map((_, c) => Math.max(...rows.map((row) => row[c]!.length)));
    console.log(
      `\nLighthouse ${RUNS > 1 ? `(median of ${RUNS} runs) ` : ''}on ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)}: goal ${GOAL}, never below ${FLOOR}`,
    );
    for (const row of rows) console.log(row.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join('  '));
    if (losses.length) console.log(`\nAudits that cost points:\n${losses.join('\n')}`);
  } finally {
    stopChildren();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(profile, { recursive: true, force: true });
  }
  if (failed) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
