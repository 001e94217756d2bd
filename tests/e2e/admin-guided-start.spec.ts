import { expect, test } from '@playwright/test';
import { DEMO_OWNER, staffPage } from './admin-helpers';

test("a new owner is guided: the dashboard lists the first steps, a menu item takes its link's title, a new product says it starts hidden", async ({
  browser,
}) => {
  const admin = await staffPage(browser, DEMO_OWNER, '/admin/');
  const start = admin.getByRole('region', { name: /Get your shop ready|Your shop is ready/ });
  await expect(start).toBeVisible();
  await expect(start.getByRole('listitem')).toHaveCount(6);
  // the demo shop has products on sale: that step is ticked by itself
  await expect(start.getByRole('listitem').filter({ hasText: 'Add a product' })).toHaveClass(/is-done/);
  await expect(start.getByRole('link', { name: 'Payment methods' })).toHaveAttribute('href', '/admin/payments');

  await admin.goto('/admin/menus/main');
  await admin.getByRole('button', { name: 'Add item' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Add item' });
  const link = dialog.getByRole('group', { name: 'Link' });
  await link.getByLabel('Links to').selectOption('catalog');
  const first = link.getByRole('list', { name: 'Matches' }).getByRole('button').first();
  const title = (await first.locator('.strong').textContent())!.trim();
  await first.click();
  await expect(dialog.getByLabel('Title (English)')).toHaveValue(title);
  await dialog.getByRole('button', { name: 'Back' }).click();

  await admin.goto('/admin/products/new');
  await expect(admin.getByText('New products start hidden')).toBeVisible();
  await admin.context().close();
});
