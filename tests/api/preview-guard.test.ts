import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  PREVIEW_ANSWER_MAX_BYTES,
  PREVIEW_RENDER_CONCURRENCY,
  guardPreviewRender,
  previewRenderLoad,
} from '../../src/server/preview-guard';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { createSignedInStaff } from '../helpers/admin-fixtures';
import { createUser, uniqueAddress } from '../helpers/users-fixtures';

describe('POST /_preview/render limits', () => {
  let app: TestApp;
  /** the staff session cookie every render request carries */
  let staffCookie: string;
  beforeAll(async () => {
    app = await createTestApp('pglite', { rateLimits: 'previewRender=3/60' });
    staffCookie = (await createSignedInStaff(app, 'manager')).cookie;
  });
  afterAll(async () => {
    await app.close();
  });

  const request = (headers: Record<string, string> = { cookie: staffCookie }) =>
    new Request('http://shop.test/_preview/render', { method: 'POST', headers });
  const rendered = async () => new Response('{"sections":[]}', { headers: { 'content-type': 'application/json' } });

  it('answers a signed-in staff member only: 401 in the error shape otherwise, without rendering', async () => {
    const render = vi.fn(rendered);
    const customer = await createUser(app);
    const refusals: Record<string, string>[] = [
      {},
      { authorization: `Bearer ${customer.token}` },
      { cookie: 'shop_admin=not-a-session' },
      { cookie: `other=1; ${staffCookie.replace('shop_admin=', 'shop_admin_x=')}` },
    ];
    for (const headers of refusals) {
      const refused = await guardPreviewRender(app.deps, request(headers), uniqueAddress(), render);
      expect(refused.status).toBe(401);
      expect(await refused.json()).toMatchObject({ success: false, status: 401, message: 'Sign in to the back office' });
    }
    expect(render).not.toHaveBeenCalled();
    expect((await guardPreviewRender(app.deps, request({ cookie: `lang=ru; ${staffCookie}` }), uniqueAddress(), render)).status).toBe(200);
    expect(render).toHaveBeenCalledTimes(1);
  });

  it('limits renders per client address (429 with Retry-After)', async () => {
    const address = uniqueAddress();
    for (let i = 0; i < 3; i++) expect((await guardPreviewRender(app.deps, request(), address, rendered)).status).toBe(200);
    const refused = await guardPreviewRender(app.deps, request(), address, rendered);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.json()).toMatchObject({ success: false, status: 429 });
    expect((await guardPreviewRender(app.deps, request(), uniqueAddress(), rendered)).status).toBe(200);
  });

  it('renders at most two at once per instance and refuses beyond the queue with 503', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let running = 0;
    let most = 0;
    const slowRender = async () => {
      running++;
      most = Math.max(most, running);
      await gate;
      running--;
      return rendered();
    };
    const capacity = PREVIEW_RENDER_CONCURRENCY.max + PREVIEW_RENDER_CONCURRENCY.maxWaiting;
    const accepted = Array.from({ length: capacity }, () => guardPreviewRender(app.deps, request(), uniqueAddress(), slowRender));
    // each call awaits its rate-limit count first; wait until all of them hold a slot or a place in the queue
    await expect
      .poll(previewRenderLoad)
      .toEqual({ active: PREVIEW_RENDER_CONCURRENCY.max, waiting: PREVIEW_RENDER_CONCURRENCY.maxWaiting });
    const refused = await guardPreviewRender(app.deps, request(), uniqueAddress(), rendered);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(running).toBe(PREVIEW_RENDER_CONCURRENCY.max);
    release();
    expect((await Promise.all(accepted)).map((res) => res.status)).toEqual(Array(capacity).fill(200));
    expect(most).toBe(PREVIEW_RENDER_CONCURRENCY.max);
  });

  it('refuses an answer larger than the preview sends with 413', async () => {
    const huge = async () => new Response(JSON.stringify({ sections: [{ id: 's', html: 'x'.repeat(PREVIEW_ANSWER_MAX_BYTES) }] }));
    const refused = await guardPreviewRender(app.deps, request(), uniqueAddress(), huge);
    expect(refused.status).toBe(413);
    expect(await refused.json()).toMatchObject({ success: false, status: 413 });
  });

  it('guards the widget data of POST /api/preview/section-data as the render: staff only, limited per address', async () => {
    const address = uniqueAddress();
    const ask = (headers: Record<string, string>) =>
      app.request('/preview/section-data', {
        method: 'POST',
        json: { sections: [{ id: 'w', type: 'SectionProductWidget', options: {} }] },
        headers: { 'x-shop-client-ip': address, ...headers },
      });
    expect((await ask({})).status).toBe(401);
    for (let i = 0; i < 3; i++) expect((await ask({ cookie: staffCookie })).status).toBe(200);
    const limited = await ask({ cookie: staffCookie });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
