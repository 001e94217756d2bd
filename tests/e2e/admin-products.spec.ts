import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { DEMO_OWNER, staffPage } from './admin-helpers';
import { acceptCookies, acceptTerms, addToCart, fillContacts, placeOrder, product } from './shopping-helpers';

/** Top-level titles of the storefront header's main menu, in order. */
async function mainMenuTitles(page: Page): Promise<string[]> {
  const titles = await page.locator('.site-header__nav .main-nav__item > .main-nav__link').allTextContents();
  return titles.map((title) => title.trim());
}

/** Fills one option of the editor: its title, how it is shown, and its values. */
async function fillOption(admin: Page, index: number, title: string, view: string, values: string[]): Promise<void> {
  await admin.getByRole('button', { name: 'Add option' }).click();
  const option = admin.locator('fieldset.option-card').nth(index);
  await option.getByLabel('Option (English) *', { exact: true }).fill(title);
  await option.getByLabel('Shown as', { exact: true }).selectOption({ label: view });
  for (const [i, value] of values.entries()) {
    if (i > 0) await option.getByRole('button', { name: 'Add value' }).click();
    await option.getByLabel(`Value ${i + 1} (English) *`, { exact: true }).fill(value);
  }
}

test('the owner creates a product with two options and two images and puts it in the main menu; a shopper finds it there, buys a variation, and its stock drops', async ({
  browser,
}) => {
  const suffix = Date.now().toString(36);
  const slug = `travel-tee-${suffix}`;
  const admin = await staffPage(browser, DEMO_OWNER, '/admin/products/new');
  await expect(admin.getByRole('heading', { name: 'New product' })).toBeVisible();

  await admin.getByLabel('Title (English) *', { exact: true }).fill(`Travel tee ${suffix}`);
  await admin.getByLabel('Title (Russian)', { exact: true }).fill(`Дорожная футболка ${suffix}`);
  await admin.getByLabel('Address', { exact: true }).fill(slug);
  await fillOption(admin, 0, 'Colour', 'Colour swatches', ['Red', 'Blue']);
  await fillOption(admin, 1, 'Size', 'Buttons', ['S', 'M']);

  // the grid has every combination; a missing price is refused before anything is sent
  const names = ['Red / S', 'Red / M', 'Blue / S', 'Blue / M'];
  for (const name of names) await expect(admin.getByLabel(`Price of ${name}`, { exact: true })).toBeVisible();
  await admin.getByLabel('Price of Red / S', { exact: true }).fill('');
  await admin.getByRole('button', { name: 'Save' }).first().click();
  await expect(admin.getByText('Enter a price such as 250 or 250.50, or 0 for "price on request".').first()).toBeVisible();

  // prices one by one, stock for all at once through the bulk edit
  for (const [i, name] of names.entries()) await admin.getByLabel(`Price of ${name}`, { exact: true }).fill(String(20 + i));
  await admin.getByLabel('Select every variation', { exact: true }).check();
  await admin.getByRole('button', { name: 'Set stock' }).click();
  const dialog = admin.getByRole('dialog');
  await dialog.getByLabel('Stock', { exact: true }).fill('10');
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(dialog).toBeHidden();
  for (const name of names) await expect(admin.getByLabel(`Stock of ${name}`, { exact: true })).toHaveValue('10');
  await admin.getByLabel('Default variation: Blue / S', { exact: true }).check();

  // two small real images, uploaded through the image picker's dialog and chosen at once
  const red = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c0392b' } })
    .png()
    .toBuffer();
  const blue = await sharp({ create: { width: 48, height: 64, channels: 3, background: '#2454c5' } })
    .png()
    .toBuffer();
  const images = admin.getByRole('group', { name: 'Images', exact: true });
  await expect(images.getByText('No images chosen.')).toBeVisible();
  await images.getByRole('button', { name: 'Add images' }).click();
  const picker = admin.getByRole('dialog', { name: 'Choose: Images' });
  await picker.getByLabel('Choose files', { exact: true }).setInputFiles([
    { name: `tee-red-${suffix}.png`, mimeType: 'image/png', buffer: red },
    { name: `tee-blue-${suffix}.png`, mimeType: 'image/png', buffer: blue },
  ]);
  await expect(admin.getByText('2 images uploaded.')).toBeVisible();
  await expect(picker.getByText('2 images selected')).toBeVisible();
  await picker.getByRole('button', { name: 'Choose', exact: true }).click();
  await expect(picker).toBeHidden();
  await expect(images.getByRole('list', { name: 'Chosen images: Images' }).getByRole('listitem')).toHaveCount(2);

  await admin.getByLabel('On sale (shown on the storefront)', { exact: true }).check();
  await admin.getByRole('checkbox', { name: 'Clothing', exact: true }).check();
  await admin.getByRole('button', { name: 'Save' }).first().click();
  await expect(admin.getByText('Product saved.')).toBeVisible();
  await expect(admin).toHaveURL(/\/admin\/products\/[0-9a-f-]{36}$/);
  const editUrl = admin.url();

  // the list finds it with its catalog, price and stock
  await admin.goto(`/admin/products?q=${slug}`);
  const row = admin.getByRole('row', { name: new RegExp(`Travel tee ${suffix}`) });
  await expect(row).toContainText('Clothing');
  await expect(row).toContainText('$22');
  await expect(row).toContainText('4 variations');

  // the product goes into the storefront's main menu, found with the link picker
  const shopperContext = await browser.newContext();
  await acceptCookies(shopperContext);
  const shopper = await shopperContext.newPage();
  await shopper.goto('/');
  const menuBefore = await mainMenuTitles(shopper);
  const menuTitle = `Travel tee ${suffix}`;
  await admin.goto('/admin/menus/main');
  await expect(admin.getByRole('heading', { name: 'Menus' })).toBeVisible();
  await admin.getByRole('button', { name: 'Add item' }).click();
  const menuDialog = admin.getByRole('dialog', { name: 'Add item' });
  await menuDialog.getByLabel('Title (English)').fill(menuTitle);
  const link = menuDialog.getByRole('group', { name: 'Link' });
  await link.getByLabel('Links to').selectOption('product');
  await link.getByLabel('Find: Product').fill(slug);
  await link.getByRole('button', { name: new RegExp(`Travel tee ${suffix} /products/${slug}`) }).click();
  await expect(link.locator('.link-picker-current code')).toHaveText(`/products/${slug}`);
  await menuDialog.getByRole('button', { name: 'Add to the menu' }).click();
  await expect(menuDialog).toBeHidden();
  await admin.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(admin.getByText('Menu saved.')).toBeVisible();

  // a shopper, in a browser of their own, finds it through the header's main menu, sees both images, and buys two Blue / M
  const sold = await product(shopper.request, slug);
  expect(sold.catalogs.map((c) => c.title)).toContain('Clothing');
  expect(sold.images).toHaveLength(2);
  const blueM = sold.variations.find((v) => v.title === 'Blue / M')!;
  expect(blueM).toMatchObject({ price: 23, stock: 10 });
  await shopper.goto('/');
  expect(await mainMenuTitles(shopper)).toEqual([...menuBefore, menuTitle]);
  await shopper.locator('.site-header__nav').getByRole('link', { name: menuTitle, exact: true }).click();
  await expect(shopper).toHaveURL(new RegExp(`/products/${slug}$`));
  await expect(shopper.getByRole('heading', { name: `Travel tee ${suffix}` }).first()).toBeVisible();
  const gallery = shopper.getByRole('list', { name: 'Product images' });
  await expect(gallery.getByRole('button', { name: /^Show image \d$/ })).toHaveCount(2);
  // the pictures really load: the main one and both thumbnails
  for (const picture of [shopper.locator('.product-gallery__main img'), ...[0, 1].map((i) => gallery.locator('img').nth(i))]) {
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  }
  await addToCart(shopper, slug, blueM.id, 2);
  await shopper.goto('/checkout');
  await fillContacts(shopper, { name: 'Petra Products', phone: '+1 212 555 0142', email: 'petra@example.com' });
  await shopper.getByRole('radio', { name: 'Cash or card on receipt' }).check();
  await acceptTerms(shopper);
  await placeOrder(shopper, /\/payment\?/);
  await shopperContext.close();

  // the owner sees the stock of that variation down by two, the others untouched
  await admin.goto(editUrl);
  await expect(admin.getByLabel('Stock of Blue / M', { exact: true })).toHaveValue('8');
  await expect(admin.getByLabel('Stock of Red / S', { exact: true })).toHaveValue('10');

  // the menu is put back as it was for the other journeys
  await admin.goto('/admin/menus/main');
  await admin.getByRole('button', { name: `Remove “${menuTitle}”` }).click();
  await admin.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(admin.getByText('Menu saved.')).toBeVisible();
  await admin.goto('/');
  expect(await mainMenuTitles(admin)).toEqual(menuBefore);
  await admin.context().close();
});
