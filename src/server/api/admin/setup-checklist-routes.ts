import { and, eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { setupChecklistBody, type SetupChecklist } from '../../../contract/admin';
import type { Executor } from '../../db/client';
import { orders, pages, paymentMethods, pickupLocations, products, sections, settings, shippingZones } from '../../db/schema';
import { parseSettings } from '../../../lib/settings';
import { isRecord } from '../../../lib/is-record';
import { readBody } from '../core/validate';
import { recordAudit } from './audit';
import type { AdminEnv } from './context';
import { requireCapability } from './session';

/**
 * Where the owner's choice about the guided start is kept: a row of the settings table outside the settings
 * groups (the settings forms, the storefront and the cache never read it).
 */
const CHECKLIST_ROW = 'setupChecklist';

/** Whether a query finds a row: it stops at the first (never counts a table of 100,000 products or orders). */
const some = async (query: Promise<unknown[]>) => (await query).length > 0;
const one = { one: sql`1` };

/** The guided start of a new shop: which steps the shop has done, read from what it holds. */
export async function loadSetupChecklist(db: Executor): Promise<SetupChecklist> {
  const rows = await db.select().from(settings);
  const stored = parseSettings(Object.fromEntries(rows.map((row) => [row.group, row.value])));
  const own = rows.find((row) => row.group === CHECKLIST_ROW)?.value;
  const common = stored.common;
  const [product, zone, pickup, payment, homepage, order] = await Promise.all([
    some(db.select(one).from(products).where(eq(products.enabled, true)).limit(1)),
    some(db.select(one).from(shippingZones).limit(1)),
    some(db.select(one).from(pickupLocations).limit(1)),
    some(db.select(one).from(paymentMethods).where(eq(paymentMethods.enabled, true)).limit(1)),
    some(
      db
        .select(one)
        .from(sections)
        .innerJoin(pages, and(eq(sections.ownerType, 'page'), eq(sections.ownerId, pages.id)))
        .where(eq(pages.type, 'homepage'))
        .limit(1),
    ),
    some(db.select(one).from(orders).limit(1)),
  ]);
  const done = {
    logoAndContacts: stored.header.logo !== null && (common.phones.length > 0 || common.emails.length > 0),
    product,
    delivery: zone || pickup,
    payment,
    homepage,
    testOrder: order,
  };
  return {
    dismissed: isRecord(own) && own.dismissed === true,
    steps: Object.entries(done).map(([key, value]) => ({ key: key as keyof typeof done, done: value })),
  };
}

/** The owner (`shop_setup`) puts the guided start away (or brings it back); audited. */
export const setupChecklistRoutes = new Hono<AdminEnv>().put('/setup-checklist', requireCapability('shop_setup'), async (c) => {
  const { deps, staff } = c.var;
  const { dismissed } = await readBody(c, setupChecklistBody);
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const [before] = await tx.select().from(settings).where(eq(settings.group, CHECKLIST_ROW)).for('update');
    const value = { dismissed };
    await tx
      .insert(settings)
      .values({ group: CHECKLIST_ROW, value, version: 1, updatedAt: now })
      .onConflictDoUpdate({ target: settings.group, set: { value, updatedAt: now } });
    await recordAudit(
      tx,
      staff,
      {
        action: dismissed ? 'setupChecklist.dismiss' : 'setupChecklist.show',
        entityType: 'settings',
        entityId: CHECKLIST_ROW,
        before: before ? before.value : null,
        after: value,
      },
      now,
    );
  });
  return c.json(await loadSetupChecklist(deps.db));
});
