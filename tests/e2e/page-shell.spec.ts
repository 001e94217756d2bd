import { expect, request as playwrightRequest, test, type APIRequestContext } from '@playwright/test';
import { DEMO_OWNER } from './admin-helpers';
import { registerAccount } from './accounts-helpers';

/**
 * The header and footer an instance keeps between renders (src/storefront/kept-shell.ts): a write to the menus
 * or the settings shows on the next render in both languages, and the kept shell carries nobody's session.
 * Each page here is asked with an Authorization header, which keeps it out of the page cache, so every request renders.
 */

type MenuNode = { id: string; title: { en: string; ru: string }; link: unknown; children: MenuNode[] };
type Group = { group: string; value: Record<string, unknown>; version: number };

async function apiAs(baseURL: string, staff: { email: string; password: string }): Promise<APIRequestContext> {
  const context = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { 'x-shop-admin': '1', origin: baseURL } });
  const signedIn = await context.post('/api/admin/session', { data: { email: staff.email, password: staff.password } });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  return context;
}

async function rendered(request: APIRequestContext, path: string, authorization = 'Bearer shell-test'): Promise<string> {
  const response = await request.get(path, { headers: { authorization } });
  expect(response.status()).toBe(200);
  expect(response.headers()['x-astro-cache']).not.toBe('HIT');
  return response.text();
}

const shellOf = (html: string) => ({
  header: /<header class="site-header[\s\S]*?<\/header>/.exec(html)?.[0] ?? '',
  footer: /<footer class="site-footer[\s\S]*?<\/footer>/.exec(html)?.[0] ?? '',
});

let owner: APIRequestContext;

test.beforeAll(async ({ baseURL }) => {
  owner = await apiAs(baseURL!, DEMO_OWNER);
});
test.afterAll(async () => {
  await owner.dispose();
});

test.describe('page shell kept between renders', () => {
  test('a menu change shows on the next render in both languages, and each page links its own address', async ({ request }) => {
    // each address names its language: a `lang` query is remembered in a cookie for the next requests
    await rendered(request, '/faq?lang=en');
    await rendered(request, '/faq?lang=ru');
    const menu = (await (await owner.get('/api/admin/menus/info')).json()) as { items: MenuNode[]; version: number };
    const first = menu.items[0]!;
    const changed = { ...first, title: { en: `${first.title.en} today`, ru: `${first.title.ru} сегодня` } };
    const strip = (items: MenuNode[]): unknown[] => items.map(({ title, link, children }) => ({ title, link, children: strip(children) }));
    const save = async (items: MenuNode[], version: number) => {
      const response = await owner.put('/api/admin/menus/info', { data: { items: strip(items), version } });
      expect(response.status(), await response.text()).toBe(200);
    };
    await save([changed, ...menu.items.slice(1)], menu.version);
    try {
      const english = await rendered(request, '/faq?lang=en');
      const russian = await rendered(request, '/faq?lang=ru');
      expect(shellOf(english).header).toContain(`${first.title.en} today`);
      expect(shellOf(russian).header).toContain(`${first.title.ru} сегодня`);
      // the language switch of a page rendered from the kept header links that page, not the first one kept
      const returns = await rendered(request, '/returns?lang=ru');
      expect(shellOf(returns).header).toContain('href="/returns?lang=en"');
      expect(shellOf(returns).header).not.toContain('href="/faq?lang=en"');
      expect(shellOf(returns).header).toContain(`${first.title.ru} сегодня`);
    } finally {
      const current = (await (await owner.get('/api/admin/menus/info')).json()) as { version: number };
      await save(menu.items, current.version);
    }
    expect(shellOf(await rendered(request, '/faq?lang=en')).header).not.toContain(`${first.title.en} today`);
  });

  test('a settings change shows in the footer of the next render in both languages', async ({ request }) => {
    await rendered(request, '/?lang=en');
    await rendered(request, '/?lang=ru');
    const groups = ((await (await owner.get('/api/admin/settings')).json()) as { groups: Group[] }).groups;
    const footer = groups.find((group) => group.group === 'footer')!;
    const write = async (value: Record<string, unknown>) => {
      const current = ((await (await owner.get('/api/admin/settings')).json()) as { groups: Group[] }).groups.find(
        (group) => group.group === 'footer',
      )!;
      const response = await owner.put('/api/admin/settings/footer', { data: { value, version: current.version } });
      expect(response.status(), await response.text()).toBe(200);
    };
    await write({ ...footer.value, text: { en: 'Made by hand in small batches', ru: 'Шьём вручную небольшими партиями' } });
    try {
      expect(shellOf(await rendered(request, '/?lang=en')).footer).toContain('Made by hand in small batches');
      expect(shellOf(await rendered(request, '/?lang=ru')).footer).toContain('Шьём вручную небольшими партиями');
    } finally {
      await write(footer.value);
    }
    expect(shellOf(await rendered(request, '/?lang=en')).footer).not.toContain('Made by hand in small batches');
  });

  test("a signed-in customer's page and an anonymous one share a shell that names neither", async ({ request }) => {
    const customer = await registerAccount(request, 'Shelly', 'Keptson');
    const signedIn = await rendered(request, '/faq?lang=en', `Bearer ${customer.token}`);
    const anonymous = await rendered(request, '/faq?lang=en');
    const afterAnonymous = await rendered(request, '/faq?lang=en', `Bearer ${customer.token}`);
    for (const html of [signedIn, anonymous, afterAnonymous]) {
      const shell = shellOf(html);
      expect(shell.header).not.toBe('');
      expect(`${shell.header}${shell.footer}`).not.toContain('Shelly');
      expect(`${shell.header}${shell.footer}`).not.toContain(customer.email);
    }
    expect(shellOf(anonymous)).toEqual(shellOf(signedIn));
    expect(shellOf(afterAnonymous)).toEqual(shellOf(anonymous));
  });
});
