import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { DEMO_OWNER, E2E_MANAGER, signIn } from './admin-helpers';

// the sign-in form's own test signs the owner out at its end: it runs with a fresh session, not the shared one

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => localStorage.setItem('shop-admin-lang', 'en'));
});

test('the sign-in screen refuses a wrong password, keeps the deep link, and signing out returns to it', async ({ page }) => {
  await page.goto('/admin/orders?status=new');
  await expect(page.getByRole('heading', { name: 'Sign in to the back office' })).toBeVisible();
  await page.getByLabel('E-mail').fill(DEMO_OWNER.email);
  await page.getByLabel('Password').fill('not the password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Wrong e-mail or password.');
  await page.getByLabel('Password').fill(DEMO_OWNER.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Orders' })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/orders\?status=new$/);
  await page.getByRole('button', { name: 'Sign out' }).first().click();
  await expect(page.getByRole('heading', { name: 'Sign in to the back office' })).toBeVisible();
  expect((await page.request.get('/api/admin/session')).status()).toBe(401);
});

test('a manager sees no audit log: not in the menu, and not at its address', async ({ page }) => {
  await signIn(page, E2E_MANAGER);
  await expect(page.getByRole('link', { name: 'Orders' }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Audit log' })).toHaveCount(0);
  await page.goto('/admin/audit');
  await expect(page.getByText('Your role does not allow this.')).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  expect((await page.request.get('/api/admin/audit')).status()).toBe(403);
});

test('the owner sees the audit log with their own sign-in in it', async ({ page }) => {
  await signIn(page, DEMO_OWNER);
  await page.getByRole('link', { name: 'Audit log' }).click();
  await expect(page.getByRole('heading', { name: 'Audit log' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'session.sign-in' }).first()).toBeVisible();
});

test('the dashboard and the orders list pass an axe check, on a desktop and on a phone', async ({ page }) => {
  await signIn(page, DEMO_OWNER);
  for (const size of [
    { width: 1280, height: 900 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(size);
    await page.goto('/admin/');
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await expect(page.getByRole('link', { name: /Orders today/ })).toBeVisible();
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
    await page.goto('/admin/orders');
    await expect(page.getByRole('heading', { name: 'Orders' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Loading' })).toHaveCount(0);
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  }
});

test('on a phone the menu opens as a drawer that Escape closes, and lists become cards', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, DEMO_OWNER, '/admin/customers');
  await expect(page.getByRole('heading', { name: 'Customers' })).toBeVisible();
  await page.getByRole('button', { name: 'Menu' }).click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await expect(drawer.getByRole('link', { name: 'Enquiries' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(page.getByRole('navigation', { name: 'Main sections' }).getByRole('link', { name: 'Orders' })).toBeVisible();
});

test('the storefront loads none of the back office code', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await page.goto('/');
  await page.goto('/products/linen-shirt');
  await page.waitForLoadState('networkidle');
  const adminChunks = ['AdminApp', 'SignIn', 'Dashboard', 'Moderation', 'DataTable'];
  expect(scripts.filter((url) => adminChunks.some((name) => url.includes(name)))).toEqual([]);
  // and the admin app's own chunk names, read from its page, never appear on a storefront page
  const adminHtml = await (await page.request.get('/admin/')).text();
  const entry = adminHtml.match(/component-url="([^"]+)"/)?.[1];
  expect(entry).toBeTruthy();
  expect(scripts.some((url) => url.endsWith(entry!))).toBe(false);
});
