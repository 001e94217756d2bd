import { and, eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import {
  hasCapability,
  settingsGroupSchema,
  settingsPutSchema,
  type SettingsAnswer,
  type SettingsGroupAnswer,
} from '../../../../contract/admin';
import { CODE_SOURCES_ROW } from '../../../policy-sources';
import { codeSources } from '../../../security-headers';
import { parseSettings, SETTINGS_GROUPS, shopSettingsSchema, type SettingsGroup } from '../../../../lib/settings';
import { cacheTags, invalidate } from '../../../cache/invalidation';
import type { Executor } from '../../../db/client';
import { settings } from '../../../db/schema';
import { invalidateSettings } from '../../core/settings-store';
import { readBody, readParams } from '../../core/validate';
import { recordAudit } from '../audit';
import type { AdminEnv } from '../context';
import { versionConflict } from '../versioned';
import { assertCodeFieldsAllowed, assertGroupAllowed, checkedSettingsValue } from './settings-value';

const groupParams = z.object({ group: settingsGroupSchema });

/** A group's value as the forms edit it: the stored value read over the defaults (never fails). */
const readGroup = <G extends SettingsGroup>(group: G, stored: unknown) => shopSettingsSchema.shape[group].parse(stored);

async function loadGroups(db: Executor): Promise<SettingsAnswer> {
  const rows = await db.select().from(settings);
  const byGroup = new Map(rows.map((row) => [row.group, row]));
  const parsed = parseSettings(Object.fromEntries(rows.map((row) => [row.group, row.value])));
  return {
    groups: SETTINGS_GROUPS.map(
      (group): SettingsGroupAnswer => ({ group, value: parsed[group], version: byGroup.get(group)?.version ?? 0 }),
    ),
  };
}

/**
 * The back office API for settings (under /api/admin): every staff member may read them and edit them, except the
 * code fields (SETTINGS_CODE_FIELDS), which need the `edit_code` capability; rich-text fields are cleaned on save.
 */
export const settingsRoutes = new Hono<AdminEnv>()
  .get('/settings', async (c) => c.json(await loadGroups(c.var.deps.db)))
  .put('/settings/:group', async (c) => {
    const { group } = readParams(c, groupParams);
    const { deps, lang, staff } = c.var;
    assertGroupAllowed(staff, group, lang);
    const body = await readBody(c, settingsPutSchema);
    // the group's strict schema: every field present and of its type, no key it does not declare; messages name the field under `value`
    const value = checkedSettingsValue(group, body.value, lang, ['value']);
    const now = deps.now();
    const saved = await deps.db.transaction(async (tx) => {
      const [before] = await tx.select().from(settings).where(eq(settings.group, group)).for('update');
      if ((before?.version ?? 0) !== body.version) throw versionConflict(lang);
      assertCodeFieldsAllowed(staff, group, before?.value, value, lang, ['value']);
      const [after] = before
        ? await tx
            .update(settings)
            .set({ value, version: sql`${settings.version} + 1`, updatedAt: now })
            .where(and(eq(settings.group, group), eq(settings.version, body.version)))
            .returning()
        : await tx.insert(settings).values({ group, value, version: 1, updatedAt: now }).onConflictDoNothing().returning();
      if (!after) throw versionConflict(lang);
      // the owner's custom code is hashed for the Content-Security-Policy when the owner saves it, never later
      if (group === 'seo' && hasCapability(staff.role, 'edit_code')) {
        const code = codeSources(`${String(value['customCode'] ?? '')}\n${String(value['customCodeFooter'] ?? '')}`);
        await tx
          .insert(settings)
          .values({ group: CODE_SOURCES_ROW, value: code, updatedAt: now })
          .onConflictDoUpdate({ target: settings.group, set: { value: code, updatedAt: now } });
      }
      await recordAudit(
        tx,
        staff,
        {
          action: 'settings.update',
          entityType: 'settings',
          entityId: group,
          before: before ? { value: before.value, version: before.version } : null,
          after: { value, version: after.version },
        },
        now,
      );
      return after;
    });
    invalidateSettings(deps.db);
    await invalidate([cacheTags.settings]);
    return c.json({ group, value: readGroup(group, saved.value), version: saved.version } satisfies SettingsGroupAnswer);
  });
