import { expect, test, type APIRequestContext } from '@playwright/test';
import sharp from 'sharp';
import { DEMO_OWNER, staffPage } from './admin-helpers';

/** Product links inside a page's product list section, in their order. */
async function listedProducts(request: APIRequestContext, path: string): Promise<string[]> {
  const html = await (await request.get(path)).text();
  const start = html.indexOf('data-section-type="SectionProductList"');
  expect(start, `${path} has a product list`).toBeGreaterThan(-1);
  const end = html.indexOf('data-section-type="', start + 30);
  const part = html.slice(start, end === -1 ? undefined : end);
  return [...new Set([...part.matchAll(/href="(\/products\/[^"?#]+)/g)].map((m) => m[1]!))];
}

test('the owner uploads images, makes a catalog with one of them, orders its products by hand, and the shop shows that order', async ({
  browser,
}) => {
  const suffix = Date.now().toString(36);
  const admin = await staffPage(browser, DEMO_OWNER, '/admin/media');
  await expect(admin.getByRole('heading', { name: 'Media library' })).toBeVisible();

  // two small real images, uploaded together through the file button
  const red = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c0392b' } })
    .png()
    .toBuffer();
  const blue = await sharp({ create: { width: 48, height: 64, channels: 3, background: '#2454c5' } })
    .jpeg()
    .toBuffer();
  await admin.locator('.upload-zone input[type=file]').setInputFiles([
    { name: `red-${suffix}.png`, mimeType: 'image/png', buffer: red },
    { name: `blue-${suffix}.jpg`, mimeType: 'image/jpeg', buffer: blue },
  ]);
  await expect(admin.getByText('2 images uploaded.')).toBeVisible();
  const library = admin.getByRole('list', { name: 'Images of the library' });
  await expect(library.getByRole('button', { name: new RegExp(`red-${suffix}\\.png`) })).toBeVisible();
  await expect(library.getByRole('button', { name: new RegExp(`blue-${suffix}\\.jpg`) })).toBeVisible();

  // the alt text of one of them, in both languages
  await library.getByRole('button', { name: new RegExp(`red-${suffix}\\.png`) }).click();
  const editor = admin.getByRole('dialog');
  await editor.getByLabel('Alt text (English)', { exact: true }).fill(`Red swatch ${suffix}`);
  await editor.getByLabel('Alt text (Russian)', { exact: true }).fill(`Красный образец ${suffix}`);
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(admin.getByText('Image texts saved.')).toBeVisible();
  await editor.getByRole('button', { name: 'Close' }).click();

  // a new catalog with its image chosen in the picker
  await admin.goto('/admin/catalogs/new');
  await admin.getByLabel('Title (English)', { exact: true }).fill(`Hand picked ${suffix}`);
  await admin.getByLabel('Title (Russian)', { exact: true }).fill(`Избранное ${suffix}`);
  await admin.getByLabel('Address', { exact: true }).fill(`hand-picked-${suffix}`);
  await expect(admin.getByLabel('Sort on the catalog page', { exact: true })).toHaveValue('custom');
  await admin.getByRole('button', { name: 'Choose an image' }).click();
  const picker = admin.getByRole('dialog', { name: 'Choose: Catalog image' });
  await picker.getByLabel('Search by name or alt text', { exact: true }).fill(`Red swatch ${suffix}`);
  await picker.getByRole('button', { name: new RegExp(`Red swatch ${suffix}`) }).click();
  await expect(picker.getByText('1 image selected')).toBeVisible();
  await picker.getByRole('button', { name: 'Choose', exact: true }).click();
  await expect(admin.getByRole('img', { name: `Red swatch ${suffix}` })).toBeVisible();
  await admin.getByRole('button', { name: 'Create the catalog' }).click();
  await expect(admin.getByText('Catalog saved.')).toBeVisible();
  await expect(admin).toHaveURL(/\/admin\/catalogs\/[0-9a-f-]{36}$/);
  await expect(admin.getByRole('link', { name: 'Catalog page sections' })).toHaveAttribute(
    'href',
    /\/admin\/builder\/catalog%3A[0-9a-f-]{36}$/,
  );

  // three products found by title and added, then ordered by hand: a button and the keyboard
  for (const title of ['Canvas tote bag', 'Roll-top backpack', 'Washed cotton cap']) {
    await admin.getByLabel('Find a product by title or address', { exact: true }).fill(title);
    await admin.getByRole('button', { name: `Add ${title} to the catalog` }).click();
  }
  const order = admin.getByRole('list', { name: 'Products of the catalog in their order' });
  await expect(order.getByRole('link')).toHaveText(['Canvas tote bag', 'Roll-top backpack', 'Washed cotton cap']);
  await admin.getByRole('button', { name: 'Move Washed cotton cap up' }).click();
  await expect(order.getByRole('link')).toHaveText(['Canvas tote bag', 'Washed cotton cap', 'Roll-top backpack']);
  const handle = order.getByRole('button', { name: /^Canvas tote bag, position 1 of 3/ });
  await handle.focus();
  // each step is announced to screen readers; the next key waits for it
  await admin.keyboard.press('Space');
  await expect(handle).toHaveAttribute('aria-pressed', 'true');
  await expect(admin.getByText('Picked up Canvas tote bag at position 1 of 3.')).toBeAttached();
  await admin.keyboard.press('ArrowDown');
  await expect(admin.getByText('Canvas tote bag moved to position 2 of 3.')).toBeAttached();
  await admin.keyboard.press('Space');
  await expect(order.getByRole('link')).toHaveText(['Washed cotton cap', 'Canvas tote bag', 'Roll-top backpack']);
  await admin.getByRole('button', { name: 'Save products and order' }).click();
  await expect(admin.getByText('Products and their order saved.')).toBeVisible();

  const expected = ['/products/baseball-cap', '/products/canvas-tote-bag', '/products/roll-top-backpack'];
  // the catalog page lists them in that order first (links after the list belong to the page's footer)
  await expect.poll(async () => (await listedProducts(admin.request, `/catalogs/hand-picked-${suffix}`)).slice(0, 3)).toEqual(expected);
  const api = (await (await admin.request.get(`/api/catalogs/v3/hand-picked-${suffix}`)).json()) as {
    sections: { type: string; items?: { slug: string }[] }[];
  };
  expect(api.sections.find((section) => section.type === 'SectionProductList')!.items!.map((item) => `/products/${item.slug}`)).toEqual(
    expected,
  );
  await admin.context().close();
});

test('the owner checks a CSV with one bad row as a job, sees that row’s problem, then imports the rest', async ({ browser }) => {
  const suffix = Date.now().toString(36);
  const admin = await staffPage(browser, DEMO_OWNER, '/admin/products/import');
  await expect(admin.getByRole('heading', { name: 'Import and export products' })).toBeVisible();
  const csv = [
    'slug,title_en,title_ru,sku,price,stock',
    `import-mug-${suffix},Import mug,Кружка,IM-${suffix},12.50,4`,
    `import-cup-${suffix},Import cup,Чашка,IC-${suffix},free,2`,
    `import-bowl-${suffix},Import bowl,Миска,IB-${suffix},8,`,
  ].join('\n');
  await admin
    .getByLabel('CSV file', { exact: true })
    .setInputFiles({ name: 'products.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(admin.getByRole('button', { name: 'Import', exact: true })).toBeDisabled();

  // the check is a job: its progress bar, then what it found, the bad row named by row and column
  await admin.getByRole('button', { name: 'Check the file' }).click();
  const job = admin.getByRole('region', { name: 'Bulk change' });
  await expect(job.getByRole('progressbar', { name: 'Progress' })).toBeVisible();
  await expect(admin.getByText('Checked: 2 products to create, 0 to update, 1 with problems.')).toBeVisible({ timeout: 60_000 });
  await expect(job.getByText('Row 3, price: Use an amount such as 12.50, or 0 for "price on request".')).toBeVisible();
  // a check writes nothing
  const before = await (await admin.request.get('/api/admin/products/export.csv')).text();
  expect(before).toContain('linen-shirt');
  expect(before).not.toContain(suffix);

  // the import writes the good products and leaves the bad row out, reported
  await admin.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(admin.getByText('Imported: 2 new, 0 updated, 1 left as they were.')).toBeVisible({ timeout: 60_000 });
  const after = await (await admin.request.get('/api/admin/products/export.csv')).text();
  expect(after).toContain(`import-mug-${suffix}`);
  expect(after).toContain(`import-bowl-${suffix}`);
  expect(after).not.toContain(`import-cup-${suffix}`);
  // a new product starts hidden (the file has no enabled column)
  expect((await admin.request.get(`/products/import-mug-${suffix}`)).status()).toBe(404);
  await admin.context().close();
});
