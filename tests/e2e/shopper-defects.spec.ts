import { expect, test, type Locator, type Page } from '@playwright/test';
import { acceptCookies, acceptTerms, addToCart, fillContacts, placeOrder, product } from './shopping-helpers';

/**
 * What a shopper met in the review of the storefront (enquiry forms, dialogs, menus, paying later,
 * emptying the cart), each journey in a real Chromium against the seeded demo shop.
 */

test.beforeEach(async ({ context }) => {
  await acceptCookies(context);
});

/** The inline form of a page once its island is live (typing earlier would be reset by hydration). */
async function inlineForm(page: Page, path: string): Promise<Locator> {
  await page.goto(path);
  const form = page.locator('[data-inline-lead-form] form').first();
  await form.scrollIntoViewIfNeeded();
  await expect(page.locator('[data-inline-lead-form] astro-island:not([ssr])').first()).toBeAttached();
  return form;
}

test.describe('inline enquiry forms', () => {
  for (const [path, successTitle, successText] of [
    ['/', 'Thank you!', 'We will call you back shortly.'],
    ['/about', 'Message sent', 'We usually reply within one working day.'],
    ['/contacts', 'Thank you! Your request has been sent.', 'We will contact you shortly.'],
  ] as const) {
    test(`the form on ${path} sends a lead and shows the section's success texts`, async ({ page }) => {
      const form = await inlineForm(page, path);
      await form.getByLabel('Your name *').fill('Grace Hopper');
      await form.getByLabel('Phone *').fill('+1 212 555 0147');
      await form.getByLabel('E-mail', { exact: true }).fill('grace@example.com');
      await form.getByLabel(/privacy policy/).check();
      const [response] = await Promise.all([
        page.waitForResponse((r) => r.url().endsWith('/api/leads') && r.request().method() === 'POST'),
        form.getByRole('button', { name: /Send|Request a call/ }).click(),
      ]);
      expect(response.status()).toBe(201);
      expect(response.request().postDataJSON()).toMatchObject({ type: 'enquiry', name: 'Grace Hopper', phone: '+12125550147', email: 'grace@example.com' });
      const sent = page.locator('[data-form="inline-lead-sent"]');
      await expect(sent.getByRole('heading', { name: successTitle })).toBeVisible();
      await expect(sent.getByRole('status')).toHaveText(successText);
      expect(new URL(page.url()).pathname).toBe(path);
    });
  }

  test('an empty inline form stays on the page with the field messages and sends nothing', async ({ page }) => {
    const form = await inlineForm(page, '/');
    const url = page.url();
    let sent = false;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/leads')) sent = true;
    });
    await form.getByLabel('Your name *').fill('');
    await form.getByLabel(/privacy policy/).check();
    await form.getByRole('button', { name: 'Request a call' }).click();
    await expect(form.locator('[data-field=name] [role=alert]')).toHaveText('This value should not be blank.');
    await expect(form.locator('[data-field=phone] [role=alert]')).toBeVisible();
    expect(page.url()).toBe(url);
    expect(sent).toBe(false);
  });
});

test.describe('enquiry about a product', () => {
  test('shows and sends the variation the shopper chose', async ({ page, request }) => {
    const shirt = await product(request, 'linen-shirt');
    const chosen = shirt.variations.find((v) => !v.default && v.inStock)!;
    await page.goto(`/products/linen-shirt`);
    await expect(page.locator('astro-island:not([ssr]) .product-buy')).toBeVisible();
    // Choose the variation through its option buttons or selects, as a shopper does.
    for (const option of shirt.options) {
      const value = option.values.find((v) => chosen.productOptionValueIds.includes(v.id))!;
      const select = page.locator('.product-buy select').filter({ has: page.locator(`option[value="${value.id}"]`) });
      if (await select.count()) await select.selectOption(value.id);
      else await page.locator('.product-buy').getByRole('button', { name: value.title, exact: true }).first().click();
    }
    await expect(page).toHaveURL(new RegExp(`variation=${chosen.id}`));
    await page.locator(`button[data-lead-form][data-product-id="${shirt.id}"]`).first().click();
    const modal = page.getByRole('dialog');
    const expectedOptions = shirt.options
      .map((option) => `${option.title}: ${option.values.find((v) => chosen.productOptionValueIds.includes(v.id))!.title}`)
      .join(', ');
    await expect(modal.locator('[data-lead-product]')).toContainText(expectedOptions);
    await modal.locator('input[name=name]').fill('Ada Lovelace');
    await modal.locator('input[name=phone]').fill('+1 212 555 0147');
    await modal.getByLabel(/privacy policy/).check();
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/leads')),
      modal.getByRole('button', { name: 'Send', exact: true }).click(),
    ]);
    expect(response.status()).toBe(201);
    expect(response.request().postDataJSON()).toMatchObject({ product: shirt.id, variation: chosen.id });
  });

  test('a thumbnail of another colour keeps the chosen size', async ({ page, request }) => {
    const sneakers = await product(request, 'canvas-sneakers');
    const size = sneakers.options.find((o) => o.values.some((v) => v.title === '42'))!;
    const size42 = size.values.find((v) => v.title === '42')!;
    await page.goto('/products/canvas-sneakers');
    await expect(page.locator('astro-island:not([ssr]) .product-buy')).toBeVisible();
    const select = page.locator('.product-buy select').filter({ has: page.locator(`option[value="${size42.id}"]`) });
    if (await select.count()) await select.selectOption(size42.id);
    else await page.locator('.product-buy').getByRole('button', { name: '42', exact: true }).first().click();
    const chosenSize = () => sneakers.variations.find((v) => v.id === new URL(page.url()).searchParams.get('variation'))?.productOptionValueIds;
    await expect.poll(chosenSize).toContain(size42.id);
    const thumbs = page.locator('.product-gallery__thumb');
    const count = await thumbs.count();
    expect(count).toBeGreaterThan(1);
    const colours = new Set<string>();
    for (let i = 0; i < count; i++) {
      await thumbs.nth(i).click();
      await expect(thumbs.nth(i)).toHaveAttribute('aria-pressed', 'true');
      expect(chosenSize()).toContain(size42.id);
      colours.add(new URL(page.url()).searchParams.get('variation')!);
    }
    // The thumbnails did change the colour.
    expect(colours.size).toBeGreaterThan(1);
  });
});

test.describe('dialogs', () => {
  test('the enquiry dialog is named, keeps focus inside, closes on Escape and gives focus back', async ({ page }) => {
    await page.goto('/');
    const opener = page.locator('button[data-lead-form]').first();
    await opener.focus();
    await page.keyboard.press('Enter');
    const modal = page.getByRole('dialog', { name: /enquiry/i });
    await expect(modal).toBeVisible();
    await expect(modal.locator('input[name=name]')).toBeFocused();
    for (let i = 0; i < 25; i++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest('[role=dialog]')))).toBe(true);
    }
    for (let i = 0; i < 5; i++) {
      await page.keyboard.press('Shift+Tab');
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest('[role=dialog]')))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test('the add-to-cart dialog is named and gives focus back to the button', async ({ page }) => {
    await page.goto('/products/organic-cotton-tee');
    await expect(page.locator('astro-island:not([ssr]) .product-buy')).toBeVisible();
    const add = page.locator('.product-buy').getByRole('button', { name: 'Add to cart' });
    await add.click();
    const modal = page.getByRole('dialog', { name: 'Added to the cart' });
    await expect(modal).toBeVisible();
    await expect(modal).toContainText('Organic');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('[role=dialog]')))).toBe(true);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(add).toBeFocused();
  });

  test('the sign-in dialog is named and closes on Escape', async ({ page }) => {
    await page.goto('/');
    await page.evaluate(() => {
      const button = document.createElement('button');
      button.dataset.authForm = 'signin';
      button.textContent = 'Sign in here';
      document.body.prepend(button);
    });
    const opener = page.getByRole('button', { name: 'Sign in here' });
    await opener.click();
    const modal = page.getByRole('dialog', { name: 'Sign in' });
    await expect(modal).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(opener).toBeFocused();
  });
});

test.describe('cookie question', () => {
  test('the cookie dialog is named and holds the focus', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    await page.goto('/');
    const modal = page.getByRole('dialog', { name: /cookies/i });
    await expect(modal).toBeVisible();
    await expect(modal.getByRole('button', { name: 'Accept' })).toBeFocused();
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest('[role=dialog]')))).toBe(true);
    }
    await context.close();
  });
});

test.describe('desktop menu', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the Shop and Journal dropdowns open by keyboard and close on Escape', async ({ page }) => {
    await page.goto('/');
    for (const title of ['Shop', 'Journal']) {
      const nav = page.locator('.main-nav');
      const toggle = nav.getByRole('button', { name: `${title}: more` });
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await nav.getByRole('link', { name: title, exact: true }).focus();
      await page.keyboard.press('Tab');
      await expect(toggle).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      const submenu = page.locator(`#${await toggle.getAttribute('aria-controls')}`);
      await expect(submenu).toBeVisible();
      await page.keyboard.press('Tab');
      expect(await page.evaluate((id) => Boolean(document.activeElement?.closest(`#${id}`)), await toggle.getAttribute('aria-controls'))).toBe(true);
      await page.keyboard.press('Escape');
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await expect(toggle).toBeFocused();
      await page.mouse.move(0, 700);
      await expect(submenu).toBeHidden();
    }
  });
});

test.describe('paying later', () => {
  test('Back from the payment page lands on the order with "Pay now", which pays it', async ({ page, request }) => {
    const tee = await product(request, 'organic-cotton-tee');
    const variation = tee.variations.find((v) => v.inStock && v.price > 0)!;
    await addToCart(page, 'organic-cotton-tee', variation.id, 1);
    await page.goto('/checkout');
    await fillContacts(page);
    await page.getByRole('radio', { name: /Brooklyn warehouse/ }).check();
    await page.getByRole('radio', { name: 'Bank card online' }).check();
    await acceptTerms(page);
    await placeOrder(page, /\/api\/payment\/sandbox\//);
    await page.goBack();
    await page.waitForURL(/\/payment\?order=/);
    await expect(page.getByRole('heading', { name: 'Thank you! Your order has been received' })).toBeVisible();
    await expect(page.getByText(/is waiting for its payment/)).toBeVisible();
    await page.getByRole('button', { name: 'Pay now' }).click();
    await page.waitForURL(/\/api\/payment\/sandbox\//);
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.waitForURL(/\/payment\?/);
    await expect(page.getByText('The payment has been received.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Pay now' })).toHaveCount(0);
  });
});

test.describe('emptying the cart', () => {
  test('asks first, and keeping the items keeps them', async ({ page }) => {
    await addToCart(page, 'organic-cotton-tee');
    await page.goto('/cart');
    const empty = page.getByRole('button', { name: 'Empty the cart' });
    await expect(empty).toHaveClass(/button--outline/);
    await empty.click();
    await expect(page.getByText('Remove every item from the cart?')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Keep the items' })).toBeFocused();
    await page.getByRole('button', { name: 'Keep the items' }).click();
    await expect(page.locator('.cart-line')).toHaveCount(1);
    await expect(empty).toBeFocused();
    await empty.click();
    await page.getByRole('button', { name: 'Yes, empty the cart' }).click();
    await expect(page.locator('.cart-line')).toHaveCount(0);
  });
});
