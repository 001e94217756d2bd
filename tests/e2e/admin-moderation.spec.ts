import { expect, test } from '@playwright/test';
import { DEMO_OWNER, signIn } from './admin-helpers';

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => {
    localStorage.setItem('cookieAccept', 'true');
    localStorage.setItem('shop-admin-lang', 'en');
  });
});

test('the owner signs in, approves a pending review, and the product page shows it at once', async ({ page }) => {
  const text = `Warm and light, worth every penny ${Date.now()}`;
  // a shopper writes a review on the storefront
  await page.goto('/products/linen-shirt');
  const form = page.locator('form', { has: page.getByRole('button', { name: 'Send review' }) });
  await page.getByRole('button', { name: 'Write a review' }).click();
  await form.getByLabel('Your name').fill('Grace');
  await form.getByLabel('5 of 5').dispatchEvent('click');
  await form.getByLabel('Your review').fill(text);
  await form.getByRole('button', { name: 'Send review' }).click();
  await expect(page.getByText('Your review will appear after moderation.')).toBeVisible();

  // the owner opens the back office at the dashboard, which counts it, and follows the link to the queue
  await signIn(page, DEMO_OWNER);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await page.getByRole('link', { name: /Reviews to moderate/ }).click();
  await expect(page).toHaveURL(/\/admin\/moderation\/reviews\?status=pending/);
  const row = page.getByRole('row', { name: new RegExp(text) });
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: 'Approve the one by Grace' }).click();
  await expect(page.getByText('Approved; it is on the storefront now.')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(text) })).toHaveCount(0);

  await page.goto('/products/linen-shirt');
  await expect(page.getByText(text)).toBeVisible();
});

test('a reply and an edit from the moderation dialog, which closes on Escape without saving', async ({ page }) => {
  const text = `Runs a little small ${Date.now()}`;
  await page.goto('/products/linen-shirt');
  const form = page.locator('form', { has: page.getByRole('button', { name: 'Send review' }) });
  await page.getByRole('button', { name: 'Write a review' }).click();
  await form.getByLabel('Your name').fill('Alan');
  await form.getByLabel('3 of 5').dispatchEvent('click');
  await form.getByLabel('Your review').fill(text);
  await form.getByRole('button', { name: 'Send review' }).click();
  await expect(page.getByText('Your review will appear after moderation.')).toBeVisible();

  await signIn(page, DEMO_OWNER, '/admin/moderation/reviews');
  const row = page.getByRole('row', { name: new RegExp(text) });
  await row.getByRole('button', { name: 'Edit or reply to Alan' }).click();
  const dialog = page.getByRole('dialog', { name: 'Review by Alan' });
  await expect(dialog.getByLabel('Text')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(row.getByRole('button', { name: 'Edit or reply to Alan' })).toBeFocused();

  await row.getByRole('button', { name: 'Edit or reply to Alan' }).click();
  await dialog.getByLabel("The shop's reply").fill('Thank you! Take one size up.');
  await dialog.getByLabel('Status').selectOption('approved');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await page.goto('/products/linen-shirt');
  await expect(page.getByText(text)).toBeVisible();
  await expect(page.getByText('Thank you! Take one size up.')).toBeVisible();
});
