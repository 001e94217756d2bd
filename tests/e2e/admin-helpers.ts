import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Browser, type Cookie, type Page } from '@playwright/test';

/** The demo owner the seed creates, and the manager tests/e2e/admin-staff-setup.ts adds before the server starts. */
export const DEMO_OWNER = { email: 'owner@demo.shop', password: 'demo-owner-2026', name: 'Demo Owner' };
export const E2E_MANAGER = { email: 'manager@e2e.test', password: 'manager-e2e-2026', name: 'Mia Manager' };
type Staff = { email: string; password: string; name: string };

/** Fills and sends the sign-in form at `path` (the app keeps that address) and waits for the signed-in frame. */
async function signInWithForm(page: Page, staff: Staff, path = '/admin/'): Promise<void> {
  await page.goto(path);
  await page.getByLabel('E-mail').fill(staff.email);
  await page.getByLabel('Password').fill(staff.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.locator('.shell')).toBeVisible();
}

/**
 * Sign-ins count against the per-address throttle like customers' do, so each staff member signs in through
 * the form once per test run and later tests reuse that session's cookie.
 */
const sessions = new Map<string, Cookie[]>();
export async function signIn(page: Page, staff: Staff, path = '/admin/'): Promise<void> {
  const cookies = sessions.get(staff.email);
  if (cookies) {
    await page.context().addCookies(cookies);
    await page.goto(path);
    await expect(page.locator('.shell')).toBeVisible();
    return;
  }
  await signInWithForm(page, staff, path);
  sessions.set(
    staff.email,
    (await page.context().cookies()).filter((cookie) => cookie.name === 'shop_admin'),
  );
}

/** A separate browser session (own cookies) signed in as this staff member. */
export async function staffPage(browser: Browser, staff: Staff, path = '/admin/'): Promise<Page> {
  const context = await browser.newContext();
  await context.addInitScript(() => localStorage.setItem('shop-admin-lang', 'en'));
  const page = await context.newPage();
  await signIn(page, staff, path);
  return page;
}

/** The e2e server's mail folder (DATA_DIR/mail; playwright.config.ts sets E2E_DATA_DIR for the workers). */
function mailDir(): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set');
  return join(dataDir, 'mail');
}

/** Every .eml file's text whose content matches, newest last. */
export function mailsMatching(pattern: RegExp): string[] {
  let names: string[];
  try {
    names = readdirSync(mailDir())
      .filter((name) => name.endsWith('.eml'))
      .sort();
  } catch {
    return [];
  }
  return names.map((name) => decodeEml(readFileSync(join(mailDir(), name), 'utf8'))).filter((text) => pattern.test(text));
}

/** An .eml's text with folded headers unfolded and quoted-printable soft breaks and escapes undone (enough to read subjects, links and numbers). */
function decodeEml(raw: string): string {
  return raw
    .replace(/\r?\n[ \t]+/g, ' ')
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** Creates a text page from the builder's list (`/admin/builder`) and waits until it is open in the builder. */
export async function newBuilderPage(page: Page, title: { en: string; ru: string }, slug: string): Promise<void> {
  await page.getByRole('button', { name: 'New page or catalog' }).click();
  const create = page.getByRole('dialog', { name: 'New page or catalog' });
  await create.getByLabel('Title in English').fill(title.en);
  await create.getByLabel('Title in Russian').fill(title.ru);
  await create.getByLabel('Address (slug)').fill(slug);
  await create.getByRole('button', { name: 'Create and open' }).click();
  await expect(page).toHaveURL(/\/admin\/builder\/page%3A/);
  await expect(page.getByRole('heading', { level: 1, name: title.en })).toBeVisible();
}
