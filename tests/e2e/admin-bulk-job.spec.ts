import { expect, test } from '@playwright/test';
import { DEMO_OWNER, staffPage } from './admin-helpers';
import { product } from './shopping-helpers';

const COUNT = 27;

test('the owner selects all matching products, changes their prices by per cent, watches the progress bar finish, and the storefront shows the new prices', async ({
  browser,
  request,
}) => {
  // 27 products made through the API first: longer than a journey's usual minute on a busy machine
  test.setTimeout(300_000);
  const suffix = Date.now().toString(36);
  const admin = await staffPage(browser, DEMO_OWNER, '/admin/products');
  // more products than one page of the list holds, all matching one search
  const ids: string[] = [];
  for (let n = 1; n <= COUNT; n += 1) {
    const created = await admin.request.post('/api/admin/products', {
      headers: { 'x-shop-admin': '1' },
      data: {
        title: { en: `Bulk tee ${suffix} ${n}` },
        slug: `bulk-tee-${suffix}-${n}`,
        enabled: true,
        variations: [{ values: [], fullPriceCents: 2000, stock: 5, isDefault: true }],
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    ids.push(((await created.json()) as { id: string }).id);
  }
  // the product page is cached at its first price before the change
  await admin.goto(`/products/bulk-tee-${suffix}-${COUNT}`);
  await expect(admin.getByTestId('product-price')).toContainText('$20');

  await admin.goto('/admin/products');
  await admin.getByLabel('Search', { exact: true }).fill(`Bulk tee ${suffix}`);
  await expect(admin.getByRole('row').filter({ hasText: `Bulk tee ${suffix}` })).toHaveCount(25);
  await admin.getByLabel('Select every row on this page', { exact: true }).check();
  const bar = admin.getByRole('region', { name: 'Selected products' });
  await bar.getByRole('button', { name: `Select all ${COUNT} matching products` }).click();
  await expect(bar).toContainText(`All ${COUNT} matching products selected`);
  await bar.getByRole('button', { name: 'Set price' }).click();
  const dialog = admin.getByRole('dialog');
  await dialog.getByLabel('Change by per cent').check();
  await dialog.getByLabel('Per cent (e.g. 10 or -15)').fill('10');
  await dialog.getByRole('button', { name: 'Apply' }).click();

  // the job's progress bar fills as the worker runs it, and ends done with every product counted
  const progress = admin.getByRole('region', { name: 'Bulk change' });
  await expect(progress).toContainText('Done');
  await expect(progress).toContainText(`${COUNT} of ${COUNT} done, 0 failed`);
  await expect(progress.getByRole('progressbar', { name: 'Progress' })).toHaveAttribute('value', String(COUNT));
  // the list shows the new prices once the job ended
  await expect(
    admin
      .getByRole('row')
      .filter({ hasText: `Bulk tee ${suffix} 1` })
      .first()
      .getByRole('cell', { name: '$22', exact: true }),
  ).toBeVisible();

  // the storefront: the product's API and its page (its cached copy dropped by the job's batch)
  for (const n of [1, 14, COUNT]) expect((await product(request, `bulk-tee-${suffix}-${n}`)).variations[0]!.price).toBe(22);
  const shopper = await browser.newPage();
  await shopper.goto(`/products/bulk-tee-${suffix}-${COUNT}`);
  await expect(shopper.getByTestId('product-price')).toContainText('$22');

  // the products go, so other journeys see the demo shop as it was
  for (const id of ids) {
    const current = (await (await admin.request.get(`/api/admin/products/${id}`)).json()) as { version: number };
    const removed = await admin.request.delete(`/api/admin/products/${id}?version=${current.version}`, {
      headers: { 'x-shop-admin': '1' },
    });
    expect(removed.status()).toBe(204);
  }
});
