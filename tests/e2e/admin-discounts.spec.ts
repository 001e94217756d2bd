import { expect, test, type Page } from '@playwright/test';
import { DEMO_OWNER, staffPage } from './admin-helpers';
import { acceptCookies, addToCart, fillContacts, product, usd } from './shopping-helpers';

const DAY = 86_400_000;

/** A moment as a `datetime-local` input takes it (the browser runs on this machine's clock and time zone). */
function localInput(at: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

/** Waits for the confirmation of a save (shown once the saved version is loaded) and closes it. */
async function confirmed(admin: Page): Promise<void> {
  const toast = admin.locator('.toast').filter({ hasText: 'Discount code saved.' });
  await expect(toast).toHaveCount(1);
  await toast.getByRole('button', { name: 'Close' }).click();
  await expect(toast).toHaveCount(0);
}

/** Saves the discount form and waits until the saved version is on screen. */
async function save(admin: Page): Promise<void> {
  await admin.getByRole('button', { name: 'Save', exact: true }).click();
  await confirmed(admin);
}

test.beforeEach(async ({ context }) => {
  await acceptCookies(context);
});

test('a discount code made in the back office: each of its errors shows in the cart, then it applies', async ({
  page,
  browser,
  request,
}) => {
  const tee = await product(request, 'organic-cotton-tee');
  const variation =
    tee.variations.find((v) => v.inStock && v.price > 0 && v.stock === null) ?? tee.variations.find((v) => v.inStock && v.price > 0)!;
  const shirt = await product(request, 'linen-shirt');
  const code = `E2E${Date.now().toString(36).toUpperCase()}`;
  const now = Date.now();

  // The owner creates a percentage code that starts tomorrow.
  const admin = await staffPage(browser, DEMO_OWNER, '/admin/discounts');
  await admin.getByRole('link', { name: 'New discount code' }).click();
  await admin.getByLabel('Code *').fill(code.toLowerCase());
  await admin.getByRole('radio', { name: 'Percentage' }).check();
  await admin.getByLabel('Percentage (1–100) *').fill('10');
  await admin.getByLabel('Starts', { exact: true }).fill(localInput(new Date(now + DAY)));
  await admin.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(admin.getByRole('heading', { name: `Discount code ${code}` })).toBeVisible();
  await confirmed(admin);
  await expect(admin.getByText('Scheduled', { exact: true })).toBeVisible();
  const codeId = new URL(admin.url()).pathname.split('/').pop()!;

  // The shopper tries it in the cart at every step.
  await addToCart(page, 'organic-cotton-tee', variation.id, 1);
  await page.goto('/cart');
  const field = page.getByRole('textbox', { name: 'Discount code' });
  const total = page.getByTestId('cart-total');
  const tryCode = async (text: string, message: string) => {
    await field.fill(text);
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByRole('alert').filter({ hasText: message })).toBeVisible();
    await expect(total).toHaveText(usd(variation.price));
  };
  await tryCode(code, 'Discount code is invalid');

  // Expired: it ran from three days ago until yesterday.
  await admin.getByLabel('Starts', { exact: true }).fill(localInput(new Date(now - 3 * DAY)));
  await admin.getByLabel('Expires', { exact: true }).fill(localInput(new Date(now - DAY)));
  await save(admin);
  await expect(admin.getByText('Expired', { exact: true })).toBeVisible();
  await tryCode(code.toLowerCase(), 'Discount code has expired');

  // A contradiction is refused on its field before anything is sent.
  await admin.getByLabel('Expires', { exact: true }).fill(localInput(new Date(now - 4 * DAY)));
  await admin.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(admin.getByText('The code must expire after it starts.')).toBeVisible();

  // Valid dates, but a minimum order far above the cart.
  await admin.getByLabel('Expires', { exact: true }).fill(localInput(new Date(now + 3 * DAY)));
  await admin.getByLabel('Minimum order, USD').fill('100000');
  await save(admin);
  await tryCode(code, 'Minimum order amount not met');

  // Limited to a product that is not in the cart.
  await admin.getByLabel('Minimum order, USD').fill('');
  const products = admin.getByRole('group', { name: 'Products it applies to' });
  await products.getByRole('searchbox', { name: 'Find a product' }).fill(shirt.title.split(' ')[0]!);
  await products.getByRole('checkbox', { name: shirt.title }).check();
  await save(admin);
  await tryCode(code, 'Discount code does not apply to these products');

  // Usage limit reached: once allowed, and once used by an order.
  await admin
    .getByRole('group', { name: 'Products it applies to' })
    .getByRole('button', { name: `Remove ${shirt.title}` })
    .click();
  await admin.getByLabel('Usage limit').fill('1');
  await save(admin);
  const locations = (await (await request.get('/api/locations')).json()) as { id: string }[];
  const order = await request.post('/api/orders', {
    data: {
      items: [{ variationId: variation.id, quantity: 1 }],
      customer: { name: 'Early bird', phone: '+1 212 555 0111' },
      delivery: { method: 'pickup', locationId: locations[0]!.id },
      paymentMethod: 'cash',
      discountCodeId: codeId,
      agreement: true,
    },
  });
  expect(order.status()).toBe(201);
  await tryCode(code, 'Discount code is invalid');
  await admin.reload();
  await expect(admin.getByText('1 of 1')).toBeVisible();
  await expect(admin.getByText('Used up', { exact: true })).toBeVisible();

  // A code nobody made.
  await tryCode(`${code}-NOPE`, 'Discount code does not exist');

  // Every condition holds: it applies.
  await admin.getByLabel('Usage limit').fill('');
  await save(admin);
  await expect(admin.getByText('Active', { exact: true })).toBeVisible();
  await field.fill(code.toLowerCase());
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText(`Code ${code} applied`)).toBeVisible();
  const discount = Math.round(variation.price * 10) / 100;
  await expect(page.getByTestId('discount-amount')).toHaveText(`−${usd(discount)}`);
  await expect(total).toHaveText(usd(Math.round((variation.price - discount) * 100) / 100));

  // The list shows it with its usage.
  await admin.goto(`/admin/discounts?q=${code}`);
  const row = admin.getByRole('row').filter({ hasText: code });
  await expect(row.getByText('Active', { exact: true })).toBeVisible();
  await expect(row.getByText('1', { exact: true })).toBeVisible();
  await admin.context().close();
});

test('a delivery rate and a pickup location made in the back office are offered at checkout', async ({ page, browser }) => {
  const mark = Date.now().toString(36);
  const rateTitle = `E2E courier ${mark}`;
  const pointTitle = `E2E pickup point ${mark}`;
  const admin = await staffPage(browser, DEMO_OWNER, '/admin/delivery');

  const zone = admin.getByRole('article', { name: /United States/ });
  await zone.getByRole('button', { name: 'New rate' }).click();
  let dialog = admin.getByRole('dialog');
  await dialog.getByRole('group', { name: 'Title' }).getByLabel('English *').fill(rateTitle);
  await dialog.getByRole('group', { name: 'Title' }).getByLabel('Russian').fill(`Курьер E2E ${mark}`);
  await dialog.getByLabel('Price', { exact: true }).selectOption('flat');
  // a contradiction is refused on its field
  await dialog.getByLabel('Price, USD *').fill('3.50');
  await dialog.getByLabel('Minimum weight, kg').fill('5');
  await dialog.getByLabel('Maximum weight, kg').fill('1');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('The maximum must not be below the minimum.')).toBeVisible();
  await dialog.getByLabel('Minimum weight, kg').fill('');
  await dialog.getByLabel('Maximum weight, kg').fill('');
  await dialog.getByLabel('Delivery time').selectOption('2_days');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(zone.getByRole('row').filter({ hasText: rateTitle })).toContainText('2 days');

  await admin.getByRole('button', { name: 'New pickup location' }).click();
  dialog = admin.getByRole('dialog');
  await dialog.getByLabel('Code *').fill(`e2e-point-${mark}`);
  await dialog.getByRole('group', { name: 'Title' }).getByLabel('English *').fill(pointTitle);
  await dialog.getByRole('group', { name: 'Address' }).getByLabel('English').fill('7 Test Lane, New York');
  await dialog.getByRole('group', { name: 'Opening hours' }).getByLabel('English').fill('Daily 8:00–23:00');
  await dialog.getByRole('group', { name: 'Payment methods accepted' }).getByLabel('Cash or card on receipt').check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(admin.getByRole('row').filter({ hasText: pointTitle })).toContainText('Cash or card on receipt');

  // The shopper sees both at checkout.
  await addToCart(page, 'organic-cotton-tee');
  await page.goto('/checkout');
  await fillContacts(page);
  await page.getByRole('radio', { name: new RegExp(pointTitle) }).check();
  await expect(page.getByText('7 Test Lane, New York')).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Cash or card on receipt' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Bank card online' })).toHaveCount(0);
  await page.getByText('Shipping', { exact: true }).click();
  await page.getByLabel('City *').fill('New York');
  await page.getByLabel('Street, house, apartment *').fill('1 Main Street');
  await expect(page.getByRole('radio', { name: new RegExp(rateTitle) })).toBeVisible();

  // Tidy up so the other journeys see the demo shop as seeded.
  await admin.getByRole('button', { name: `Delete ${rateTitle}` }).click();
  await admin.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(admin.getByRole('row').filter({ hasText: rateTitle })).toHaveCount(0);
  await admin.getByRole('button', { name: `Delete ${pointTitle}` }).click();
  await admin.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(admin.getByRole('row').filter({ hasText: pointTitle })).toHaveCount(0);
  await admin.context().close();
});

test('the payment methods screen warns while the test sandbox takes payments', async ({ browser }) => {
  const admin = await staffPage(browser, DEMO_OWNER, '/admin/payments');
  await expect(admin.getByRole('alert').filter({ hasText: 'The test payment sandbox is on' })).toBeVisible();
  await expect(admin.getByRole('row').filter({ hasText: 'Bank card online' })).toContainText('Online via Sandbox (test payments)');
  await admin.getByRole('button', { name: 'Edit Bank card online' }).click();
  const dialog = admin.getByRole('dialog');
  await expect(dialog.getByText(/It must stay off in a live shop/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Back' }).click();
  await expect(dialog).toBeHidden();
  await admin.context().close();
});
