import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SETTINGS, FONTS, fillMetaTemplate, parseSettings } from '../../src/lib/settings';

describe('shop settings defaults (spec 3.5 and 9)', () => {
  const s = DEFAULT_SETTINGS;

  it('has the common, header and footer defaults', () => {
    expect(s.common).toMatchObject({
      type: 'ecommerce',
      sitename: 'Sitename',
      showAccount: true,
      favicon: '/favicon.ico',
      sharedImage: null,
      phones: [],
    });
    expect(s.common.modalCookieAccept).toMatchObject({ enabled: false, title: { en: 'This website uses cookies' } });
    expect(s.common.modalAgeVerification).toMatchObject({ enabled: false, title: { en: 'Are you 18 years of age or older?' } });
    expect(s.common.whatsappShowOnWidgetDesktop).toBe(true);
    expect(s.header).toMatchObject({ logo: null, logoMobile: null });
    expect(s.footer).toMatchObject({ logo: null, menuColumns: 4 });
  });

  it('has the ecommerce defaults', () => {
    expect(s.ecommerce).toMatchObject({
      currency: 'USD',
      itemPerPage: 12,
      filter: { enabled: true, template: 'style-h-1' },
      fastOrder: { isShow: false, type: 'enquiry', text: { en: 'Send Enquiry' } },
      productWidgetRelatedPosition: 'bottom',
      productReviewsEnabled: true,
      priceFormatSeparator: 'none',
      showQuantity: 'always',
      defaultColumns: { desktop: 4, tablet: 2, mobile: 2 },
    });
    for (const policy of [s.ecommerce.leadsPopupPolicy, s.ecommerce.checkoutPolicy]) {
      expect(policy).toEqual({ show: false, enabledByDefault: false, text: '', additionalCheckboxes: [] });
    }
  });

  it('has the media, language and seo defaults', () => {
    expect(s.media.itemsPerPage).toBe(12);
    expect(s.media.pageStyle).toEqual({ showAuthor: true, showComments: true, showDate: true, showTableOfContent: true });
    expect(s.media.itemsStyle.showTags).toBe(true);
    expect(s.language.current).toBe('en');
    expect(s.seo.metaTemplates.page).toEqual({ h1: '{name}', title: '{name}', description: '' });
    expect(s.seo.metaTemplates.article.title).toBe('{name}');
  });

  it('has the theme defaults', () => {
    expect(s.styles.content_width).toBe(1170);
    expect(s.styles.fontFamilyBody).toBe('Montserrat');
    expect(s.styles.fontSize).toEqual({
      body: { desktop: 16, tablet: 16, mobile: 14 },
      h1: { desktop: 39, tablet: 39, mobile: 26 },
      h2: { desktop: 31, tablet: 31, mobile: 24 },
      h3: { desktop: 24, tablet: 24, mobile: 20 },
      h4: { desktop: 20, tablet: 20, mobile: 18 },
    });
    expect(s.styles.borderRadius).toEqual({ block: 16, button: 8, input: 8 });
    expect(s.themes.fonts).toEqual([...FONTS]);
    expect(FONTS).toContain('Montserrat');
    expect(FONTS).toHaveLength(15);
  });
});

describe('parseSettings', () => {
  it('merges stored values over the defaults and drops keys the groups do not declare', () => {
    const s = parseSettings({
      common: { sitename: 'My shop', customFlag: 'kept', phones: ['+971 50 000 0000'] },
      footer: { menuColumns: 3 },
      tracking: { ignored: true },
    });
    expect(s.common.sitename).toBe('My shop');
    expect(s.common.showAccount).toBe(true);
    expect(Object.keys(s.common)).not.toContain('customFlag');
    expect(s.common.phones).toEqual(['+971 50 000 0000']);
    expect(s.footer.menuColumns).toBe(3);
    expect(s.header.logo).toBeNull();
    expect(Object.keys(s)).not.toContain('tracking');
  });

  it('replaces invalid values by their defaults instead of throwing', () => {
    const s = parseSettings({
      common: { sitename: 42, showAccount: 'yes', favicon: '', phones: 'single', emails: ['a@b.co', 7, null] },
      header: 'not an object',
      footer: { menuColumns: -1 },
      ecommerce: { itemPerPage: 'lots', priceFormatSeparator: 'dots', fastOrder: null, filter: { template: ['x'] } },
      language: { current: 'de' },
      styles: { fontSize: { h1: { desktop: 'big' } }, borderRadius: { block: 0 } },
      themes: { fonts: [] },
    });
    expect(s.common).toMatchObject({
      sitename: 'Sitename',
      showAccount: true,
      favicon: '/favicon.ico',
      phones: ['single'],
      emails: ['a@b.co'],
    });
    expect(s.header).toMatchObject({ logo: null, template: 'default' });
    expect(s.footer.menuColumns).toBe(4);
    expect(s.ecommerce).toMatchObject({
      itemPerPage: 12,
      priceFormatSeparator: 'none',
      fastOrder: { isShow: false, type: 'enquiry' },
      filter: { enabled: true, template: 'style-h-1' },
    });
    expect(s.language.current).toBe('en');
    expect(s.styles.fontSize.h1).toEqual({ desktop: 39, tablet: 39, mobile: 26 });
    expect(s.styles.borderRadius.block).toBe(0);
    expect(s.themes.fonts).toEqual([...FONTS]);
  });

  it('accepts numbers stored as numeric strings', () => {
    expect(parseSettings({ ecommerce: { itemPerPage: '24' } }).ecommerce.itemPerPage).toBe(24);
  });

  it('bounds the order limits: unpaid reservation minutes (default 30) and the per-line quantity cap (default 100)', () => {
    expect(DEFAULT_SETTINGS.ecommerce).toMatchObject({ unpaidReservationMinutes: 30, maxLineQuantity: 100 });
    expect(parseSettings({ ecommerce: { unpaidReservationMinutes: '15', maxLineQuantity: 5 } }).ecommerce).toMatchObject({
      unpaidReservationMinutes: 15,
      maxLineQuantity: 5,
    });
    for (const bad of [0, -1, 1.5, 'soon', 10_000_000]) {
      expect(parseSettings({ ecommerce: { unpaidReservationMinutes: bad, maxLineQuantity: bad } }).ecommerce).toMatchObject({
        unpaidReservationMinutes: 30,
        maxLineQuantity: 100,
      });
    }
  });

  it('never throws on any stored shape', () => {
    for (const raw of [null, undefined, 'x', 1, [], { common: null }, { ecommerce: [] }, { seo: { metaTemplates: 'x' } }]) {
      expect(() => parseSettings(raw as never)).not.toThrow();
    }
    expect(parseSettings(null)).toEqual(DEFAULT_SETTINGS);
  });

  it('keeps bilingual texts and fills the missing language with an empty string', () => {
    const s = parseSettings({ common: { sitename: { en: 'Shop', ru: 'Магазин' }, description: { ru: 'Только' } } });
    expect(s.common.sitename).toEqual({ en: 'Shop', ru: 'Магазин' });
    expect(s.common.description).toEqual({ en: '', ru: 'Только' });
  });

  it('keeps valid policy checkboxes and drops invalid ones', () => {
    const s = parseSettings({
      ecommerce: {
        checkoutPolicy: {
          show: true,
          text: { en: 'I agree', ru: 'Согласен' },
          additionalCheckboxes: [{ text: 'Newsletter', isRequired: true }, 'junk', { text: 'Terms', isShown: false }],
        },
      },
    });
    expect(s.ecommerce.checkoutPolicy).toEqual({
      show: true,
      enabledByDefault: false,
      text: { en: 'I agree', ru: 'Согласен' },
      additionalCheckboxes: [
        { text: 'Newsletter', isShown: true, isRequired: true },
        { text: 'Terms', isShown: false, isRequired: false },
      ],
    });
  });

  it('does not share default objects between parses', () => {
    const first = parseSettings({});
    (first.header.menuOptions as Record<string, unknown>)['x'] = 1;
    expect(parseSettings({}).header.menuOptions).toEqual({ color: '', colorHover: '', fontSize: 0, fontWeight: '', textTransform: '' });
  });

  it("reads a menu look as its fields, a stored weight as its text and anything else as the layout's", () => {
    const { header, footer } = parseSettings({
      header: { menuOptions: { color: '#111111', fontSize: 16, fontWeight: 500, textTransform: 'uppercase', stray: 1 } },
      footer: { menuSubOptions: { fontSize: 400, fontWeight: 'bold', textTransform: 'none; x' } },
    });
    expect(header.menuOptions).toEqual({ color: '#111111', colorHover: '', fontSize: 16, fontWeight: '500', textTransform: 'uppercase' });
    expect(footer.menuSubOptions).toEqual({ color: '', colorHover: '', fontSize: 0, fontWeight: '', textTransform: '' });
  });
});

describe('ecommerce currency', () => {
  // an unknown currency is logged by normalizeCurrency (spec 8)
  beforeEach(() => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it.each([
    ['AED', 'AED'],
    ['usd', 'USD'],
    ['$', 'USD'],
    ['€', 'EUR'],
    [' EUR ', 'EUR'],
    ['RUB', 'RUB'],
    ['GBP', 'USD'],
    ['', 'USD'],
    [null, 'USD'],
    [5, 'USD'],
  ])('%s is read as %s', (stored, expected) => {
    expect(parseSettings({ ecommerce: { currency: stored } }).ecommerce.currency).toBe(expected);
  });
});

describe('fillMetaTemplate', () => {
  it('replaces every {name} placeholder', () => {
    expect(fillMetaTemplate('{name} | Shop', 'Blog')).toBe('Blog | Shop');
    expect(fillMetaTemplate('{name} - {name}', 'A')).toBe('A - A');
    expect(fillMetaTemplate('', 'A')).toBe('');
  });
});
