import type { ShopConfigDto } from '../lib/api-client';
import type { Language } from '../lib/localize';
import { emailHref, mapHref, phoneHref, telegramHref, telegramLabel, whatsappHref } from './contact-links';
import { sectionText } from './texts';

/**
 * The shop's contacts (settings `common`, spec 3.5) as the contacts sections list them: phones, WhatsApp
 * and Telegram chats, e-mails, the address with its map link and the opening hours. A section may give
 * its own map link.
 */

export type ContactKind = 'phone' | 'whatsapp' | 'telegram' | 'email' | 'address' | 'workTime';

export type ContactEntry = {
  kind: ContactKind;
  /** what the visitor reads */
  text: string;
  href: string | null;
  /** chats and maps open in a new tab */
  newTab: boolean;
};

export type ContactGroup = { kind: ContactKind; title: string; entries: ContactEntry[]; mapHref: string | null };

type CommonSettings = Pick<
  ShopConfigDto['common'],
  'phones' | 'whatsapps' | 'emails' | 'telegram' | 'address' | 'mapUrl' | 'workTime' | 'whatsappMessage'
>;

const clean = (values: readonly string[] | undefined) => (values ?? []).map((v) => v.trim()).filter(Boolean);

/** Every contact channel configured in the settings, in the order phones, chats, e-mails, address, hours. */
export function shopContacts(common: Partial<CommonSettings> | null | undefined): ContactEntry[] {
  if (!common) return [];
  const entries: ContactEntry[] = [];
  for (const phone of clean(common.phones)) entries.push({ kind: 'phone', text: phone, href: phoneHref(phone), newTab: false });
  for (const number of clean(common.whatsapps)) {
    const href = whatsappHref(number, common.whatsappMessage);
    if (href) entries.push({ kind: 'whatsapp', text: number, href, newTab: true });
  }
  const telegram = common.telegram?.trim() ?? '';
  const telegramLink = telegram ? telegramHref(telegram) : null;
  if (telegramLink) entries.push({ kind: 'telegram', text: telegramLabel(telegram), href: telegramLink, newTab: true });
  for (const email of clean(common.emails)) {
    const href = emailHref(email);
    if (href) entries.push({ kind: 'email', text: email, href, newTab: false });
  }
  const address = common.address?.trim() ?? '';
  if (address) entries.push({ kind: 'address', text: address, href: null, newTab: false });
  const workTime = common.workTime?.trim() ?? '';
  if (workTime) entries.push({ kind: 'workTime', text: workTime, href: null, newTab: false });
  return entries;
}

/** The map link: the section's own, else the shop's. */
export const contactsMapHref = (sectionMapUrl: string, common: Partial<CommonSettings> | null | undefined) =>
  mapHref(sectionMapUrl) ?? mapHref(common?.mapUrl);

/** The entries by kind, in their order, each group titled; the map link goes with the address (or alone when there is none). */
export function groupContacts(entries: readonly ContactEntry[], map: string | null, lang: Language): ContactGroup[] {
  const groups: ContactGroup[] = [];
  for (const entry of entries) {
    const group = groups.find((g) => g.kind === entry.kind);
    if (group) group.entries.push(entry);
    else groups.push({ kind: entry.kind, title: sectionText(lang, entry.kind), entries: [entry], mapHref: null });
  }
  if (map) {
    const address = groups.find((g) => g.kind === 'address');
    if (address) address.mapHref = map;
    else groups.push({ kind: 'address', title: sectionText(lang, 'address'), entries: [], mapHref: map });
  }
  return groups;
}
