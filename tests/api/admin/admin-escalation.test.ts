import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILDER_SETTINGS_GROUPS, hasCapability, STAFF_CAPABILITIES } from '../../../src/contract/admin';
import { SETTINGS_CODE_FIELDS } from '../../../src/lib/settings';
import { invalidateSettings } from '../../../src/server/api/core/settings-store';
import { CODE_SOURCES_ROW } from '../../../src/server/policy-sources';
import { codeSources } from '../../../src/server/security-headers';
import { auditLog, settings, staffUsers } from '../../../src/server/db/schema';
import { adminRequest, createSignedInStaff, expectJson, type TestStaff } from '../../helpers/admin-fixtures';
import { createTestApp, databaseKinds, type TestApp } from '../../helpers/test-app';

const SCRIPT = '<script>window.__owned = true</script>';
const HANDLER = '<img src="x" onerror="window.__owned = true">';

/**
 * A manager cannot become owner: the settings that put script on the storefront are the owner's (`edit_code`), what
 * else a manager writes is cleaned as rich text, and the writes that hand the shop over ask for the password again.
 */
describe.each(databaseKinds)('a manager cannot take the shop over (%s)', (kind) => {
  let app: TestApp;
  let owner: TestStaff;
  let manager: TestStaff;

  beforeAll(async () => {
    app = await createTestApp(kind);
    owner = await createSignedInStaff(app, 'owner', 'Olga Owner');
    manager = await createSignedInStaff(app, 'manager', 'Max Manager');
  });
  afterAll(async () => {
    await app.close();
  });

  const group = async (name: string, who: TestStaff) =>
    (
      (await expectJson(await adminRequest(app, '/settings', { cookie: who.cookie }), 200)).groups as {
        group: string;
        value: any;
        version: number;
      }[]
    ).find((g) => g.group === name)!;
  const put = (name: string, who: TestStaff, body: unknown) =>
    adminRequest(app, `/settings/${name}`, { method: 'PUT', cookie: who.cookie, body: JSON.stringify(body) });
  const config = async () => expectJson(await app.request('/config'), 200);

  it('only the owner has the capabilities; the builder edits no group with code in it', () => {
    expect(STAFF_CAPABILITIES.every((capability) => hasCapability('owner', capability))).toBe(true);
    expect(STAFF_CAPABILITIES.some((capability) => hasCapability('manager', capability))).toBe(false);
    for (const builderGroup of BUILDER_SETTINGS_GROUPS) expect(SETTINGS_CODE_FIELDS[builderGroup]).toBeUndefined();
  });

  it('refuses a manager every code field (403 on the field), keeps their other SEO edits, and lets the owner write code', async () => {
    const seo = await group('seo', manager);
    for (const field of SETTINGS_CODE_FIELDS.seo!) {
      const refused = await expectJson(
        await put('seo', manager, {
          value: { ...seo.value, [field]: field.startsWith('custom') ? SCRIPT : 'GTM-ATTACKER' },
          version: seo.version,
        }),
        403,
      );
      expect(refused.errors.children.value.children[field].errors[0]).toMatch(/owner/i);
    }
    expect((await group('seo', owner)).version).toBe(seo.version);
    // the same code as stored passes: a manager still saves the group's other fields
    const saved = await expectJson(
      await put('seo', manager, { value: { ...seo.value, robots: 'Disallow: /tmp' }, version: seo.version }),
      200,
    );
    expect(saved.value.robots).toBe('Disallow: /tmp');
    const ownerSaved = await expectJson(
      await put('seo', owner, { value: { ...saved.value, customCode: '<script>console.log("owner")</script>' }, version: saved.version }),
      200,
    );
    expect(ownerSaved.value.customCode).toContain('<script>');
    // hashed for the Content-Security-Policy as the owner saves it
    const hashed = async () => (await app.deps.db.select().from(settings).where(eq(settings.group, CODE_SOURCES_ROW)))[0]?.value;
    expect(await hashed()).toEqual(codeSources('<script>console.log("owner")</script>\n'));
    // and once the owner's code is there, a manager's save that keeps it passes
    await expectJson(await put('seo', manager, { value: { ...ownerSaved.value, robots: '' }, version: ownerSaved.version }), 200);
    expect(await hashed()).toEqual(codeSources('<script>console.log("owner")</script>\n'));
  });

  it('cleans every rich-text setting a manager writes, and a raw value already stored when read', async () => {
    const ecommerce = await group('ecommerce', manager);
    const box = { text: `Terms ${HANDLER}`, isShown: true, isRequired: false };
    const saved = await expectJson(
      await put('ecommerce', manager, {
        value: {
          ...ecommerce.value,
          shippingPolicy: { en: `<p>Ships in 2 days</p>${SCRIPT}`, ru: `<p>2 дня</p>${HANDLER}` },
          refundPolicy: `<p>30 days</p><a href="javascript:alert(1)">x</a>`,
          checkoutPolicy: { ...ecommerce.value.checkoutPolicy, text: `I agree ${SCRIPT}`, additionalCheckboxes: [box] },
          leadsPopupPolicy: { ...ecommerce.value.leadsPopupPolicy, text: `I agree ${HANDLER}`, additionalCheckboxes: [box] },
        },
        version: ecommerce.version,
      }),
      200,
    );
    const text = JSON.stringify(saved.value);
    expect(text).toContain('Ships in 2 days');
    expect(text).not.toMatch(/<script|onerror|javascript:/i);
    const [stored] = await app.deps.db.select().from(settings).where(eq(settings.group, 'ecommerce'));
    expect(JSON.stringify(stored!.value)).not.toMatch(/<script|onerror|javascript:/i);

    // stored before the rule (or by any other way in): cleaned when the storefront reads it
    await app.deps.db
      .update(settings)
      .set({ value: { ...stored!.value, shippingPolicy: `<p>Old</p>${SCRIPT}${HANDLER}` } })
      .where(eq(settings.group, 'ecommerce'));
    invalidateSettings(app.deps.db);
    const served = await config();
    expect(served.ecommerce.shippingPolicy).toContain('Old');
    expect(JSON.stringify(served.ecommerce)).not.toMatch(/<script|onerror/i);
  });

  it('asks for the acting owner password again to change roles, disable, invite and change payment credentials', async () => {
    const [row] = await app.deps.db.select().from(staffUsers).where(eq(staffUsers.id, manager.id));
    const patch = (body: Record<string, unknown>) =>
      adminRequest(app, `/staff/${manager.id}`, { method: 'PATCH', cookie: owner.cookie, body: JSON.stringify(body) });
    const missing = await expectJson(await patch({ role: 'owner', version: row!.version }), 403);
    expect(missing.errors.children.currentPassword.errors[0]).toMatch(/password/i);
    const wrong = await expectJson(await patch({ role: 'owner', version: row!.version, currentPassword: 'not it' }), 403);
    expect(wrong.errors.children.currentPassword.errors[0]).toMatch(/incorrect/i);
    const disable = await expectJson(await patch({ disabled: true, version: row!.version }), 403);
    expect(disable.errors.children.currentPassword).toBeTruthy();
    const invite = await expectJson(
      await adminRequest(app, '/staff', {
        method: 'POST',
        cookie: owner.cookie,
        body: JSON.stringify({ email: 'new.owner@staff.test', name: 'New', role: 'owner' }),
      }),
      403,
    );
    expect(invite.errors.children.currentPassword).toBeTruthy();
    const credentials = await expectJson(
      await adminRequest(app, '/payment-methods/cash/settings', {
        method: 'PUT',
        cookie: owner.cookie,
        body: JSON.stringify({ settings: {}, version: 1 }),
      }),
      403,
    );
    expect(credentials.errors.children.currentPassword).toBeTruthy();
    // nothing changed, and nothing was audited
    const [after] = await app.deps.db.select().from(staffUsers).where(eq(staffUsers.id, manager.id));
    expect(after).toMatchObject({ role: 'manager', disabled: false, version: row!.version });
    const audits = await app.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, manager.id), eq(auditLog.action, 'staff.update')));
    expect(audits).toEqual([]);

    // with the password the owner changes the role, audited as theirs
    const changed = await expectJson(await patch({ role: 'owner', version: row!.version, currentPassword: owner.password }), 200);
    expect(changed.role).toBe('owner');
    await expectJson(await patch({ role: 'manager', version: changed.version, currentPassword: owner.password }), 200);
  });

  it('counts wrong step-up passwords against the sign-in limits', async () => {
    const [row] = await app.deps.db.select().from(staffUsers).where(eq(staffUsers.id, manager.id));
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 7; attempt += 1) {
      const response = await adminRequest(app, `/staff/${manager.id}`, {
        method: 'PATCH',
        cookie: owner.cookie,
        headers: { 'x-shop-client-ip': '203.0.113.77' },
        body: JSON.stringify({ disabled: true, version: row!.version, currentPassword: `guess ${attempt}` }),
      });
      statuses.push(response.status);
      if (response.status === 429) expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect(statuses.slice(0, 5)).toEqual([403, 403, 403, 403, 403]);
    expect(statuses.at(-1)).toBe(429);
  });
});
