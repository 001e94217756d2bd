import { t } from './text';

/** The demo shop's identity and contacts, shared by the settings and the contact sections. */
export const SHOP = {
  name: t('Northfold', 'Нортфолд'),
  tagline: t('Considered clothing, shoes and homeware', 'Продуманная одежда, обувь и товары для дома'),
  phones: ['+1 212 555 0147', '+1 212 555 0199'],
  whatsapp: '+12125550147',
  telegram: 'northfold_shop',
  emails: ['hello@northfold.example', 'orders@northfold.example'],
  address: t('214 Mercer Street, New York, NY 10012, USA', 'Мерсер-стрит, 214, Нью-Йорк, NY 10012, США'),
  mapUrl: 'https://www.openstreetmap.org/?mlat=40.7262&mlon=-73.9982#map=17/40.7262/-73.9982',
  workTime: t('Mon–Sat 10:00–20:00, Sun 11:00–18:00', 'Пн–Сб 10:00–20:00, Вс 11:00–18:00'),
  socials: {
    facebook: 'https://facebook.com/northfold',
    instagram: 'https://instagram.com/northfold',
    twitter: 'https://x.com/northfold',
    telegram: 'https://t.me/northfold_shop',
    vk: 'https://vk.com/northfold',
  },
  colour: '#1f3b2d',
  accent: '#c3643f',
} as const;

/** Keys of the pictures that are not product shots or blog covers. */
export const PICTURES = {
  logo: 'logo',
  logoMobile: 'logo-mobile',
  slideClothing: 'slide-new-season',
  slideShoes: 'slide-shoes',
  slideHome: 'slide-home',
  bannerGifts: 'banner-gifts',
  workshop: 'picture-workshop',
  care: 'picture-care',
} as const;

export const PARTNERS = [
  { key: 'partner-loomworks', name: 'LOOMWORKS', glyph: 'square' },
  { key: 'partner-harbor', name: 'HARBOR & CO', glyph: 'circle' },
  { key: 'partner-atelier', name: 'ATELIER 9', glyph: 'triangle' },
  { key: 'partner-terra', name: 'TERRA', glyph: 'ring' },
  { key: 'partner-knott', name: 'KNOTT', glyph: 'diamond' },
] as const;
