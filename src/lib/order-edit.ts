/**
 * Order edits before fulfilment, free of any framework: whether an order may still be edited, the stock each variation
 * gains or loses when its lines change, what the customer owes or gets back once the total moved, a short summary of
 * the change for the order's history, and the return window of customer returns. Amounts are minor units (cents).
 * The API (src/server/api/admin/order-edit-routes.ts) applies them; the totals themselves come from order-totals.ts,
 * the same code checkout uses.
 */

export type EditBlock = 'canceled' | 'shipped' | 'returned' | 'authorized';

/** Why an order can no longer be edited, or null while it can (nothing shipped or coming back, no payment on hold). */
export function editBlock(order: { status: string; paymentStatus: string; shippedUnits: number; returns: number }): EditBlock | null {
  if (order.status === 'canceled') return 'canceled';
  if (order.shippedUnits > 0) return 'shipped';
  if (order.returns > 0) return 'returned';
  // money held but not taken cannot be topped up or partly given back: capture or release it first
  if (order.paymentStatus === 'authorized') return 'authorized';
  return null;
}

type StockLine = { variationId: string | null; quantity: number };

/**
 * What each finite-or-not variation's stock changes by when the order's lines go from `before` to `after`: positive
 * units are taken from stock, negative ones go back. Sorted by variation id (rows are locked in that order, so two
 * edits never wait on each other in a cycle); unchanged variations are left out.
 */
export function stockDeltas(before: StockLine[], after: StockLine[]): { variationId: string; quantity: number }[] {
  const delta = new Map<string, number>();
  for (const line of before) if (line.variationId) delta.set(line.variationId, (delta.get(line.variationId) ?? 0) - line.quantity);
  for (const line of after) if (line.variationId) delta.set(line.variationId, (delta.get(line.variationId) ?? 0) + line.quantity);
  return [...delta]
    .filter(([, quantity]) => quantity !== 0)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([variationId, quantity]) => ({ variationId, quantity }));
}

type Payment = { status: string; amountCents: number; capturedCents: number; refundedCents: number; attention: string | null };

/** What the customer's payments hold for the order now: captured less refunded, and authorised holds, flagged ones left out. */
export function paidNetCents(payments: Payment[]): number {
  return payments
    .filter((p) => !p.attention)
    .reduce(
      (sum, p) => sum + (p.status === 'completed' ? p.capturedCents - p.refundedCents : p.status === 'authorized' ? p.amountCents : 0),
      0,
    );
}

/**
 * The money side of an edit of a paid order, from the change of its total: a rise adds to what the customer still
 * has to pay (the pay link), a drop first lowers that, and the rest is refunded (never more than the payments hold).
 */
export function paymentDifference(input: { dueCents: number; oldTotalCents: number; newTotalCents: number; refundableCents: number }): {
  dueCents: number;
  refundCents: number;
} {
  const due = input.dueCents + input.newTotalCents - input.oldTotalCents;
  return due >= 0 ? { dueCents: due, refundCents: 0 } : { dueCents: 0, refundCents: Math.min(-due, Math.max(0, input.refundableCents)) };
}

type SummaryLine = { key: string; title: string; quantity: number };

/** One entry per changed line: `Shirt × 2 → 3`, `+ Hat × 1`, `− Socks × 2`. */
export function linesSummary(before: SummaryLine[], after: SummaryLine[]): string[] {
  const was = new Map(before.map((l) => [l.key, l]));
  const now = new Map(after.map((l) => [l.key, l]));
  const parts: string[] = [];
  for (const line of before) {
    const next = now.get(line.key);
    if (!next) parts.push(`− ${line.title} × ${line.quantity}`);
    else if (next.quantity !== line.quantity) parts.push(`${line.title} × ${line.quantity} → ${next.quantity}`);
  }
  for (const line of after) if (!was.has(line.key)) parts.push(`+ ${line.title} × ${line.quantity}`);
  return parts;
}

const DAY_MS = 86_400_000;

type Line = { itemId: string; quantity: number };

/**
 * What a customer may still return from their order page: until `days` days after the order's last shipment, the
 * units shipped less those open or finished returns (not rejected) already name. Nothing before anything ships, after
 * the window, or for a canceled order.
 */
export function customerReturnable(input: {
  status: string;
  shipments: { createdAt: Date; lines: Line[] }[];
  returns: { status: string; lines: Line[] }[];
  days: number;
  now: Date;
}): { until: Date | null; quantities: Map<string, number> } {
  const quantities = new Map<string, number>();
  const last = input.shipments.reduce<Date | null>((latest, s) => (!latest || s.createdAt > latest ? s.createdAt : latest), null);
  if (!last || input.status === 'canceled' || input.days <= 0) return { until: null, quantities };
  const until = new Date(last.getTime() + input.days * DAY_MS);
  if (input.now.getTime() > until.getTime()) return { until: null, quantities };
  for (const shipment of input.shipments)
    for (const line of shipment.lines) quantities.set(line.itemId, (quantities.get(line.itemId) ?? 0) + line.quantity);
  for (const r of input.returns) {
    if (r.status === 'rejected') continue;
    for (const line of r.lines) quantities.set(line.itemId, (quantities.get(line.itemId) ?? 0) - line.quantity);
  }
  for (const [itemId, quantity] of quantities) if (quantity <= 0) quantities.delete(itemId);
  return { until: quantities.size ? until : null, quantities };
}
