import type { ShopConfigDto } from '../lib/api-client';
import type { Language } from '../lib/localize';
import { contactsMapHref, groupContacts, shopContacts, type ContactGroup } from './contacts';
import { text } from './schema-kit';

/** Options every contacts section has besides the frame: its own map link (else the shop's). */
export const contactsShape = { mapUrl: text() };

/** The contact groups a contacts section lists. */
export function sectionContacts(settings: ShopConfigDto | null, mapUrl: string, lang: Language): ContactGroup[] {
  const common = settings?.common;
  return groupContacts(shopContacts(common), contactsMapHref(mapUrl, common), lang);
}
