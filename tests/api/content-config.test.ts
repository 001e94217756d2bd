import { beforeEach, describe, expect, it } from 'vitest';
import { addImage, clearSettings, putSettings, text, useTestApp } from '../helpers/content-fixtures';
import { shopConfigAnswer } from '../../src/contract/storefront/content';
import { databaseKinds } from '../helpers/test-app';

describe.each(databaseKinds)('GET /config on %s', (kind) => {
  const t = useTestApp(kind);
  beforeEach(async () => {
    await clearSettings(t.app.deps.db);
  });

  const getConfig = (lang?: 'en' | 'ru') => t.getJson(`/config${lang ? `?lang=${lang}` : ''}`);

  it('answers the defaults when nothing is stored', async () => {
    const config = await getConfig();
    expect(config.languages).toEqual(['en', 'ru']);
    expect(config.common).toMatchObject({ sitename: 'Sitename', showAccount: true, favicon: '/favicon.ico', sharedImage: null });
    expect(config.header).toMatchObject({ logo: null, logoMobile: null });
    expect(config.footer).toMatchObject({ logo: null, menuColumns: 4 });
    expect(config.ecommerce).toMatchObject({
      currency: 'USD',
      itemPerPage: 12,
      filter: { template: 'style-h-1' },
      fastOrder: { isShow: false, type: 'enquiry', text: 'Send Enquiry' },
      productWidgetRelatedPosition: 'bottom',
      productReviewsEnabled: true,
      priceFormatSeparator: 'none',
    });
    expect(config.language.current).toBe('en');
    expect(config.styles.content_width).toBe(1170);
    expect(config.media.itemsPerPage).toBe(12);
    expect(Object.keys(config).sort()).toEqual(
      [
        'common',
        'ecommerce',
        'footer',
        'header',
        'language',
        'languages',
        'media',
        'paymentCashOnDelivery',
        'seo',
        'socials',
        'styles',
        'taxes',
        'themes',
      ].sort(),
    );
  });

  it('serves stored texts in the request language', async () => {
    await putSettings(t.app.deps.db, {
      common: { sitename: text('Garden shop', 'Садовый магазин'), phones: ['+971500000000'] },
      ecommerce: { fastOrder: { isShow: true } },
    });
    const en = await getConfig('en');
    expect(en.common.sitename).toBe('Garden shop');
    expect(en.common.phones).toEqual(['+971500000000']);
    expect(en.ecommerce.fastOrder).toEqual({ isShow: true, type: 'enquiry', text: 'Send Enquiry' });
    const ru = await getConfig('ru');
    expect(ru.common.sitename).toBe('Садовый магазин');
    expect(ru.ecommerce.fastOrder.text).toBe('Оставить заявку');
  });

  it('uses the shop language when the request names none', async () => {
    await putSettings(t.app.deps.db, { language: { current: 'ru' }, common: { sitename: text('Shop', 'Магазин') } });
    const config = await getConfig();
    expect(config.language.current).toBe('ru');
    expect(config.common.sitename).toBe('Магазин');
  });

  it('resolves logo, favicon and shared image ids to images', async () => {
    const logo = await addImage(t.app.deps.db, { alt: text('Logo', 'Логотип') });
    const logoMobile = await addImage(t.app.deps.db);
    const footerLogo = await addImage(t.app.deps.db);
    const favicon = await addImage(t.app.deps.db, { mime: 'image/png', extension: 'png' });
    const shared = await addImage(t.app.deps.db);
    await putSettings(t.app.deps.db, {
      header: { logo, logoMobile },
      footer: { logo: footerLogo },
      common: { favicon, sharedImage: shared },
    });
    const config = await getConfig('ru');
    expect(config.header.logo).toMatchObject({ id: logo, alt: 'Логотип', uri: `/uploads/${logo}.jpg`, width: 800, height: 600 });
    expect(config.header.logoMobile.id).toBe(logoMobile);
    expect(config.footer.logo.id).toBe(footerLogo);
    expect(config.common.favicon).toMatchObject({ id: favicon, mime: 'image/png' });
    expect(config.common.sharedImage.id).toBe(shared);
  });

  it('falls back when an image id points nowhere and keeps plain uris', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    await putSettings(t.app.deps.db, {
      header: { logo: missing, logoMobile: '/static/logo.svg' },
      common: { favicon: missing, sharedImage: missing },
    });
    const config = await getConfig();
    expect(config.header.logo).toBeNull();
    expect(config.header.logoMobile).toBe('/static/logo.svg');
    expect(config.common.favicon).toBe('/favicon.ico');
    expect(config.common.sharedImage).toBeNull();
  });

  it('normalises the currency and replaces invalid values', async () => {
    await putSettings(t.app.deps.db, {
      ecommerce: { currency: '€', itemPerPage: 'many' },
      footer: 'broken',
    });
    const config = await getConfig();
    expect(config.ecommerce.currency).toBe('EUR');
    expect(config.ecommerce.itemPerPage).toBe(12);
    expect(config.footer.menuColumns).toBe(4);
  });

  it('answers only the keys the settings declare, whatever older data stored', async () => {
    await putSettings(t.app.deps.db, {
      ecommerce: {
        customFlag: true,
        fastOrder: { isShow: true, legacy: 'x' },
        checkoutPolicy: { show: true, additionalCheckboxes: [{ text: 'Terms', isRequired: true, old: 1 }] },
      },
      common: { sitename: 'Shop', modalCookieAccept: { enabled: true, extra: 'x' }, oldSetting: 'x' },
      header: { logoAlt: 'x' },
      media: { itemsLayout: { desktop: { listColumn: 4, old: 1 } } },
    });
    const config = await getConfig();
    expect(shopConfigAnswer.safeParse(config).success).toBe(true);
    expect(config.ecommerce).not.toHaveProperty('customFlag');
    expect(config.ecommerce.fastOrder).toEqual({ isShow: true, type: 'enquiry', text: 'Send Enquiry' });
    expect(config.ecommerce.checkoutPolicy.additionalCheckboxes).toEqual([{ text: 'Terms', isShown: true, isRequired: true }]);
    expect(config.common.sitename).toBe('Shop');
    expect(config.common).not.toHaveProperty('oldSetting');
    expect(config.common.modalCookieAccept).not.toHaveProperty('extra');
    expect(config.header).not.toHaveProperty('logoAlt');
    expect(config.media.itemsLayout.desktop).toEqual({ listColumn: 4, listAlign: 'flex-start', gap: 32 });
  });
});
