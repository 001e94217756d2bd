import { expect, test } from '@playwright/test';
import { DEMO_OWNER, E2E_MANAGER, staffPage } from './admin-helpers';

/**
 * Smaller frictions of the owner's day: a preset's sample text is a placeholder that typing replaces, the builder's
 * tabs are tabs, and a manager who opens Staff by its address is told it is the owner's.
 */

test('a preset sample text is a placeholder: the first keys typed replace it, in the field and in the preview', async ({ browser }) => {
  test.setTimeout(120_000);
  const owner = await staffPage(browser, DEMO_OWNER, '/admin/builder');
  // the builder's tabs are drawn as tabs, not as browser buttons
  const tab = owner.getByRole('tab').first();
  await expect(tab).toHaveCSS('background-color', 'rgba(0, 0, 0, 0)');
  await expect(tab).toHaveCSS('border-top-width', '0px');

  await owner.getByRole('button', { name: 'New page or catalog' }).click();
  const create = owner.getByRole('dialog', { name: 'New page or catalog' });
  await create.getByLabel('Title in English').fill('Sample texts');
  await create.getByLabel('Title in Russian').fill('Образцы текста');
  await create.getByLabel('Address (slug)').fill(`samples-${Date.now().toString(36)}`);
  await create.getByRole('button', { name: 'Create and open' }).click();
  await expect(owner.getByRole('heading', { level: 1, name: 'Sample texts' })).toBeVisible();

  await owner.getByRole('button', { name: 'Add a section' }).click();
  const add = owner.getByRole('dialog', { name: 'Add a section' });
  await add.getByLabel('Find a section type').fill('Questions');
  await add.getByRole('button', { name: 'Add Questions and answers' }).click();
  const faq = owner.frameLocator('iframe.bld-frame').locator('[data-section-type="SectionFaq"]');
  await expect(faq.locator('h2')).toHaveText('Questions and answers');

  const title = owner.getByRole('textbox', { name: 'Title EN', exact: true });
  await expect(title).toHaveValue('');
  await expect(title).toHaveAttribute('placeholder', 'Questions and answers');
  await title.pressSequentially('Delivery FAQ');
  await expect(title).toHaveValue('Delivery FAQ');
  await expect(faq.locator('h2')).toHaveText('Delivery FAQ');
  // the Russian one is still the sample until typed
  await expect(owner.getByRole('textbox', { name: 'Title RU', exact: true })).toHaveAttribute('placeholder', 'Вопросы и ответы');
  await owner.close();
});

test("a manager opening Staff by its address is told it is the owner's: no Invite, no Retry", async ({ browser }) => {
  const manager = await staffPage(browser, E2E_MANAGER, '/admin/staff');
  await expect(manager.getByRole('heading', { level: 1, name: 'Staff' })).toBeVisible();
  await expect(manager.getByTestId('staff-owner-only')).toContainText("Only the shop's owner manages staff");
  await expect(manager.getByRole('button', { name: 'Invite' })).toHaveCount(0);
  await expect(manager.getByRole('button', { name: 'Try again' })).toHaveCount(0);
  await manager.close();
});
