import { expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import type { ProductDto, VariationDto } from '../../src/lib/api-client';
import { formatPrice } from '../../src/lib/format-price';

/** How the shop shows a dollar amount (two decimals when there is a fraction). */
export const usd = (amount: number) => formatPrice(amount, { currency: 'USD' });

/** Shared steps of the shopping journeys, run against the seeded demo shop. */

/** The cookie question answered, so its modal does not cover the page. */
export async function acceptCookies(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => localStorage.setItem('cookieAccept', 'true'));
}

export async function product(request: APIRequestContext, slug: string): Promise<ProductDto> {
  const response = await request.get(`/api/products/${slug}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as ProductDto;
}

/** A variation of the product with a limited stock between `min` and `max` pieces. */
export function variationWithStock(from: ProductDto, min: number, max: number): VariationDto {
  const found = from.variations.find((v) => v.stock !== null && v.stock >= min && v.stock <= max && v.price > 0);
  if (!found) throw new Error(`${from.slug} has no variation with ${min} to ${max} pieces in stock`);
  return found;
}

/** Opens a product with a variation chosen and puts `quantity` pieces in the cart through the buy box. */
export async function addToCart(page: Page, slug: string, variationId?: string, quantity = 1): Promise<void> {
  await page.goto(`/products/${slug}${variationId ? `?variation=${variationId}` : ''}`);
  const buyBox = page.locator('.product-buy');
  // wait until the buy box's script runs (it marks the buy box ready)
  await expect(page.locator('[data-buy-box-ready] .product-buy')).toBeVisible();
  if (quantity !== 1) {
    await buyBox.getByLabel('Quantity', { exact: true }).fill(String(quantity));
    await buyBox.getByLabel('Quantity', { exact: true }).blur();
  }
  await buyBox.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByRole('dialog').getByRole('heading', { name: 'Added to the cart' })).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Continue shopping' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
}

/** The header's cart badge shows this many pieces (it is empty, and hidden, at 0). */
export async function expectCartCount(page: Page, count: number): Promise<void> {
  const badge = page.locator('[data-cart-count]').first();
  await expect(badge).toHaveAttribute('data-count', String(count));
  await expect(badge).toHaveText(count > 0 ? String(count) : '');
}

export type Contact = { name: string; phone: string; email?: string };
export const SHOPPER: Contact = { name: 'Ann Lee', phone: '+1 212 555 0147', email: 'ann@example.com' };

/** Fills the contact step of the checkout. */
export async function fillContacts(page: Page, contact: Contact = SHOPPER): Promise<void> {
  await page.getByLabel('First name *').first().fill(contact.name);
  await page.getByLabel('Phone *').first().fill(contact.phone);
  if (contact.email) await page.getByLabel('E-mail', { exact: true }).fill(contact.email);
}

/** Ticks the checkout policy's required extra checkbox of the demo shop (the delivery terms). */
export async function acceptTerms(page: Page): Promise<void> {
  await page.getByLabel(/I accept the delivery terms/).check();
}

export type PlacedOrder = { number: string; token: string; url: URL };

/** Places the order and waits for the page it leads to: the payment result, or the provider's page. */
export async function placeOrder(page: Page, landing: RegExp): Promise<void> {
  await page.getByRole('button', { name: 'Place the order' }).click();
  await page.waitForURL(landing);
}

/** The order the payment result page shows, as the API has it. */
export async function orderOfResultPage(
  page: Page,
  request: APIRequestContext,
): Promise<{ order: Record<string, unknown>; reference: PlacedOrder }> {
  const url = new URL(page.url());
  const reference = { number: url.searchParams.get('order') ?? '', token: url.searchParams.get('token') ?? '', url };
  const response = await request.get(`/api/orders/${reference.number}?token=${encodeURIComponent(reference.token)}`);
  expect(response.status()).toBe(200);
  return { order: (await response.json()) as Record<string, unknown>, reference };
}

export type Account = { id: string; email: string; token: string };

/** A new customer registered through the API. */
export async function registerCustomer(request: APIRequestContext): Promise<Account> {
  const email = `shopper-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const response = await request.post('/api/register', {
    data: { email, password: 'correct horse battery', profile: { firstName: 'Sam', lastName: 'Shopper' } },
  });
  expect(response.status()).toBe(201);
  const body = await response.json();
  return { id: body.data.id, email, token: body.token };
}

/** The user store's stored session (version 0.0.13). */
const storedSession = (account: Account) =>
  JSON.stringify({ version: '0.0.13', id: account.id, email: account.email, token: account.token });

/**
 * Signs the open page in or out the way another tab of the shop would: the user store's key changes and
 * the page hears of it through the storage event, as the stores do across tabs.
 */
export async function setSession(page: Page, account: Account | null): Promise<void> {
  await page.evaluate(
    (value) => {
      if (value) localStorage.setItem('user', value);
      else localStorage.removeItem('user');
      window.dispatchEvent(new StorageEvent('storage', { key: 'user', newValue: value, storageArea: localStorage }));
    },
    account ? storedSession(account) : null,
  );
}

/** The signed-in customer's cart on the server, as variation and quantity. */
export async function serverCart(request: APIRequestContext, account: Account): Promise<[string, number][]> {
  const response = await request.get('/api/cart', { headers: { authorization: `Bearer ${account.token}` } });
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { items: { variationId: string; quantity: number }[] };
  return body.items.map((item) => [item.variationId, item.quantity]);
}
