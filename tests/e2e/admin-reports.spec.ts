import { readFileSync } from 'node:fs';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { DEMO_OWNER, staffPage } from './admin-helpers';
import { product } from './shopping-helpers';

/** A cash order for pickup through the storefront API. */
async function buy(request: APIRequestContext, slug: string): Promise<void> {
  const found = await product(request, slug);
  const variation =
    found.variations.find((v) => v.stock === null && v.inStock && v.price > 0) ?? found.variations.find((v) => v.inStock && v.price > 0);
  expect(variation, `a variation of ${slug} on sale`).toBeTruthy();
  const locations = (await (await request.get('/api/locations')).json()) as { id: string }[];
  const placed = await request.post('/api/orders', {
    data: {
      items: [{ variationId: variation!.id, quantity: 1 }],
      customer: { name: 'Rita Reports', phone: '+1 212 555 0142' },
      delivery: { method: 'pickup', locationId: locations[0]!.id },
      paymentMethod: 'cash',
      agreement: true,
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
}

// the journeys' shop has no demo orders (playwright.config.ts): this one places today's
test('the owner reads the revenue chart for the last 30 days', async ({ browser, request }) => {
  await buy(request, 'denim-jacket');
  await buy(request, 'hiking-boots');
  const admin = await staffPage(browser, DEMO_OWNER, '/admin/');
  await admin.getByRole('link', { name: 'Reports' }).first().click();
  await expect(admin.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();
  await admin.getByRole('button', { name: 'Last 30 days' }).click();
  await expect(admin).toHaveURL(/by=day/);

  const revenue = admin.locator('section[data-report="revenue"]');
  await expect(revenue.getByRole('heading', { name: 'Revenue by day' })).toBeVisible();
  // the chart: uPlot's canvas, drawn once its module has loaded
  await expect(revenue.locator('.report-chart canvas').first()).toBeVisible();
  await expect(revenue.getByRole('img', { name: 'Revenue by day' })).toBeVisible();
  // its table: one row per day, today's with the orders' revenue
  const rows = revenue.locator('.report-table-wrap table tbody tr');
  await expect(rows).toHaveCount(30);
  await expect(admin.locator('[data-metric="orders"] .report-tile-value')).not.toHaveText('0');
  // every figure stands beside the previous period's, the conversion from cart to order too
  const tiles = admin.locator('.report-tile');
  await expect(tiles).toHaveCount(11);
  for (const tile of await tiles.all()) await expect(tile).toContainText('Previous period:');
  await expect(admin.locator('[data-metric="conversion"]')).toContainText('Cart to order');

  // the CSV of the same table
  const [download] = await Promise.all([admin.waitForEvent('download'), revenue.getByRole('button', { name: 'Download CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^revenue_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
  const lines = csv.trim().split(/\r\n/);
  expect(lines[0]).toBe('Period,Revenue,"Revenue, previous period",Net revenue,"Net revenue, previous period"');
  expect(lines).toHaveLength(31);
  const revenueOf = (line: string) => Number(line.split(',')[1]);
  expect(lines.slice(1).filter((line) => revenueOf(line) > 0).length).toBeGreaterThan(0);

  // the same screen in Russian: dates and labels in the page's language
  await admin.getByRole('button', { name: 'RU', exact: true }).first().click();
  await expect(admin.getByRole('heading', { name: 'Отчёты', level: 1 })).toBeVisible();
  await expect(revenue.getByRole('heading', { name: 'Выручка по дням' })).toBeVisible();
  await admin.close();
});

test('the owner finds the product feeds and they list the shop’s products', async ({ browser, request }) => {
  const admin = await staffPage(browser, DEMO_OWNER, '/admin/feeds');
  await expect(admin.getByRole('heading', { name: 'Product feeds', level: 1 })).toBeVisible();
  const address = await admin.locator('code.feed-address').first().textContent();
  expect(address).toMatch(/\/feeds\/google\.xml$/);
  await expect(admin.getByText(/\/feeds\/ru\/yandex\.yml$/)).toBeVisible();
  await admin.close();

  const google = await request.get('/feeds/google.xml');
  expect(google.status()).toBe(200);
  expect(google.headers()['content-type']).toContain('xml');
  const text = await google.text();
  expect(text).toContain('xmlns:g="http://base.google.com/ns/1.0"');
  expect(text).toContain('<g:image_link>');
  const yandex = await (await request.get('/feeds/ru/yandex.yml')).text();
  expect(yandex).toContain('<yml_catalog');
  expect(yandex).toContain('<offer id=');
  // kept by the page cache: the second read is a hit
  const again = await request.get('/feeds/google.xml');
  expect(again.headers()['x-astro-cache']).toBe('HIT');
});
