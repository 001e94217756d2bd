import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import BaseLayout from '../../../src/layouts/BaseLayout.astro';
import { shopConfigAnswer, type ShopConfigDto } from '../../../src/contract/storefront/content';
import { adminRequest, createSignedInStaff, expectJson, type TestStaff } from '../../helpers/admin-fixtures';
import { pageContext } from '../../helpers/chrome-fixtures';
import { createTestApp, databaseKinds, type TestApp } from '../../helpers/test-app';
import { context, renderSection, section } from '../../render/section-fixtures';

/**
 * The settings the storefront reads besides spec 3.5's (common.addressCountry, footer.text, footer.copyright,
 * seo.twitterHandle) are declared settings: the owner edits them through the back office's settings API and the
 * storefront shows them, typed by GET /config's strict answer schema.
 */
describe.each(databaseKinds)('settings of the footer, the Twitter card and the phone country (%s)', (kind) => {
  let app: TestApp;
  let owner: TestStaff;
  let container: AstroContainer;

  beforeAll(async () => {
    app = await createTestApp(kind);
    owner = await createSignedInStaff(app, 'owner', 'Olga Owner');
    container = await AstroContainer.create();
  });
  afterAll(async () => {
    await app.close();
  });

  const groupOf = async (group: string) =>
    (
      (await expectJson(await adminRequest(app, '/settings', { cookie: owner.cookie }), 200)).groups as {
        group: string;
        value: any;
        version: number;
      }[]
    ).find((g) => g.group === group)!;
  const put = (group: string, body: unknown) =>
    adminRequest(app, `/settings/${group}`, { method: 'PUT', cookie: owner.cookie, body: JSON.stringify(body) });
  const save = async (group: string, change: Record<string, unknown>) => {
    const { value, version } = await groupOf(group);
    return expectJson(await put(group, { value: { ...value, ...change }, version }), 200);
  };

  it('the owner sets each through the settings API and sees it on the storefront, in both languages', async () => {
    // declared with their defaults: the back office form shows them before they were ever saved
    expect((await groupOf('common')).value.addressCountry).toBe('');
    expect((await groupOf('footer')).value).toMatchObject({ text: '', copyright: '' });
    expect((await groupOf('seo')).value.twitterHandle).toBe('');

    await save('common', { addressCountry: 'GB' });
    await save('footer', {
      text: { en: 'Lamps made by hand in Leeds.', ru: 'Лампы ручной работы из Лидса.' },
      copyright: { en: '© Lantern Works', ru: '© Фонарная мастерская' },
    });
    await save('seo', { twitterHandle: 'lanternworks' });
    // a handle Twitter would not accept is refused on its field, and nothing is written
    const seo = await groupOf('seo');
    const refused = await expectJson(
      await put('seo', { value: { ...seo.value, twitterHandle: 'not a handle!' }, version: seo.version }),
      400,
    );
    expect(refused.errors.children.value.children.twitterHandle.errors).toHaveLength(1);
    // a country code that is not one is refused too
    const common = await groupOf('common');
    const noCountry = await expectJson(
      await put('common', { value: { ...common.value, addressCountry: 'XX' }, version: common.version }),
      400,
    );
    expect(noCountry.errors.children.value.children.addressCountry.errors).toHaveLength(1);

    for (const [lang, about, copyright] of [
      ['en', 'Lamps made by hand in Leeds.', '© Lantern Works'],
      ['ru', 'Лампы ручной работы из Лидса.', '© Фонарная мастерская'],
    ] as const) {
      const config = (await expectJson(await app.request('/config', { headers: { 'x-shop-language': lang } }), 200)) as ShopConfigDto;
      const parsed = shopConfigAnswer.safeParse(config);
      expect(parsed.error?.issues ?? []).toEqual([]);
      expect([config.common.addressCountry, config.footer.text, config.footer.copyright, config.seo.twitterHandle]).toEqual([
        'GB',
        about,
        copyright,
        'lanternworks',
      ]);

      const html = await container.renderToString(BaseLayout, {
        props: { ctx: pageContext(config, lang), title: 'Lamps' },
        slots: { default: '<p>Body</p>' },
        request: new Request('https://shop.test/lamps'),
      });
      const document = new JSDOM(html).window.document;
      expect(document.querySelector('meta[name="twitter:site"]')?.getAttribute('content')).toBe('@lanternworks');
      expect(document.querySelector('.site-footer__about')?.textContent).toBe(about);
      expect(document.querySelector('.site-footer__copyright')?.textContent).toBe(copyright);

      // the enquiry form's phone field starts from the shop's country
      const form = await renderSection(section('SectionForm1', { form: { button: 'Send' } }), context({ settings: config, lang }));
      expect(form!.querySelector('.phone-picker__code')?.textContent).toBe('GB');
    }
  });

  it('a key a group of GET /config does not declare fails its answer schema, at any depth', async () => {
    const config = await expectJson(await app.request('/config'), 200);
    expect(shopConfigAnswer.safeParse(config).success).toBe(true);
    for (const group of ['common', 'footer', 'seo', 'ecommerce'] as const) {
      expect(shopConfigAnswer.safeParse({ ...config, [group]: { ...config[group], undeclared: 'x' } }).success, group).toBe(false);
    }
    expect(
      shopConfigAnswer.safeParse({
        ...config,
        seo: { ...config.seo, metaTemplates: { ...config.seo.metaTemplates, product: { ...config.seo.metaTemplates.product, extra: 1 } } },
      }).success,
    ).toBe(false);
  });
});
