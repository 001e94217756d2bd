import { createHash } from 'node:crypto';

/** Fixed namespace of the demo shop: every seeded id is derived from it and a readable key. */
const NAMESPACE = Buffer.from('6f1d2c3b8a9e4f5da1b2c3d4e5f60718', 'hex');

/**
 * A name-based (version 5 style) UUID, so re-seeding gives every row the same id
 * and data modules can refer to each other's rows by key without sharing state.
 */
export function seedId(kind: string, key: string): string {
  const hash = createHash('sha1').update(NAMESPACE).update(`${kind}:${key}`).digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export const imageId = (key: string) => seedId('image', key);
export const productId = (slug: string) => seedId('product', slug);
export const catalogId = (slug: string) => seedId('catalog', slug);
export const pageId = (slug: string) => seedId('page', slug);
export const articleId = (slug: string) => seedId('article', slug);
export const variationId = (productSlug: string, colour: string, optionValue = '') =>
  seedId('variation', `${productSlug}:${colour}:${optionValue}`);
