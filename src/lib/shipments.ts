/**
 * Fulfilment rules: what of an order is still to send, whether a shipment's lines fit it, and the carriers the back
 * office offers with their tracking pages. Framework-free; the API applies them, the order screens show them.
 */

/** Carriers with a public tracking page taking the number in its address; `other` takes the manager's own link. */
export const CARRIERS = {
  ups: 'https://www.ups.com/track?tracknum={number}',
  usps: 'https://tools.usps.com/go/TrackConfirmAction?tLabels={number}',
  fedex: 'https://www.fedex.com/fedextrack/?trknbr={number}',
  dhl: 'https://www.dhl.com/global-en/home/tracking/tracking-express.html?tracking-id={number}',
  'royal-mail': 'https://www.royalmail.com/track-your-item#/tracking-results/{number}',
  'russian-post': 'https://www.pochta.ru/tracking?barcode={number}',
  cdek: 'https://www.cdek.ru/ru/tracking?order_id={number}',
  boxberry: 'https://boxberry.ru/tracking-page?id={number}',
  other: '',
} as const;
export type CarrierCode = keyof typeof CARRIERS;
export const CARRIER_CODES = Object.keys(CARRIERS) as [CarrierCode, ...CarrierCode[]];

/** The tracking page of a shipment: the manager's link when given (http or https only), else the carrier's. */
export function trackingUrl(carrier: CarrierCode, trackingNumber: string | null, givenUrl: string | null): string | null {
  if (givenUrl && /^https?:\/\//i.test(givenUrl)) return givenUrl;
  const pattern = CARRIERS[carrier];
  if (!pattern || !trackingNumber) return null;
  return pattern.replace('{number}', encodeURIComponent(trackingNumber));
}

export type ShipmentLine = { itemId: string; quantity: number };
type OrderLine = { id: string; quantity: number };

/** Units of each order line already sent by earlier shipments. */
export function shippedQuantities(shipments: { lines: ShipmentLine[] }[]): Map<string, number> {
  const sent = new Map<string, number>();
  for (const shipment of shipments) for (const line of shipment.lines) sent.set(line.itemId, (sent.get(line.itemId) ?? 0) + line.quantity);
  return sent;
}

/** unfulfilled, partial or fulfilled, by the units sent against the units ordered. */
export function fulfilmentStatus(items: OrderLine[], shipments: { lines: ShipmentLine[] }[]): 'unfulfilled' | 'partial' | 'fulfilled' {
  const sent = shippedQuantities(shipments);
  const total = items.reduce((sum, i) => sum + i.quantity, 0);
  const shipped = items.reduce((sum, i) => sum + Math.min(i.quantity, sent.get(i.id) ?? 0), 0);
  if (shipped === 0) return 'unfulfilled';
  return shipped >= total ? 'fulfilled' : 'partial';
}

export type ShipmentProblem = { itemId: string | null; key: 'nothingToShip' | 'unknownLine' | 'moreThanLeft'; max: number };

/**
 * The lines of a new shipment: those asked for (each within what is left to send), or when none are named everything
 * still to send. Answers the lines or the problems.
 */
export function shipmentLines(
  items: OrderLine[],
  shipments: { lines: ShipmentLine[] }[],
  asked: ShipmentLine[] | null,
): { lines: ShipmentLine[]; problems: ShipmentProblem[] } {
  const sent = shippedQuantities(shipments);
  const left = new Map(items.map((i) => [i.id, Math.max(0, i.quantity - (sent.get(i.id) ?? 0))]));
  if (!asked || asked.length === 0) {
    const lines = items.flatMap((i) => (left.get(i.id)! > 0 ? [{ itemId: i.id, quantity: left.get(i.id)! }] : []));
    return lines.length ? { lines, problems: [] } : { lines: [], problems: [{ itemId: null, key: 'nothingToShip', max: 0 }] };
  }
  const problems: ShipmentProblem[] = [];
  const merged = new Map<string, number>();
  for (const line of asked) merged.set(line.itemId, (merged.get(line.itemId) ?? 0) + line.quantity);
  for (const [itemId, quantity] of merged) {
    const max = left.get(itemId);
    if (max === undefined) problems.push({ itemId, key: 'unknownLine', max: 0 });
    else if (quantity > max) problems.push({ itemId, key: 'moreThanLeft', max });
  }
  return { lines: problems.length ? [] : [...merged].map(([itemId, quantity]) => ({ itemId, quantity })), problems };
}
