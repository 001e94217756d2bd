import type { Language } from '../../../../lib/localize';
import type { SettingsGroup } from '../../../../lib/settings';
import { strictSettingsSchema } from '../../../../lib/settings-form';
import { parseInput } from '../../core/validate';

/**
 * A settings group's new value checked with the group's strict schema: every field present and of its type, no key
 * the group does not declare. Otherwise a 400 with a message in `lang` on each failing field, its path under `prefix`
 * (where the value sits in the request). Every write of a settings group goes through it: the settings save and the
 * site builder's settings targets (draft save and publish).
 */
export function checkedSettingsValue(
  group: SettingsGroup,
  value: unknown,
  lang: Language,
  prefix: readonly string[],
): Record<string, unknown> {
  return parseInput(strictSettingsSchema(group), value, lang, 'body', prefix);
}
