import { createHash, timingSafeEqual } from 'node:crypto';

/** Constant-time string comparison; hashing first makes the inputs equal in length. */
export function safeEqual(a: string, b: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(a), digest(b));
}
