import { expect, test } from '@playwright/test';
import { DEMO_OWNER, staffPage } from './admin-helpers';

test('leaving a changed form asks first: staying keeps the changes, discarding restores the form, leaving drops them', async ({
  browser,
}) => {
  const admin = await staffPage(browser, DEMO_OWNER, '/admin/settings/common');
  const name = admin.getByLabel('Shop name (English)', { exact: true });
  await expect(name).toBeVisible();
  const stored = await name.inputValue();
  const saveBar = admin.getByRole('region', { name: 'Unsaved changes' });
  await expect(saveBar).toHaveCount(0);

  await name.fill(`${stored} changed`);
  await expect(saveBar).toBeVisible();
  // one Save on the screen: the bar's
  await expect(admin.getByRole('button', { name: 'Save', exact: true })).toHaveCount(1);

  // a link of the back office asks first; "Back" stays with the changes
  await admin.locator('.sidebar').getByRole('link', { name: 'Products' }).click();
  const ask = admin.getByRole('dialog', { name: 'Leave without saving?' });
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Back' }).click();
  await expect(ask).toHaveCount(0);
  await expect(admin).toHaveURL(/\/admin\/settings\/common$/);
  await expect(name).toHaveValue(`${stored} changed`);

  // a reload asks the browser's own question; dismissing it keeps the page and the changes
  const asked = new Promise<string>((resolve) => {
    admin.once('dialog', (dialog) => {
      resolve(dialog.type());
      void dialog.dismiss();
    });
  });
  void admin.reload().catch(() => undefined);
  expect(await asked).toBe('beforeunload');
  await expect(name).toHaveValue(`${stored} changed`);

  // Discard puts the stored values back and the bar goes
  await saveBar.getByRole('button', { name: 'Discard' }).click();
  await expect(name).toHaveValue(stored);
  await expect(saveBar).toHaveCount(0);

  // a changed product: leaving through the confirmation drops the changes
  await admin.goto('/admin/products/new');
  await admin.getByLabel(/^Title \(English\)/).fill('Never saved');
  await expect(saveBar).toBeVisible();
  await admin.getByRole('link', { name: '← Products' }).click();
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Leave' }).click();
  await expect(admin).toHaveURL(/\/admin\/products$/);
  await expect(saveBar).toHaveCount(0);

  // an unchanged form leaves without a question
  await admin.goto('/admin/settings/common');
  await expect(name).toHaveValue(stored);
  await admin.getByRole('link', { name: /All settings/ }).click();
  await expect(admin).toHaveURL(/\/admin\/settings$/);
  await expect(ask).toHaveCount(0);
  await admin.context().close();
});
