import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_OWNER, E2E_MANAGER, staffPage } from './admin-helpers';
import { acceptCookies, product } from './shopping-helpers';

/**
 * A product's video: the owner adds it in the product editor, a manager may not; shoppers find it after the pictures
 * (its preview with a play mark), play it in place of the main picture, and go back to a picture; the owner removes it.
 * The video is a file of the shop's own site, answered here from a fixture, so nothing reaches the internet.
 */

const SLUG = 'linen-shirt';
const FILE = '/media/e2e/shirt.webm';
const clip = readFileSync(new URL('../fixtures/clip.webm', import.meta.url));

async function serveClip(page: Page): Promise<void> {
  await page.route(`**${FILE}`, (route) => route.fulfill({ status: 200, contentType: 'video/webm', body: clip }));
}

test.describe.configure({ mode: 'serial' });

let editUrl = '';

test('the owner adds a video in the product editor; a manager only sees that the owner sets it', async ({ browser, request }) => {
  test.setTimeout(120_000);
  editUrl = `/admin/products/${(await product(request, SLUG)).id}`;
  const owner = await staffPage(browser, DEMO_OWNER, editUrl);
  const video = owner.getByRole('group', { name: 'Video', exact: true });
  await video.getByLabel('Where the video is').selectOption('file');
  await video.getByLabel('Video link or id').fill(FILE);
  await expect(video.getByLabel('How it plays')).toHaveCount(0);
  await owner.getByRole('button', { name: 'Save' }).first().click();
  await expect(owner.getByText('Product saved.')).toBeVisible();
  await owner.context().close();

  const manager = await staffPage(browser, E2E_MANAGER, editUrl);
  await expect(manager.getByText("Only the owner sets a product's video: a video service runs its own player on the page")).toBeVisible();
  await expect(manager.getByRole('group', { name: 'Video', exact: true })).toHaveCount(0);
  await manager.context().close();
});

for (const [name, viewport] of [
  ['phone', { width: 390, height: 844 }],
  ['desktop', { width: 1440, height: 900 }],
] as const) {
  for (const lang of ['en', 'ru'] as const) {
    test(`a shopper plays the product's video from the gallery and goes back to a picture (${name}, ${lang})`, async ({
      page,
      context,
    }) => {
      test.setTimeout(120_000);
      await acceptCookies(context);
      await page.setViewportSize(viewport);
      await serveClip(page);
      await page.goto(`/products/${SLUG}${lang === 'ru' ? '?lang=ru' : ''}`);
      const thumbs = page.locator('.product-gallery__thumbs');
      const play = thumbs.getByRole('button', { name: lang === 'ru' ? 'Смотреть видео о товаре' : 'Play the product video' });
      // the video is the last of the gallery: the chosen variation's pictures stay first
      await expect(thumbs.locator('li').last().getByRole('button')).toHaveAttribute('data-gallery-video', '');
      await expect(page.locator('.product-gallery video')).toHaveCount(0);
      await play.focus();
      await page.keyboard.press('Enter');
      const player = page.locator('.product-gallery__main video');
      await expect(player).toHaveAttribute('src', FILE);
      await expect(play).toHaveAttribute('aria-pressed', 'true');
      await expect(page.locator('.product-gallery__open')).toBeHidden();
      await expect.poll(() => player.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 15_000 }).toBeGreaterThan(0);
      const { violations } = await new AxeBuilder({ page })
        .include('.product-gallery')
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
        .analyze();
      expect(violations.map((v) => v.id)).toEqual([]);

      // a picture again: the video stops and the main picture is back
      await thumbs.getByRole('button', { name: lang === 'ru' ? 'Показать фото 1' : 'Show image 1' }).click();
      await expect(page.locator('.product-gallery video')).toHaveCount(0);
      await expect(page.locator('.product-gallery__open')).toBeVisible();
      await expect(play).toHaveAttribute('aria-pressed', 'false');
    });
  }
}

test('the owner removes the video: the gallery has pictures only', async ({ browser }) => {
  test.setTimeout(120_000);
  const owner = await staffPage(browser, DEMO_OWNER, editUrl);
  await owner.getByRole('group', { name: 'Video', exact: true }).getByLabel('Where the video is').selectOption('');
  await owner.getByRole('button', { name: 'Save' }).first().click();
  await expect(owner.getByText('Product saved.')).toBeVisible();
  await owner.context().close();
  const shopper = await browser.newPage();
  await shopper.goto(`/products/${SLUG}`);
  await expect(shopper.locator('.product-gallery__thumbs')).toBeVisible();
  await expect(shopper.locator('[data-gallery-video]')).toHaveCount(0);
  await shopper.close();
});
