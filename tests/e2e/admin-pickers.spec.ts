import { expect, test, type FrameLocator, type Page } from '@playwright/test';
import { DEMO_OWNER, newBuilderPage, staffPage } from './admin-helpers';

/**
 * The builder's record pickers on the built demo shop: a new "Products of a catalog" section starts without a
 * catalog and says it shows nothing; the owner finds a catalog by typing part of its title, picks it from the
 * results (with their pictures), and the preview shows that catalog's products; a visitor sees them once published.
 */

const slug = `pickers-e2e-${Date.now().toString(36)}`;
const preview = (page: Page): FrameLocator => page.frameLocator('iframe.bld-frame');

test('the builder’s catalog picker fills a product widget that then shows products', async ({ browser }) => {
  test.setTimeout(120_000);
  const owner = await staffPage(browser, DEMO_OWNER, '/admin/builder');

  await newBuilderPage(owner, { en: 'Picked shoes', ru: 'Подобранная обувь' }, slug);
  await expect(preview(owner).locator('html')).toHaveAttribute('data-preview', 'ready');

  await owner.getByRole('button', { name: 'Add a section' }).click();
  const add = owner.getByRole('dialog', { name: 'Add a section' });
  await add.getByLabel('Find a section type').fill('Products of a catalog');
  await add.getByRole('button', { name: 'Add Products of a catalog' }).click();

  // No catalog yet: the builder says the section shows nothing, and the preview has no such section.
  const options = owner.locator('.bld-options');
  await expect(options.getByRole('status').filter({ hasText: 'Nothing to show yet: Catalog is not chosen.' })).toBeVisible();
  const picker = options.locator('fieldset.record-picker[data-kind="catalog"]');
  await expect(picker).toContainText('Choose a catalog: until then the section shows nothing.');
  const row = owner.getByRole('list', { name: 'Sections' }).locator(':scope > li').filter({ hasText: 'Products of a catalog' });
  await expect(row.locator('.badge', { hasText: 'nothing to show' })).toBeVisible();
  const widget = preview(owner).locator('[data-section-type="SectionProductWidget"]:not([hidden])');
  await expect(widget.locator('.product-card__title')).toHaveCount(0);

  // Typing finds the catalog by its title; the results carry their pictures.
  await picker.getByLabel('Find a catalog by its title or address').fill('sho');
  const results = picker.getByRole('list', { name: 'Matching: catalog' });
  const shoes = results.getByRole('button', { name: /Shoes\s*\/catalogs\/shoes/ });
  await expect(shoes).toBeVisible();
  await expect(shoes.locator('img.record-picker-thumb')).toHaveAttribute('src', /\?w=96&h=96/);
  await shoes.click();

  // Picked: the picker shows it, the notice is gone, and the preview shows the catalog's products.
  await expect(picker.locator('.record-picker-current')).toContainText('/catalogs/shoes');
  await expect(options.getByRole('status').filter({ hasText: 'Nothing to show yet' })).toHaveCount(0);
  await expect(row.locator('.badge', { hasText: 'nothing to show' })).toHaveCount(0);
  await expect(widget).toBeVisible();
  await expect(widget.locator('.product-card__title').first()).toBeVisible();
  expect(await widget.locator('.product-card__title').count()).toBeGreaterThan(0);
  await expect(owner.locator('[data-save-state]')).toHaveAttribute('data-save-state', 'saved');

  // Published, a visitor sees the same products.
  await owner.getByRole('toolbar', { name: 'Page actions' }).getByRole('button', { name: 'Publish', exact: true }).click();
  await owner.getByRole('dialog', { name: 'Publish' }).getByRole('button', { name: 'Publish now' }).click();
  await expect(owner.locator('.toast').filter({ hasText: 'Published: version' })).toBeVisible();
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/${slug}`);
  const live = visitor.locator('[data-section-type="SectionProductWidget"]');
  await expect(live.locator('.product-card__title').first()).toBeVisible();
  await visitorContext.close();

  // Cleared, the builder says again that the section shows nothing.
  await picker.getByRole('button', { name: /^Clear/ }).click();
  await expect(options.getByRole('status').filter({ hasText: 'Nothing to show yet: Catalog is not chosen.' })).toBeVisible();
  await owner.close();
});

test('chosen products are listed by their titles with their pictures, not by ids', async ({ browser }) => {
  test.setTimeout(120_000);
  const owner = await staffPage(browser, DEMO_OWNER, '/admin/builder');
  await newBuilderPage(owner, { en: 'Chosen tees', ru: 'Выбранные футболки' }, `${slug}-chosen`);
  await expect(preview(owner).locator('html')).toHaveAttribute('data-preview', 'ready');
  await owner.getByRole('button', { name: 'Add a section' }).click();
  const add = owner.getByRole('dialog', { name: 'Add a section' });
  await add.getByLabel('Find a section type').fill('Chosen products');
  await add.getByRole('button', { name: 'Add Chosen products' }).click();

  const options = owner.locator('.bld-options');
  const items = options.getByRole('list', { name: 'Items of Chosen products' });
  // the preset's item has no product yet: it is named by its number
  await items.getByRole('button', { name: 'Item 1', exact: true }).click();
  const picker = options.locator('fieldset.record-picker[data-kind="product"]');
  await picker.getByLabel('Find a product by its title or address').fill('linen');
  // the results of this search, not the ones shown before it settles
  const found = picker.getByRole('list', { name: 'Matching: product' }).getByRole('button', { name: /linen/i }).first();
  await expect(found).toBeVisible();
  const title = (await found.locator('.strong').textContent())!.trim();
  await found.click();
  // picked: the item is named by the product's title, with its picture
  const named = items.getByRole('button', { name: title, exact: true });
  await expect(named).toBeVisible();
  await expect(named.locator('img.bld-row-thumb')).toHaveAttribute('src', /.+/);
  await expect(items.getByText(/^[0-9a-f]{8}-[0-9a-f]{4}-/)).toHaveCount(0);
  await owner.close();
});
