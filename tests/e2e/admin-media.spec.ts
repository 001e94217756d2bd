import { createHash } from 'node:crypto';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { E2E_MANAGER, staffPage } from './admin-helpers';

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

test('a manager replaces an image’s file: the library shows the new picture at a new address, the old one leads to it', async ({
  browser,
  request,
}) => {
  const suffix = Date.now().toString(36);
  const admin = await staffPage(browser, E2E_MANAGER, '/admin/media');
  await expect(admin.getByRole('heading', { name: 'Media library' })).toBeVisible();

  // an empty file is refused with a message naming it, not a server error
  await admin
    .locator('.upload-zone input[type=file]')
    .setInputFiles([{ name: `blank-${suffix}.png`, mimeType: 'image/png', buffer: Buffer.alloc(0) }]);
  await expect(admin.getByText(`blank-${suffix}.png is empty: choose the image file again.`)).toBeVisible();

  const green = await sharp({ create: { width: 80, height: 60, channels: 3, background: '#1e8449' } })
    .png()
    .toBuffer();
  await admin
    .locator('.upload-zone input[type=file]')
    .setInputFiles([{ name: `field-${suffix}.png`, mimeType: 'image/png', buffer: green }]);
  const library = admin.getByRole('list', { name: 'Images of the library' });
  await library.getByRole('button', { name: new RegExp(`field-${suffix}\\.png`) }).click();
  const editor = admin.getByRole('dialog');
  const original = editor.getByRole('link', { name: 'Original' });
  const before = (await original.getAttribute('href'))!;
  expect(before).toMatch(new RegExp(`^/media/[0-9a-f]{64}/field-${suffix}\\.png$`));

  const orange = await sharp({ create: { width: 90, height: 90, channels: 3, background: '#e67e22' } })
    .jpeg()
    .toBuffer();
  await expect(editor.getByText('Replace file…')).toBeVisible();
  await editor.locator('input[type=file]').setInputFiles([{ name: 'orange.jpg', mimeType: 'image/jpeg', buffer: orange }]);
  await expect(admin.getByText('The file is replaced: every page shows the new picture, and its old address leads to it.')).toBeVisible();
  await expect(original).not.toHaveAttribute('href', before);
  const after = (await original.getAttribute('href'))!;
  expect(after).toMatch(new RegExp(`^/media/[0-9a-f]{64}/field-${suffix}\\.jpg$`));
  await expect(editor.getByText('90 × 90', { exact: false })).toBeVisible();

  const served = await request.get(after);
  expect(served.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(sha256(await served.body())).toBe(after.split('/')[2]);
  const old = await request.get(before, { maxRedirects: 0 });
  expect([old.status(), old.headers()['location']]).toEqual([301, after]);
});
