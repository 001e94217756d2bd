import { expect, test } from '@playwright/test';
import { acceptCookies, addToCart, product } from './shopping-helpers';

/** The cart page keeps its layout while it loads: the shifts the browser reports add up to about nothing. */

test.beforeEach(async ({ context }) => {
  await acceptCookies(context);
  // every layout shift not caused by the shopper, summed as CLS does
  await context.addInitScript(() => {
    const shifts = { sum: 0, sources: [] as string[] };
    Object.assign(window, { __layoutShifts: shifts });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources?: { node?: Node }[];
      })[]) {
        if (entry.hadRecentInput) continue;
        shifts.sum += entry.value;
        for (const source of entry.sources ?? []) shifts.sources.push((source.node as Element | undefined)?.className?.toString() ?? '?');
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
});

for (const [device, viewport] of [
  ['phone', { width: 390, height: 844 }],
  ['desktop', { width: 1440, height: 900 }],
] as const) {
  test(`the cart page has no layout shift (${device})`, async ({ page, request }) => {
    await page.setViewportSize(viewport);
    const shirt = await product(request, 'linen-shirt');
    await addToCart(page, 'linen-shirt', shirt.variations.find((v) => v.inStock)!.id);
    await page.goto('/cart');
    await expect(page.locator('.cart-line')).toHaveCount(1);
    // everything the page loads after the lines: the free-delivery progress and the suggestions
    await expect(page.getByTestId('free-shipping')).toBeVisible();
    await expect(page.locator('.cart-related .tile-grid > li').first()).toBeVisible();
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const shifts = await page.evaluate(() => (window as unknown as { __layoutShifts: { sum: number; sources: string[] } }).__layoutShifts);
    expect(shifts.sum, `shifted: ${shifts.sources.join(', ')}`).toBeLessThan(0.01);
  });
}
