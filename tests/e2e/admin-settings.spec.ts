import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_OWNER, E2E_MANAGER, mailsMatching, signIn } from './admin-helpers';

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => localStorage.setItem('shop-admin-lang', 'en'));
});

type Group = { group: string; value: Record<string, unknown>; version: number };
const settingsOf = async (page: Page): Promise<Group[]> => (await (await page.request.get('/api/admin/settings')).json()).groups;

/** Puts settings groups back as they were, so the journeys after this file see the demo shop's own. */
async function restoreSettings(page: Page, before: Group[]): Promise<void> {
  for (const current of await settingsOf(page)) {
    const original = before.find((g) => g.group === current.group)!;
    if (JSON.stringify(original.value) === JSON.stringify(current.value)) continue;
    const response = await page.request.put(`/api/admin/settings/${current.group}`, {
      headers: { 'x-shop-admin': '1' },
      data: { value: original.value, version: current.version },
    });
    expect(response.status()).toBe(200);
  }
}

test('the owner changes the accent colour and the header phone; a visitor sees both at once', async ({ page, browser }) => {
  await signIn(page, DEMO_OWNER, '/admin/settings');
  const before = await settingsOf(page);

  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
  await page.getByRole('link', { name: /Theme colours and fonts/ }).click();
  await expect(page.getByRole('heading', { name: 'Theme colours and fonts' })).toBeVisible();
  const accent = page.getByLabel('Accent', { exact: true });
  await accent.fill('#0a7d55');
  // the preview card follows the form before anything is saved
  await expect(page.getByTestId('theme-preview').getByRole('button')).toHaveAttribute('data-accent', '#0a7d55');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Settings saved')).toBeVisible();

  await page.getByRole('link', { name: 'All settings' }).click();
  await page.getByRole('link', { name: /Shop and contacts/ }).click();
  const phone = page.getByLabel('Phone numbers 1', { exact: true });
  await phone.fill('+1 212 555 0199');
  await expect(page.getByText('Unsaved changes')).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  // saved: the form starts again from the stored value
  await expect(page.getByText('Unsaved changes')).toBeHidden();
  await expect(phone).toHaveValue('+1 212 555 0199');
  // a bad value is refused on its own field
  await page.getByLabel('Favicon address').fill('');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Fill this in.')).toBeVisible();

  const visitor = await browser.newPage();
  await visitor.goto('/');
  await expect(visitor.locator('.site-header__phone')).toHaveAttribute('href', 'tel:+12125550199');
  expect(await visitor.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--color-accent').trim())).toBe(
    '#0a7d55',
  );
  await visitor.close();
  await restoreSettings(page, before);
});

test('the settings and staff screens pass an axe check, on a desktop and on a phone', async ({ page }) => {
  await signIn(page, DEMO_OWNER, '/admin/settings/styles');
  for (const size of [
    { width: 1280, height: 900 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(size);
    for (const [path, heading] of [
      ['/admin/settings/styles', 'Theme colours and fonts'],
      ['/admin/settings/ecommerce', 'Shop'],
      ['/admin/staff', 'Staff'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: 'Loading' })).toHaveCount(0);
      expect((await new AxeBuilder({ page }).analyze()).violations, `${path} at ${size.width}px`).toEqual([]);
    }
  }
});

test('the owner invites a manager, whose e-mail link sets a password and signs them in; a manager sees no Staff', async ({
  page,
  browser,
}) => {
  const email = `invited.${Date.now()}@e2e.test`;
  await signIn(page, DEMO_OWNER, '/admin/staff');
  await expect(page.getByRole('heading', { name: 'Staff' })).toBeVisible();
  await page.getByRole('button', { name: 'Invite' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('E-mail', { exact: true }).fill(email);
  await dialog.getByLabel('Name', { exact: true }).fill('Ivy Invited');
  await dialog.getByLabel('Role', { exact: true }).selectOption('manager');
  // inviting staff asks for the owner's own password again
  await dialog.getByLabel('Your password').fill(DEMO_OWNER.password);
  await dialog.getByRole('button', { name: 'Invite' }).click();
  await expect(page.getByText(`Invitation sent to ${email}`)).toBeVisible();
  await expect(page.locator(`tr[data-staff="${email}"]`).getByText('Invited', { exact: true })).toBeVisible();

  let link = '';
  await expect
    .poll(
      () => {
        const mail = mailsMatching(new RegExp(email.replace(/[.]/g, '\\.'))).at(-1);
        link = /https?:\/\/[^\s"<>]+\/admin\/invite\?token=[A-Za-z0-9_-]{43}/.exec(mail ?? '')?.[0] ?? '';
        return link;
      },
      { timeout: 20_000 },
    )
    .not.toBe('');

  const context = await browser.newContext();
  await context.addInitScript(() => localStorage.setItem('shop-admin-lang', 'en'));
  const invited = await context.newPage();
  await invited.goto(link);
  await expect(invited.getByRole('heading', { name: 'Join the back office' })).toBeVisible();
  await expect(invited.getByLabel('Name')).toHaveValue('Ivy Invited');
  await invited.getByLabel('Password', { exact: true }).fill('ivy-password-2026');
  await invited.getByLabel('Repeat the password').fill('ivy-password-2026');
  await invited.getByRole('button', { name: 'Accept and sign in' }).click();
  await expect(invited.locator('.shell')).toBeVisible();
  await expect(invited).toHaveURL(/\/admin\/$/);
  await expect(invited.getByRole('link', { name: 'Settings' }).first()).toBeVisible();
  await expect(invited.getByRole('link', { name: 'Staff' })).toHaveCount(0);
  // the link works once
  await invited.goto(link);
  await expect(invited.getByText('This invitation link is not valid or has expired.')).toBeVisible();
  await context.close();

  await page.reload();
  await expect(page.locator(`tr[data-staff="${email}"]`).getByText('Active', { exact: true })).toBeVisible();

  const manager = await browser.newPage();
  await manager.addInitScript(() => localStorage.setItem('shop-admin-lang', 'en'));
  await signIn(manager, E2E_MANAGER);
  await expect(manager.getByRole('link', { name: 'Orders' }).first()).toBeVisible();
  await expect(manager.getByRole('link', { name: 'Staff' })).toHaveCount(0);
  expect((await manager.request.get('/api/admin/staff')).status()).toBe(403);
  await manager.close();
});
