import { createHmac } from 'node:crypto';
import { safeEqual } from './api/commerce/secure-compare';

/** What an e-mailed link may do; a link signed for one purpose is refused for any other. */
export type LinkPurpose = 'back-in-stock-confirm' | 'back-in-stock-unsubscribe';

/**
 * The signature of a link about one record: an HMAC of the purpose and the record's id with the shop's token key,
 * so the link needs no stored token and cannot be forged or turned to another purpose or record.
 */
export function signLink(key: Uint8Array, purpose: LinkPurpose, id: string): string {
  return createHmac('sha256', key).update(`${purpose}\n${id}`).digest('base64url');
}

export function verifyLink(key: Uint8Array, purpose: LinkPurpose, id: string, token: string): boolean {
  return safeEqual(signLink(key, purpose, id), token);
}
