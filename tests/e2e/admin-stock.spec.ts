import { expect, test, type APIRequestContext } from '@playwright/test';
import { E2E_MANAGER, staffPage } from './admin-helpers';
import { product } from './shopping-helpers';

/** A cash order for pickup through the storefront API, as a shopper's browser would place it. */
async function buy(request: APIRequestContext, variationId: string, quantity: number, phone: string): Promise<void> {
  const locations = (await (await request.get('/api/locations')).json()) as { id: string }[];
  const placed = await request.post('/api/orders', {
    data: {
      items: [{ variationId, quantity }],
      customer: { name: 'Sam Shopper', phone },
      delivery: { method: 'pickup', locationId: locations[0]!.id },
      paymentMethod: 'cash',
      agreement: true,
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
}

test('orders placed while a product is open in the editor: a title fix keeps the sale, a stock change from the old figure is refused with the current one and applied on the next save', async ({
  browser,
  request,
}) => {
  const suffix = Date.now().toString(36);
  const slug = `stock-tee-${suffix}`;
  const admin = await staffPage(browser, E2E_MANAGER, '/admin/products');
  const created = await admin.request.post('/api/admin/products', {
    headers: { 'x-shop-admin': '1' },
    data: {
      title: { en: `Stock tee ${suffix}` },
      slug,
      enabled: true,
      options: [{ title: { en: 'Size' }, values: [{ title: { en: 'S' } }, { title: { en: 'M' } }] }],
      variations: [
        { values: [0], fullPriceCents: 2500, stock: 50, isDefault: true },
        { values: [1], fullPriceCents: 2500, stock: 8 },
      ],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id, variations } = (await created.json()) as { id: string; variations: { id: string }[] };
  const small = variations[0]!.id;
  const stockOf = async () => (await product(request, slug)).variations.find((v) => v.id === small)!.stock;

  await admin.goto(`/admin/products/${id}`);
  const stockInput = admin.getByLabel('Stock of S', { exact: true });
  await expect(stockInput).toHaveValue('50');

  // a shopper buys five while the manager has the product open; the manager fixes a typo and saves
  await buy(request, small, 5, '+1 212 555 0161');
  await admin.getByLabel('Title (English) *', { exact: true }).fill(`Stock tee ${suffix}, fixed`);
  await admin.getByRole('button', { name: 'Save' }).first().click();
  await expect(admin.getByRole('heading', { name: `Stock tee ${suffix}, fixed` })).toBeVisible();
  await expect(stockInput).toHaveValue('45');
  expect(await stockOf()).toBe(45);

  // three more sell; the manager, still seeing 45, sets 60: refused, the current figure shown, nothing saved
  await buy(request, small, 3, '+1 212 555 0162');
  await stockInput.fill('60');
  await admin.getByLabel('Title (English) *', { exact: true }).fill(`Stock tee ${suffix}, restocked`);
  await admin.getByRole('button', { name: 'Save' }).first().click();
  await expect(admin.getByRole('alert').first()).toHaveText(
    'Stock was sold while you were editing, so nothing was saved. The figures now in stock are shown below: save again to apply yours.',
  );
  await expect(stockInput).toHaveAccessibleDescription(
    'S: 42 in stock now, 45 when you opened the product (orders since). Save again to set your figure, or keep the current one.',
  );
  await expect(admin.getByRole('button', { name: 'Keep 42 (now in stock)' })).toBeVisible();
  await expect(stockInput).toHaveValue('60');
  await expect(admin.getByLabel('Stock of M', { exact: true })).toHaveValue('8');
  expect(await stockOf()).toBe(42);
  expect((await product(request, slug)).title).toBe(`Stock tee ${suffix}, fixed`);

  // saving again sets the manager's figure over the sales they have now seen
  await admin.getByRole('button', { name: 'Save' }).first().click();
  await expect(admin.getByRole('heading', { name: `Stock tee ${suffix}, restocked` })).toBeVisible();
  await expect(stockInput).toHaveValue('60');
  expect(await stockOf()).toBe(60);

  // the product goes, so other journeys see the demo shop as it was
  const current = (await (await admin.request.get(`/api/admin/products/${id}`)).json()) as { version: number };
  const removed = await admin.request.delete(`/api/admin/products/${id}?version=${current.version}`, { headers: { 'x-shop-admin': '1' } });
  expect(removed.status()).toBe(204);
  await admin.context().close();
});
