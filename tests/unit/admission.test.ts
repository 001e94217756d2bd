import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { admissionOptions, createAdmission, gated } from '../../src/server/http/admission.mjs';
import { isClientGone, whileClientWaits } from '../../src/server/http/client-gone';
import { pageFetcher } from '../../src/storefront/storefront-api';

describe('the bound on requests in the framework', () => {
  afterEach(() => vi.useRealTimers());

  it('admits up to its limit, queues the next for a short wait, then sheds; a freed place goes to the first waiting', async () => {
    vi.useFakeTimers();
    const admission = createAdmission({ limit: 2, queue: 1, waitMs: 1000 });
    expect(admission.enter()).toBe(true);
    expect(admission.enter()).toBe(true);
    const waiting = admission.enter();
    expect(waiting).toBeInstanceOf(Promise);
    // the queue is full: shed at once
    expect(admission.enter()).toBe(false);
    admission.leave();
    expect(await waiting).toBe(true);
    expect(admission.active).toBe(2);

    const late = admission.enter();
    vi.advanceTimersByTime(1000);
    expect(await late).toBe(false);
    expect(admission.queued).toBe(0);
    expect(admission.shed).toBe(2);

    // recovers once the work is done
    admission.leave();
    admission.leave();
    expect(admission.active).toBe(0);
    expect(admission.enter()).toBe(true);
  });

  it('drops a waiting request whose client has gone, without ever running it', async () => {
    const admission = createAdmission({ limit: 1, queue: 5, waitMs: 60_000 });
    expect(admission.enter()).toBe(true);
    let abandon: () => void = () => {};
    const waiting = admission.enter((drop) => (abandon = drop));
    abandon();
    expect(await waiting).toBe(false);
    expect(admission.queued).toBe(0);
    // counted apart from the requests shed for load
    expect(admission.left).toBe(1);
    expect(admission.shed).toBe(0);
    admission.leave();
    expect(admission.active).toBe(0);
  });

  it('reads its settings from the environment, with defaults for missing or unusable values', () => {
    expect(admissionOptions({})).toEqual({
      pages: { limit: 2, queue: 64, waitMs: 2000 },
      api: { limit: 8, queue: 64, waitMs: 2000 },
    });
    expect(admissionOptions({ RENDER_CONCURRENCY: '3', API_CONCURRENCY: '5', RENDER_QUEUE: '0', RENDER_QUEUE_WAIT_MS: '50' })).toEqual({
      pages: { limit: 3, queue: 0, waitMs: 50 },
      api: { limit: 5, queue: 0, waitMs: 50 },
    });
    expect(admissionOptions({ RENDER_CONCURRENCY: 'many', API_CONCURRENCY: '0', RENDER_QUEUE: '-1' })).toEqual({
      pages: { limit: 2, queue: 64, waitMs: 2000 },
      api: { limit: 1, queue: 64, waitMs: 2000 },
    });
  });

  it('answers 503 with Retry-After in the visitor language past the bound, and serves again once a place is free', async () => {
    const admission = createAdmission({ limit: 1, queue: 0, waitMs: 0 });
    const held: (() => void)[] = [];
    const handler = (_req: http.IncomingMessage, res: http.ServerResponse) => {
      held.push(() => res.end('rendered'));
    };
    const busyText = (req: http.IncomingMessage) => (/lang=ru/.test(req.headers.cookie ?? '') ? 'занято' : 'busy');
    const server = http.createServer(gated(admission, handler, { busyText, exempt: (req) => req.url === '/liveness' }));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const first = fetch(`${base}/a`);
      await vi.waitFor(() => expect(held).toHaveLength(1));
      const shed = await fetch(`${base}/b`, { headers: { cookie: 'lang=ru' } });
      expect(shed.status).toBe(503);
      expect(shed.headers.get('retry-after')).toBe('2');
      expect(shed.headers.get('cache-control')).toBe('no-store');
      expect(await shed.text()).toBe('занято');
      // the liveness probe is never held back
      const live = fetch(`${base}/liveness`);
      await vi.waitFor(() => expect(held).toHaveLength(2));
      held[1]!();
      expect((await live).status).toBe(200);

      held[0]!();
      expect(await (await first).text()).toBe('rendered');
      await vi.waitFor(() => expect(admission.active).toBe(0));
      const again = fetch(`${base}/c`);
      await vi.waitFor(() => expect(held).toHaveLength(3));
      held[2]!();
      expect((await again).status).toBe(200);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('a render whose client has gone', () => {
  it('stops at its next data call', async () => {
    const calls: string[] = [];
    const fetcher = pageFetcher({ request: (input) => (calls.push(input), Response.json({ ok: true })) });
    const client = new AbortController();
    const render = whileClientWaits(client.signal, async () => {
      await fetcher('/settings');
      client.abort();
      await fetcher('/products/x');
      await fetcher('/catalogs/y');
      return 'rendered';
    });
    const error = await render.catch((e: unknown) => e);
    expect(isClientGone(error)).toBe(true);
    expect(calls).toEqual(['/api/settings']);
    // outside a request, and for a client still there, calls go through
    expect((await fetcher('/menus')).status).toBe(200);
    const still = new AbortController();
    expect(await whileClientWaits(still.signal, async () => (await fetcher('/menus')).status)).toBe(200);
  });

  it('is answered 499 by the page cache, which stores nothing', async () => {
    const { default: provider, sharedPageCache } = await import('../../src/server/cache/astro-page-cache');
    const fetcher = pageFetcher({ request: () => Response.json({ ok: true }) });
    const client = new AbortController();
    const request = new Request('http://shop.test/about', { signal: client.signal });
    let rendered = false;
    const abandoned = () =>
      ((globalThis as Record<symbol, unknown>)[Symbol.for('storefront.renderCounters')] as { abandoned: number }).abandoned;
    const abandonedBefore = abandoned();
    const response = await provider().onRequest!(
      { request, url: new URL(request.url), waitUntil: undefined, logger: console } as never,
      async () => {
        client.abort();
        await fetcher('/pages/about');
        rendered = true;
        return new Response('<p>about</p>', { headers: { 'cdn-cache-control': 'max-age=60' } });
      },
    );
    expect(response.status).toBe(499);
    expect(rendered).toBe(false);
    // counted where the server's stop report reads it
    expect(abandoned()).toBe(abandonedBefore + 1);
    expect(sharedPageCache().get('|/about')).toBeUndefined();
  });
});
