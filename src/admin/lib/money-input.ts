/**
 * An amount a person typed ('250', '250.50', '1 250,5', '1,250.50') as a number of major units, or null when
 * it is not one. A comma followed by one or two digits at the end is a decimal mark (as Russian readers
 * write it); other commas, spaces and apostrophes group thousands.
 */
export function parseMoneyInput(text: string): number | null {
  let value = text.trim().replace(/[\s\u00a0']/g, '');
  if (!value) return null;
  if (/,\d{1,2}$/.test(value) && !value.includes('.')) value = value.replace(/,(\d{1,2})$/, '.$1');
  value = value.replace(/,/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(value)) return null;
  const amount = Number(value);
  return Number.isFinite(amount) && amount <= 10_000_000 ? amount : null;
}
