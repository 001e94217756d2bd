import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator } from '@playwright/test';
import { registerAccount, signInBrowser } from './accounts-helpers';
import { acceptCookies, addToCart, product } from './shopping-helpers';

/**
 * Fixes found by trying the shop side by side with a popular theme: what floats over the buying buttons on
 * phones, the wording shoppers meet, and what search engines and validators see.
 */

test.beforeEach(async ({ context }) => {
  await acceptCookies(context);
});

/** A tap at the right edge of `target` (4 px in, at its middle) reaches it: nothing covers it there. */
async function rightEdgeReaches(target: Locator): Promise<boolean> {
  const box = (await target.boundingBox())!;
  const point = { x: box.x + box.width - 4, y: box.y + box.height / 2 };
  return target.evaluate((element, { x, y }) => element.contains(document.elementFromPoint(x, y)), point);
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  // the buy box's actions start below the fold on a phone and one wheel turn carries them above the window
  test('the sticky Add to cart receives a tap on its right edge: the chat button rises above the bar', async ({ page }) => {
    await page.goto('/products/linen-shirt');
    await expect(page.locator('[data-buy-box-ready] .product-buy')).toBeVisible();
    const widget = page.locator('.contact-widget:visible').first();
    await expect(widget).toBeVisible();
    // the visitor scrolls down to the reviews themselves (the after-load scroll moves only a page nobody touched)
    const reviewsTop = await page.evaluate(() => document.querySelector('#reviews')!.getBoundingClientRect().top);
    await page.mouse.wheel(0, reviewsTop);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(reviewsTop / 2);
    const bar = page.getByTestId('sticky-buy-bar');
    await expect(bar).toBeVisible();
    const button = bar.getByRole('button', { name: 'Add to cart' });
    expect(await rightEdgeReaches(button)).toBe(true);
    const [widgetBox, barBox] = [(await widget.boundingBox())!, (await bar.boundingBox())!];
    expect(widgetBox.y + widgetBox.height).toBeLessThanOrEqual(barBox.y);
  });

  test("nothing floats over the cart's total and Check out", async ({ page, request }) => {
    const shirt = await product(request, 'organic-cotton-tee');
    await addToCart(page, 'organic-cotton-tee', shirt.variations.find((v) => v.price > 0)!.id);
    await page.goto('/cart');
    const checkout = page.locator('.cart-summary').getByRole('link', { name: 'Check out' });
    await expect(checkout).toBeVisible();
    // the button at the bottom of the window, where the chat button would sit
    await checkout.evaluate((e) => window.scrollBy(0, e.getBoundingClientRect().bottom - window.innerHeight + 8));
    expect(await rightEdgeReaches(checkout)).toBe(true);
    await expect(page.locator('.contact-widget:visible')).toHaveCount(0);
  });
});

/** Relative luminance of an sRGB colour (WCAG 2). */
function luminance([r, g, b]: number[]): number {
  const channel = (value: number) => {
    const c = value / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r!) + 0.7152 * channel(g!) + 0.0722 * channel(b!);
}

test("the homepage's category tiles keep their white labels readable over the picture", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/');
  const titles = page.locator('.text-item--tile .text-item__title');
  expect(await titles.count()).toBeGreaterThan(0);
  // the labels' backdrop alone: the text made transparent, the pictures loaded
  await page.addStyleTag({
    content: '.text-item--tile .text-item__body * { color: transparent !important; text-shadow: none !important; }',
  });
  const sharp = (await import('sharp')).default;
  for (const title of await titles.all()) {
    await title.scrollIntoViewIfNeeded();
    await expect.poll(() => title.evaluate((e) => e.closest('.text-item')!.querySelector('img')?.complete ?? true)).toBe(true);
    const { data, info } = await sharp(await title.screenshot({ animations: 'disabled' }))
      .raw()
      .toBuffer({ resolveWithObject: true });
    let lightest = 0;
    for (let i = 0; i < data.length; i += info.channels) lightest = Math.max(lightest, luminance([data[i]!, data[i + 1]!, data[i + 2]!]));
    const contrast = 1.05 / (lightest + 0.05);
    expect(contrast, await title.innerText()).toBeGreaterThanOrEqual(4.5);
  }
});

test('pages are valid HTML where validators found faults: nothing after </html>, no repeated attribute, no label on a plain div', async ({
  request,
}) => {
  for (const path of ['/', '/search?q=shirt', '/contacts', '/about', '/cart']) {
    const html = (await (await request.get(path)).text()).trim();
    expect(html.endsWith('</html>'), `${path}: ends with </html>`).toBe(true);
    for (const [tag] of html.matchAll(/<[a-z][a-z0-9-]*\s[^>]*>/g)) {
      if (tag.startsWith('<script') || tag.startsWith('<style')) continue;
      const names = [...tag.matchAll(/\s([^\s=/>"']+)(?:=(?:"[^"]*"|'[^']*'|[^\s>]+))?/g)].map((m) => m[1]!.toLowerCase());
      expect(names.length, `${path}: ${tag}`).toBe(new Set(names).size);
      if (/^<div\s/.test(tag) && names.includes('aria-label')) expect(names, `${path}: ${tag}`).toContain('role');
    }
  }
});

test('a redirect is one hop to the final address', async ({ request }) => {
  const response = await request.get('/About/?x=1', { maxRedirects: 0 });
  expect(response.status()).toBe(301);
  expect(response.headers()['location']).toBe('/about?x=1');
});

test('"Delete my account" is legible on a light accent colour', async ({ page, context, request }) => {
  await signInBrowser(context, await registerAccount(request, 'Ada', 'Lovelace'));
  await page.goto('/account/settings');
  const button = page.getByRole('button', { name: 'Delete my account' });
  await expect(button).toBeVisible();
  const contrast = await new AxeBuilder({ page }).withRules(['color-contrast']).include('.account-delete').analyze();
  expect(contrast.violations).toEqual([]);
});
