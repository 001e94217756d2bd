import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_OWNER, newBuilderPage, staffPage } from './admin-helpers';
import { acceptCookies } from './shopping-helpers';

/**
 * A section video for real: the owner sets a video on a text block in the builder (an address of another host is
 * refused at once), publishes, and a visitor plays it by keyboard, in both languages on a phone and a desktop.
 * The video is a file of the shop's own site, answered here from a fixture, so nothing reaches the internet.
 */

const slug = `video-e2e-${Date.now().toString(36)}`;
const FILE = '/media/e2e/clip.webm';
const clip = readFileSync(new URL('../fixtures/clip.webm', import.meta.url));

async function serveClip(page: Page): Promise<void> {
  await page.route(`**${FILE}`, (route) => route.fulfill({ status: 200, contentType: 'video/webm', body: clip }));
}

test.describe.configure({ mode: 'serial' });

test('the owner sets a video on a section and publishes it', async ({ browser }) => {
  test.setTimeout(180_000);
  const owner = await staffPage(browser, DEMO_OWNER, '/admin/builder');
  await newBuilderPage(owner, { en: 'Our story on video', ru: 'Наша история на видео' }, slug);
  await owner.getByRole('button', { name: 'Add a section' }).click();
  const add = owner.getByRole('dialog', { name: 'Add a section' });
  await add.getByLabel('Find a section type').fill('picture on the right');
  await add.getByRole('button', { name: 'Add Text with picture on the right' }).click();

  const video = owner.getByRole('group', { name: 'Video', exact: true });
  await video.getByLabel('Where the video is').selectOption('youtube');
  const address = video.getByLabel('Video link or id');
  await address.fill('https://evil.example/watch?v=dQw4w9WgXcQ');
  await expect(address).toHaveAttribute('aria-invalid', 'true');
  await expect(video.locator('.field-error')).toHaveText('Enter a link or id of a video on the chosen service');
  await video.getByLabel('Where the video is').selectOption('file');
  await address.fill(FILE);
  await expect(address).toHaveAttribute('aria-invalid', 'false');
  await expect(video.getByLabel('How it plays')).toHaveValue('default');
  await expect(owner.locator('[data-save-state]')).toHaveAttribute('data-save-state', 'saved');

  await owner.getByRole('toolbar', { name: 'Page actions' }).getByRole('button', { name: 'Publish', exact: true }).click();
  await owner.getByRole('dialog', { name: 'Publish' }).getByRole('button', { name: 'Publish now' }).click();
  await expect(owner.locator('.toast').filter({ hasText: 'Published: version 1' })).toBeVisible();
  await owner.context().close();
});

for (const [name, viewport] of [
  ['phone', { width: 390, height: 844 }],
  ['desktop', { width: 1440, height: 900 }],
] as const) {
  for (const lang of ['en', 'ru'] as const) {
    test(`a visitor plays the section's video by keyboard (${name}, ${lang})`, async ({ page, context }) => {
      test.setTimeout(120_000);
      await acceptCookies(context);
      await page.setViewportSize(viewport);
      await serveClip(page);
      await page.goto(`/${slug}${lang === 'ru' ? '?lang=ru' : ''}`);
      const box = page.locator('[data-section-type="SectionTextBlockPictureRight"] [data-video="default"]');
      await expect(box).toBeVisible();
      // Nothing of the player before the visitor asks for it.
      await expect(box.locator('video')).toHaveCount(0);
      const { violations } = await new AxeBuilder({ page })
        .include('[data-section-type="SectionTextBlockPictureRight"]')
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
        .analyze();
      expect(violations.map((v) => v.id)).toEqual([]);

      const play = box.getByRole('link', { name: lang === 'ru' ? 'Смотреть видео' : 'Play video' });
      await play.focus();
      await page.keyboard.press('Enter');
      const player = box.locator('video');
      await expect(player).toHaveAttribute('src', FILE);
      await expect(player).toBeFocused();
      await expect.poll(() => player.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 15_000 }).toBeGreaterThan(0);
      expect(await player.evaluate((element: HTMLVideoElement) => [element.controls, element.muted])).toEqual([true, false]);
      await expect(page).toHaveURL(new RegExp(`/${slug}`));
    });
  }
}
