import { randomUUID } from 'node:crypto';
import { asc, eq, inArray } from 'drizzle-orm';
import { Hono, type MiddlewareHandler } from 'hono';
import { z } from 'zod';
import {
  idSchema,
  locationBodySchema,
  locationUpdateSchema,
  rateBodySchema,
  rateProblems,
  rateUpdateSchema,
  reorderBodySchema,
  versionQuerySchema,
  zoneBodySchema,
  zoneUpdateSchema,
  type AdminLocation,
  type AdminRate,
  type AdminZone,
  type LocalizedInput,
} from '../../../../contract/admin';
import type { Language } from '../../../../lib/localize';
import type { Executor } from '../../../db/client';
import { paymentMethods, pickupLocations, shippingRates, shippingZones } from '../../../db/schema';
import { invalidate, cacheTags } from '../../../cache/invalidation';
import { fieldError, notFound } from '../../core/errors';
import { readBody, readParams, readQuery } from '../../core/validate';
import { recordAudit } from '../audit';
import type { AdminEnv } from '../context';
import { isUniqueViolation, refuseProblems, sellingMessage } from './selling-common';
import { deleteVersioned, nextPosition, reorderVersioned, updateVersioned, type Versioned } from './versioned-rows';

type ZoneRow = typeof shippingZones.$inferSelect;
type RateRow = typeof shippingRates.$inferSelect;
type LocationRow = typeof pickupLocations.$inferSelect;

const idParams = z.object({ id: idSchema });

const ZONES: Versioned = { table: shippingZones, key: shippingZones.id, entityType: 'shipping_zone', missing: 'selling.zoneNotFound' };
const RATES: Versioned = { table: shippingRates, key: shippingRates.id, entityType: 'shipping_rate', missing: 'selling.rateNotFound' };
const LOCATIONS: Versioned = {
  table: pickupLocations,
  key: pickupLocations.id,
  entityType: 'pickup_location',
  missing: 'selling.locationNotFound',
};

const text = (value: { en?: string; ru?: string } | null): LocalizedInput | null =>
  value ? { en: value.en ?? '', ru: value.ru ?? '' } : null;

function toRate(row: RateRow): AdminRate {
  return {
    id: row.id,
    zoneId: row.zoneId,
    title: text(row.title)!,
    kind: row.kind as AdminRate['kind'],
    priceCents: row.priceCents,
    minOrderCents: row.minOrderCents,
    maxOrderCents: row.maxOrderCents,
    minWeight: row.minWeight,
    maxWeight: row.maxWeight,
    speed: row.speed as AdminRate['speed'],
    enabled: row.enabled,
    position: row.position,
    version: row.version,
  };
}

function toZone(row: ZoneRow, rates: RateRow[]): AdminZone {
  return {
    id: row.id,
    title: text(row.title)!,
    countries: row.countries,
    enabled: row.enabled,
    position: row.position,
    version: row.version,
    rates: rates.filter((r) => r.zoneId === row.id).map(toRate),
  };
}

function toLocation(row: LocationRow): AdminLocation {
  return {
    id: row.id,
    code: row.code,
    title: text(row.title)!,
    address: text(row.address),
    workTime: text(row.workTime),
    paymentMethodCodes: row.paymentMethodCodes,
    enabled: row.enabled,
    position: row.position,
    version: row.version,
  };
}

async function loadZones(db: Executor): Promise<AdminZone[]> {
  const [zones, rates] = await Promise.all([
    db.select().from(shippingZones).orderBy(asc(shippingZones.position), asc(shippingZones.id)),
    db.select().from(shippingRates).orderBy(asc(shippingRates.position), asc(shippingRates.id)),
  ]);
  return zones.map((z) => toZone(z, rates));
}

/** A pickup location may only name payment methods that exist (checkout would silently drop the others). */
async function checkPaymentCodes(db: Executor, codes: string[], lang: Language): Promise<void> {
  if (codes.length === 0) return;
  const known = await db.select({ code: paymentMethods.code }).from(paymentMethods).where(inArray(paymentMethods.code, codes));
  const unknown = codes.filter((code) => !known.some((k) => k.code === code));
  if (unknown.length > 0)
    throw fieldError('paymentMethodCodes', sellingMessage('unknownPaymentMethod', lang, { codes: unknown.join(', ') }));
}

async function withUniqueLocationCode<T>(lang: Language, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, 'pickup_locations_code_idx')) throw fieldError('code', sellingMessage('locationCodeTaken', lang));
    throw error;
  }
}

const rateColumns = (body: z.infer<typeof rateBodySchema>) => ({
  title: body.title,
  kind: body.kind,
  // only a flat rate charges its price (src/lib/shipping.ts ratePrice); the others keep 0
  priceCents: body.kind === 'flat' ? body.priceCents : 0,
  minOrderCents: body.minOrderCents,
  maxOrderCents: body.maxOrderCents,
  minWeight: body.minWeight,
  maxWeight: body.maxWeight,
  speed: body.speed,
  enabled: body.enabled,
  ...(body.position !== undefined ? { position: body.position } : {}),
});

const locationColumns = (body: z.infer<typeof locationBodySchema>) => ({
  code: body.code,
  title: body.title,
  address: body.address,
  workTime: body.workTime,
  paymentMethodCodes: body.paymentMethodCodes,
  enabled: body.enabled,
  ...(body.position !== undefined ? { position: body.position } : {}),
});

/** After a zone or rate write that succeeded: product pages quote the zones' rates (their delivery details). */
const dropDeliveryPages: MiddlewareHandler<AdminEnv> = async (c, next) => {
  await next();
  if (c.req.method !== 'GET' && !c.error && c.res.status < 400) await invalidate([cacheTags.delivery]);
};

export const deliveryAdminRoutes = new Hono<AdminEnv>()
  .use('/shipping-zones/*', dropDeliveryPages)
  .use('/shipping-rates/*', dropDeliveryPages)
  // ------------------------------------------------------------ zones and their rates
  .get('/shipping-zones', async (c) => c.json(await loadZones(c.var.deps.db)))
  .post('/shipping-zones', async (c) => {
    const { deps, staff } = c.var;
    const body = await readBody(c, zoneBodySchema);
    const row = await deps.db.transaction(async (tx) => {
      const at = deps.now();
      const position = body.position ?? (await nextPosition(tx, ZONES));
      const [created] = await tx
        .insert(shippingZones)
        .values({ id: randomUUID(), title: body.title, countries: body.countries, enabled: body.enabled, position })
        .returning();
      await recordAudit(
        tx,
        staff,
        { action: 'shipping-zone.create', entityType: ZONES.entityType, entityId: created!.id, after: created },
        at,
      );
      return created!;
    });
    return c.json(toZone(row, []), 201);
  })
  .post('/shipping-zones/order', async (c) => {
    const { deps, lang, staff } = c.var;
    const { items } = await readBody(c, reorderBodySchema);
    await deps.db.transaction((tx) => reorderVersioned(tx, ZONES, { staff, lang, at: deps.now() }, items, 'shipping-zone.order'));
    return c.json(await loadZones(deps.db));
  })
  .patch('/shipping-zones/:id', async (c) => {
    const { id } = readParams(c, idParams);
    const { deps, lang, staff } = c.var;
    const { version, position, ...body } = await readBody(c, zoneUpdateSchema);
    const row = await deps.db.transaction((tx) =>
      updateVersioned<ZoneRow>(tx, ZONES, { staff, lang, at: deps.now() }, id, version, 'shipping-zone.update', {
        ...body,
        ...(position !== undefined ? { position } : {}),
      }),
    );
    const rates = await deps.db
      .select()
      .from(shippingRates)
      .where(eq(shippingRates.zoneId, id))
      .orderBy(asc(shippingRates.position), asc(shippingRates.id));
    return c.json(toZone(row, rates));
  })
  /** Deleting a zone deletes its rates (orders keep their own copy of the delivery they chose). */
  .delete('/shipping-zones/:id', async (c) => {
    const { id } = readParams(c, idParams);
    const { version } = readQuery(c, versionQuerySchema);
    const { deps, lang, staff } = c.var;
    await deps.db.transaction(async (tx) => {
      const at = deps.now();
      const rates = await tx.select().from(shippingRates).where(eq(shippingRates.zoneId, id));
      await deleteVersioned(tx, ZONES, { staff, lang, at }, id, version, 'shipping-zone.delete');
      // its rates go with it (ON DELETE CASCADE); the audit log keeps their last state too
      for (const rate of rates)
        await recordAudit(tx, staff, { action: 'shipping-rate.delete', entityType: RATES.entityType, entityId: rate.id, before: rate }, at);
    });
    return c.body(null, 204);
  })
  .post('/shipping-zones/:id/rates', async (c) => {
    const { id: zoneId } = readParams(c, idParams);
    const { deps, lang, staff } = c.var;
    const body = await readBody(c, rateBodySchema);
    refuseProblems(rateProblems(body), lang);
    const row = await deps.db.transaction(async (tx) => {
      const [zone] = await tx.select({ id: shippingZones.id }).from(shippingZones).where(eq(shippingZones.id, zoneId)).for('update');
      if (!zone) throw notFound(sellingMessage('zoneNotFound', lang));
      const at = deps.now();
      const position = body.position ?? (await nextPosition(tx, RATES, eq(shippingRates.zoneId, zoneId)));
      const [created] = await tx
        .insert(shippingRates)
        .values({ id: randomUUID(), zoneId, ...rateColumns(body), position })
        .returning();
      await recordAudit(
        tx,
        staff,
        { action: 'shipping-rate.create', entityType: RATES.entityType, entityId: created!.id, after: created },
        at,
      );
      return created!;
    });
    return c.json(toRate(row), 201);
  })
  .post('/shipping-zones/:id/rates/order', async (c) => {
    const { id: zoneId } = readParams(c, idParams);
    const { deps, lang, staff } = c.var;
    const { items } = await readBody(c, reorderBodySchema);
    await deps.db.transaction((tx) =>
      reorderVersioned(tx, RATES, { staff, lang, at: deps.now() }, items, 'shipping-rate.order', (row) => row.zoneId === zoneId),
    );
    return c.json(await loadZones(deps.db));
  })
  .patch('/shipping-rates/:id', async (c) => {
    const { id } = readParams(c, idParams);
    const { deps, lang, staff } = c.var;
    const { version, ...body } = await readBody(c, rateUpdateSchema);
    refuseProblems(rateProblems(body), lang);
    const row = await deps.db.transaction((tx) =>
      updateVersioned<RateRow>(tx, RATES, { staff, lang, at: deps.now() }, id, version, 'shipping-rate.update', rateColumns(body)),
    );
    return c.json(toRate(row));
  })
  .delete('/shipping-rates/:id', async (c) => {
    const { id } = readParams(c, idParams);
    const { version } = readQuery(c, versionQuerySchema);
    const { deps, lang, staff } = c.var;
    await deps.db.transaction((tx) => deleteVersioned(tx, RATES, { staff, lang, at: deps.now() }, id, version, 'shipping-rate.delete'));
    return c.body(null, 204);
  })
  // ------------------------------------------------------------ pickup locations
  .get('/pickup-locations', async (c) => {
    const rows = await c.var.deps.db.select().from(pickupLocations).orderBy(asc(pickupLocations.position), asc(pickupLocations.id));
    return c.json(rows.map(toLocation));
  })
  .post('/pickup-locations', async (c) => {
    const { deps, lang, staff } = c.var;
    const body = await readBody(c, locationBodySchema);
    await checkPaymentCodes(deps.db, body.paymentMethodCodes, lang);
    const row = await withUniqueLocationCode(lang, () =>
      deps.db.transaction(async (tx) => {
        const [clash] = await tx.select({ id: pickupLocations.id }).from(pickupLocations).where(eq(pickupLocations.code, body.code));
        if (clash) throw fieldError('code', sellingMessage('locationCodeTaken', lang));
        const position = body.position ?? (await nextPosition(tx, LOCATIONS));
        const [created] = await tx
          .insert(pickupLocations)
          .values({ id: randomUUID(), ...locationColumns(body), position })
          .returning();
        await recordAudit(
          tx,
          staff,
          { action: 'pickup-location.create', entityType: LOCATIONS.entityType, entityId: created!.id, after: created },
          deps.now(),
        );
        return created!;
      }),
    );
    return c.json(toLocation(row), 201);
  })
  .post('/pickup-locations/order', async (c) => {
    const { deps, lang, staff } = c.var;
    const { items } = await readBody(c, reorderBodySchema);
    await deps.db.transaction((tx) => reorderVersioned(tx, LOCATIONS, { staff, lang, at: deps.now() }, items, 'pickup-location.order'));
    const rows = await deps.db.select().from(pickupLocations).orderBy(asc(pickupLocations.position), asc(pickupLocations.id));
    return c.json(rows.map(toLocation));
  })
  .patch('/pickup-locations/:id', async (c) => {
    const { id } = readParams(c, idParams);
    const { deps, lang, staff } = c.var;
    const { version, ...body } = await readBody(c, locationUpdateSchema);
    await checkPaymentCodes(deps.db, body.paymentMethodCodes, lang);
    const row = await withUniqueLocationCode(lang, () =>
      deps.db.transaction(async (tx) => {
        const [clash] = await tx.select({ id: pickupLocations.id }).from(pickupLocations).where(eq(pickupLocations.code, body.code));
        if (clash && clash.id !== id) throw fieldError('code', sellingMessage('locationCodeTaken', lang));
        return updateVersioned<LocationRow>(
          tx,
          LOCATIONS,
          { staff, lang, at: deps.now() },
          id,
          version,
          'pickup-location.update',
          locationColumns(body),
        );
      }),
    );
    return c.json(toLocation(row));
  })
  .delete('/pickup-locations/:id', async (c) => {
    const { id } = readParams(c, idParams);
    const { version } = readQuery(c, versionQuerySchema);
    const { deps, lang, staff } = c.var;
    await deps.db.transaction((tx) =>
      deleteVersioned(tx, LOCATIONS, { staff, lang, at: deps.now() }, id, version, 'pickup-location.delete'),
    );
    return c.body(null, 204);
  });
