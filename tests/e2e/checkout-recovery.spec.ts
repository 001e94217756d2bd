import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { DEMO_OWNER, mailsMatching, staffPage } from './admin-helpers';
import { acceptCookies, addToCart, fillContacts, product } from './shopping-helpers';

/** The .eml sent to `to`, as written. */
function rawMailTo(to: string): string {
  const dir = join(process.env.E2E_DATA_DIR!, 'mail');
  const raw = readdirSync(dir)
    .map((name) => readFileSync(join(dir, name), 'utf8'))
    .find((text) => text.includes(`To: ${to}`));
  if (!raw) throw new Error(`no mail to ${to}`);
  return raw;
}

test('a guest who consented and left the checkout gets a reminder whose links restore the cart elsewhere and unsubscribe', async ({
  page,
  request,
  browser,
}) => {
  // the server's reminder minutes last a second (playwright.config.ts): the first reminder comes 15 seconds after leaving
  test.setTimeout(180_000);
  const owner = await staffPage(browser, DEMO_OWNER, '/admin/marketing/recovery');
  await expect(owner.getByRole('heading', { name: 'Checkout recovery', level: 1 })).toBeVisible();
  await expect(owner.getByText('Reminders are off')).toBeVisible();
  expect((await new AxeBuilder({ page: owner }).analyze()).violations).toEqual([]);
  await owner.getByLabel('Send reminders').check();
  await owner.getByLabel('First reminder after (minutes without activity)').fill('15');
  await owner.getByLabel('Second reminder after the first (minutes, 0 for none)').fill('0');
  await owner.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(owner.getByText('Checkout recovery settings saved')).toBeVisible();

  try {
    await acceptCookies(page.context());
    const tee = await product(request, 'organic-cotton-tee');
    const variation = tee.variations.find((v) => v.inStock && v.price > 0)!;
    await addToCart(page, 'organic-cotton-tee', variation.id, 2);
    await page.goto('/checkout');
    const email = `tess-${Date.now()}@example.com`;
    await fillContacts(page, { name: 'Tess', phone: '+1 212 555 0147', email });
    const consent = page.getByLabel(/Remind me by e-mail if I leave my order unfinished/);
    await expect(consent).not.toBeChecked();
    await consent.check();
    // the shopper leaves without ordering
    await expect
      .poll(
        async () =>
          (await (await owner.request.get('/api/admin/marketing/recovery/checkouts?status=open')).json()).items.map(
            (i: { email: string }) => i.email,
          ),
        {
          timeout: 15_000,
        },
      )
      .toContain(email);
    await page.goto('/');

    let mail = '';
    const sentTo = new RegExp(`To: ${email.replace(/[.]/g, '\\.')}`);
    await expect
      .poll(() => (mail = mailsMatching(sentTo).find((m) => m.includes('You left something in your cart')) ?? ''), { timeout: 90_000 })
      .not.toBe('');
    expect(mail).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(mail).toContain(tee.title);
    // the line's picture beside its title
    expect(mail).toMatch(/<img src="http:\/\/127\.0\.0\.1:\d+\/[^"]+" alt="" width="64"/);
    const restore = /(https?:\/\/[^\s"<>]+\/cart\/restore\?token=[^\s"<>]+)/.exec(mail)![1]!.replace(/&amp;/g, '&');
    // the header as sent (the helper's decoding is for the body's quoted-printable, which headers are not)
    const unsubscribe = /List-Unsubscribe:\s+<([^>]+)>/.exec(rawMailTo(email))![1]!;

    // another device: a fresh browser with an empty cart
    const elsewhere = await browser.newContext();
    try {
      await acceptCookies(elsewhere);
      const device = await elsewhere.newPage();
      await device.goto(restore);
      await device.waitForURL(/\/cart$/);
      await expect(device.locator('main').getByText(tee.title).first()).toBeVisible();

      await device.goto(unsubscribe);
      await expect(device.getByText(/Stop cart reminders to t•+@example\.com\?/)).toBeVisible();
      await device.getByRole('button', { name: 'Unsubscribe' }).click();
      await expect(device.getByText(/Done: t•+@example\.com will receive no more reminders from us\./)).toBeVisible();
      // the link used twice says so again, and a changed one is refused
      await device.goto(unsubscribe);
      await expect(device.getByText(/will receive no more reminders/)).toBeVisible();
      const forged = await device.goto(unsubscribe.replace(/token=([^.]+)\./, 'token=$1x.'));
      expect(forged?.status()).toBe(400);
      await expect(device.getByText('This unsubscribe link is not valid or has expired.')).toBeVisible();
    } finally {
      await elsewhere.close();
    }

    await owner.reload();
    await expect(owner.getByRole('row', { name: new RegExp(email.replace(/[.]/g, '\\.')) })).toContainText('Unsubscribed');
  } finally {
    // the other journeys expect reminders off
    await owner.getByLabel('Send reminders').uncheck();
    await owner.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(owner.getByText('Checkout recovery settings saved')).toBeVisible();
    await owner.context().close();
  }
});
