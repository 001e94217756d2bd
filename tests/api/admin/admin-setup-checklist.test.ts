import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, pages, sections } from '../../../src/server/db/schema';
import { adminRequest, createSignedInStaff, expectJson, type TestStaff } from '../../helpers/admin-fixtures';
import { commerceFixtures, orderBody, type CommerceFixtures } from '../../helpers/commerce-fixtures';
import { createTestApp, databaseKinds, type TestApp } from '../../helpers/test-app';

describe.each(databaseKinds)("the dashboard's guided start (%s)", (kind) => {
  let app: TestApp;
  let fx: CommerceFixtures;
  let owner: TestStaff;
  let manager: TestStaff;

  beforeAll(async () => {
    app = await createTestApp(kind);
    fx = commerceFixtures(app);
    owner = await createSignedInStaff(app, 'owner', 'Olga Owner');
    manager = await createSignedInStaff(app, 'manager', 'Max Manager');
  });
  afterAll(async () => {
    await app.close();
  });

  const checklist = async () => (await expectJson(await adminRequest(app, '/dashboard', { cookie: manager.cookie }), 200)).setup;
  const doneSteps = async () =>
    (await checklist()).steps.filter((step: { done: boolean }) => step.done).map((step: { key: string }) => step.key);
  const dismiss = (who: TestStaff, dismissed: boolean) =>
    adminRequest(app, '/setup-checklist', { method: 'PUT', cookie: who.cookie, body: JSON.stringify({ dismissed }) });

  it('ticks each step as the shop gets it, in the order the owner does them', async () => {
    expect(await checklist()).toEqual({
      dismissed: false,
      steps: ['logoAndContacts', 'product', 'delivery', 'payment', 'homepage', 'testOrder'].map((key) => ({ key, done: false })),
    });

    // a logo alone is not enough: the shop needs a way to be reached too
    await fx.setSettings('header', { logo: randomUUID() });
    expect(await doneSteps()).toEqual([]);
    await fx.setSettings('common', { emails: ['hello@clay.test'] });
    expect(await doneSteps()).toEqual(['logoAndContacts']);

    // a hidden product does not count; one on sale does
    const hidden = await fx.product({ enabled: false });
    expect(hidden.productId).toBeTruthy();
    expect(await doneSteps()).toEqual(['logoAndContacts']);
    const product = await fx.product();
    expect(await doneSteps()).toEqual(['logoAndContacts', 'product']);

    const cash = await fx.paymentMethod({ kind: 'cash', enabled: false });
    expect(await doneSteps()).not.toContain('payment');
    const enabled = await fx.paymentMethod({ kind: 'cash' });
    const store = await fx.location({ paymentMethodCodes: [enabled, cash] });
    expect(await doneSteps()).toEqual(['logoAndContacts', 'product', 'delivery', 'payment']);

    const home = randomUUID();
    await app.deps.db.insert(pages).values({ id: home, slug: 'home', type: 'homepage', title: { en: 'Home', ru: 'Главная' } });
    expect(await doneSteps()).not.toContain('homepage');
    await app.deps.db.insert(sections).values({ id: randomUUID(), ownerType: 'page', ownerId: home, type: 'text', position: 0 });
    expect(await doneSteps()).toContain('homepage');

    await expectJson(
      await app.request('/orders', {
        method: 'POST',
        json: orderBody([{ variationId: product.variationId, quantity: 1 }], { locationId: store.id }, enabled),
      }),
      201,
    );
    expect(await doneSteps()).toEqual(['logoAndContacts', 'product', 'delivery', 'payment', 'homepage', 'testOrder']);
  });

  it('is put away by the owner only, audited, and can be brought back', async () => {
    const refused = await dismiss(manager, true);
    expect(refused.status).toBe(403);
    expect((await checklist()).dismissed).toBe(false);

    const put = await expectJson(await dismiss(owner, true), 200);
    expect(put.dismissed).toBe(true);
    expect((await checklist()).dismissed).toBe(true);
    const audit = await app.deps.db.select().from(auditLog).where(eq(auditLog.entityId, 'setupChecklist'));
    expect(audit).toEqual([expect.objectContaining({ action: 'setupChecklist.dismiss', staffId: owner.id, after: { dismissed: true } })]);

    // the settings forms and the storefront's config never see the row
    const settingsAnswer = await expectJson(await adminRequest(app, '/settings', { cookie: owner.cookie }), 200);
    expect(settingsAnswer.groups.map((g: { group: string }) => g.group)).not.toContain('setupChecklist');
    expect(Object.keys(await (await app.request('/config')).json())).not.toContain('setupChecklist');

    expect((await expectJson(await dismiss(owner, false), 200)).dismissed).toBe(false);
    const bad = await adminRequest(app, '/setup-checklist', { method: 'PUT', cookie: owner.cookie, body: JSON.stringify({}) });
    expect(bad.status).toBe(400);
  });
});
