import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import {
  acceptCookiesUpFront,
  accountLink,
  dialog,
  newestResetLink,
  registerAccount,
  signInBrowser,
  storedUser,
  uniqueEmail,
} from './accounts-helpers';
import { usd } from './shopping-helpers';

const WRONG_CREDENTIALS = 'The username or password you entered is incorrect';

test.beforeEach(async ({ context }) => {
  await acceptCookiesUpFront(context);
});

test('a visitor creates an account, uses the account pages, signs out and signs back in', async ({ page }) => {
  const email = uniqueEmail('ada');
  const password = 'correct horse battery';

  // Create an account from the header's account link.
  await page.goto('/');
  await accountLink(page).click();
  const modal = dialog(page);
  await expect(modal.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await modal.getByRole('button', { name: 'Create an account' }).click();
  await modal.getByRole('button', { name: 'Create account' }).click();
  await expect(modal.getByText('Please correct the fields marked below.')).toBeVisible();
  await expect(modal.locator('[data-field="profile.firstName"]')).toContainText('Enter a first name');
  await modal.locator('input[name="profile.firstName"]').fill('Ada');
  await modal.locator('input[name="profile.lastName"]').fill('Lovelace');
  await modal.locator('input[name=email]').fill(email);
  await modal.locator('input[name=password]').fill(password);
  await modal.getByRole('button', { name: 'Create account' }).click();
  await expect(modal.getByRole('heading', { name: 'Welcome!' })).toBeVisible();
  expect(await storedUser(page)).toMatchObject({ version: '0.0.13', email });
  await modal.getByRole('link', { name: 'Go to your account' }).click();

  // The account opens on the settings, greeting by first name.
  await expect(page).toHaveURL(/\/account\/settings$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect(page.locator('[data-account-first-name]')).toHaveText('Ada');

  // No orders or reviews yet.
  await page.getByRole('link', { name: 'Orders', exact: true }).click();
  await expect(page).toHaveURL(/\/account\/orders$/);
  await expect(page.getByText('You have not placed any orders yet.')).toBeVisible();
  await page.goto('/account/reviews');
  await expect(page.getByText('You have not written any reviews yet.')).toBeVisible();

  // Contact information with the phone input, and the address.
  await page.goto('/account/settings');
  const contact = page.locator('[data-form=contact-info]');
  await contact.locator('input[name=phone]').fill('(212) 555-0147');
  await expect(contact.getByRole('img', { name: 'Valid number' })).toBeVisible();
  await contact.getByRole('button', { name: 'Save' }).click();
  await expect(contact.getByRole('status')).toHaveText(/Saved/);

  const address = page.locator('[data-form=address]');
  await address.locator('select[name="address.country"]').selectOption('US');
  await expect(address.getByLabel('State')).toBeVisible();
  await address.locator('select[name="address.region"]').selectOption('NY');
  await address.getByLabel('City').fill('New York');
  await address.getByLabel('ZIP code').fill('10012');
  await address.getByLabel('Street and house').fill('214 Mercer Street');
  await address.getByRole('button', { name: 'Save' }).click();
  await expect(address.getByRole('status')).toHaveText(/Saved/);
  const addressLine = '214 Mercer Street, New York, New York, United States, 10012';
  await expect(page.locator('[data-address-line]')).toHaveText(addressLine);
  await page.reload();
  await expect(page.locator('[data-address-line]')).toHaveText(addressLine);
  await expect(page.locator('[data-form=contact-info] input[name=phone]')).toHaveValue('+1 212 555 0147');

  // Sign out: back on the homepage with no session, and the token no longer works on the server.
  const { token } = (await storedUser(page)) as { token: string };
  const authorization = { authorization: `Bearer ${token}` };
  expect((await page.request.get('/api/users/profile', { headers: authorization })).status()).toBe(200);
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(await storedUser(page)).toBeNull();
  expect((await page.request.get('/api/users/profile', { headers: authorization })).status()).toBe(401);

  // A wrong password shows the server's message on the password field until it is edited.
  await accountLink(page).click();
  await modal.locator('input[name=username]').fill(email);
  await modal.locator('input[name=password]').fill('not my password');
  await modal.getByRole('button', { name: 'Sign in', exact: true }).click();
  const passwordField = modal.locator('[data-field=password]');
  await expect(passwordField).toContainText(WRONG_CREDENTIALS);
  await modal.locator('input[name=password]').fill(password);
  await expect(passwordField).not.toContainText(WRONG_CREDENTIALS);
  await modal.getByRole('button', { name: 'Sign in', exact: true }).click();

  // Signed in, the account link leads on to the account.
  await expect(page).toHaveURL(/\/account\/settings$/);
  await expect(page.locator('[data-account-first-name]')).toHaveText('Ada');
  await expect(page.locator('[data-address-line]')).toHaveText(addressLine);
});

test('the account lists the customer’s orders with their details', async ({ page, context, request }) => {
  const account = await registerAccount(request, 'Grace', 'Hopper');
  const product = await (await request.get('/api/products/linen-shirt')).json();
  const [location] = await (await request.get('/api/locations')).json();
  const placed = await request.post('/api/orders', {
    headers: { authorization: `Bearer ${account.token}` },
    data: {
      items: [{ variationId: product.variations[0].id, quantity: 2 }],
      customer: { name: 'Grace', phone: '+12125550147', email: account.email },
      delivery: { method: 'pickup', locationId: location.id },
      paymentMethod: 'cash',
      agreement: true,
    },
  });
  expect(placed.status()).toBe(201);
  const order = await placed.json();

  await signInBrowser(context, account);
  await page.goto('/account/orders');
  const card = page.locator(`[data-order="${order.number}"]`);
  await expect(card).toContainText(`Order #${order.number}`);
  await expect(card).toContainText('2 items');
  // the outlined buttons ("Details") are legible on a light accent colour
  const contrast = await new AxeBuilder({ page }).withRules(['color-contrast']).include('[data-order]').analyze();
  expect(contrast.violations).toEqual([]);
  await card.getByRole('link', { name: 'Details' }).click();

  await expect(page).toHaveURL(new RegExp(`/account/orders/details\\?number=${order.number}$`));
  const details = page.locator('[data-order-details]');
  await expect(details.getByRole('link', { name: product.title })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Order #${order.number}`);
  // the date in words, as English readers write it
  await expect(details).toContainText(/Placed on [A-Z][a-z]{2} \d{1,2}, \d{4} at \d{2}:\d{2}/);
  await expect(details).toContainText(`Pick-up: ${location.title}`);
  await expect(details).toContainText('Cash or card on receipt');
  await expect(details.locator('.account-totals')).toContainText(`${usd(order.totalPrice)}`);

  // Someone else's order number is not shown.
  await page.goto('/account/orders/details?number=999999');
  await expect(page.getByText('Order not found.')).toBeVisible();
});

test('a password is reset through the e-mailed link, which works once', async ({ page, request }) => {
  const account = await registerAccount(request, 'Katherine', 'Johnson');
  await page.goto('/');
  await accountLink(page).click();
  const modal = dialog(page);
  await modal.getByRole('button', { name: 'Forgot your password?' }).click();
  await modal.locator('input[name=email]').fill(account.email);
  await modal.getByRole('button', { name: 'Send the link' }).click();
  await expect(modal.getByRole('status')).toContainText(account.email);

  const link = await newestResetLink(account.email);
  const newPassword = 'a brand new passphrase';
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
  await page.locator('input[name=password]').fill(newPassword);
  await page.locator('input[name=repeat]').fill('something else');
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(page.locator('[data-field=repeat]')).toContainText('The passwords do not match');
  await page.locator('input[name=repeat]').fill(newPassword);
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(page.getByText('Your password has been changed.')).toBeVisible();

  // Sign in with the new password from the confirmation.
  await page.getByRole('button', { name: 'Sign in' }).click();
  await modal.locator('input[name=username]').fill(account.email);
  await modal.locator('input[name=password]').fill(newPassword);
  await modal.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(modal).toBeHidden();
  expect(await storedUser(page)).toMatchObject({ email: account.email });

  // The used link, and a made-up one, say so and offer a new link.
  await page.goto(link);
  await page.locator('input[name=password]').fill('yet another passphrase');
  await page.locator('input[name=repeat]').fill('yet another passphrase');
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(page.locator('[data-reset=invalid]')).toContainText('invalid, has expired or was already used');
  await page.goto('/reset_password_confirm/not-a-token');
  await expect(page.locator('[data-reset=invalid]')).toBeVisible();
  await page.getByRole('button', { name: 'Ask for a new link' }).click();
  await expect(modal.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
});

test('a customer deletes their own account, is signed out and taken home', async ({ page, context, request }) => {
  const account = await registerAccount(request, 'Hedy', 'Lamarr');
  await signInBrowser(context, account);
  await page.goto('/account/settings');
  await page.getByRole('button', { name: 'Delete my account' }).click();
  const modal = dialog(page);
  await expect(modal.getByRole('heading', { name: 'Delete your account?' })).toBeVisible();
  await modal.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(await storedUser(page)).toBeNull();
  const signIn = await request.post('/api/login_check', { data: { username: account.email, password: account.password } });
  expect(signIn.status()).toBe(401);
});

test('account pages ask a visitor to sign in, and show the account once they have', async ({ page, request }) => {
  const account = await registerAccount(request, 'Mary', 'Jackson');
  await page.goto('/account/orders');
  await expect(page.locator('[data-account-gate]')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Log out' })).toBeHidden();
  await page.locator('[data-account-gate] input[name=username]').fill(account.email);
  await page.locator('[data-account-gate] input[name=password]').fill(account.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('You have not placed any orders yet.')).toBeVisible();
  await expect(page.locator('[data-account-first-name]')).toHaveText('Mary');
});
