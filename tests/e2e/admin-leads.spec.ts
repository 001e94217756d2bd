import { expect, test } from '@playwright/test';
import { E2E_MANAGER, staffPage } from './admin-helpers';

test('an enquiry sent from a product page appears in the inbox, and is marked handled', async ({ page, request, browser }) => {
  await page.context().addInitScript(() => localStorage.setItem('cookieAccept', 'true'));
  const product = await (await request.get('/api/products/linen-shirt')).json();
  const name = `Lena Lead ${Date.now()}`;
  await page.goto('/products/linen-shirt');
  await page.locator(`button[data-lead-form][data-product-id="${product.id}"]`).first().click();
  const modal = page.getByRole('dialog');
  await modal.locator('input[name=name]').fill(name);
  await modal.locator('input[name=phone]').fill('(212) 555-0147');
  await modal.locator('input[name=email]').fill('lena@example.com');
  await modal.getByLabel('I agree to the privacy policy').check();
  await modal.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(modal.getByRole('heading', { name: 'Thank you!' })).toBeVisible();

  const admin = await staffPage(browser, E2E_MANAGER);
  await admin.getByRole('link', { name: /New enquiries/ }).click();
  const row = admin.getByRole('row', { name: new RegExp(name) });
  await expect(row).toBeVisible();
  await expect(row.getByRole('link', { name: product.title })).toBeVisible();
  // replies are written in the back office (admin-mail.spec.ts), on the enquiry's own page
  await expect(row.getByRole('link', { name: `Open: ${name}` })).toHaveAttribute('href', /^\/admin\/leads\/[\w-]+$/);
  await row.getByRole('button', { name: `Mark handled: ${name}` }).click();
  await expect(admin.getByText('Marked handled.')).toBeVisible();
  await expect(admin.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);
  await admin.getByRole('button', { name: 'Handled', exact: true }).click();
  await expect(admin.getByRole('row', { name: new RegExp(name) })).toContainText('Handled by Mia Manager');
  await admin.context().close();
});
