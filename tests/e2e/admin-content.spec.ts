import { expect, test, type Page } from '@playwright/test';
import { DEMO_OWNER, signIn } from './admin-helpers';

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => {
    localStorage.setItem('cookieAccept', 'true');
    localStorage.setItem('shop-admin-lang', 'en');
  });
});

/** Top-level titles of the storefront header's main menu, in order. */
async function mainMenuTitles(page: Page): Promise<string[]> {
  const titles = await page.locator('.site-header__nav .main-nav__item > .main-nav__link').allTextContents();
  return titles.map((title) => title.trim());
}

test('the owner adds a main-menu item linking to a catalog, moves it up by keyboard, and visitors see it there in the header', async ({
  page,
}) => {
  const title = `Footwear ${Date.now() % 100000}`;
  await page.goto('/');
  const before = await mainMenuTitles(page);
  expect(before.length).toBeGreaterThanOrEqual(3);

  await signIn(page, DEMO_OWNER, '/admin/menus/main');
  await expect(page.getByRole('heading', { name: 'Menus' })).toBeVisible();
  await page.getByRole('button', { name: 'Add item' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add item' });
  await dialog.getByLabel('Title (English)').fill(title);
  const picker = dialog.getByRole('group', { name: 'Link' });
  await picker.getByLabel('Links to').selectOption('catalog');
  await picker.getByLabel('Find: Catalog').fill('shoes');
  await picker.getByRole('button', { name: /Shoes \/catalogs\/shoes/ }).click();
  await expect(picker.locator('.link-picker-current code')).toHaveText('/catalogs/shoes');
  await dialog.getByRole('button', { name: 'Add to the menu' }).click();
  await expect(dialog).toBeHidden();

  // the new item is last; two presses of its "move up" button (by keyboard) put it before the last two
  const moveUp = page.getByRole('button', { name: `Move “${title}” up` });
  await moveUp.focus();
  await page.keyboard.press('Enter');
  await expect(moveUp).toBeFocused();
  await page.keyboard.press('Enter');
  const expected = [...before.slice(0, -2), title, ...before.slice(-2)];
  await expect(page.locator('.menu-item[data-depth="0"] .menu-item-title')).toHaveText(expected);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Menu saved.')).toBeVisible();

  await page.goto('/');
  expect(await mainMenuTitles(page)).toEqual(expected);
  await expect(page.locator('.site-header__nav').getByRole('link', { name: title })).toHaveAttribute('href', '/catalogs/shoes');

  // the menu is put back as it was for the other journeys
  await page.goto('/admin/menus/main');
  await page.getByRole('button', { name: `Remove “${title}”` }).click();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Menu saved.')).toBeVisible();
  await page.goto('/');
  expect(await mainMenuTitles(page)).toEqual(before);
});

test('the owner writes an article with bold text and a new tag, and a visitor reads it', async ({ page }) => {
  const stamp = Date.now() % 100000;
  const title = `Mending wool ${stamp}`;
  const tag = `Mending ${stamp}`;
  await signIn(page, DEMO_OWNER, '/admin/articles');
  await page.getByRole('link', { name: 'New article' }).click();
  await expect(page.getByRole('heading', { name: 'New article' })).toBeVisible();
  await page.getByLabel('Title (English)', { exact: true }).fill(title);
  await expect(page.getByLabel('Address (slug)')).toHaveValue(`mending-wool-${stamp}`);
  await page.getByLabel('Category').selectOption({ label: 'Journal' });
  // an old date keeps the story out of the newest-first lists other journeys look at
  await page.getByLabel('Publication date').fill('2021-03-04T10:00');

  // a new tag of the category, made from the article
  await page.getByRole('button', { name: 'Manage tags' }).click();
  const tags = page.getByRole('dialog', { name: 'Tags' });
  await tags.getByLabel('Name (English)').fill(tag);
  await tags.getByRole('button', { name: 'Add tag' }).click();
  await expect(tags.getByRole('list', { name: 'Tags' }).getByText(tag)).toBeVisible();
  await tags.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('checkbox', { name: tag }).check();

  const editor = page.getByRole('textbox', { name: 'Text (English)' });
  await editor.click();
  await page.keyboard.type('Darn holes early. ');
  await page.getByRole('button', { name: 'Bold' }).first().click();
  await expect(page.getByRole('button', { name: 'Bold' }).first()).toHaveAttribute('aria-pressed', 'true');
  await expect(editor).toBeFocused();
  await page.keyboard.type('Use matching yarn');
  await expect(editor.locator('strong')).toHaveText('Use matching yarn');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Article created.')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/articles\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('link', { name: 'Edit sections in the builder' }).first()).toHaveAttribute(
    'href',
    /\/admin\/builder\/article%3A[0-9a-f-]{36}$/,
  );

  await page.goto(`/blog/mending-wool-${stamp}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.locator('main strong', { hasText: 'Use matching yarn' })).toBeVisible();
  await expect(page.getByText('Darn holes early.')).toBeVisible();
});

test('a redirect created in the back office sends visitors on', async ({ page }) => {
  const from = `/old-sale-${Date.now() % 100000}`;
  await signIn(page, DEMO_OWNER, '/admin/redirects');
  await page.getByRole('button', { name: 'New redirect' }).click();
  const dialog = page.getByRole('dialog', { name: 'New redirect' });
  await dialog.getByLabel('From path').fill(from);
  await dialog.getByLabel('To', { exact: true }).fill(from);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('A path cannot redirect to itself.')).toBeVisible();
  await dialog.getByLabel('To', { exact: true }).fill('/catalogs/shoes');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Redirect created.')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(from) })).toBeVisible();

  const response = await page.goto(from);
  expect(response?.ok()).toBe(true);
  await expect(page).toHaveURL(/\/catalogs\/shoes$/);
});
