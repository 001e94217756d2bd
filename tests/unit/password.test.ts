import { scryptSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { configurePasswordHashing, hashPassword, verifyPassword } from '../../src/server/auth/password';
import { readConfig } from '../../src/server/config';

describe('password hashing', () => {
  it('stores scrypt N=16384 r=8 p=1 with a 16-byte salt and a 64-byte key, base64url', async () => {
    const stored = await hashPassword('s3cret pass');
    const [scheme, N, r, p, salt, key] = stored.split('$');
    expect([scheme, N, r, p]).toEqual(['scrypt', '16384', '8', '1']);
    expect(Buffer.from(salt!, 'base64url')).toHaveLength(16);
    expect(Buffer.from(key!, 'base64url')).toHaveLength(64);
    expect(salt).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(key).toMatch(/^[A-Za-z0-9_-]+$/);
    const expected = scryptSync('s3cret pass', Buffer.from(salt!, 'base64url'), 64, { N: 16384, r: 8, p: 1 });
    expect(key).toBe(expected.toString('base64url'));
  });

  it('uses a fresh salt every time', async () => {
    const [a, b] = await Promise.all([hashPassword('same password'), hashPassword('same password')]);
    expect(a).not.toBe(b);
    expect(a.split('$')[4]).not.toBe(b.split('$')[4]);
  });

  it('verifies the right password and refuses others', async () => {
    const stored = await hashPassword('s3cret pass');
    expect(await verifyPassword('s3cret pass', stored)).toBe(true);
    expect(await verifyPassword('s3cret pas', stored)).toBe(false);
    expect(await verifyPassword('S3cret pass', stored)).toBe(false);
    expect(await verifyPassword('', stored)).toBe(false);
  });

  it('treats canonically equal Unicode spellings as the same password', async () => {
    const stored = await hashPassword('caf\u00e9 latte');
    expect(await verifyPassword('cafe\u0301 latte', stored)).toBe(true);
  });

  it('verifies hashes stored with other parameters, as written into the hash', async () => {
    const salt = Buffer.from('0123456789abcdef');
    const key = scryptSync('older', salt, 32, { N: 1024, r: 4, p: 2 });
    const stored = ['scrypt', 1024, 4, 2, salt.toString('base64url'), key.toString('base64url')].join('$');
    expect(await verifyPassword('older', stored)).toBe(true);
    expect(await verifyPassword('newer', stored)).toBe(false);
  });

  it.each([
    ['empty', ''],
    ['another scheme', 'bcrypt$16384$8$1$c2FsdA$a2V5'],
    ['missing parts', 'scrypt$16384$8$1$c2FsdA'],
    ['cost not a power of two', 'scrypt$1000$8$1$MDEyMzQ1Njc4OWFiY2RlZg$MDEyMzQ1Njc4OWFiY2RlZg'],
    ['absurd cost', 'scrypt$1073741824$8$1$MDEyMzQ1Njc4OWFiY2RlZg$MDEyMzQ1Njc4OWFiY2RlZg'],
    ['absurd block size', 'scrypt$16384$4096$1$MDEyMzQ1Njc4OWFiY2RlZg$MDEyMzQ1Njc4OWFiY2RlZg'],
    ['non-numeric parameters', 'scrypt$abc$8$1$MDEyMzQ1Njc4OWFiY2RlZg$MDEyMzQ1Njc4OWFiY2RlZg'],
    ['empty salt', 'scrypt$16384$8$1$$MDEyMzQ1Njc4OWFiY2RlZg'],
    ['short key', 'scrypt$16384$8$1$MDEyMzQ1Njc4OWFiY2RlZg$a2V5'],
  ])('refuses a malformed stored hash (%s) without throwing', async (_, stored) => {
    expect(await verifyPassword('anything', stored)).toBe(false);
  });
});

describe('password hash cost configuration', () => {
  it('defaults to the baseline and refuses costs that are not a power of two from 1024', () => {
    expect(readConfig({}).passwordHashCost).toBe(16384);
    expect(readConfig({ PASSWORD_HASH_COST: '32768' }).passwordHashCost).toBe(32768);
    expect(() => readConfig({ PASSWORD_HASH_COST: '16' })).toThrow(/PASSWORD_HASH_COST/);
    expect(() => readConfig({ PASSWORD_HASH_COST: '1000' })).toThrow(/PASSWORD_HASH_COST/);
  });

  it('hashes new passwords at the configured cost and still verifies hashes of the other cost', async () => {
    const baseline = await hashPassword('pass word');
    configurePasswordHashing({ cost: 1024 });
    try {
      const cheap = await hashPassword('pass word');
      expect(cheap).toMatch(/^scrypt\$1024\$8\$1\$/);
      expect(await verifyPassword('pass word', cheap)).toBe(true);
      expect(await verifyPassword('pass word', baseline)).toBe(true);
    } finally {
      configurePasswordHashing({ cost: 16384 });
    }
  });
});
