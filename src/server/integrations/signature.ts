import { createHmac, randomBytes } from 'node:crypto';

/** The header every webhook delivery carries: `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`. */
export const SIGNATURE_HEADER = 'Shop-Signature';

/** A new endpoint's signing secret: 32 random bytes, prefixed so it is recognised when pasted somewhere it should not be. */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

export function signatureOf(secret: string, timestamp: number, body: string): string {
  const digest = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${digest}`;
}
