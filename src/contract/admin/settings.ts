/** Shapes of the back office API for settings: see src/contract/admin/common.ts for the shared ones. */
import { z } from 'zod';
import { SETTINGS_GROUPS, type SettingsGroup, type ShopSettings } from '../../lib/settings';

export const settingsGroupSchema = z.enum(SETTINGS_GROUPS as [SettingsGroup, ...SettingsGroup[]]);

/** One settings group as the back office edits it: the stored value read over the defaults, and its version. */
export type SettingsGroupAnswer<G extends SettingsGroup = SettingsGroup> = { group: G; value: ShopSettings[G]; version: number };

/**
 * GET /settings: every group, in the order of SETTINGS_GROUPS; a group never saved has version 0. A group's value is
 * what the settings' own schema (src/lib/settings.ts) outputs for it, so its type is that schema's (SettingsGroupAnswer).
 */
export const settingsGroupAnswerSchema = z.strictObject({
  group: settingsGroupSchema,
  value: z.record(z.string(), z.unknown()),
  version: z.int(),
});
export const settingsAnswerSchema = z.strictObject({ groups: z.array(settingsGroupAnswerSchema) });
export type SettingsAnswer = { groups: SettingsGroupAnswer[] };

/**
 * PUT /settings/:group: the group's whole new value (validated with the group's strict schema, see
 * src/lib/settings-form.ts) and the version it was based on (0 for a group never saved). Answers the group.
 */
export const settingsPutSchema = z.object({
  value: z.record(z.string(), z.unknown()),
  version: z.int().min(0),
});
