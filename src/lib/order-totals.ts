/** Order money arithmetic, in integer minor units. */

export type PricedLine = { unitPriceCents: number; quantity: number };

export function lineTotalCents(line: PricedLine): number {
  return line.unitPriceCents * line.quantity;
}

export function itemsTotalCents(lines: PricedLine[]): number {
  return lines.reduce((total, line) => total + lineTotalCents(line), 0);
}

export type OrderTotals = { itemsTotalCents: number; discountCents: number; deliveryCents: number; totalCents: number };

/** The discount never takes the items below zero; delivery is added on top. */
export function orderTotals(lines: PricedLine[], discountCents: number, deliveryCents: number): OrderTotals {
  const items = itemsTotalCents(lines);
  const discount = Math.min(Math.max(discountCents, 0), items);
  return { itemsTotalCents: items, discountCents: discount, deliveryCents, totalCents: items - discount + deliveryCents };
}
