import { expect, test, type Page } from '@playwright/test';
import { acceptCookiesUpFront, dialog } from './accounts-helpers';

/** Fills the lead form's contact fields; the phone is typed nationally and stored internationally. */
async function fillLead(page: Page) {
  const modal = dialog(page);
  await modal.locator('input[name=name]').fill('Ada Lovelace');
  await modal.locator('input[name=phone]').fill('123');
  await expect(modal.locator('[data-phone-example]')).toHaveText('For example +1 201 555 0123');
  await modal.locator('input[name=phone]').fill('(212) 555-0147');
  await expect(modal.getByRole('img', { name: 'Valid number' })).toBeVisible();
  await expect(modal.locator('[data-phone-example]')).toHaveCount(0);
  await modal.locator('input[name=email]').fill('ada@example.com');
}

/** Sends the lead once the policy is ticked: until then the button looks disabled and sends nothing. */
async function sendLead(page: Page) {
  const modal = dialog(page);
  const send = modal.getByRole('button', { name: 'Send', exact: true });
  await expect(send).toHaveAttribute('aria-disabled', 'true');
  await send.click({ force: true });
  await expect(modal.getByRole('checkbox', { name: /privacy policy/ })).toBeVisible();
  await expect(modal.getByRole('heading', { name: 'Thank you!' })).toHaveCount(0);
  await modal.getByLabel('I agree to the privacy policy').check();
  await expect(send).not.toHaveAttribute('aria-disabled', 'true');
  const [response] = await Promise.all([page.waitForResponse((r) => r.url().endsWith('/api/leads')), send.click()]);
  expect(response.status()).toBe(201);
  await expect(modal.getByRole('heading', { name: 'Thank you!' })).toBeVisible();
  return response.request().postDataJSON() as Record<string, unknown>;
}

test.describe('forms', () => {
  test.beforeEach(async ({ context }) => {
    await acceptCookiesUpFront(context);
  });

  test('a lead is sent about a product, with its summary', async ({ page, request }) => {
    const product = await (await request.get('/api/products/linen-shirt')).json();
    await page.goto('/products/linen-shirt');
    await page.locator(`button[data-lead-form][data-product-id="${product.id}"]`).first().click();
    const summary = dialog(page).locator('[data-lead-product]');
    await expect(summary).toContainText(product.title);
    await expect(summary).toContainText('Colour: White, Size: S');
    await expect(summary.locator('img')).toHaveAttribute('width', '64');
    await fillLead(page);
    const sent = await sendLead(page);
    expect(sent).toMatchObject({
      type: 'enquiry',
      product: product.id,
      name: 'Ada Lovelace',
      phone: '+12125550147',
      email: 'ada@example.com',
    });
  });

  test('a lead is sent from a section button with its default comment', async ({ page }) => {
    await page.goto('/');
    const button = page.locator('button[data-lead-form][data-default-comment]').first();
    const comment = await button.getAttribute('data-default-comment');
    await button.click();
    const modal = dialog(page);
    await expect(modal.getByRole('heading', { name: 'Send an enquiry' })).toBeVisible();
    await expect(modal.locator('textarea[name=text]')).toHaveValue(comment!);
    await fillLead(page);
    const sent = await sendLead(page);
    expect(sent.text).toBe(comment);
    expect(sent).not.toHaveProperty('product');
  });

  test('a lead about a present but empty product id says so', async ({ page }) => {
    await page.goto('/');
    await page.evaluate(() => {
      const button = document.createElement('button');
      button.dataset.leadForm = '';
      button.dataset.productId = '';
      button.textContent = 'Broken enquiry';
      document.body.prepend(button);
    });
    await page.getByRole('button', { name: 'Broken enquiry' }).click();
    await expect(dialog(page).getByRole('alert')).toHaveText('Invalid "id" on product');
  });

  test('a review is stored for moderation and not shown before approval', async ({ page }) => {
    const text = `Soft from the first wash ${Date.now()}`;
    await page.goto('/products/linen-shirt');
    const form = page.locator('form', { has: page.getByRole('button', { name: 'Send review' }) });
    // The form (React) loads when the shopper asks for it, its first field focused.
    await page.getByRole('button', { name: 'Write a review' }).click();
    await expect(form.getByLabel('Your name')).toBeFocused();
    // the button gives way to the form; the rating looks like the other fields (no fieldset border); the e-mail
    // input is level with the name's
    await expect(page.getByRole('button', { name: 'Write a review' })).toBeHidden();
    await expect.poll(() => form.locator('fieldset').evaluate((fieldset) => getComputedStyle(fieldset).borderTopStyle)).toBe('none');
    const top = async (label: string) => (await form.getByLabel(label).boundingBox())!.y;
    // measured once the form's own styles have arrived (the form loads on demand)
    await expect.poll(async () => Math.abs((await top('Your name')) - (await top('E-mail')))).toBeLessThan(2);
    await form.getByLabel('Your name').fill('Ada');
    // The star radios are visually hidden behind their stars.
    await form.getByLabel('4 of 5').dispatchEvent('click');
    await expect(form.getByLabel('4 of 5')).toBeChecked();
    await form.getByLabel('Your review').fill(text);
    await form.getByRole('button', { name: 'Send review' }).click();
    await expect(page.getByText('Your review will appear after moderation.')).toBeVisible();
    await page.reload();
    await expect(page.getByText(text)).toHaveCount(0);
  });

  test('the site search finds, marks the words and says when nothing matches', async ({ page }) => {
    await page.goto('/');
    await page
      .locator('header summary:visible')
      .filter({ has: page.locator('svg') })
      .first()
      .click();
    const field = page.locator('input[name=q]:visible').first();
    await field.fill('linen');
    await field.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=linen$/);
    await expect(page.getByRole('status')).toHaveText(/^\d+ results for “linen”$/);
    const results = page.locator('.search-result');
    expect(await results.count()).toBeGreaterThan(1);
    await expect(results.first().locator('mark').first()).toHaveText(/^linen$/i);

    await page.locator('#search-page-query').fill('zzqqxx');
    await page.locator('#search-page-query').press('Enter');
    await expect(page.getByRole('status')).toHaveText('Nothing was found for “zzqqxx”. Check the spelling or try other words.');
    await expect(results).toHaveCount(0);
  });
});

test.describe('cookie and age questions', () => {
  // The cookie question is a bar at the bottom of the page (issue 9), no longer a dialog.
  const cookieBar = (page: Page) => page.getByRole('region', { name: 'This website uses cookies' });

  test('the cookie question is asked until accepted', async ({ page }) => {
    await page.goto('/');
    const bar = cookieBar(page);
    await expect(bar).toBeVisible();
    await bar.getByRole('button', { name: 'Accept' }).click();
    await expect(bar).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem('cookieAccept'))).toBe('true');
    await page.reload();
    await page.waitForLoadState('networkidle');
    await expect(bar).toHaveCount(0);
  });

  test('the age question comes first when the shop asks it; No goes back, Yes is remembered', async ({ page }) => {
    // The demo shop has the age question off: the test switches it on in the settings the page reads.
    await page.route('**/api/config', async (route) => {
      const response = await route.fetch();
      const config = await response.json();
      config.common.modalAgeVerification.enabled = true;
      await route.fulfill({ response, json: config });
    });
    const modal = dialog(page);
    await page.goto('/search');
    await expect(modal.getByRole('heading', { name: 'Are you 18 years of age or older?' })).toBeVisible();
    await page.goto('/products/linen-shirt');
    await expect(modal.getByRole('heading', { name: 'Are you 18 years of age or older?' })).toBeVisible();
    await modal.getByRole('button', { name: 'No' }).click();
    await expect(page).toHaveURL(/\/search$/);

    await expect(modal.getByRole('heading', { name: 'Are you 18 years of age or older?' })).toBeVisible();
    // One question at a time: the cookie bar waits until the age question is answered.
    await expect(cookieBar(page)).toHaveCount(0);
    await modal.getByRole('button', { name: 'Yes' }).click();
    await expect(modal).toBeHidden();
    await expect(cookieBar(page)).toBeVisible();
    await cookieBar(page).getByRole('button', { name: 'Accept' }).click();
    await expect(cookieBar(page)).toBeHidden();
    expect(await page.evaluate(() => [localStorage.getItem('ageVerificationConfirm'), localStorage.getItem('cookieAccept')])).toEqual([
      'true',
      'true',
    ]);
    await page.reload();
    await page.waitForLoadState('networkidle');
    await expect(modal).toHaveCount(0);
    await expect(cookieBar(page)).toHaveCount(0);
  });
});
