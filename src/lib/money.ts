/** Money is kept in integer minor units (cents) on the server; the API speaks decimal numbers. */
export function centsToAmount(cents: number): number {
  return Math.round(cents) / 100;
}

export function amountToCents(amount: number): number {
  return Math.round(amount * 100);
}
