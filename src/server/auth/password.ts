import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** OWASP's scrypt baseline; stored with every hash so it can be raised later without breaking old hashes. */
const PARAMS = { N: 16384, r: 8, p: 1 } as const;
const SALT_BYTES = 16;
const KEY_BYTES = 64;
/** Bounds for parameters read back from storage, so a corrupt hash cannot make verification hang. */
const MAX_COST = 1 << 20;
const MAX_BLOCK_SIZE = 32;
const MAX_PARALLELISM = 16;

function deriveKey(password: string, salt: Buffer, keyLength: number, params: { N: number; r: number; p: number }): Promise<Buffer> {
  const options: ScryptOptions = { ...params, maxmem: 256 * params.N * params.r * params.p + 1024 * 1024 };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/** The cost (N) of new hashes when the caller names none: the baseline, or the server configuration's (tests lower it). */
let configuredCost: number = PARAMS.N;

/** Sets the default cost of new hashes from the server configuration; existing hashes keep the cost stored in them. */
export function configurePasswordHashing(options: { cost: number }): void {
  configuredCost = options.cost;
}

/** The default cost of new hashes. */
export const configuredPasswordHashCost = (): number => configuredCost;

/**
 * Hashes a password as `scrypt$N$r$p$salt$hash` (salt and hash base64url). `cost` replaces N (a power of two;
 * tests lower it to stay fast); verification reads N back from the hash.
 */
export async function hashPassword(password: string, cost: number = configuredCost): Promise<string> {
  const params = { ...PARAMS, N: cost };
  const salt = randomBytes(SALT_BYTES);
  const key = await deriveKey(password, salt, KEY_BYTES, params);
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

type StoredHash = { N: number; r: number; p: number; salt: Buffer; key: Buffer };

function parseStoredHash(stored: string): StoredHash | null {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [N, r, p] = parts.slice(1, 4).map((part) => (/^\d+$/.test(part!) ? Number(part) : NaN)) as [number, number, number];
  const isPowerOfTwo = N > 1 && (N & (N - 1)) === 0;
  if (!isPowerOfTwo || N > MAX_COST || !(r >= 1 && r <= MAX_BLOCK_SIZE) || !(p >= 1 && p <= MAX_PARALLELISM)) return null;
  const salt = Buffer.from(parts[4]!, 'base64url');
  const key = Buffer.from(parts[5]!, 'base64url');
  if (salt.length === 0 || key.length < 16) return null;
  return { N, r, p, salt, key };
}

/** True when `password` matches a hash made by hashPassword; false for a wrong password or a malformed hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseStoredHash(stored);
  if (!parsed) return false;
  const candidate = await deriveKey(password, parsed.salt, parsed.key.length, parsed);
  return timingSafeEqual(candidate, parsed.key);
}
