import { expect, test } from '@playwright/test';

test.describe('the shop server', () => {
  test('is live and answers the API and the homepage from the seeded demo shop', async ({ page, request }) => {
    const live = await request.get('/liveness');
    expect(live.status()).toBe(200);
    expect(await live.json()).toEqual({ status: 'ok' });

    const config = await request.get('/api/config');
    expect(config.status()).toBe(200);
    expect((await config.json()).common.sitename).toBeTruthy();

    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    expect(response?.headers()['cache-control']).toBe('no-cache, private');
    await expect(page.locator('main a[href^="/products/"]').first()).toBeVisible();
  });

  test('serves real, resized images', async ({ request }) => {
    const home = await (await request.get('/api/homepage/v2')).json();
    const uri = JSON.stringify(home).match(/"uri":"(\/media\/[^"]+)"/)?.[1];
    expect(uri).toBeTruthy();
    const resized = await request.get(`${uri}?w=320&h=320&fit=inset&format=webp`);
    expect(resized.status()).toBe(200);
    expect(resized.headers()['content-type']).toBe('image/webp');
    expect((await resized.body()).length).toBeGreaterThan(500);
  });
});
