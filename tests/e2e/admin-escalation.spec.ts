import { expect, request as playwrightRequest, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_OWNER, E2E_MANAGER, staffPage } from './admin-helpers';

/**
 * The escalation chain of the security review, replayed: a manager saves a script into every settings field they
 * may edit (the script promotes them to owner through the owner's session); the owner then browses the storefront and
 * opens the builder, whose preview frame is the storefront. The manager stays a manager and no injected script runs.
 */

type Group = { group: string; value: Record<string, unknown>; version: number };

const MARK = '__escalated';
// what the review's attacker saved: call the admin API as whoever views the page, and leave a mark
const ESCALATION = `fetch('/api/admin/staff').then((r) => r.json()).then((d) => { const m = d.items.find((i) => i.email === '${E2E_MANAGER.email}'); return fetch('/api/admin/staff/' + m.id, { method: 'PATCH', headers: { 'content-type': 'application/json', 'x-shop-admin': '1' }, body: JSON.stringify({ role: 'owner', version: m.version }) }); }); window.${MARK} = true;`;
const PAYLOAD = `<script>${ESCALATION}</script><img src="data:," onerror="${ESCALATION.replaceAll('"', '&quot;')}"><svg onload="window.${MARK} = true"></svg>`;

let manager: APIRequestContext;
let owner: APIRequestContext;
const originals: Group[] = [];

async function apiAs(baseURL: string, staff: { email: string; password: string }): Promise<APIRequestContext> {
  const context = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { 'x-shop-admin': '1', origin: baseURL } });
  const signedIn = await context.post('/api/admin/session', { data: { email: staff.email, password: staff.password } });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  return context;
}

const groups = async (who: APIRequestContext) => ((await (await who.get('/api/admin/settings')).json()) as { groups: Group[] }).groups;

/** Every string in `value` replaced by the payload (a bilingual text in both languages). */
function poisoned(value: unknown): unknown {
  if (typeof value === 'string') return PAYLOAD;
  if (Array.isArray(value)) return value.map(poisoned);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, poisoned(entry)]));
  return value;
}

/** `value` with the fields at the refused paths (`a.b.0.c`) put back as they were. */
function restore(value: Record<string, unknown>, original: Record<string, unknown>, paths: string[]): Record<string, unknown> {
  const copy = structuredClone(value);
  for (const path of paths) {
    const keys = path.replace(/^value\./, '').split('.');
    let target: any = copy;
    let source: any = original;
    for (const key of keys.slice(0, -1)) {
      target = target?.[key];
      source = source?.[key];
    }
    if (target && typeof target === 'object') target[keys.at(-1)!] = source?.[keys.at(-1)!];
  }
  return copy;
}

/** The field paths an error body names (its `errors.children` tree). */
function refusedPaths(node: any, prefix: string[] = []): string[] {
  if (!node || typeof node !== 'object') return [];
  const own = Array.isArray(node.errors) && node.errors.length > 0 && prefix.length > 0 ? [prefix.join('.')] : [];
  return [...own, ...Object.entries(node.children ?? {}).flatMap(([key, child]) => refusedPaths(child, [...prefix, key]))];
}

test.beforeAll(async ({ baseURL }) => {
  manager = await apiAs(baseURL!, E2E_MANAGER);
  owner = await apiAs(baseURL!, DEMO_OWNER);
  originals.push(...(await groups(owner)));
});

test.afterAll(async () => {
  // the shop as it was, for the journeys after this one
  for (const original of originals) {
    const current = (await groups(owner)).find((g) => g.group === original.group)!;
    await owner.put(`/api/admin/settings/${original.group}`, { data: { value: original.value, version: current.version } });
  }
  await manager?.dispose();
  await owner?.dispose();
});

/** Marks left by injected code in the page and every frame of it. */
async function marks(page: Page): Promise<boolean> {
  for (const frame of page.frames()) {
    const found = await frame.evaluate((mark) => (window as unknown as Record<string, unknown>)[mark] === true, MARK).catch(() => false);
    if (found) return true;
  }
  return false;
}

test('a manager cannot become owner through the storefront or the builder', async ({ browser }) => {
  // 1. the manager saves the payload into every field of every settings group they may save
  let saved = 0;
  for (const { group } of originals) {
    const current = (await groups(manager)).find((g) => g.group === group)!;
    let value = poisoned(current.value) as Record<string, unknown>;
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const response = await manager.put(`/api/admin/settings/${group}`, { data: { value, version: current.version } });
      if (response.status() === 200) {
        saved += 1;
        break;
      }
      // fields that refuse the text (colours, choices, patterns) or are the owner's (code: 403) keep their value
      expect([400, 403], await response.text()).toContain(response.status());
      const body = await response.json();
      value = restore(value, current.value, refusedPaths(body.errors?.children?.value, ['value']));
    }
  }
  expect(saved).toBeGreaterThan(5);
  // the code fields are the owner's: refused outright
  const seo = (await groups(manager)).find((g) => g.group === 'seo')!;
  for (const field of ['customCode', 'customCodeFooter', 'googleTagManager']) {
    const refused = await manager.put('/api/admin/settings/seo', {
      data: { value: { ...seo.value, [field]: PAYLOAD }, version: seo.version },
    });
    expect(refused.status()).toBe(403);
  }

  // 2. the owner browses the storefront, then opens the builder (its preview frame is the storefront)
  const page = await staffPage(browser, DEMO_OWNER);
  const adminWrites: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/admin/staff') && request.method() !== 'GET') adminWrites.push(`${request.method()} ${request.url()}`);
  });
  for (const path of ['/', '/about', '/catalogs/clothing', '/products/linen-shirt', '/blog', '/blog/how-to-care-for-linen', '/cart']) {
    await page.goto(path, { waitUntil: 'load' });
    expect(await marks(page), path).toBe(false);
  }
  for (const target of ['settings:footer', 'settings:header']) {
    await page.goto(`/admin/builder/${encodeURIComponent(target)}`, { waitUntil: 'load' });
    await expect(page.frameLocator('iframe.bld-frame').locator('footer').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await marks(page), target).toBe(false);
  }

  // 3. nothing ran: the manager is still a manager, and no staff write left the owner's browser
  expect(adminWrites).toEqual([]);
  const staff = (await (await owner.get('/api/admin/staff')).json()) as { items: { email: string; role: string }[] };
  expect(staff.items.find((m) => m.email === E2E_MANAGER.email)?.role).toBe('manager');
  await page.context().close();
});
