import { deliverySize, type Dimensions } from './pricing';

export const SHIPPING_RATE_KINDS = ['free', 'flat', 'by_manager'] as const;
export type ShippingRateKind = (typeof SHIPPING_RATE_KINDS)[number];

export type ShippingRateRule = {
  kind: string;
  priceCents: number;
  enabled: boolean;
  minOrderCents: number | null;
  maxOrderCents: number | null;
  minWeight: number | null;
  maxWeight: number | null;
};

export type WeighedLine = {
  product: Dimensions;
  variation: Partial<{ [K in keyof Dimensions]: number | null }>;
  quantity: number;
};

/** Total delivery weight of an order: each line's delivery size times its quantity (unknown sizes count as 0). */
export function orderDeliveryWeight(lines: WeighedLine[]): number {
  return lines.reduce((total, line) => total + (deliverySize(line.product, line.variation) ?? 0) * line.quantity, 0);
}

/** Whether a rate can serve an order of this amount (minor units) and delivery weight; bounds are inclusive. */
export function rateApplies(rate: ShippingRateRule, order: { amountCents: number; weight: number }): boolean {
  if (!rate.enabled || !isShippingRateKind(rate.kind)) return false;
  return within(order.amountCents, rate.minOrderCents, rate.maxOrderCents) && within(order.weight, rate.minWeight, rate.maxWeight);
}

/** What the customer is charged for delivery; by-manager rates are priced later by the shop. */
export function ratePrice(rate: Pick<ShippingRateRule, 'kind' | 'priceCents'>): { priceCents: number; priceByManager: boolean } {
  if (rate.kind === 'flat') return { priceCents: rate.priceCents, priceByManager: false };
  return { priceCents: 0, priceByManager: rate.kind === 'by_manager' };
}

export function isShippingRateKind(kind: string): kind is ShippingRateKind {
  return (SHIPPING_RATE_KINDS as readonly string[]).includes(kind);
}

function within(value: number, min: number | null, max: number | null): boolean {
  return (min === null || value >= min) && (max === null || value <= max);
}
