import { asc, count, eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import {
  idSchema,
  paymentMethodCreateSchema,
  paymentMethodProblems,
  paymentMethodUpdateSchema,
  reorderBodySchema,
  SANDBOX_PROVIDER,
  versionQuerySchema,
  type AdminPaymentMethod,
  type PaymentMethodsAnswer,
} from '../../../../contract/admin';
import type { Executor } from '../../../db/client';
import { orders, paymentMethods, pickupLocations } from '../../../db/schema';
import { fieldError } from '../../core/errors';
import { readBody, readParams, readQuery } from '../../core/validate';
import { recordAudit } from '../audit';
import type { AdminEnv } from '../context';
import { isUniqueViolation, refuseProblems, sellingMessage } from './selling-common';
import { deleteVersioned, nextPosition, reorderVersioned, updateVersioned, type Versioned } from './versioned-rows';

type MethodRow = typeof paymentMethods.$inferSelect;
const codeParams = z.object({ code: idSchema });
const METHODS: Versioned = {
  table: paymentMethods,
  key: paymentMethods.code,
  entityType: 'payment_method',
  missing: 'selling.paymentMethodNotFound',
};

/** Codes of the pickup locations that list `code` among their payment methods. */
async function locationsUsing(db: Executor, code: string): Promise<string[]> {
  const rows = await db
    .select({ code: pickupLocations.code })
    .from(pickupLocations)
    .where(sql`${pickupLocations.paymentMethodCodes} @> ${JSON.stringify([code])}::jsonb`)
    .orderBy(asc(pickupLocations.code));
  return rows.map((r) => r.code);
}

async function loadMethods(db: Executor): Promise<PaymentMethodsAnswer> {
  const [rows, locations] = await Promise.all([
    db.select().from(paymentMethods).orderBy(asc(paymentMethods.position), asc(paymentMethods.code)),
    db
      .select({ code: pickupLocations.code, methods: pickupLocations.paymentMethodCodes })
      .from(pickupLocations)
      .orderBy(asc(pickupLocations.code)),
  ]);
  const items = rows.map((row) =>
    toMethod(
      row,
      locations.filter((l) => l.methods.includes(row.code)).map((l) => l.code),
    ),
  );
  return { items, sandboxEnabled: items.some((m) => m.enabled && m.kind === 'online' && m.provider === SANDBOX_PROVIDER) };
}

function toMethod(row: MethodRow, usedByLocations: string[]): AdminPaymentMethod {
  return {
    code: row.code,
    title: { en: row.title.en ?? '', ru: row.title.ru ?? '' },
    kind: row.kind === 'online' ? 'online' : 'cash',
    provider: row.provider,
    enabled: row.enabled,
    position: row.position,
    version: row.version,
    usedByLocations,
  };
}

export const paymentMethodAdminRoutes = new Hono<AdminEnv>()
  .get('/payment-methods', async (c) => c.json(await loadMethods(c.var.deps.db)))
  .post('/payment-methods', async (c) => {
    const { deps, lang, staff } = c.var;
    const body = await readBody(c, paymentMethodCreateSchema);
    refuseProblems(paymentMethodProblems(body), lang);
    try {
      await deps.db.transaction(async (tx) => {
        const [clash] = await tx.select({ code: paymentMethods.code }).from(paymentMethods).where(eq(paymentMethods.code, body.code));
        if (clash) throw fieldError('code', sellingMessage('paymentCodeTaken', lang));
        const position = body.position ?? (await nextPosition(tx, METHODS));
        const [created] = await tx
          .insert(paymentMethods)
          .values({ ...body, position })
          .returning();
        await recordAudit(
          tx,
          staff,
          { action: 'payment-method.create', entityType: METHODS.entityType, entityId: body.code, after: created },
          deps.now(),
        );
      });
    } catch (error) {
      if (isUniqueViolation(error, 'payment_methods_pkey')) throw fieldError('code', sellingMessage('paymentCodeTaken', lang));
      throw error;
    }
    return c.json(await loadMethods(deps.db), 201);
  })
  .post('/payment-methods/order', async (c) => {
    const { deps, lang, staff } = c.var;
    const { items } = await readBody(c, reorderBodySchema);
    await deps.db.transaction((tx) => reorderVersioned(tx, METHODS, { staff, lang, at: deps.now() }, items, 'payment-method.order'));
    return c.json(await loadMethods(deps.db));
  })
  /** Title, kind and provider, enabled (the sandbox provider included: the screen warns it must be off in a live shop), position. */
  .patch('/payment-methods/:code', async (c) => {
    const { code } = readParams(c, codeParams);
    const { deps, lang, staff } = c.var;
    const { version, position, ...body } = await readBody(c, paymentMethodUpdateSchema);
    refuseProblems(paymentMethodProblems(body), lang);
    await deps.db.transaction((tx) =>
      updateVersioned<MethodRow>(tx, METHODS, { staff, lang, at: deps.now() }, code, version, 'payment-method.update', {
        ...body,
        ...(position !== undefined ? { position } : {}),
      }),
    );
    return c.json(await loadMethods(deps.db));
  })
  /** A method named by pickup locations or used by orders stays (disable it instead). */
  .delete('/payment-methods/:code', async (c) => {
    const { code } = readParams(c, codeParams);
    const { version } = readQuery(c, versionQuerySchema);
    const { deps, lang, staff } = c.var;
    await deps.db.transaction((tx) =>
      deleteVersioned(tx, METHODS, { staff, lang, at: deps.now() }, code, version, 'payment-method.delete', async () => {
        const locations = await locationsUsing(tx, code);
        if (locations.length > 0) throw fieldError('code', sellingMessage('paymentMethodInUse', lang, { locations: locations.join(', ') }));
        const [used] = await tx.select({ n: count() }).from(orders).where(eq(orders.paymentMethod, code));
        if (used!.n > 0) throw fieldError('code', sellingMessage('paymentMethodHasOrders', lang, { count: used!.n }));
      }),
    );
    return c.body(null, 204);
  });
