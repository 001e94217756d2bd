import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** The header every webhook delivery carries: `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`. */
export const SIGNATURE_HEADER = 'Shop-Signature';

/** A new endpoint's signing secret: 32 random bytes, prefixed so it is recognised when pasted somewhere it should not be. */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

export function signatureOf(secret: string, timestamp: number, body: string): string {
  const digest = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${digest}`;
}

/**
 * The receiver's side, as the README shows it: the header's digest must match and its time be recent, so a
 * delivery recorded by someone on the way cannot be replayed later.
 */
export function verifySignature(secret: string, header: string, body: string, nowSeconds: number, toleranceSeconds = 300): boolean {
  const parts = Object.fromEntries(header.split(',').map((part) => part.split('=', 2) as [string, string]));
  const timestamp = Number(parts.t);
  if (!Number.isInteger(timestamp) || !parts.v1 || Math.abs(nowSeconds - timestamp) > toleranceSeconds) return false;
  const expected = Buffer.from(signatureOf(secret, timestamp, body).split('v1=')[1]!, 'hex');
  const given = Buffer.from(parts.v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
