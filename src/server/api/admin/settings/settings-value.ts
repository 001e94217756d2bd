import { hasCapability, SETTINGS_GROUP_CAPABILITY } from '../../../../contract/admin';
import type { Language } from '../../../../lib/localize';
import { mapSettingsRichText, SETTINGS_CODE_FIELDS, SETTINGS_SETUP_FIELDS, type SettingsGroup } from '../../../../lib/settings';
import { strictSettingsSchema } from '../../../../lib/settings-form';
import { isRecord } from '../../../../lib/is-record';
import { sanitizeRichText } from '../../content/sanitize';
import { ApiError } from '../../core/errors';
import { parseInput } from '../../core/validate';
import type { StaffPrincipal } from '../context';
import { adminMessage } from '../messages';

/**
 * A settings group's new value checked with the group's strict schema: every field present and of its type, no key
 * the group does not declare. Otherwise a 400 with a message in `lang` on each failing field, its path under `prefix`
 * (where the value sits in the request). Its rich-text fields (SETTINGS_RICH_TEXT_FIELDS) come back cleaned as rich
 * text is. Every write of a settings group goes through it: the settings save and the site builder's settings
 * targets (draft save and publish).
 */
export function checkedSettingsValue(
  group: SettingsGroup,
  value: unknown,
  lang: Language,
  prefix: readonly string[],
): Record<string, unknown> {
  return mapSettingsRichText(group, parseInput(strictSettingsSchema(group), value, lang, 'body', prefix), sanitizeRichText);
}

/** Refuses (403) a change to a group that needs a capability the staff member lacks (the taxes: `tax_settings`). */
export function assertGroupAllowed(staff: StaffPrincipal, group: SettingsGroup, lang: Language): void {
  const capability = SETTINGS_GROUP_CAPABILITY[group];
  if (capability && !hasCapability(staff.role, capability)) throw new ApiError(403, adminMessage(`settingsGroupNotAllowed.${group}`, lang));
}

/**
 * Refuses (403, naming each field under `prefix`) a change to a code field (SETTINGS_CODE_FIELDS) by staff without
 * the `edit_code` capability, or to a sender field (SETTINGS_SETUP_FIELDS) without `shop_setup`; the same value as stored passes, so a manager still saves the rest of the group.
 */
export function assertCodeFieldsAllowed(
  staff: StaffPrincipal,
  group: SettingsGroup,
  stored: unknown,
  value: Record<string, unknown>,
  lang: Language,
  prefix: readonly string[],
): void {
  refuseChanged(SETTINGS_CODE_FIELDS[group], 'edit_code', 'codeOwnerOnly');
  refuseChanged(SETTINGS_SETUP_FIELDS[group], 'shop_setup', 'senderOwnerOnly');

  function refuseChanged(fields: readonly string[] | undefined, capability: 'edit_code' | 'shop_setup', messageKey: string) {
    if (!fields || hasCapability(staff.role, capability)) return;
    const before = isRecord(stored) ? stored : {};
    // '' and { en: '', ru: '' } are the same empty text
    const plain = (v: unknown) => (isRecord(v) && Object.values(v).every((x) => x === '') ? '' : (v ?? ''));
    const same = (a: unknown, b: unknown) => JSON.stringify(plain(a)) === JSON.stringify(plain(b));
    const changed = fields.filter((field) => !same(value[field], before[field]));
    if (changed.length === 0) return;
    const message = adminMessage(messageKey, lang);
    const names = changed.map((field) => [...prefix, field].join('.'));
    throw new ApiError(403, message, { errorPath: names[0], fieldErrors: Object.fromEntries(names.map((name) => [name, [message]])) });
  }
}
