// @ts-check
/**
 * The production server: `NODE_ENV=production node server.mjs` (after `npm run build`).
 *
 * It runs the built Astro app (dist/server/entry.mjs, the Node adapter's handler) behind one small
 * addition: the client assets are answered from memory in the encoding the browser accepts, from the
 * brotli and gzip copies the build wrote (scripts/precompress-assets.mjs), with an ETag and, for the
 * hashed files under /_astro/, a year's immutable caching. Pages and API answers are compressed by the
 * page cache (src/server/cache/astro-page-cache.ts). `node dist/server/entry.mjs` still works, without
 * compressed assets.
 *
 * Everything else passes a gate that bounds the requests in the framework at once, page renders and API calls
 * each by their own bound (src/server/http/admission.mjs: a short queue, then 503 with Retry-After). The server listens only once it is ready: the database answers
 * (migrated, seeded on first start) and the page cache is loaded, checked through the same request listener on
 * a private loopback port first, so a (re)starting instance never takes a connection it would leave hanging.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import module from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

process.env.NODE_ENV ??= 'production';
process.env.ASTRO_NODE_AUTOSTART = 'disabled';

// V8's compiled code is kept on disk between starts (keyed by each file's contents): about a second of CPU less
// before an instance's first answer; NODE_COMPILE_CACHE chooses the directory, NODE_DISABLE_COMPILE_CACHE=1 turns it off
module.enableCompileCache?.();
const clientDir = fileURLToPath(new URL('./dist/client/', import.meta.url));
// a computed specifier: the build output does not exist when the project is type-checked on a fresh clone
const { handler } = await import(new URL('./dist/server/entry.mjs', import.meta.url).href);
const { filesUnder } = await import('./scripts/precompress-assets.mjs');
const { admissionOptions, createAdmission, gated } = await import('./src/server/http/admission.mjs');

/** @type {Record<string, string>} */
const TYPES = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
  '.ico': 'image/x-icon',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
};

/** @typedef {{ type: string; etag: string; immutable: boolean; identity: Buffer; br?: Buffer; gzip?: Buffer }} Asset */
/** @type {Map<string, Asset>} */
const assets = new Map();
for (const file of filesUnder(clientDir)) {
  if (file.endsWith('.br') || file.endsWith('.gz')) continue;
  const urlPath = `/${path.relative(clientDir, file).split(path.sep).join('/')}`;
  const identity = fs.readFileSync(file);
  const read = (/** @type {string} */ suffix) => (fs.existsSync(file + suffix) ? fs.readFileSync(file + suffix) : undefined);
  assets.set(urlPath, {
    type: TYPES[path.extname(file)] ?? 'application/octet-stream',
    etag: `"${createHash('sha1').update(identity).digest('base64url').slice(0, 22)}"`,
    immutable: urlPath.startsWith('/_astro/'),
    identity,
    br: read('.br'),
    gzip: read('.gz'),
  });
}

/** @param {string | undefined} header */
function accepted(header) {
  const names = (header ?? '')
    .toLowerCase()
    .split(',')
    .map((part) => part.trim().split(';'));
  const allows = (/** @type {string} */ name) => names.some(([n, q]) => n === name && !(q && /^\s*q=0(\.0*)?\s*$/.test(q)));
  return { br: allows('br'), gzip: allows('gzip') };
}

/** @param {http.IncomingMessage} req @param {http.ServerResponse} res */
function serveAsset(req, res) {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const url = req.url ?? '/';
  const query = url.indexOf('?');
  const asset = assets.get(query >= 0 ? url.slice(0, query) : url);
  if (!asset) return false;
  const headers = {
    'content-type': asset.type,
    etag: asset.etag,
    'cache-control': asset.immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    ...(asset.br || asset.gzip ? { vary: 'Accept-Encoding' } : {}),
  };
  if (req.headers['if-none-match'] === asset.etag) {
    res.writeHead(304, headers).end();
    return true;
  }
  const can = accepted(req.headers['accept-encoding']);
  const [encoding, body] =
    can.br && asset.br ? ['br', asset.br] : can.gzip && asset.gzip ? ['gzip', asset.gzip] : [undefined, asset.identity];
  res.writeHead(200, { ...headers, ...(encoding ? { 'content-encoding': encoding } : {}), 'content-length': body.length });
  res.end(req.method === 'HEAD' ? undefined : body);
  return true;
}

const port = Number(process.env.PORT ?? 4321);
const host = process.env.HOST ?? '127.0.0.1';
/**
 * Pages already in the page cache are answered here, before the framework builds a Request: the same
 * store, keys and headers as the cache provider's own hit path, at a fraction of its cost. Until the
 * first page is rendered the provider (and this function) is not loaded yet.
 * @returns {((method: string, url: string, header: (name: string) => string | null) => { status: number; headers: string[]; body: Uint8Array | null } | null) | undefined}
 */
const storedAnswer = () => /** @type {any} */ (globalThis)[Symbol.for('storefront.storedAnswer')];

/** @param {http.IncomingMessage} req @param {http.ServerResponse} res */
function serveStoredPage(req, res) {
  const lookup = storedAnswer();
  if (!lookup || (req.method !== 'GET' && req.method !== 'HEAD')) return false;
  const header = (/** @type {string} */ name) => {
    const value = req.headers[name];
    return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
  };
  const stored = lookup(req.method, req.url ?? '/', header);
  if (!stored) return false;
  // the stored answer's header list, made once per page and encoding
  res.writeHead(stored.status, stored.headers);
  res.end(stored.body ?? undefined);
  return true;
}

/** The 503 text of a shed request, in the visitor's language (`lang` query or cookie, else English). */
const busyTexts = Object.fromEntries(
  ['en', 'ru'].map((lang) => [
    lang,
    JSON.parse(fs.readFileSync(new URL(`./locales/${lang}.json`, import.meta.url), 'utf8')).errorPage.busy,
  ]),
);
const busyText = (/** @type {http.IncomingMessage} */ req) => {
  const lang = /[?&]lang=(en|ru)\b/.exec(req.url ?? '')?.[1] ?? /(?:^|;\s*)lang=(en|ru)\b/.exec(req.headers.cookie ?? '')?.[1] ?? 'en';
  return busyTexts[lang] ?? busyTexts.en;
};
const admissionLimits = admissionOptions();
/** page renders and API calls, each with its own bound */
const admissions = { pages: createAdmission(admissionLimits.pages), api: createAdmission(admissionLimits.api) };
const exempt = (/** @type {http.IncomingMessage} */ req) => req.url === '/liveness';
const pagesFramework = gated(admissions.pages, handler, { busyText, exempt });
const apiFramework = gated(admissions.api, handler, { busyText, exempt });
const framework = (/** @type {http.IncomingMessage} */ req, /** @type {http.ServerResponse} */ res) =>
  (req.url ?? '').startsWith('/api/') ? apiFramework(req, res) : pagesFramework(req, res);

/** @param {http.IncomingMessage} req @param {http.ServerResponse} res */
const listener = (req, res) => {
  if (!serveAsset(req, res) && !serveStoredPage(req, res)) framework(req, res);
};

/**
 * Readiness before listening: /liveness answers 200 once the runtime is up (database reachable, migrated,
 * seeded on first start), and /api/config loads the page cache (the front door's store) and the API. Asked
 * through the listener on a loopback port of its own; while the database is unreachable it asks again.
 */
async function warmUp() {
  const probe = http.createServer(listener);
  await new Promise((resolve) => probe.listen(0, '127.0.0.1', () => resolve(undefined)));
  const address = probe.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  try {
    for (let attempt = 1; ; attempt++) {
      const live = await fetch(`${base}/liveness`);
      if (live.ok) break;
      // 503: the database does not answer yet; anything else is a fault that waiting does not mend
      if (live.status !== 503) throw new Error(`The shop cannot start: its liveness check answered ${live.status}`);
      console.warn(`Not ready yet (database unavailable), asking again (attempt ${attempt})`);
      await new Promise((resolve) => setTimeout(resolve, Math.min(5000, 250 * attempt)));
    }
    const config = await fetch(`${base}/api/config`);
    await config.arrayBuffer();
    if (!config.ok) throw new Error(`The shop cannot start: /api/config answered ${config.status}`);
  } finally {
    probe.closeAllConnections();
    probe.close();
  }
}

await warmUp();
const server = http.createServer(listener);
server.keepAliveTimeout = 65_000;
server.listen(port, host, () => console.log(`Serving on http://${host}:${port} (${assets.size} client assets in memory)`));
/** How long a stop waits for requests in flight and the database before it exits anyway. */
const STOP_GRACE_MS = 10_000;

/**
 * A stop (SIGTERM, SIGINT): no new requests, the ones in flight finish, then the shop's runtime closes (its
 * workers stop and PGlite closes cleanly: a database left open recovers on the next start with its sequences
 * moved ahead, so order numbers jumped by about 30 after each restart), then the process exits.
 */
async function stop() {
  setTimeout(() => process.exit(1), STOP_GRACE_MS).unref();
  await new Promise((resolve) => {
    server.close(resolve);
    server.closeIdleConnections();
  });
  // what overload did to this instance, for the operator's log and the load bench (nothing answers it to a request)
  const sum = (/** @type {'shed' | 'left' | 'unfinished'} */ count) => admissions.pages[count] + admissions.api[count];
  const renders = /** @type {{ abandoned: number } | undefined} */ (
    /** @type {any} */ (globalThis)[Symbol.for('storefront.renderCounters')]
  );
  console.log(
    `Stopped: ${sum('shed')} requests shed (503), ${sum('left')} left the queue before starting, ` +
      `${sum('unfinished')} answers cut off by a gone client, ${renders?.abandoned ?? 0} renders abandoned for a gone client`,
  );
  /** @type {(() => Promise<void>) | undefined} */
  const closeRuntime = /** @type {any} */ (globalThis)[Symbol.for('storefront.closeRuntime')];
  try {
    await closeRuntime?.();
  } catch (error) {
    console.error('closing the database failed', error);
  }
  process.exit(0);
}
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    void stop();
  });
