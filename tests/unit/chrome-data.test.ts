import { describe, expect, it } from 'vitest';
import {
  contactLinks,
  isExternalLink,
  languageHref,
  languageLinks,
  menuLook,
  shopContacts,
  socialLinks,
} from '../../src/components/chrome/chrome-data';
import { shopConfig } from '../helpers/chrome-fixtures';

const contacts = {
  phones: ['+1 (212) 555-0147', 'not a phone'],
  whatsapps: ['+1 212 555 0199'],
  telegram: '@northfold_shop',
  whatsappMessage: 'Hello!',
};

describe('contact channels per place (spec 2.8)', () => {
  it('links every configured channel, phone digits stripped and the WhatsApp text preset', () => {
    expect(contactLinks(shopConfig({ common: contacts }), 'Widget')).toEqual([
      { kind: 'phone', href: 'tel:+12125550147', label: '+1 (212) 555-0147', external: false },
      { kind: 'whatsapp', href: 'https://wa.me/12125550199?text=Hello!', label: '+1 212 555 0199', external: true },
      { kind: 'telegram', href: 'https://t.me/northfold_shop', label: '@northfold_shop', external: true },
    ]);
  });

  it('leaves out channels switched off for the place, and unset channels', () => {
    const settings = shopConfig({ common: { ...contacts, phoneShowOnMobileHeader: false, telegramShowOnMobileHeader: false } });
    expect(contactLinks(settings, 'MobileHeader').map((link) => link.kind)).toEqual(['whatsapp']);
    expect(contactLinks(settings, 'MobileMenu').map((link) => link.kind)).toEqual(['phone', 'whatsapp', 'telegram']);
    expect(contactLinks(shopConfig({ common: { phones: ['+1 212 555 0147'] } }), 'Widget').map((link) => link.kind)).toEqual(['phone']);
    expect(contactLinks(null, 'Widget')).toEqual([]);
  });

  it('hides WhatsApp from the desktop widget when whatsappShowOnWidgetDesktop is off', () => {
    const settings = shopConfig({ common: { ...contacts, whatsappShowOnWidgetDesktop: false } });
    expect(contactLinks(settings, 'Widget', 'desktop').map((link) => link.kind)).toEqual(['phone', 'telegram']);
    expect(contactLinks(settings, 'Widget').map((link) => link.kind)).toEqual(['phone', 'whatsapp', 'telegram']);
    expect(contactLinks(settings, 'ContactHeader', 'desktop').map((link) => link.kind)).toContain('whatsapp');
  });

  it('lists phones, e-mails, address with its map and opening hours for the footer', () => {
    const settings = shopConfig({
      common: {
        phones: ['+1 212 555 0147'],
        emails: ['hello@shop.test', 'broken@'],
        address: ' 214 Mercer St ',
        mapUrl: 'javascript:alert(1)',
        workTime: 'Mon–Sat',
      },
    });
    expect(shopContacts(settings)).toEqual({
      phones: [{ label: '+1 212 555 0147', href: 'tel:+12125550147' }],
      emails: [{ label: 'hello@shop.test', href: 'mailto:hello@shop.test' }],
      address: '214 Mercer St',
      mapUrl: null,
      workTime: 'Mon–Sat',
    });
    expect(shopContacts(shopConfig({ common: { mapUrl: 'https://maps.test/x' } })).mapUrl).toBe('https://maps.test/x');
  });
});

describe('social profiles', () => {
  it('keeps http(s) profiles only, in a fixed order', () => {
    const settings = shopConfig({
      socials: { vk: 'https://vk.com/shop', instagram: 'https://instagram.com/shop', facebook: 'javascript:alert(1)', twitter: '' },
    });
    expect(socialLinks(settings)).toEqual([
      { network: 'instagram', name: 'Instagram', href: 'https://instagram.com/shop' },
      { network: 'vk', name: 'VK', href: 'https://vk.com/shop' },
    ]);
  });
});

describe('menu looks', () => {
  it('turns the menu options into custom properties', () => {
    expect(
      menuLook({ color: '#1f1d1a', colorHover: '#c3643f', fontSize: 16, fontWeight: 500, textTransform: 'uppercase' }, 'menu'),
    ).toEqual({
      '--menu-color': '#1f1d1a',
      '--menu-hover': '#c3643f',
      '--menu-size': '16px',
      '--menu-weight': '500',
      '--menu-transform': 'uppercase',
    });
  });

  it("takes a weight chosen as text and leaves the layout's values alone", () => {
    expect(menuLook({ color: '', colorHover: '', fontSize: 0, fontWeight: '600', textTransform: '' }, 'menu')).toEqual({
      '--menu-weight': '600',
    });
  });

  it('drops values that are not valid CSS', () => {
    expect(menuLook({ color: 'red; background: url(x)', fontSize: 400, fontWeight: 'bold', textTransform: 'none; x' }, 'menu')).toEqual({});
    expect(menuLook(undefined, 'menu')).toEqual({});
  });
});

describe('links', () => {
  it('tells external menu links', () => {
    expect(isExternalLink({ url: 'https://gifts.test' })).toBe(true);
    expect(isExternalLink({ url: '/catalogs/shoes' })).toBe(false);
  });

  it('switches the language on the same page, keeping the query', () => {
    const url = new URL('https://shop.test/catalogs/shoes?page=2&lang=en');
    expect(languageHref(url, 'ru')).toBe('/catalogs/shoes?page=2&lang=ru');
    expect(languageLinks(url, 'en')).toEqual([
      { lang: 'en', href: '/catalogs/shoes?page=2&lang=en', current: true },
      { lang: 'ru', href: '/catalogs/shoes?page=2&lang=ru', current: false },
    ]);
    expect(languageLinks(url, 'en', ['en'])).toHaveLength(1);
  });
});
