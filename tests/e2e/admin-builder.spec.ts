import { expect, test, type FrameLocator, type Page } from '@playwright/test';
import { DEMO_OWNER, E2E_MANAGER, newBuilderPage, staffPage } from './admin-helpers';

/**
 * The site builder on the built shop: the owner creates a page, publishes it, adds a questions section and
 * edits it with the live preview beside; visitors see the change only once it is published. Then moves by
 * keyboard, undo and redo, restoring a published version, and a second staff member's conflicting edit.
 */

const slug = `builder-e2e-${Date.now().toString(36)}`;
const preview = (page: Page): FrameLocator => page.frameLocator('iframe.bld-frame');
const sectionTypesInPreview = (page: Page) =>
  preview(page)
    .locator('main [data-section-type][id^="section-"]:not([hidden])')
    .evaluateAll((elements) => elements.map((element) => element.getAttribute('data-section-type')));
const sectionRows = (page: Page) => page.getByRole('list', { name: 'Sections' }).locator(':scope > li');
const saved = (page: Page) => expect(page.locator('[data-save-state]')).toHaveAttribute('data-save-state', 'saved');
const previewReady = (page: Page) => expect(preview(page).locator('html')).toHaveAttribute('data-preview', 'ready');

async function publishNow(page: Page, revision: number): Promise<void> {
  await page.getByRole('toolbar', { name: 'Page actions' }).getByRole('button', { name: 'Publish', exact: true }).click();
  await page.getByRole('dialog', { name: 'Publish' }).getByRole('button', { name: 'Publish now' }).click();
  await expect(page.locator('.toast').filter({ hasText: `Published: version ${revision}` })).toBeVisible();
}

test.describe.configure({ mode: 'serial' });

test('the owner builds a page with a live preview, publishes it, reorders, undoes, restores, and a conflicting edit is refused', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const owner = await staffPage(browser, DEMO_OWNER, '/admin/builder');

  // A new page from the template, opened in the builder.
  await newBuilderPage(owner, { en: 'Builder questions', ru: 'Вопросы конструктора' }, slug);
  await publishNow(owner, 1);
  await previewReady(owner);
  const typesAtFirst = await sectionTypesInPreview(owner);

  // A visitor sees the published page.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/${slug}`);
  await expect(visitor.locator('main')).toBeVisible();
  await expect(visitor.locator('[data-section-type="SectionFaq"]')).toHaveCount(0);

  // Add a questions section from the registry: it shows in the preview at once.
  await owner.getByRole('button', { name: 'Add a section' }).click();
  const add = owner.getByRole('dialog', { name: 'Add a section' });
  await add.getByLabel('Find a section type').fill('Questions');
  await add.getByRole('button', { name: 'Add Questions and answers' }).click();
  const faq = preview(owner).locator('[data-section-type="SectionFaq"]');
  await expect(faq).toBeVisible();

  // Edit its heading and an item: each change is painted in the preview.
  await owner.getByRole('textbox', { name: 'Title EN', exact: true }).fill('Builder FAQ');
  await expect(faq.locator('h2')).toHaveText('Builder FAQ');
  await owner.getByRole('button', { name: 'How long does delivery take?', exact: true }).click();
  await owner.getByRole('textbox', { name: 'Question EN', exact: true }).fill('Do you ship abroad?');
  await expect(faq).toContainText('Do you ship abroad?');
  await saved(owner);

  // The draft is not live: the visitor still sees the published page.
  await visitor.reload();
  await expect(visitor.locator('main')).toBeVisible();
  await expect(visitor.getByText('Builder FAQ')).toHaveCount(0);

  // Published, the visitor sees it.
  await publishNow(owner, 2);
  await visitor.reload();
  await expect(visitor.locator('[data-section-type="SectionFaq"] h2')).toHaveText('Builder FAQ');
  await expect(visitor.locator('[data-section-type="SectionFaq"]')).toContainText('Do you ship abroad?');
  await visitorContext.close();

  // A click on a section in the preview selects it in the list and opens its options.
  // (dispatched: the storefront's cookie notice may cover the page in the frame)
  await preview(owner).locator('[data-section-type="SectionHeadingH1"] h1').dispatchEvent('click');
  await expect(owner.getByRole('button', { name: 'Main heading · Builder questions', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(owner.getByRole('region', { name: 'Options' }).getByRole('heading', { level: 2 })).toHaveText('Main heading');

  // Reorder by keyboard: the focused section moves up with Alt+ArrowUp, announced to screen readers.
  const rows = sectionRows(owner);
  const count = await rows.count();
  expect(count).toBeGreaterThan(1);
  const faqRow = rows.filter({ hasText: 'Builder FAQ' });
  await faqRow.getByRole('button', { name: 'Questions and answers · Builder FAQ', exact: true }).focus();
  const before = await sectionTypesInPreview(owner);
  const faqIndex = before.indexOf('SectionFaq');
  expect(faqIndex).toBeGreaterThan(0);
  await owner.keyboard.press('Alt+ArrowUp');
  await expect(owner.getByTestId('builder-announcer')).toContainText(`moved to position ${faqIndex} of ${count}`);
  const moved = [...before];
  moved.splice(faqIndex - 1, 0, moved.splice(faqIndex, 1)[0]!);
  await expect.poll(() => sectionTypesInPreview(owner)).toEqual(moved);
  await expect(rows.nth(faqIndex - 1)).toContainText('Builder FAQ');

  // Undo (Ctrl+Z) puts it back; redo (the button) moves it again.
  await owner.keyboard.press('Control+z');
  await expect.poll(() => sectionTypesInPreview(owner)).toEqual(before);
  await expect(rows.nth(faqIndex)).toContainText('Builder FAQ');
  await owner.getByRole('toolbar', { name: 'Page actions' }).getByRole('button', { name: /Redo/ }).click();
  await expect.poll(() => sectionTypesInPreview(owner)).toEqual(moved);
  await saved(owner);

  // Restore the first published version (without the questions) into the draft.
  await owner.getByRole('toolbar', { name: 'Page actions' }).getByRole('button', { name: 'History' }).click();
  const history = owner.getByRole('dialog', { name: 'History' });
  await history.getByRole('button', { name: 'Preview version 1' }).click();
  await expect.poll(() => sectionTypesInPreview(owner)).toEqual(typesAtFirst);
  await owner.getByRole('button', { name: 'Back to the draft' }).click();
  await expect.poll(() => sectionTypesInPreview(owner)).toEqual(moved);
  await owner.getByRole('toolbar', { name: 'Page actions' }).getByRole('button', { name: 'History' }).click();
  await history.getByRole('button', { name: 'Restore version 1' }).click();
  await expect(owner.locator('.toast').filter({ hasText: 'Version 1 is in the draft now' })).toBeVisible();
  await expect.poll(() => sectionTypesInPreview(owner)).toEqual(typesAtFirst);
  await expect(rows.filter({ hasText: 'Builder FAQ' })).toHaveCount(0);

  // The manager edits the same draft and saves first; the owner's next save is refused with who changed it.
  const manager = await staffPage(browser, E2E_MANAGER, owner.url().replace(/^https?:\/\/[^/]+/, ''));
  await previewReady(manager);
  await manager.getByRole('button', { name: 'Page: title and address' }).click();
  await manager.getByRole('textbox', { name: 'Title EN', exact: true }).fill('Managed questions');
  await saved(manager);
  await owner.getByRole('button', { name: 'Page: title and address' }).click();
  await owner.getByRole('textbox', { name: 'Title EN', exact: true }).fill('Owner questions');
  const alert = owner.getByRole('alert').filter({ hasText: 'Someone else changed this draft.' });
  await expect(alert).toContainText(E2E_MANAGER.name);
  await expect(owner.locator('[data-save-state]')).toHaveAttribute('data-save-state', 'conflict');
  await alert.getByRole('button', { name: 'Reload their version' }).click();
  await expect(owner.getByRole('textbox', { name: 'Title EN', exact: true })).toHaveValue('Managed questions');
  await manager.context().close();
  await owner.context().close();
});

test('a settings group edited in the builder: a value the settings refuse is listed above the form and not saved; corrected, it saves; the fonts offer only the shop fonts, and a change publishes', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  // a number beyond its bounds: the API refuses it, the error is listed by the field's label
  const owner = await staffPage(browser, DEMO_OWNER, `/admin/builder/${encodeURIComponent('settings:footer')}`);
  const columns = owner.getByLabel('Menu columns', { exact: true });
  await expect(columns).toBeVisible();
  await expect(columns).toHaveAttribute('max', '12');
  const shopColumns = await columns.inputValue();
  await columns.fill('99');
  const errors = owner.getByTestId('builder-settings-errors');
  await expect(errors).toContainText('Some settings are not valid');
  await expect(errors.locator('[data-field="menuColumns"]')).toContainText('Menu columns:');
  await expect(owner.locator('[data-save-state]')).toHaveAttribute('data-save-state', 'error');
  await columns.fill(shopColumns);
  await saved(owner);
  await expect(errors).toHaveCount(0);

  // the styles' fonts are chosen from the shop's fonts
  await owner.goto(`/admin/builder/${encodeURIComponent('settings:styles')}`);
  const bodyFont = owner.getByRole('combobox', { name: 'Body font', exact: true });
  await expect(bodyFont).toBeVisible();
  const shopFonts = await bodyFont.locator('option').allTextContents();
  expect(shopFonts).toContain('Roboto');
  expect(shopFonts).not.toContain('Comic Sans');
  await expect(owner.getByRole('combobox', { name: 'Heading font', exact: true }).locator('option')).toHaveText(shopFonts);

  // the theme's fonts: one box per font the shop offers, no free text to mistype
  await owner.goto(`/admin/builder/${encodeURIComponent('settings:themes')}`);
  const fonts = owner.getByRole('group', { name: 'Fonts offered in the builder' });
  const boxes = fonts.getByRole('checkbox');
  await expect(boxes).toHaveCount(shopFonts.length);
  expect(await boxes.evaluateAll((elements) => elements.map((element) => element.parentElement?.textContent?.trim()))).toEqual(shopFonts);
  await expect(owner.getByRole('combobox', { name: 'Theme', exact: true }).locator('option')).toHaveText([
    'Default',
    'Dark',
    'High contrast',
  ]);
  const unchecked = (
    await boxes.evaluateAll((elements) =>
      elements.map((element) => ({
        name: element.parentElement?.textContent?.trim() ?? '',
        checked: (element as HTMLInputElement).checked,
      })),
    )
  ).find((box) => !box.checked);
  expect(unchecked).toBeDefined();
  const added = fonts.getByRole('checkbox', { name: unchecked!.name, exact: true });
  await added.check();
  await saved(owner);
  await publishNow(owner, 1);
  // the shop's own fonts again: the storefront journeys after this one expect its theme
  await added.uncheck();
  await saved(owner);
  await publishNow(owner, 2);
  await owner.context().close();
});
