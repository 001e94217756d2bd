import { and, asc, eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { localize, type Language } from '../../../lib/localize';
import { centsToAmount } from '../../../lib/money';
import { orderDeliveryWeight, ratePrice, rateApplies } from '../../../lib/shipping';
import type { Database, Executor } from '../../db/client';
import { paymentMethods, pickupLocations, shippingRates, shippingZones, type Address } from '../../db/schema';
import type { AppEnv } from '../core/context';
import { fieldError, notFound } from '../core/errors';
import { readQuery } from '../core/validate';
import { cacheTags } from '../../cache/invalidation';
import { tagPage } from '../../cache/page-tags';
import {
  paymentMethodsByLocationQuery,
  type DeliveryInput,
  type PaymentMethodsDto,
  type PickupLocationDto,
  type ShippingZoneDto,
} from '../../../contract/storefront/commerce';
import { commerceMessage } from './messages';
import { cashOnDelivery, paymentMethodNamer } from './shop-settings';
import type { ResolvedLine } from './order-lines';
import { parseZoneEntry, zoneServes, zoneServesCountry } from '../../../lib/shipping-zones';
import { zoneName, zonesOf } from '../../../lib/countries';

export type PaymentMethodRow = typeof paymentMethods.$inferSelect;
export type PickupLocationRow = typeof pickupLocations.$inferSelect;

/** The code a client may pass to ask for the methods of shipping (rather than of a pickup location). */
export const SHIPPING_METHODS_CODE = 'shipping';

// ---------------------------------------------------------------- payment methods

async function enabledPaymentMethods(db: Executor): Promise<PaymentMethodRow[]> {
  return db
    .select()
    .from(paymentMethods)
    .where(eq(paymentMethods.enabled, true))
    .orderBy(asc(paymentMethods.position), asc(paymentMethods.code));
}

/**
 * Enabled payment methods usable for a delivery: every enabled method for shipping, the enabled
 * methods among a pickup location's paymentMethodCodes otherwise. A location with an empty list
 * has not been restricted and accepts every enabled method. Cash methods (paid on delivery) are
 * left out while the shop's paymentCashOnDelivery setting is switched off.
 */
export async function availablePaymentMethods(db: Database, location: PickupLocationRow | null): Promise<PaymentMethodRow[]> {
  const [all, cash] = await Promise.all([enabledPaymentMethods(db), cashOnDelivery(db)]);
  const methods = cash.enabled ? all : all.filter((m) => m.kind !== 'cash');
  if (!location || location.paymentMethodCodes.length === 0) return methods;
  return methods.filter((m) => location.paymentMethodCodes.includes(m.code));
}

/**
 * The methods as checkout shows them, by code: name and kind. Cash methods take the title of the
 * paymentCashOnDelivery setting (their own title while it has none) and its description, when set.
 */
async function paymentMethodsMap(db: Database, methods: PaymentMethodRow[], lang: Language): Promise<PaymentMethodsDto> {
  const [cash, methodName] = await Promise.all([cashOnDelivery(db), paymentMethodNamer(db, lang)]);
  const cashDescription = localize(cash.description, lang).trim();
  return Object.fromEntries(
    methods.map((m) => [
      m.code,
      { methodName: methodName(m), kind: m.kind, ...(m.kind === 'cash' && cashDescription ? { description: cashDescription } : {}) },
    ]),
  );
}

// ---------------------------------------------------------------- delivery of an order

export type ResolvedDelivery = {
  method: DeliveryInput['method'];
  title: string;
  priceCents: number;
  priceByManager: boolean;
  location: PickupLocationRow | null;
  zoneId: string | null;
  rateId: string | null;
  address: Address | null;
};

/**
 * Checks the chosen delivery against the database: an enabled pickup location, or an enabled
 * zone serving the address's country with an enabled rate of that zone that applies to the order
 * (its items total after discount, in minor units, and its delivery weight).
 */
export async function resolveDelivery(
  db: Executor,
  input: DeliveryInput,
  order: { amountCents: number; lines: ResolvedLine[] },
  lang: Language,
): Promise<ResolvedDelivery> {
  if (input.method === 'pickup') {
    const [location] = await db
      .select()
      .from(pickupLocations)
      .where(and(eq(pickupLocations.id, input.locationId), eq(pickupLocations.enabled, true)));
    if (!location) throw fieldError('delivery.locationId', commerceMessage('locationUnavailable', lang));
    return {
      method: 'pickup',
      title: localize(location.title, lang),
      priceCents: 0,
      priceByManager: false,
      location,
      zoneId: null,
      rateId: null,
      address: null,
    };
  }

  const [zone] = await db
    .select()
    .from(shippingZones)
    .where(and(eq(shippingZones.id, input.zoneId), eq(shippingZones.enabled, true)));
  if (!zone) throw fieldError('delivery.zoneId', commerceMessage('zoneUnavailable', lang));
  const country = input.address.country.toUpperCase();
  if (!zoneServesCountry(zone.countries, country)) {
    throw fieldError('delivery.address.country', commerceMessage('countryNotServed', lang));
  }
  if (!zoneServes(zone.countries, country, input.address.region)) {
    throw fieldError('delivery.address.region', commerceMessage('regionNotServed', lang));
  }
  const [rate] = await db
    .select()
    .from(shippingRates)
    .where(and(eq(shippingRates.id, input.rateId), eq(shippingRates.zoneId, zone.id)));
  const weight = orderDeliveryWeight(order.lines.map((l) => ({ product: l.product, variation: l.variation, quantity: l.quantity })));
  if (!rate || !rateApplies(rate, { amountCents: order.amountCents, weight })) {
    throw fieldError('delivery.rateId', commerceMessage('rateUnavailable', lang));
  }
  const price = ratePrice(rate);
  const { address } = input;
  return {
    method: 'shipping',
    title: localize(rate.title, lang),
    priceCents: price.priceCents,
    priceByManager: price.priceByManager,
    location: null,
    zoneId: zone.id,
    rateId: rate.id,
    address: {
      country,
      locality: address.locality,
      street: address.street,
      ...(address.region ? { region: address.region } : {}),
      ...(address.postalCode ? { postalCode: address.postalCode } : {}),
    },
  };
}

// ---------------------------------------------------------------- routes

/** The names of a zone's region entries (`US-CA`: California), for the checkout's region list. */
function regionNamesOf(entries: readonly string[], lang: Language): Record<string, string> {
  const names: Record<string, string> = {};
  for (const entry of entries) {
    const { country, region } = parseZoneEntry(entry);
    const zone = region ? zonesOf(country).find((z) => z.code.toUpperCase() === region) : undefined;
    if (zone) names[entry.toUpperCase()] = zoneName(zone, lang);
  }
  return names;
}

/** A shipping rate as the zones' query reads it. */
type RateJson = Pick<
  typeof shippingRates.$inferSelect,
  'id' | 'title' | 'kind' | 'priceCents' | 'minOrderCents' | 'maxOrderCents' | 'minWeight' | 'maxWeight' | 'speed'
>;

export const deliveryRoutes = new Hono<AppEnv>()
  .get('/shipping-zones', async (c) => {
    const { db } = c.var.deps;
    tagPage([cacheTags.delivery]);
    // the zones with their enabled rates, in one query (the product page reads it for its delivery details)
    const zones = await db
      .select({
        zone: shippingZones,
        rates: sql<
          RateJson[]
        >`(select coalesce(json_agg(json_build_object('id', r.id, 'title', r.title, 'kind', r.kind, 'priceCents', r.price_cents,
            'minOrderCents', r.min_order_cents, 'maxOrderCents', r.max_order_cents, 'minWeight', r.min_weight, 'maxWeight', r.max_weight,
            'speed', r.speed) order by r.position, r.id), '[]'::json)
          from ${shippingRates} r where r.zone_id = "shipping_zones"."id" and r.enabled)`,
      })
      .from(shippingZones)
      .where(eq(shippingZones.enabled, true))
      .orderBy(asc(shippingZones.position), asc(shippingZones.id));
    return c.json(
      zones.map(
        ({ zone, rates }): ShippingZoneDto => ({
          id: zone.id,
          title: localize(zone.title, c.var.lang),
          countries: zone.countries,
          regionNames: regionNamesOf(zone.countries, c.var.lang),
          rates: rates.map((r) => ({
            id: r.id,
            title: localize(r.title, c.var.lang),
            kind: r.kind,
            price: centsToAmount(ratePrice(r).priceCents),
            minOrderAmount: r.minOrderCents === null ? null : centsToAmount(r.minOrderCents),
            maxOrderAmount: r.maxOrderCents === null ? null : centsToAmount(r.maxOrderCents),
            minWeight: r.minWeight,
            maxWeight: r.maxWeight,
            speed: r.speed,
          })),
        }),
      ),
    );
  })
  .get('/locations', async (c) => {
    const rows = await c.var.deps.db
      .select()
      .from(pickupLocations)
      .where(eq(pickupLocations.enabled, true))
      .orderBy(asc(pickupLocations.position), asc(pickupLocations.id));
    return c.json(
      rows.map(
        (l): PickupLocationDto => ({
          id: l.id,
          code: l.code,
          title: localize(l.title, c.var.lang),
          address: l.address ? localize(l.address, c.var.lang) : '',
          workTime: l.workTime ? localize(l.workTime, c.var.lang) : '',
        }),
      ),
    );
  })
  .get('/configs/payments-available-methods', async (c) => {
    const { db } = c.var.deps;
    return c.json(await paymentMethodsMap(db, await availablePaymentMethods(db, null), c.var.lang));
  })
  /** Methods for a pickup location's code; without a code, or with 'shipping', the methods for shipping. */
  .get('/configs/payments-available-methods-by-location', async (c) => {
    const { db } = c.var.deps;
    const { code } = readQuery(c, paymentMethodsByLocationQuery);
    let location: PickupLocationRow | null = null;
    if (code && code !== SHIPPING_METHODS_CODE) {
      [location = null] = await db
        .select()
        .from(pickupLocations)
        .where(and(eq(pickupLocations.code, code), eq(pickupLocations.enabled, true)));
      if (!location) throw notFound(commerceMessage('locationNotFound', c.var.lang));
    }
    return c.json(await paymentMethodsMap(db, await availablePaymentMethods(db, location), c.var.lang));
  });
