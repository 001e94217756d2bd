import { expect, test, type Page } from '@playwright/test';
import { acceptCookiesUpFront, registerAccount, signInBrowser, uniqueEmail } from './accounts-helpers';
import { DEMO_OWNER, E2E_MANAGER, mailsMatching, staffPage } from './admin-helpers';

const ADMIN_WRITE = { 'x-shop-admin': '1' };

/** The link of a back-in-stock mail to `email` (confirm or unsubscribe), once the mail has been written. */
async function linkInMail(email: string, subject: RegExp, action: 'confirm' | 'unsubscribe'): Promise<string> {
  const pattern = new RegExp(`/back-in-stock\\?action=${action}&id=[\\w-]+&token=[\\w-]+&lang=\\w+`);
  let link = '';
  await expect
    .poll(() => {
      const mail = mailsMatching(subject).find((text) => text.includes(`To: ${email}`));
      link = mail ? (pattern.exec(mail)?.[0] ?? '') : '';
      return link;
    })
    .not.toBe('');
  return link;
}

const alertsTo = (email: string, title: string) =>
  mailsMatching(new RegExp(`Subject: ${title}.* is back in stock`)).filter((text) => text.includes(`To: ${email}`));

test('a guest asks to hear when a size is back, confirms by e-mail, the owner restocks in the back office: the alert arrives once', async ({
  browser,
}) => {
  const suffix = Date.now().toString(36);
  const title = `Alert tee ${suffix}`;
  const slug = `alert-tee-${suffix}`;
  const owner = await staffPage(browser, DEMO_OWNER, '/admin/products');
  const created = await owner.request.post('/api/admin/products', {
    headers: ADMIN_WRITE,
    data: {
      title: { en: title },
      slug,
      enabled: true,
      options: [{ title: { en: 'Size' }, values: [{ title: { en: 'S' } }, { title: { en: 'M' } }] }],
      variations: [
        { values: [0], fullPriceCents: 2500, stock: 0, isDefault: true },
        { values: [1], fullPriceCents: 2500, stock: 6 },
      ],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id, variations } = (await created.json()) as { id: string; variations: { id: string }[] };

  // the guest, on the sold-out size
  const guestContext = await browser.newContext();
  await acceptCookiesUpFront(guestContext);
  const guest = await guestContext.newPage();
  const email = uniqueEmail('alert');
  await guest.goto(`/products/${slug}?variation=${variations[0]!.id}`);
  await expect(guest.locator('[data-buy-box-ready]')).toBeAttached();
  const signUp = guest.locator('form[data-back-in-stock]');
  await expect(signUp.getByText('Tell me when it is back')).toBeVisible();
  await signUp.getByLabel('Your e-mail').fill(email);
  await signUp.getByRole('button', { name: 'Notify me' }).click();
  await expect(signUp.getByRole('status')).toHaveText('Almost done: open the link we have just e-mailed you to confirm the address.');

  // the confirmation link asks first (a mail scanner opening it confirms nothing), then confirms
  const confirm = await linkInMail(email, /Subject: Confirm your alert for/, 'confirm');
  await guest.goto(confirm);
  await expect(guest.getByRole('heading', { name: 'Confirm your alert' })).toBeVisible();
  await guest.getByRole('button', { name: 'Yes, tell me' }).click();
  await expect(guest.getByTestId('back-in-stock-outcome')).toHaveText(`Done: we will e-mail you once when ${title} is back.`);

  // the owner restocks S in the product editor
  await owner.goto(`/admin/products/${id}`);
  const stockInput = owner.getByLabel('Stock of S', { exact: true });
  await expect(stockInput).toHaveValue('0');
  await stockInput.fill('4');
  await owner.getByRole('button', { name: 'Save' }).first().click();
  await expect(stockInput).toHaveValue('4');

  await expect.poll(() => alertsTo(email, title).length).toBe(1);
  const [alert] = alertsTo(email, title);
  expect(alert).toContain(`/products/${slug}?variation=${variations[0]!.id}`);
  expect(alert).toMatch(/Unsubscribe: http/);

  // sold out and back again, with a second shopper waiting: the second gets theirs, the first nothing more
  const second = uniqueEmail('second');
  const setStock = async (stock: number) => {
    const detail = (await (await owner.request.get(`/api/admin/products/${id}`)).json()) as {
      version: number;
      catalogIds: string[];
      options: { id: string; title: unknown; values: unknown }[];
      variations: ({ stock: number | null; valueIds: unknown; title: unknown } & Record<string, unknown>)[];
    };
    const saved = await owner.request.put(`/api/admin/products/${id}`, {
      headers: ADMIN_WRITE,
      data: {
        title: { en: title },
        slug,
        enabled: true,
        catalogIds: detail.catalogIds,
        options: detail.options.map((o) => ({ id: o.id, title: o.title, values: o.values })),
        variations: detail.variations.map(({ valueIds: _v, title: _t, stock: seen, ...v }, i) =>
          i === 0 ? { ...v, stock, stockSeen: seen } : v,
        ),
        version: detail.version,
      },
    });
    expect(saved.status(), await saved.text()).toBe(200);
  };
  await setStock(0);
  const signedUp = await guest.request.post('/api/back-in-stock', { data: { variation: variations[0]!.id, email: second } });
  expect(signedUp.status()).toBe(201);
  await guest.goto(await linkInMail(second, /Subject: Confirm your alert for/, 'confirm'));
  await guest.getByRole('button', { name: 'Yes, tell me' }).click();
  await expect(guest.getByTestId('back-in-stock-outcome')).toContainText('Done');
  await setStock(2);
  await expect.poll(() => alertsTo(second, title).length).toBe(1);
  expect(alertsTo(email, title)).toHaveLength(1);

  // the owner sees both in Marketing → Back-in-stock
  await owner.goto('/admin/marketing/back-in-stock');
  await expect(owner.getByRole('heading', { name: 'Back-in-stock alerts' })).toBeVisible();
  await owner.getByRole('group', { name: 'Show' }).getByRole('button', { name: 'Alert sent' }).click();
  await expect(owner.getByRole('cell', { name: email })).toBeVisible();
  await expect(owner.getByRole('cell', { name: second })).toBeVisible();

  // a manager has no Marketing menu, and the screen says the role does not allow it
  const manager = await staffPage(browser, E2E_MANAGER, '/admin/marketing/back-in-stock');
  await expect(manager.getByText('Your role does not allow this.')).toBeVisible();
  await expect(manager.getByRole('link', { name: 'Back-in-stock' })).toHaveCount(0);
  expect((await manager.request.get('/api/admin/marketing/back-in-stock')).status()).toBe(403);
  await manager.context().close();

  // the unsubscribe link of the alert works once and is signed for that purpose only
  const unsubscribe = await linkInMail(email, new RegExp(`Subject: ${title}.* is back in stock`), 'unsubscribe');
  await guest.goto(unsubscribe.replace(/token=[\w-]+/, 'token=forged'));
  await guest.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(guest.getByTestId('back-in-stock-outcome')).toHaveText('This link is not valid. Open the one from your latest e-mail.');
  await guest.goto(unsubscribe);
  await guest.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(guest.getByTestId('back-in-stock-outcome')).toHaveText(`You will not get the alert for ${title}.`);

  const current = (await (await owner.request.get(`/api/admin/products/${id}`)).json()) as { version: number };
  expect((await owner.request.delete(`/api/admin/products/${id}?version=${current.version}`, { headers: ADMIN_WRITE })).status()).toBe(204);
  await guestContext.close();
  await owner.context().close();
});

const heart = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

for (const lang of ['en', 'ru'] as const) {
  const words =
    lang === 'en'
      ? {
          add: 'Add',
          remove: 'Remove',
          to: 'to the wishlist',
          from: 'from the wishlist',
          list: 'Wishlist',
          cart: 'Add to cart',
          added: 'Added to the cart',
          empty: /Your wishlist is empty/,
        }
      : {
          add: 'Добавить',
          remove: 'Убрать',
          to: 'в избранное',
          from: 'из избранного',
          list: 'Избранное',
          cart: 'В корзину',
          added: 'Товар в корзине',
          empty: /В избранном пока пусто/,
        };

  test(`wishlist (${lang}): a guest's hearts are kept in the browser, merged into the account on sign-in, shown with price and stock, bought and removed`, async ({
    browser,
    request,
  }) => {
    const context = await browser.newContext();
    await acceptCookiesUpFront(context);
    const page = await context.newPage();
    await page.goto(`/catalogs/accessories?lang=${lang}`);
    const card = page.locator('.product-card').first();
    await expect(card).toBeVisible();
    const title = (await card.locator('.product-card__link').textContent())!.trim();
    const slug = (await card.locator('.product-card__link').getAttribute('href'))!.replace('/products/', '');

    // a guest's heart on the product page
    await page.goto(`/products/${slug}?lang=${lang}`);
    await expect(page.locator('[data-buy-box-ready]')).toBeAttached();
    await heart(page, `${words.add} ${title} ${words.to}`).click();
    await expect(heart(page, `${words.remove} ${title} ${words.from}`)).toHaveAttribute('aria-pressed', 'true');
    // the card in a list shows it too
    await page.goto(`/catalogs/accessories?lang=${lang}`);
    await expect(page.locator('.product-card', { hasText: title }).first().locator('[data-wishlist-toggle]')).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    // signing in merges the guest's list into the account
    const account = await registerAccount(request);
    await signInBrowser(context, account);
    await page.goto(`/account/wishlist?lang=${lang}`);
    await expect(page.getByRole('heading', { name: words.list, level: 1 })).toBeVisible();
    const item = page.locator('[data-wishlist-item]', { hasText: title });
    await expect(item).toBeVisible();
    await expect(item.locator('[data-wishlist-stock]')).toBeVisible();
    const stored = await request.get('/api/wishlist', { headers: { authorization: `Bearer ${account.token}` } });
    expect(((await stored.json()) as { items: { slug: string }[] }).items.map((p) => p.slug)).toContain(slug);

    const addToCart = item.getByRole('button', { name: words.cart });
    if (await addToCart.isVisible()) {
      await addToCart.click();
      await expect(item.getByRole('button', { name: words.added })).toBeVisible();
    }
    await item.getByRole('button', { name: new RegExp(`${words.remove} ${title}`) }).click();
    await expect(page.getByText(words.empty)).toBeVisible();
    const after = await request.get('/api/wishlist', { headers: { authorization: `Bearer ${account.token}` } });
    expect(((await after.json()) as { items: unknown[] }).items).toEqual([]);
    await context.close();
  });
}
