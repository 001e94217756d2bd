import { expect, test } from '@playwright/test';
import { DEMO_OWNER, E2E_MANAGER, mailsMatching, staffPage } from './admin-helpers';
import { acceptCookies, acceptTerms, addToCart, fillContacts, placeOrder, product } from './shopping-helpers';

test('an edited e-mail template is what the shopper receives', async ({ page, request, browser }) => {
  // the back office, the storefront's checkout and the mail queue in one journey
  test.setTimeout(180_000);
  const owner = await staffPage(browser, DEMO_OWNER, '/admin/settings');
  await owner.getByRole('link', { name: /E-mail templates/ }).click();
  await owner.getByRole('link', { name: 'Order received (to the customer) (English)' }).click();
  await expect(owner.getByRole('heading', { name: 'Order received (to the customer)' })).toBeVisible();
  // the editor starts from the built-in text, written with placeholders
  await expect(owner.getByLabel('Subject')).toHaveValue('Order {{order.number}} received, {{shop.name}}');
  await owner.getByLabel('Subject').fill('Your tea order {{order.number}} is in, {{customer.name}}');
  await owner
    .getByLabel('Body')
    .fill('<p>Dear {{customer.name}}, we are packing it now.</p>\n<p>{{order.summary}}</p>\n<p>{{order.button}}</p>');
  // the live preview fills sample data
  await expect(owner.getByTestId('preview-subject')).toHaveText('Your tea order 1042 is in, Anna');
  await expect(owner.frameLocator('iframe.mail-preview').getByText('Dear Anna, we are packing it now.')).toBeVisible();
  // an unknown placeholder is refused on its field
  await owner.getByLabel('Subject').fill('Your order {{order.nuber}}');
  await expect(owner.getByText(/has no placeholder \{\{order\.nuber\}\}/)).toBeVisible();
  await owner.getByLabel('Subject').fill('Your tea order {{order.number}} is in, {{customer.name}}');
  await owner.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(owner.getByText('Template saved.')).toBeVisible();
  await expect(owner.getByText('Version 1 is in use.')).toBeVisible();

  try {
    await acceptCookies(page.context());
    const tee = await product(request, 'organic-cotton-tee');
    const variation = tee.variations.find((v) => v.inStock && v.price > 0)!;
    await addToCart(page, 'organic-cotton-tee', variation.id, 1);
    await page.goto('/checkout');
    const email = `tea-${Date.now()}@example.com`;
    await fillContacts(page, { name: 'Tess', phone: '+1 212 555 0147', email });
    await page.getByRole('radio', { name: /SoHo store/ }).check();
    await page.getByRole('radio', { name: 'Cash or card on receipt' }).check();
    await acceptTerms(page);
    await placeOrder(page, /\/payment\?/);
    const number = new URL(page.url()).searchParams.get('order');
    let mail = '';
    await expect
      .poll(() => (mail = mailsMatching(new RegExp(email.replace(/[.]/g, '\\.'))).find((m) => m.includes('Your tea order')) ?? ''), {
        timeout: 15_000,
      })
      .not.toBe('');
    expect(mail).toContain(`Subject: Your tea order ${number} is in, Tess`);
    expect(mail).toContain('Dear Tess, we are packing it now.');
    expect(mail).toContain('Organic');
  } finally {
    // the other journeys expect the built-in wording
    await owner.getByRole('button', { name: 'Go back to the built-in text' }).click();
    await expect(owner.getByText('The built-in text is in use; saving makes your wording the one sent.')).toBeVisible();
    await owner.context().close();
  }
});

test('an enquiry is answered from the back office, and the reply is e-mailed and kept in its history', async ({
  page,
  request,
  browser,
}) => {
  await acceptCookies(page.context());
  const item = await (await request.get('/api/products/linen-shirt')).json();
  const name = `Rita Reply ${Date.now()}`;
  const email = `rita-${Date.now()}@example.com`;
  await page.goto('/products/linen-shirt');
  await page.locator(`button[data-lead-form][data-product-id="${item.id}"]`).first().click();
  const modal = page.getByRole('dialog');
  await modal.locator('input[name=name]').fill(name);
  await modal.locator('input[name=phone]').fill('(212) 555-0147');
  await modal.locator('input[name=email]').fill(email);
  await modal.getByLabel('I agree to the privacy policy').check();
  await modal.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(modal.getByRole('heading', { name: 'Thank you!' })).toBeVisible();

  const admin = await staffPage(browser, E2E_MANAGER, '/admin/leads');
  await admin
    .getByRole('row', { name: new RegExp(name) })
    .getByRole('link', { name: `Open: ${name}` })
    .click();
  await expect(admin.getByRole('heading', { name: `Enquiry from ${name}` })).toBeVisible();
  await admin.getByLabel('Subject').fill('About the linen shirt');
  await admin.getByLabel('Message').fill('It comes in size XL next week.');
  await admin.getByRole('button', { name: 'Send the reply' }).click();
  await expect(admin.getByText('Reply queued for sending.')).toBeVisible();
  await expect(admin.getByText(`Mia Manager replied to ${email}`)).toBeVisible();
  await expect(admin.getByText('It comes in size XL next week.')).toBeVisible();
  let mail = '';
  await expect
    .poll(() => (mail = mailsMatching(new RegExp(email.replace(/[.]/g, '\\.'))).find((m) => m.includes('About the linen shirt')) ?? ''), {
      timeout: 15_000,
    })
    .not.toBe('');
  expect(mail).toContain('It comes in size XL next week.');
  await admin.context().close();
});
