/**
 * The client address used for sign-in throttling. Behind a load balancer set TRUST_PROXY=true so the
 * first X-Forwarded-For entry counts; otherwise the socket address does and the header is ignored.
 */
export function clientAddressOf(request: Request, socketAddress: string | undefined, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = request.headers.get('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  return socketAddress || 'unknown';
}

/** A copy of the request carrying the address in the header only the server sets. */
export function withClientAddress(request: Request, address: string): Request {
  const headers = new Headers(request.headers);
  headers.set('x-shop-client-ip', address);
  return new Request(request, { headers });
}
