// measures the search and predictive search at 100,000 products on PostgreSQL with its own client (temporary)
import { readConfig } from './src/server/config';
import { openMigratedDatabase } from './src/server/seed/database';
import { generateProducts } from './src/server/seed/generated-products';
import { searchSite, suggestSite } from './src/server/api/catalog/search';

const config = readConfig();
const handle = await openMigratedDatabase(config);
const db = handle.db;
let t = performance.now();
const added = await generateProducts(db, 100_000);
console.log(`generated ${added} products in ${((performance.now() - t) / 1000).toFixed(0)} s`);
const words = (await db.execute(`select count(*)::int as n from search_words` as never)) as unknown as { rows: { n: number }[] };
console.log('dictionary words', words.rows[0]?.n);
async function measure(name: string, queries: string[], run: (q: string) => Promise<unknown>) {
  for (const q of queries.slice(0, 3)) await run(q);
  const times: number[] = [];
  for (let n = 0; n < 60; n++) {
    const q = queries[n % queries.length]!.replace('{n}', String(n + 1000));
    const start = performance.now();
    await run(q);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  console.log(`${name}: p50 ${times[30]!.toFixed(1)} ms, p95 ${times[56]!.toFixed(1)} ms`);
}
const prefixes = ['li', 'lin', 'line', 'linen', 'wo', 'woo', 'wool', 'sh', 'shi', 'shir', 'bla', 'blac', 'whi', 'gen'];
await measure('suggest, common prefixes (no kept answers)', prefixes, (q) => suggestSite(db, q, 'en'));
await measure('suggest, new queries with numbers', ['gen {n}', 'genrated {n}', 'wool {n}', 'blakc {n}', 'linen shrit {n}', 'чёрнй {n}'], (q) => suggestSite(db, q, 'en'));
await measure('search page, common words', ['linen', 'wool', 'shirt', 'black', 'sweater'], (q) => searchSite(db, q, 0, 30, 'en'));
await measure('search page, misspelt', ['lnien', 'wol', 'shrit', 'blakc', 'swaeter'], (q) => searchSite(db, q, 0, 30, 'en'));
await handle.close();
