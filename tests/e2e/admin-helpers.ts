import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Browser, type Page } from '@playwright/test';

/** The demo owner the seed creates, and the manager tests/e2e/admin-staff-setup.ts adds before the server starts. */
export const DEMO_OWNER = { email: 'owner@demo.shop', password: 'demo-owner-2026', name: 'Demo Owner' };
export const E2E_MANAGER = { email: 'manager@e2e.test', password: 'manager-e2e-2026', name: 'Mia Manager' };
type Staff = { email: string; password: string; name: string };

/** Signs a staff member in at /admin/ (optionally at a deeper address, which the app keeps) and waits for the frame. */
export async function signIn(page: Page, staff: Staff, path = '/admin/'): Promise<void> {
  await page.goto(path);
  await page.getByLabel('E-mail').fill(staff.email);
  await page.getByLabel('Password').fill(staff.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('button', { name: 'Sign out' }).first()).toBeAttached();
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
export function mailDir(): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set');
  return join(dataDir, 'mail');
}

/** Every .eml file's text whose content matches, newest last. */
export function mailsMatching(pattern: RegExp): string[] {
  let names: string[];
  try {
    names = readdirSync(mailDir()).filter((name) => name.endsWith('.eml')).sort();
  } catch {
    return [];
  }
  return names.map((name) => decodeEml(readFileSync(join(mailDir(), name), 'utf8'))).filter((text) => pattern.test(text));
}

/** An .eml's text with quoted-printable soft breaks and escapes undone (enough to read links and numbers). */
export function decodeEml(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}
