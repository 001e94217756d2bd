import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type APIRequestContext, type BrowserContext, type Page, expect } from '@playwright/test';

/**
 * The e2e server's DATA_DIR (playwright.config.ts): E2E_DATA_DIR when set, else the runner's
 * `/tmp/shop-e2e-{pid}` (the runner is the workers' parent process), else the newest such folder.
 */
export function serverDataDir(): string {
  if (process.env.E2E_DATA_DIR) return process.env.E2E_DATA_DIR;
  const ofRunner = path.join(os.tmpdir(), `shop-e2e-${process.ppid}`);
  if (fs.existsSync(ofRunner)) return ofRunner;
  const candidates = fs
    .readdirSync(os.tmpdir())
    .filter((name) => name.startsWith('shop-e2e-'))
    .map((name) => path.join(os.tmpdir(), name))
    .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs);
  if (!candidates[0]) throw new Error('The e2e server data folder was not found; set E2E_DATA_DIR');
  return candidates[0];
}

const RESET_LINK = /https?:\/\/[^\s"<>]+\/reset_password_confirm\/[A-Za-z0-9_-]{43}/;

/** Text of an .eml file with quoted-printable soft breaks joined and base64 parts decoded. */
function readableMail(raw: string): string {
  const joined = raw.replace(/=\r?\n/g, '').replace(/=3D/gi, '=');
  const decoded = [...joined.matchAll(/\r?\n\r?\n([A-Za-z0-9+/=\r\n]{40,})/g)].map((part) =>
    Buffer.from(part[1]!.replace(/\s+/g, ''), 'base64').toString('utf8'),
  );
  return [joined, ...decoded].join('\n');
}

/** The reset link of the newest mail the server wrote to `address` (waits for it to arrive). */
export async function newestResetLink(address: string): Promise<string> {
  const dir = path.join(serverDataDir(), 'mail');
  let link: string | undefined;
  await expect
    .poll(
      () => {
        if (!fs.existsSync(dir)) return undefined;
        const mails = fs
          .readdirSync(dir)
          .filter((name) => name.endsWith('.eml'))
          .map((name) => path.join(dir, name))
          .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs)
          .map((file) => readableMail(fs.readFileSync(file, 'utf8')))
          .filter((mail) => mail.includes(address));
        link = mails[0] && RESET_LINK.exec(mails[0])?.[0];
        return link;
      },
      { timeout: 15_000 },
    )
    .toBeTruthy();
  return link!;
}

let sequence = 0;
export function uniqueEmail(prefix: string): string {
  sequence += 1;
  return `${prefix}.${Date.now()}.${sequence}@example.com`;
}

export type Account = { id: string; email: string; password: string; token: string };

/** Registers a customer through the API. */
export async function registerAccount(request: APIRequestContext, firstName = 'Grace', lastName = 'Hopper'): Promise<Account> {
  const email = uniqueEmail(firstName.toLowerCase());
  const password = 'correct horse battery';
  const res = await request.post('/api/register', { data: { email, password, profile: { firstName, lastName } } });
  expect(res.status()).toBe(201);
  const body = await res.json();
  return { id: body.data.id, email, password, token: body.token };
}

/** Starts the browser signed in as `account`, the way the user store keeps a session (once: signing out sticks). */
export async function signInBrowser(context: BrowserContext, account: Account): Promise<void> {
  await context.addInitScript(
    (user) => {
      if (sessionStorage.getItem('e2e-signed-in')) return;
      sessionStorage.setItem('e2e-signed-in', 'true');
      localStorage.setItem('user', JSON.stringify({ version: '0.0.13', ...user }));
    },
    { id: account.id, email: account.email, token: account.token },
  );
}

/** The cookie question answered, so it does not cover the page in tests about something else. */
export async function acceptCookiesUpFront(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => localStorage.setItem('cookieAccept', 'true'));
}

export const dialog = (page: Page) => page.getByRole('dialog');

/** The header's account link (desktop or mobile, whichever is shown). */
export const accountLink = (page: Page) => page.locator('a[href="/account"]:visible').first();

export async function storedUser(page: Page): Promise<unknown> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null'));
}
