import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETTINGS_GROUPS, DEFAULT_SETTINGS } from '../../../src/lib/settings';
import { settingsGroupFields, strictSettingsSchema } from '../../../src/lib/settings-form';
import { deliverRemote, onInvalidate } from '../../../src/server/cache/invalidation';
import { loadSettingsRows } from '../../../src/server/api/core/settings-store';
import { auditLog, settings } from '../../../src/server/db/schema';
import { adminRequest, createSignedInStaff, expectJson, type TestStaff } from '../../helpers/admin-fixtures';
import { createTestApp, databaseKinds, type TestApp } from '../../helpers/test-app';
import { createUser } from '../../helpers/users-fixtures';

describe('settings forms from the settings schema', () => {
  it('finds a field for every group, and the defaults pass the strict schema of their group', () => {
    for (const group of SETTINGS_GROUPS) {
      expect(settingsGroupFields(group).kind).toBe('object');
      const parsed = strictSettingsSchema(group).safeParse(DEFAULT_SETTINGS[group]);
      expect(parsed.success, `${group}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
    }
  });

  it('knows lists, bilingual texts, numbers with bounds, images, colours and fonts', () => {
    const common = new Map(settingsGroupFields('common').fields);
    expect(common.get('phones')).toEqual({ kind: 'list', item: { kind: 'string', minLength: 0, multiline: false } });
    expect(common.get('sitename')).toEqual({ kind: 'text' });
    expect(common.get('sharedImage')).toEqual({ kind: 'image' });
    expect(new Map(settingsGroupFields('footer').fields).get('menuColumns')).toEqual({ kind: 'number', min: 1, max: 12, integer: true });
    const styles = new Map(settingsGroupFields('styles').fields);
    expect(styles.get('fontFamilyBody')).toMatchObject({ kind: 'choice', options: expect.arrayContaining(['Montserrat', 'Roboto']) });
    expect(styles.get('colors')).toMatchObject({ kind: 'object', fields: expect.arrayContaining([['accent', { kind: 'color' }]]) });
    const checkboxes = new Map(settingsGroupFields('ecommerce').fields).get('checkoutPolicy');
    expect(checkboxes).toMatchObject({
      kind: 'object',
      fields: expect.arrayContaining([['additionalCheckboxes', expect.objectContaining({ kind: 'list' })]]),
    });
  });
});

describe.each(databaseKinds)('back office settings (%s)', (kind) => {
  let app: TestApp;
  let owner: TestStaff;
  let manager: TestStaff;
  const tags: string[] = [];
  let stopListening: () => void;

  beforeAll(async () => {
    app = await createTestApp(kind);
    owner = await createSignedInStaff(app, 'owner', 'Olga Owner');
    manager = await createSignedInStaff(app, 'manager', 'Max Manager');
    stopListening = onInvalidate((t) => void tags.push(...t));
  });
  afterAll(async () => {
    stopListening();
    await app.close();
  });

  const getAll = async (who: TestStaff = manager) =>
    (await expectJson(await adminRequest(app, '/settings', { cookie: who.cookie }), 200)).groups as {
      group: string;
      value: any;
      version: number;
    }[];
  const groupOf = async (group: string, who: TestStaff = manager) => (await getAll(who)).find((g) => g.group === group)!;
  const put = (group: string, body: unknown, who: TestStaff | null = manager, headers: Record<string, string> = {}) =>
    adminRequest(app, `/settings/${group}`, { method: 'PUT', cookie: who?.cookie ?? null, body: JSON.stringify(body), headers });

  it('lists every group with its value over the defaults and its version (0 until first saved)', async () => {
    const groups = await getAll();
    expect(groups.map((g) => g.group)).toEqual(SETTINGS_GROUPS);
    const footer = groups.find((g) => g.group === 'footer')!;
    expect(footer).toMatchObject({ version: 0, value: { menuColumns: 4 } });
  });

  it('saves a group: versioned, audited, the settings cache tag invalidated, and the storefront reads it at once', async () => {
    const common = await groupOf('common');
    // the shop's settings are read (and cached) by the storefront before the change
    expect(await expectJson(await app.request('/config'), 200)).toBeTruthy();
    tags.length = 0;
    const value = { ...common.value, sitename: { en: 'Lantern Works', ru: 'Фонарная мастерская' }, phones: ['+1 212 555 0100'] };
    const saved = await expectJson(await put('common', { value, version: common.version }), 200);
    expect(saved).toMatchObject({
      group: 'common',
      version: common.version + 1,
      value: { sitename: { en: 'Lantern Works' }, phones: ['+1 212 555 0100'] },
    });
    expect(tags).toEqual(['settings']);
    const [row] = await app.deps.db.select().from(settings).where(eq(settings.group, 'common'));
    expect(row).toMatchObject({ version: saved.version, value: expect.objectContaining({ phones: ['+1 212 555 0100'] }) });
    const [entry] = await app.deps.db.select().from(auditLog).where(eq(auditLog.entityId, 'common'));
    expect(entry).toMatchObject({
      action: 'settings.update',
      entityType: 'settings',
      staffName: 'Max Manager',
      after: { version: saved.version },
    });
    // no stale copy: the very next storefront request sees the new settings
    const config = await expectJson(await app.request('/config', { headers: { 'x-shop-language': 'ru' } }), 200);
    expect(JSON.stringify(config)).toContain('Фонарная мастерская');
    // a second save starts from the version it got
    const again = await expectJson(await put('common', { value: { ...value, telegram: 'lanterns' }, version: saved.version }), 200);
    expect(again.version).toBe(saved.version + 1);
  });

  it('drops the cached settings when another instance announces a settings change', async () => {
    const at = Date.now(); // one moment for every read: only the announcement may drop the cache
    const before = await loadSettingsRows(app.deps.db, at);
    // another instance saved the socials: this one hears the tag through the invalidation seam
    await app.deps.db
      .update(settings)
      .set({ value: { vk: 'https://vk.com/elsewhere' } })
      .where(eq(settings.group, 'socials'));
    await app.deps.db
      .insert(settings)
      .values({ group: 'socials', value: { vk: 'https://vk.com/elsewhere' } })
      .onConflictDoNothing();
    expect(await loadSettingsRows(app.deps.db, at)).toBe(before);
    await deliverRemote(['settings']);
    expect((await loadSettingsRows(app.deps.db, at)).socials).toEqual({ vk: 'https://vk.com/elsewhere' });
  });

  it('answers 409 for a stale version (and for a group saved meanwhile), writing nothing', async () => {
    const footer = await groupOf('footer');
    const first = await expectJson(await put('footer', { value: { ...footer.value, menuColumns: 3 }, version: footer.version }), 200);
    const stale = await expectJson(await put('footer', { value: { ...footer.value, menuColumns: 5 }, version: footer.version }), 409);
    expect(stale.errors.children.version).toBeTruthy();
    expect((await groupOf('footer')).value.menuColumns).toBe(3);
    expect((await groupOf('footer')).version).toBe(first.version);
  });

  it('saves a menu look field by field and refuses a colour that is not one, on its path', async () => {
    const header = await groupOf('header');
    const look = { color: '#222222', colorHover: '#c3643f', fontSize: 15, fontWeight: '600', textTransform: 'uppercase' };
    const saved = await expectJson(await put('header', { value: { ...header.value, menuOptions: look }, version: header.version }), 200);
    expect(saved.value.menuOptions).toEqual(look);
    const bad = { ...header.value, menuOptions: { ...look, color: 'red; background: url(x)' } };
    const refused = await expectJson(await put('header', { value: bad, version: saved.version }), 400);
    expect(JSON.stringify(refused.errors)).toContain('Use a colour such as #c3643f.');
  });

  it('refuses bad values with messages on the exact field path', async () => {
    const styles = await groupOf('styles');
    const bad = await expectJson(
      await put('styles', {
        value: {
          ...styles.value,
          content_width: 10,
          fontFamilyBody: 'Comic Sans',
          colors: { accent: 'url(javascript:x)' },
          fontSize: { ...styles.value.fontSize, h1: { ...styles.value.fontSize.h1, mobile: 'big' } },
        },
        version: styles.version,
      }),
      400,
    );
    const value = bad.errors.children.value.children;
    expect(value.content_width.errors).toHaveLength(1);
    expect(value.fontFamilyBody.errors).toHaveLength(1);
    expect(value.colors.children.accent.errors).toHaveLength(1);
    expect(value.fontSize.children.h1.children.mobile.errors).toHaveLength(1);
    const common = await groupOf('common');
    const missing = await expectJson(
      await put('common', { value: { ...common.value, phones: ['ok', 5], showAccount: 'yes' }, version: common.version }),
      400,
    );
    expect(missing.errors.children.value.children.phones.children['1'].errors).toHaveLength(1);
    expect(missing.errors.children.value.children.showAccount.errors).toHaveLength(1);
    await expectJson(await put('nonsense', { value: {}, version: 0 }), 400);
    await expectJson(await put('common', { value: common.value }), 400);
    expect((await groupOf('styles')).version).toBe(styles.version);
  });

  it('refuses a key the group does not declare, at any depth, naming it in the request language; writes nothing', async () => {
    const common = await groupOf('common');
    const value = {
      ...common.value,
      oldSetting: 'x',
      modalCookieAccept: { ...common.value.modalCookieAccept, extra: 1 },
      sitename: { en: 'A', ru: 'Б', de: 'C' },
    };
    const en = await expectJson(await put('common', { value, version: common.version }), 400);
    expect(['value.oldSetting', 'value.modalCookieAccept.extra', 'value.sitename.de']).toContain(en.errorPath);
    const fields = en.errors.children.value.children;
    expect(fields.oldSetting.errors).toEqual(['This field was not expected.']);
    expect(fields.modalCookieAccept.children.extra.errors).toEqual(['This field was not expected.']);
    expect(fields.sitename.children.de.errors).toEqual(['This field was not expected.']);
    const ru = await expectJson(
      await put('common', { value: { ...common.value, oldSetting: 'x' }, version: common.version }, manager, { 'x-shop-language': 'ru' }),
      400,
    );
    expect(ru.errors.children.value.children.oldSetting.errors).toEqual(['Такое поле не предусмотрено.']);
    const after = await groupOf('common');
    expect(after.version).toBe(common.version);
    expect(after.value).not.toHaveProperty('oldSetting');
  });

  it('reads a stored group without the keys it does not declare, so the form saves it back as read', async () => {
    const stored = { ...DEFAULT_SETTINGS.socials, vk: 'https://vk.com/lanterns', myspace: 'old', nested: { x: 1 } };
    await app.deps.db
      .insert(settings)
      .values({ group: 'socials', value: stored, version: 7, updatedAt: new Date() })
      .onConflictDoUpdate({ target: settings.group, set: { value: stored, version: 7 } });
    const socials = await groupOf('socials');
    expect(socials.value).toEqual({ ...DEFAULT_SETTINGS.socials, vk: 'https://vk.com/lanterns' });
    const config = await expectJson(await app.request('/config'), 200);
    expect(config.socials).not.toHaveProperty('myspace');
    const saved = await expectJson(await put('socials', { value: socials.value, version: socials.version }), 200);
    expect(saved.version).toBe(8);
    const [row] = await app.deps.db.select().from(settings).where(eq(settings.group, 'socials'));
    expect(row!.value).toEqual(socials.value);
  });

  it('lets the owner save too; refuses no session, a customer token and a write without the back office header', async () => {
    const socials = await groupOf('socials', owner);
    await expectJson(
      await put('socials', { value: { ...socials.value, instagram: 'https://instagram.com/lanterns' }, version: socials.version }, owner),
      200,
    );
    await expectJson(await put('socials', { value: socials.value, version: 1 }, null), 401);
    const customer = await createUser(app);
    expect((await adminRequest(app, '/settings', { headers: { authorization: `Bearer ${customer.token}` } })).status).toBe(401);
    await expectJson(await put('socials', { value: socials.value, version: 1 }, null, { authorization: `Bearer ${customer.token}` }), 401);
    expect(
      (
        await adminRequest(app, '/settings/socials', {
          method: 'PUT',
          cookie: manager.cookie,
          csrf: false,
          body: JSON.stringify({ value: socials.value, version: 1 }),
        })
      ).status,
    ).toBe(403);
  });
});
