/**
 * What the header, mobile menu, footer and contact widget show, derived from the shop settings:
 * contact channels per place (spec 2.8 display flags), social profiles, menu looks and the links of
 * the language switch. Pure, so it is tested without rendering.
 */
import type { MenuItemDto, ShopConfigDto } from '../../lib/api-client';
import { LANGUAGES, type Language } from '../../lib/localize';
import { isCssColor } from '../../styles/theme';
import { emailHref, mapHref, phoneHref, telegramHref, telegramLabel, whatsappHref } from '../../sections/contact-links';

export type ContactPlace = 'MobileHeader' | 'MobileMenu' | 'Widget' | 'ContactHeader';
export type ContactKind = 'phone' | 'whatsapp' | 'telegram';
export type ContactLink = { kind: ContactKind; href: string; label: string; external: boolean };

/**
 * The shop's phone, WhatsApp and Telegram links shown at `place`, each only when configured and its
 * flag for the place is on. On the desktop widget WhatsApp also needs whatsappShowOnWidgetDesktop.
 */
export function contactLinks(settings: ShopConfigDto | null, place: ContactPlace, screen: 'any' | 'desktop' = 'any'): ContactLink[] {
  const common = settings?.common;
  if (!common) return [];
  const shown = (kind: ContactKind) => common[`${kind}ShowOn${place}`] !== false;
  const links: ContactLink[] = [];
  const phone = common.phones.find((p) => phoneHref(p));
  if (phone && shown('phone')) links.push({ kind: 'phone', href: phoneHref(phone)!, label: phone, external: false });
  const whatsapp = common.whatsapps.find((p) => whatsappHref(p));
  const whatsappOnDesktop = place !== 'Widget' || screen !== 'desktop' || common.whatsappShowOnWidgetDesktop;
  if (whatsapp && shown('whatsapp') && whatsappOnDesktop) {
    links.push({ kind: 'whatsapp', href: whatsappHref(whatsapp, common.whatsappMessage)!, label: whatsapp, external: true });
  }
  const telegram = common.telegram ? telegramHref(common.telegram) : null;
  if (telegram && shown('telegram'))
    links.push({ kind: 'telegram', href: telegram, label: telegramLabel(common.telegram), external: true });
  return links;
}

export type ShopContacts = {
  phones: { label: string; href: string }[];
  emails: { label: string; href: string }[];
  address: string;
  mapUrl: string | null;
  workTime: string;
};

/** Every phone and e-mail of the shop with its link, the address (with the map link) and the opening hours. */
export function shopContacts(settings: ShopConfigDto | null): ShopContacts {
  const common = settings?.common;
  const linked = (values: readonly string[] | undefined, href: (value: string) => string | null) =>
    (values ?? []).flatMap((value) => {
      const link = href(value);
      return link ? [{ label: value.trim(), href: link }] : [];
    });
  return {
    phones: linked(common?.phones, phoneHref),
    emails: linked(common?.emails, emailHref),
    address: common?.address.trim() ?? '',
    mapUrl: mapHref(common?.mapUrl),
    workTime: common?.workTime.trim() ?? '',
  };
}

export const SOCIAL_NETWORKS = ['instagram', 'facebook', 'telegram', 'twitter', 'vk', 'tiktok', 'linkedIn', 'medium'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];
const SOCIAL_NAMES: Record<SocialNetwork, string> = {
  instagram: 'Instagram',
  facebook: 'Facebook',
  telegram: 'Telegram',
  twitter: 'X (Twitter)',
  vk: 'VK',
  tiktok: 'TikTok',
  linkedIn: 'LinkedIn',
  medium: 'Medium',
};

/** The social profiles set in the settings (http(s) addresses only), in a fixed order. */
export function socialLinks(settings: ShopConfigDto | null): { network: SocialNetwork; name: string; href: string }[] {
  return SOCIAL_NETWORKS.flatMap((network) => {
    const href = settings?.socials[network]?.trim() ?? '';
    return /^https?:\/\/[^\s"'<>]+$/i.test(href) ? [{ network, name: SOCIAL_NAMES[network], href }] : [];
  });
}

const TEXT_TRANSFORMS = new Set(['none', 'uppercase', 'lowercase', 'capitalize']);

/**
 * Custom properties of a menu look (settings header.menuOptions and the like: color, colorHover,
 * fontSize, fontWeight, textTransform) under `prefix`; values that are not valid CSS are left out.
 */
export function menuLook(options: Record<string, unknown> | undefined, prefix: string): Record<string, string> {
  const look: Record<string, string> = {};
  const { color, colorHover, fontSize, fontWeight, textTransform } = options ?? {};
  if (isCssColor(color)) look[`--${prefix}-color`] = color;
  if (isCssColor(colorHover)) look[`--${prefix}-hover`] = colorHover;
  if (typeof fontSize === 'number' && fontSize >= 8 && fontSize <= 40) look[`--${prefix}-size`] = `${fontSize}px`;
  const weight = typeof fontWeight === 'string' && fontWeight !== '' ? Number(fontWeight) : fontWeight;
  if (typeof weight === 'number' && weight >= 100 && weight <= 900) look[`--${prefix}-weight`] = String(weight);
  if (typeof textTransform === 'string' && TEXT_TRANSFORMS.has(textTransform)) look[`--${prefix}-transform`] = textTransform;
  return look;
}

/** A menu link leaving the shop (an absolute http(s) address). */
export const isExternalLink = (item: Pick<MenuItemDto, 'url'>) => /^https?:\/\//i.test(item.url);

/** The address of the current page in `lang`: the same path and query with `lang` set. */
export function languageHref(url: URL, lang: Language): string {
  const params = new URLSearchParams(url.search);
  params.set('lang', lang);
  return `${url.pathname}?${params.toString()}`;
}

export function languageLinks(url: URL, current: Language, languages: readonly string[] = LANGUAGES) {
  return LANGUAGES.filter((lang) => languages.includes(lang)).map((lang) => ({
    lang,
    href: languageHref(url, lang),
    current: lang === current,
  }));
}
