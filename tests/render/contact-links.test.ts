import { describe, expect, it } from 'vitest';
import { emailHref, mapHref, phoneHref, telegramHref, telegramLabel, whatsappHref } from '../../src/sections/contact-links';

describe('contact links', () => {
  it('dials phones with formatting stripped, keeping the international plus', () => {
    expect(phoneHref('+1 (212) 555-0147')).toBe('tel:+12125550147');
    expect(phoneHref('8 (999) 123-45-67')).toBe('tel:89991234567');
    expect(phoneHref(' - ')).toBeNull();
  });

  it('opens WhatsApp on wa.me with the preset message encoded', () => {
    expect(whatsappHref('+1 212 555 0147')).toBe('https://wa.me/12125550147');
    expect(whatsappHref('+1 212 555 0147', 'Hello! A question & more?')).toBe(
      'https://wa.me/12125550147?text=Hello!%20A%20question%20%26%20more%3F',
    );
    expect(whatsappHref('+1 212 555 0147', '   ')).toBe('https://wa.me/12125550147');
    expect(whatsappHref('n/a')).toBeNull();
  });

  it('opens Telegram for a username, a t.me link or a phone number', () => {
    expect(telegramHref('northfold_shop')).toBe('https://t.me/northfold_shop');
    expect(telegramHref('@northfold_shop')).toBe('https://t.me/northfold_shop');
    expect(telegramHref('https://telegram.me/northfold_shop')).toBe('https://t.me/northfold_shop');
    expect(telegramHref('+1 212 555 0147')).toBe('https://t.me/+12125550147');
    expect(telegramHref('https://evil.example/northfold')).toBeNull();
    expect(telegramHref('javascript:alert(1)')).toBeNull();
    expect(telegramHref('a b')).toBeNull();
    expect(telegramLabel('https://t.me/northfold_shop')).toBe('@northfold_shop');
    expect(telegramLabel('northfold_shop')).toBe('@northfold_shop');
    expect(telegramLabel('+1 212 555 0147')).toBe('+1 212 555 0147');
  });

  it('writes mailto links for valid addresses only', () => {
    expect(emailHref(' hello@northfold.example ')).toBe('mailto:hello@northfold.example');
    expect(emailHref('not an email')).toBeNull();
  });

  it('links maps over http(s) only', () => {
    expect(mapHref('https://www.openstreetmap.org/?mlat=40.7#map=17/40.7/-73.9')).toBe(
      'https://www.openstreetmap.org/?mlat=40.7#map=17/40.7/-73.9',
    );
    expect(mapHref('javascript:alert(1)')).toBeNull();
    expect(mapHref('')).toBeNull();
    expect(mapHref(undefined)).toBeNull();
  });
});
