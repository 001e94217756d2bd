/**
 * The client address used for rate limits and sign-in throttling. Behind proxies set TRUST_PROXY to how many
 * of them stand in front of the shop: each appends the address it was reached from to X-Forwarded-For, so the
 * entry that many places from the right is the first one no trusted proxy wrote, the client as our outermost
 * proxy saw it. Entries further left are whatever the client sent and are ignored (they are trivially forged).
 * With TRUST_PROXY=0 (or false) the header is ignored and the socket address counts.
 */
export function clientAddressOf(request: Request, socketAddress: string | undefined, trustedProxies: number): string {
  if (trustedProxies > 0) {
    const hops = (request.headers.get('x-forwarded-for') ?? '')
      .split(',')
      .map((hop) => hop.trim())
      .filter(Boolean);
    if (hops.length > 0) return hops[Math.max(0, hops.length - trustedProxies)]!;
  }
  return socketAddress || 'unknown';
}

/** The header carrying the client address to the API; only the server sets it. */
export const CLIENT_ADDRESS_HEADER = 'x-shop-client-ip';

/** A copy of the request carrying the address in the header only the server sets (the copy takes the body over). */
export function withClientAddress(request: Request, address: string): Request {
  const headers = new Headers(request.headers);
  headers.set(CLIENT_ADDRESS_HEADER, address);
  return new Request(request, { headers });
}
