import { and, asc, count, eq, gte, inArray, isNotNull, sql, sum } from 'drizzle-orm';
import { Hono } from 'hono';
import {
  recoveryListQuerySchema,
  recoverySettingsBody,
  recoverySummaryQuery,
  type ListAnswer,
  type RecoveryCheckoutItem,
  type RecoverySettingsAnswer,
  type RecoveryStatus,
  type RecoverySummary,
} from '../../../../contract/admin';
import { shopCurrency } from '../../commerce/shop-settings';
import type { Executor } from '../../../db/client';
import { checkoutRecoveries, discountCodes, settings } from '../../../db/schema';
import { loadRecoverySettings, RECOVERY_SETTINGS_GROUP, recoveredSince } from '../../../marketing/recovery';
import { fieldError } from '../../core/errors';
import { readBody, readQuery } from '../../core/validate';
import { recordAudit } from '../audit';
import type { AdminEnv } from '../context';
import { boundedTotal, iso, listPageKeys } from '../lists';
import { adminMessage } from '../messages';
import { requireCapability } from '../session';
import { versionConflict } from '../versioned';

const DAY_MS = 86_400_000;

async function settingsAnswer(db: Executor, now: Date): Promise<RecoverySettingsAnswer> {
  const [{ settings: value, version }, codes] = await Promise.all([
    loadRecoverySettings(db),
    db.select().from(discountCodes).orderBy(asc(discountCodes.code)).limit(500),
  ]);
  return {
    settings: value,
    version,
    discountCodes: codes.map((code) => ({
      id: code.id,
      code: code.code,
      active:
        code.enabled &&
        !(code.startsAt && code.startsAt > now) &&
        !(code.expiresAt && code.expiresAt <= now) &&
        !(code.usageLimit !== null && code.usedCount >= code.usageLimit),
    })),
  };
}

/**
 * Back office → Marketing → Checkout recovery (under /api/admin): its settings, the checkouts it keeps and what the
 * reminders brought back. Staff with the `marketing` capability only: the list holds shoppers' addresses.
 */
export const recoveryRoutes = new Hono<AdminEnv>()
  .use('/marketing/recovery/*', requireCapability('marketing'))
  .get('/marketing/recovery/settings', async (c) => c.json(await settingsAnswer(c.var.deps.db, c.var.deps.now())))
  .put('/marketing/recovery/settings', async (c) => {
    const { deps, lang, staff } = c.var;
    const { version, ...value } = await readBody(c, recoverySettingsBody);
    const chosen = [value.firstDiscountCodeId, value.secondDiscountCodeId].filter((id): id is string => id !== null);
    if (chosen.length) {
      const found = await deps.db.select({ id: discountCodes.id }).from(discountCodes).where(inArray(discountCodes.id, chosen));
      for (const field of ['firstDiscountCodeId', 'secondDiscountCodeId'] as const) {
        const id = value[field];
        if (id !== null && !found.some((row) => row.id === id))
          throw fieldError(field, adminMessage('recovery.discountCodeNotFound', lang));
      }
    }
    const now = deps.now();
    await deps.db.transaction(async (tx) => {
      const [before] = await tx.select().from(settings).where(eq(settings.group, RECOVERY_SETTINGS_GROUP)).for('update');
      if ((before?.version ?? 0) !== version) throw versionConflict(lang);
      const [after] = before
        ? await tx
            .update(settings)
            .set({ value, version: sql`${settings.version} + 1`, updatedAt: now })
            .where(and(eq(settings.group, RECOVERY_SETTINGS_GROUP), eq(settings.version, version)))
            .returning()
        : await tx
            .insert(settings)
            .values({ group: RECOVERY_SETTINGS_GROUP, value, version: 1, updatedAt: now })
            .onConflictDoNothing()
            .returning();
      if (!after) throw versionConflict(lang);
      await recordAudit(
        tx,
        staff,
        {
          action: 'recovery.settings',
          entityType: 'settings',
          entityId: RECOVERY_SETTINGS_GROUP,
          before: before?.value ?? null,
          after: value,
        },
        now,
      );
    });
    return c.json(await settingsAnswer(deps.db, now));
  })
  .get('/marketing/recovery/checkouts', async (c) => {
    const { db } = c.var.deps;
    const query = readQuery(c, recoveryListQuerySchema);
    const where = query.status ? eq(checkoutRecoveries.status, query.status) : undefined;
    // the page's ids through the index of the list's order (by status, or all)
    const { keys, offset, order } = listPageKeys(db, {
      table: checkoutRecoveries,
      key: checkoutRecoveries.id,
      where,
      sort: query.sort,
      columns: { startedAt: checkoutRecoveries.startedAt },
      page: query.page,
      perPage: query.perPage,
    });
    const ids = (await keys).map((row) => row.key);
    const [rows, counted] = await Promise.all([
      ids.length
        ? db
            .select()
            .from(checkoutRecoveries)
            .where(inArray(checkoutRecoveries.id, ids))
            .orderBy(...order)
        : Promise.resolve([]),
      boundedTotal(db, db.select({ one: sql`1` }).from(checkoutRecoveries).where(where).$dynamic(), offset),
    ]);
    const items = rows.map(
      (row): RecoveryCheckoutItem => ({
        id: row.id,
        email: row.email,
        status: row.status as RecoveryStatus,
        lines: row.items.length,
        startedAt: row.startedAt.toISOString(),
        remindersSent: row.remindersSent,
        lastReminderAt: iso(row.secondReminderAt ?? row.firstReminderAt),
        restoredAt: iso(row.restoredAt),
        orderId: row.orderId,
        recoveredCents: row.recoveredCents,
        currency: row.currency,
      }),
    );
    return c.json({ items, ...counted, page: query.page, perPage: query.perPage } satisfies ListAnswer<RecoveryCheckoutItem>);
  })
  .get('/marketing/recovery/summary', async (c) => {
    const { db } = c.var.deps;
    const { days } = readQuery(c, recoverySummaryQuery);
    const from = new Date(c.var.deps.now().getTime() - days * DAY_MS);
    const [[started], [first], [second], [restored], [recovered], currency] = await Promise.all([
      db.select({ n: count() }).from(checkoutRecoveries).where(gte(checkoutRecoveries.startedAt, from)),
      db.select({ n: count() }).from(checkoutRecoveries).where(gte(checkoutRecoveries.firstReminderAt, from)),
      db.select({ n: count() }).from(checkoutRecoveries).where(gte(checkoutRecoveries.secondReminderAt, from)),
      db
        .select({ n: count() })
        .from(checkoutRecoveries)
        .where(and(isNotNull(checkoutRecoveries.restoredAt), gte(checkoutRecoveries.restoredAt, from))),
      db
        .select({ n: count(), cents: sum(checkoutRecoveries.recoveredCents) })
        .from(checkoutRecoveries)
        .where(recoveredSince(from)),
      shopCurrency(db),
    ]);
    return c.json({
      days,
      checkouts: Number(started?.n ?? 0),
      remindersSent: Number(first?.n ?? 0) + Number(second?.n ?? 0),
      restored: Number(restored?.n ?? 0),
      recoveredOrders: Number(recovered?.n ?? 0),
      recoveredCents: Number(recovered?.cents ?? 0),
      currency,
    } satisfies RecoverySummary);
  });
