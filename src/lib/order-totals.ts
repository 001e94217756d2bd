/** Order money arithmetic, in integer minor units. */
import { addedTaxCents, type OrderTax } from './tax';

export type PricedLine = { unitPriceCents: number; quantity: number };

export function lineTotalCents(line: PricedLine): number {
  return line.unitPriceCents * line.quantity;
}

export function itemsTotalCents(lines: PricedLine[]): number {
  return lines.reduce((total, line) => total + lineTotalCents(line), 0);
}

export type OrderTotals = {
  itemsTotalCents: number;
  discountCents: number;
  deliveryCents: number;
  totalCents: number;
  /** with a tax given: the order's tax (in the total when added on top, part of the prices when included) */
  taxCents?: number;
  taxIncluded?: boolean;
};

/**
 * The discount never takes the items below zero; delivery is added on top, and so is the tax when prices are entered
 * without it (`tax`, from `orderTax` in tax.ts; an included tax changes no total).
 */
export function orderTotals(
  lines: PricedLine[],
  discountCents: number,
  deliveryCents: number,
  tax?: Pick<OrderTax, 'taxCents' | 'included'>,
): OrderTotals {
  const items = itemsTotalCents(lines);
  const discount = Math.min(Math.max(discountCents, 0), items);
  const totals = { itemsTotalCents: items, discountCents: discount, deliveryCents, totalCents: items - discount + deliveryCents };
  if (!tax) return totals;
  return { ...totals, totalCents: totals.totalCents + addedTaxCents(tax), taxCents: tax.taxCents, taxIncluded: tax.included };
}
