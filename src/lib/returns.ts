/**
 * Return rules: what of an order may still come back (ordered less what open or finished returns already name), and
 * the steps of a return: requested, then received (the items are back) or rejected; received, then refunded.
 * Framework-free; the API applies them.
 */

type Line = { itemId: string; quantity: number };

export const canReceive = (status: string) => status === 'requested';
export const canReject = (status: string) => status === 'requested';

/** Units of each order line that returns (not rejected) already name. */
export function returningQuantities(returns: { status: string; lines: Line[] }[]): Map<string, number> {
  const named = new Map<string, number>();
  for (const r of returns) {
    if (r.status === 'rejected') continue;
    for (const line of r.lines) named.set(line.itemId, (named.get(line.itemId) ?? 0) + line.quantity);
  }
  return named;
}

export type ReturnProblem = { itemId: string | null; key: 'noLines' | 'unknownLine' | 'moreThanReturnable'; max: number };

/** The lines of a new return, each within what may still come back of it, or the problems. */
export function returnLines(
  items: { id: string; quantity: number }[],
  returns: { status: string; lines: Line[] }[],
  asked: Line[],
): { lines: Line[]; problems: ReturnProblem[] } {
  const named = returningQuantities(returns);
  const merged = new Map<string, number>();
  for (const line of asked) merged.set(line.itemId, (merged.get(line.itemId) ?? 0) + line.quantity);
  if (merged.size === 0) return { lines: [], problems: [{ itemId: null, key: 'noLines', max: 0 }] };
  const problems: ReturnProblem[] = [];
  for (const [itemId, quantity] of merged) {
    const item = items.find((i) => i.id === itemId);
    if (!item) problems.push({ itemId, key: 'unknownLine', max: 0 });
    else {
      const max = Math.max(0, item.quantity - (named.get(itemId) ?? 0));
      if (quantity > max) problems.push({ itemId, key: 'moreThanReturnable', max });
    }
  }
  return { lines: problems.length ? [] : [...merged].map(([itemId, quantity]) => ({ itemId, quantity })), problems };
}
