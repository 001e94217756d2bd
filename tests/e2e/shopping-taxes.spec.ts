import { expect, test, type Page } from '@playwright/test';
import { DEMO_OWNER } from './admin-helpers';
import { acceptCookies, acceptTerms, addToCart, fillContacts, orderOfResultPage, placeOrder, product, usd } from './shopping-helpers';

const TAXES_OFF = { enabled: false, pricesIncludeTax: false, taxDelivery: true, standardRate: 0, reducedRate: 0, areas: [] };

/** Puts the demo shop's taxes back off, so the journeys after this file see its own totals. */
async function taxesOff(admin: Page): Promise<void> {
  const groups = (await (await admin.request.get('/api/admin/settings')).json()).groups as { group: string; version: number }[];
  const taxes = groups.find((g) => g.group === 'taxes')!;
  const response = await admin.request.put('/api/admin/settings/taxes', {
    headers: { 'x-shop-admin': '1' },
    data: { value: TAXES_OFF, version: taxes.version },
  });
  expect(response.status()).toBe(200);
}

test('the owner sets a 20% tax added to prices; the shopper sees it at checkout and on the order, and so does the back office', async ({
  page,
  request,
  browser,
  context,
}) => {
  // two browser sessions, the back office's settings, a checkout and the order: a long journey on a loaded machine
  test.slow();
  await acceptCookies(context);
  // the owner's own browser session (the back office's first load may take a while on a loaded machine)
  const adminContext = await browser.newContext();
  await adminContext.addInitScript(() => localStorage.setItem('shop-admin-lang', 'en'));
  const admin = await adminContext.newPage();
  await admin.goto('/admin/settings');
  await admin.getByLabel('E-mail').fill(DEMO_OWNER.email);
  await admin.getByLabel('Password').fill(DEMO_OWNER.password);
  await admin.getByRole('button', { name: 'Sign in' }).click();
  await expect(admin.locator('.shell')).toBeVisible({ timeout: 30_000 });
  try {
    await admin.getByRole('link', { name: /Taxes/ }).click();
    await expect(admin.getByRole('heading', { name: 'Taxes' })).toBeVisible();
    await admin.getByLabel('Charge taxes').check();
    await admin.getByLabel('Standard rate, %', { exact: true }).fill('20');
    await admin.getByRole('button', { name: 'Save' }).click();
    await expect(admin.getByText('Settings saved')).toBeVisible();

    const tee = await product(request, 'organic-cotton-tee');
    const variation = tee.variations.find((v) => v.inStock && v.price > 0)!;
    const itemsCents = Math.round(variation.price * 100) * 2;
    const taxCents = Math.round(itemsCents * 0.2);
    await addToCart(page, 'organic-cotton-tee', variation.id, 2);
    await page.goto('/checkout');
    await fillContacts(page);
    await page.getByRole('radio', { name: /SoHo store/ }).check();
    await page.getByRole('radio', { name: 'Cash or card on receipt' }).check();
    await acceptTerms(page);
    const summary = page.locator('.checkout__summary');
    await expect(summary.getByText('Tax', { exact: true })).toBeVisible();
    await expect(page.getByTestId('checkout-tax')).toHaveText(usd(taxCents / 100));
    await expect(page.getByTestId('checkout-total')).toHaveText(usd((itemsCents + taxCents) / 100));
    await placeOrder(page, /\/payment\?/);

    // the shopper's order page names the tax too
    await expect(page.getByTestId('order-tax')).toHaveText(usd(taxCents / 100));
    await expect(page.getByTestId('order-total')).toHaveText(usd((itemsCents + taxCents) / 100));
    const { order, reference } = await orderOfResultPage(page, request);
    expect(order).toMatchObject({ taxPrice: taxCents / 100, taxIncluded: false, totalPrice: (itemsCents + taxCents) / 100 });

    // the back office's order shows the tax line and the total with it
    await admin.goto(`/admin/orders?q=${reference.number}`);
    await admin.getByRole('link', { name: `№${reference.number}` }).click();
    const totals = admin.locator('.totals');
    await expect(totals.getByText('Tax', { exact: true })).toBeVisible();
    await expect(admin.getByTestId('order-tax')).toHaveText(usd(taxCents / 100));
    await expect(totals).toContainText(usd((itemsCents + taxCents) / 100));
  } finally {
    await taxesOff(admin);
  }
});
