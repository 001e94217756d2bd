import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { acceptCookies, addToCart } from './shopping-helpers';

/**
 * Accessibility of the five pages a shopper goes through (issue 9: Lighthouse accessibility 100 on home,
 * catalog, product, cart and checkout), checked with axe-core, the engine behind Lighthouse's audits:
 * the WCAG 2.x A and AA rules and axe's best practices, at phone and desktop widths, with a filled cart.
 */

const PAGES = ['/', '/catalogs/new-arrivals', '/products/linen-shirt', '/cart', '/checkout'];

async function violations(page: Page): Promise<string[]> {
  const { violations: found } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  return found.flatMap((v) =>
    v.nodes.map((node) => `${v.id}: ${node.target.join(' ')} — ${node.failureSummary?.split('\n')[1]?.trim() ?? ''}`),
  );
}

for (const [name, viewport] of [
  ['phone', { width: 390, height: 844 }],
  ['desktop', { width: 1280, height: 800 }],
] as const) {
  test(`no accessibility violations on the shopping pages (${name})`, async ({ page, context }) => {
    test.setTimeout(240_000);
    await acceptCookies(context);
    await page.setViewportSize(viewport);
    await addToCart(page, 'organic-cotton-tee');
    const found: Record<string, string[]> = {};
    for (const path of PAGES) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      found[path] = await violations(page);
    }
    expect(found).toEqual(Object.fromEntries(PAGES.map((path) => [path, []])));
  });
}

test('the review form, opened on the product page, has no accessibility violations', async ({ page }) => {
  test.setTimeout(120_000);
  await acceptCookies(page.context());
  await page.goto('/products/linen-shirt');
  // the form (React) loads when the shopper opens it
  await page.getByRole('button', { name: 'Write a review' }).click();
  await expect(page.locator('form[data-form="review"]').getByLabel('Your name')).toBeFocused();
  expect(await violations(page)).toEqual([]);
});

test('the cart drawer and the cookie bar have no accessibility violations', async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  await acceptCookies(page.context());
  await addToCart(page, 'organic-cotton-tee');
  await page.goto('/');
  await page.locator('.site-header__cart').click();
  await expect(page.getByRole('dialog', { name: 'Cart' })).toBeVisible();
  // the drawer's slide-in has ended
  await animationsEnded(page.getByRole('dialog', { name: 'Cart' }));
  expect(await violations(page)).toEqual([]);

  const fresh = await browser.newContext({ baseURL });
  const first = await fresh.newPage();
  await first.goto('/');
  await expect(first.getByRole('region', { name: /cookies/i })).toBeVisible();
  await animationsEnded(first.getByRole('region', { name: /cookies/i }));
  expect(await violations(first)).toEqual([]);
  await fresh.close();
});

/** Waits for the element's running CSS animations and transitions (its own and its descendants') to finish. */
async function animationsEnded(locator: Locator): Promise<void> {
  await locator.evaluate((element) => Promise.all(element.getAnimations({ subtree: true }).map((animation) => animation.finished)));
}
