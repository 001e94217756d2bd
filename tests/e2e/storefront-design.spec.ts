import { expect, test, type Page } from '@playwright/test';
import { acceptCookies, addToCart } from './shopping-helpers';

/** Issue 9's design rules a shopper sees: one main button per view. */

test.beforeEach(async ({ context }) => {
  await acceptCookies(context);
});

/** The filled (main) buttons shown on the first screen of the page. */
async function mainButtonsInView(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const main = '.button:not(.button--outline):not(.button--link), .form-button--primary, .section-button--primary';
    return [...document.querySelectorAll<HTMLElement>(main)]
      .filter((element) => {
        const box = element.getBoundingClientRect();
        const onScreen = box.top < window.innerHeight && box.bottom > 0 && box.left < window.innerWidth && box.right > 0;
        // slides of a slideshow other than the current one are hidden from everyone
        return (
          box.width > 0 &&
          box.height > 0 &&
          onScreen &&
          getComputedStyle(element).visibility !== 'hidden' &&
          !element.closest('[inert], [aria-hidden="true"]')
        );
      })
      .map((element) => element.textContent?.trim() ?? '');
  });
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`one main button per view on home, cart and checkout (${viewport.width} px)`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await addToCart(page, 'organic-cotton-tee');
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    const home = await mainButtonsInView(page);
    expect(home.length, `home: ${home.join(' | ')}`).toBeLessThanOrEqual(1);
    await page.goto('/cart');
    await expect(page.locator('.cart-line')).toHaveCount(1);
    // the whole cart page, not only its first screen
    expect(await page.locator('.button:not(.button--outline):not(.button--link):visible').allTextContents()).toEqual(['Check out']);
    await page.goto('/checkout');
    await expect(page.getByRole('button', { name: 'Place the order' })).toBeVisible();
    expect(await page.locator('.button:not(.button--outline):not(.button--link):visible').allTextContents()).toEqual(['Place the order']);
  });
}
