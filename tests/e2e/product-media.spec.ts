import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { acceptCookies, product } from './shopping-helpers';

/**
 * The product page's pictures: the lightbox (PhotoSwipe, loaded on the first tap) with zoom and swipes on a
 * phone, clicks and keys on a desktop; the chosen variation's picture first.
 */

test.beforeEach(async ({ context }) => {
  await acceptCookies(context);
});

const lightbox = (page: Page) => page.locator('.pswp');
const counter = (page: Page) => page.locator('.pswp__counter');
/** The picture of the slide in view, once loaded. */
const currentImage = (page: Page) => page.locator('.pswp__item:not([aria-hidden="true"]) img.pswp__img').last();

async function openLightbox(page: Page, slug = 'linen-shirt'): Promise<number> {
  await page.goto(`/products/${slug}`);
  await expect(page.locator('[data-buy-box-ready] .product-buy')).toBeVisible();
  const count = Math.max(1, await page.locator('.product-gallery__thumb').count());
  // the lightbox's code is not on the page before the shopper reaches for it
  expect(await page.evaluate(() => performance.getEntriesByType('resource').some((entry) => /lightbox/.test(entry.name)))).toBe(false);
  await page.getByRole('button', { name: 'Open the picture full screen to zoom' }).click();
  await expect(lightbox(page)).toBeVisible();
  await expect(counter(page)).toHaveText(`1 of ${count}`);
  await expect.poll(() => currentImage(page).evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
  return count;
}

test.describe('on a desktop', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('open the lightbox, zoom and swipe: a click zooms in and out, the arrow keys move, Escape closes', async ({ page }) => {
    const count = await openLightbox(page);
    expect(count).toBeGreaterThan(1);
    await expect(lightbox(page)).toHaveAttribute('role', 'dialog');
    await expect(lightbox(page)).toHaveAttribute('aria-label', 'Product images');
    const axe = await new AxeBuilder({ page }).include('.pswp').analyze();
    expect(axe.violations.map((violation) => violation.id)).toEqual([]);

    await currentImage(page).click();
    await expect(lightbox(page)).toHaveClass(/pswp--zoomed-in/);
    await currentImage(page).click();
    await expect(lightbox(page)).not.toHaveClass(/pswp--zoomed-in/);

    await page.keyboard.press('ArrowRight');
    await expect(counter(page)).toHaveText(`2 of ${count}`);
    await page.getByRole('button', { name: 'Previous picture' }).click();
    await expect(counter(page)).toHaveText(`1 of ${count}`);

    await page.keyboard.press('Escape');
    await expect(lightbox(page)).toHaveCount(0);
    // focus back on the picture that opened it
    await expect(page.getByRole('button', { name: 'Open the picture full screen to zoom' })).toBeFocused();
  });

  test("the chosen variation's picture comes first, in the gallery and the lightbox", async ({ page, request }) => {
    const shirt = await product(request, 'linen-shirt');
    const withPicture = shirt.variations.filter((v) => v.image);
    const later = withPicture.find((v) => v.image!.id !== (shirt.images[0] ?? withPicture[0]!.image)!.id);
    test.skip(!later, 'the demo shirt has a single picture');
    await page.goto(`/products/linen-shirt?variation=${later!.id}`);
    await expect(page.locator('.product-gallery__thumb').first()).toHaveAttribute('data-image-id', later!.image!.id);
    await page.getByRole('button', { name: 'Open the picture full screen to zoom' }).click();
    await expect(counter(page)).toHaveText(/^1 of /);
    await expect(currentImage(page)).toHaveAttribute('src', new RegExp(later!.image!.uri.replace(/[.?]/g, '\\$&')));
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('open the lightbox, zoom and swipe: a double tap zooms, a swipe moves to the next picture', async ({ page }) => {
    const count = await openLightbox(page);
    expect(count).toBeGreaterThan(1);
    const cdp = await page.context().newCDPSession(page);
    const box = (await lightbox(page).boundingBox())!;
    const [x, y] = [box.width / 2, box.height / 2];

    // a double tap zooms in, another zooms out
    const doubleTap = async () => {
      for (const _ of [0, 1]) {
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
      }
    };
    await doubleTap();
    await expect(lightbox(page)).toHaveClass(/pswp--zoomed-in/);
    await doubleTap();
    await expect(lightbox(page)).not.toHaveClass(/pswp--zoomed-in/);

    // a swipe to the left shows the next picture
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: x + 120, y }] });
    for (let step = 1; step <= 8; step++) {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: x + 120 - step * 30, y }] });
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await expect(counter(page)).toHaveText(`2 of ${count}`);

    await page.getByRole('button', { name: 'Close' }).click();
    await expect(lightbox(page)).toHaveCount(0);
  });
});

test('the lightbox and quick add speak Russian on a Russian page', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/products/linen-shirt?lang=ru');
  await expect(page.locator('[data-buy-box-ready] .product-buy')).toBeVisible();
  await page.getByRole('button', { name: 'Открыть фото на весь экран и увеличить' }).click();
  await expect(page.locator('.pswp')).toHaveAttribute('aria-label', 'Фотографии товара');
  await expect(page.locator('.pswp__counter')).toHaveText(/^1 из \d+$/);
  // PhotoSwipe ignores a close while its opening animation runs: the shopper's second tap closes it
  await expect(async () => {
    await page.getByRole('button', { name: 'Закрыть' }).click();
    await expect(page.locator('.pswp')).toHaveCount(0, { timeout: 1_000 });
  }).toPass();

  await page.goto('/catalogs/new-arrivals?lang=ru');
  const quickAdd = page.getByRole('button', { name: /^Быстро купить: / }).first();
  await quickAdd.click();
  const picker = page.getByRole('dialog', { name: /^Выберите вариант: / });
  await expect(picker).toBeVisible();
  await expect(picker.getByRole('link', { name: 'Подробнее о товаре' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(picker).toHaveCount(0);
  await expect(quickAdd).toBeFocused();
});
