import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { adminRequest, createSignedInStaff, expectJson, type TestStaff } from '../helpers/admin-fixtures';
import { addImage, putSettings, uniqueSlug } from '../helpers/content-fixtures';
import { deliverRemote } from '../../src/server/cache/invalidation';
import { settings } from '../../src/server/db/schema';
import { createTestApp, databaseKinds, type TestApp } from '../helpers/test-app';

/**
 * What each instance keeps in memory for every page (the stored redirects, the menus, the images the
 * settings show) is read once and dropped by the back office's writes: a write is seen at once.
 */
describe.each(databaseKinds)('values kept per instance follow the back office (%s)', (kind) => {
  let app: TestApp;
  let manager: TestStaff;

  beforeAll(async () => {
    app = await createTestApp(kind);
    manager = await createSignedInStaff(app, 'manager', 'Max Manager');
  });
  afterAll(async () => {
    await app.close();
  });

  const call = (method: string, path: string, body?: unknown) =>
    adminRequest(app, path, { method, cookie: manager.cookie, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  const redirectOf = async (from: string) => {
    const response = await app.request(`/redirects?from=${encodeURIComponent(from)}`);
    return response.status === 404 ? null : ((await expectJson(response, 200)) as { to: string }).to;
  };

  it('answers a redirect as soon as it is created, edited or deleted', async () => {
    const from = `/${uniqueSlug('gone')}`;
    expect(await redirectOf(from)).toBeNull();
    const created = await expectJson(await call('POST', '/redirects', { fromPath: from, toPath: '/catalogs/chairs' }), 201);
    expect(await redirectOf(from)).toBe('/catalogs/chairs');
    expect(await redirectOf(`${from.toUpperCase()}/`)).toBe('/catalogs/chairs');
    await expectJson(await call('PUT', `/redirects/${created.id}`, { fromPath: from, toPath: '/catalogs/tables', version: 1 }), 200);
    expect(await redirectOf(from)).toBe('/catalogs/tables');
    expect((await call('DELETE', `/redirects/${created.id}?version=2`)).status).toBe(204);
    expect(await redirectOf(from)).toBeNull();
  });

  it('shows a saved menu at once', async () => {
    const before = await expectJson(await app.request('/menus/batch?names=footer'), 200);
    const { version } = await expectJson(await call('GET', '/menus/footer'), 200);
    await expectJson(
      await call('PUT', '/menus/footer', {
        version,
        items: [{ title: { en: 'Delivery', ru: 'Доставка' }, link: { type: 'page', url: 'delivery' } }],
      }),
      200,
    );
    const after = await expectJson(await app.request('/menus/batch?names=footer'), 200);
    expect(after.footer.map((item: { title: string; url: string }) => [item.title, item.url])).toEqual([['Delivery', '/delivery']]);
    expect(after).not.toEqual(before);
  });

  it("shows an edited logo's texts at once", async () => {
    const logo = await addImage(app.deps.db);
    await putSettings(app.deps.db, { header: { logo } });
    expect((await expectJson(await app.request('/config'), 200)).header.logo).toMatchObject({ id: logo, alt: 'Alt' });
    await expectJson(
      await call('PATCH', `/media/${logo}`, { alt: { en: 'Shop logo', ru: 'Логотип' }, title: { en: '', ru: '' }, version: 1 }),
      200,
    );
    expect((await expectJson(await app.request('/config'), 200)).header.logo).toMatchObject({ id: logo, alt: 'Shop logo' });
  });

  it('shows saved settings at once, and settings another instance saved as soon as its invalidation arrives', async () => {
    const siteNameOf = async () => (await expectJson(await app.request('/config'), 200)).common.sitename as string;
    const { groups } = (await expectJson(await call('GET', '/settings'), 200)) as {
      groups: { group: string; value: Record<string, unknown>; version: number }[];
    };
    const { value: common, version } = groups.find((g) => g.group === 'common')!;
    await expectJson(
      await call('PUT', '/settings/common', { version, value: { ...common, sitename: { en: 'Saved here', ru: 'Сохранено здесь' } } }),
      200,
    );
    expect(await siteNameOf()).toBe('Saved here');
    // another instance writes the row and announces it: until the announcement arrives this instance keeps its settings
    await app.deps.db
      .update(settings)
      .set({ value: { ...common, sitename: { en: 'Saved elsewhere', ru: 'Сохранено там' } } })
      .where(eq(settings.group, 'common'));
    expect(await siteNameOf()).toBe('Saved here');
    // kept longer than a few seconds: an uncached page costs no settings query
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 10 * 60_000);
      expect(await siteNameOf()).toBe('Saved here');
    } finally {
      vi.useRealTimers();
    }
    await deliverRemote(['settings']);
    expect(await siteNameOf()).toBe('Saved elsewhere');
  });
});
