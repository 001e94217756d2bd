/**
 * The one door through which every write tells the page cache what it changed.
 *
 * Writers (order placement, payment notifications, admin routes, the builder) call `invalidate` with the
 * tags of what they changed; the page cache subscribes with `onInvalidate` and drops the pages carrying any
 * of those tags. Transports that fan the tags out to other instances (PostgreSQL LISTEN/NOTIFY) subscribe
 * here too, and deliver remote tags through `deliverRemote`, which reaches local listeners only.
 */

/** Tags a cached page can carry. Ids are the database ids of the rows. */
export const cacheTags = {
  /** a product page and every listing or widget showing the product */
  product: (id: string) => `product:${id}`,
  /** a catalog page and widgets listing the catalog */
  catalog: (id: string) => `catalog:${id}`,
  /** a text page, the homepage or an article category page */
  page: (id: string) => `page:${id}`,
  article: (id: string) => `article:${id}`,
  /** shop settings: every page */
  settings: 'settings',
  /** menus: every page (header, footer, mobile menu) */
  menus: 'menus',
  /** stored redirects */
  redirects: 'redirects',
  /** shipping zones and their rates: product pages quote them (delivery estimate and rates) */
  delivery: 'delivery',
  /** every page: a last resort when the affected pages cannot be named */
  all: 'all',
  /**
   * Sent along with product tags when only their stock changed (an order, a released reservation):
   * pages drop as usual, while what stock does not change (catalog facets and counts) is kept.
   */
  stockOnly: 'stock-only',
  /**
   * Sent along with product tags (and the tags of the catalogs those products were and are in) when only
   * the products changed (a product save, a bulk edit, an import): a catalog's own data did not, so its
   * in-memory index is patched for those products instead of being rebuilt.
   */
  productsOnly: 'products-only',
} as const;

export type InvalidationListener = (tags: readonly string[]) => void | Promise<void>;

const localListeners = new Set<InvalidationListener>();
const transportListeners = new Set<InvalidationListener>();

/** Subscribes a local consumer (the page cache). Returns the unsubscribe function. */
export function onInvalidate(listener: InvalidationListener): () => void {
  localListeners.add(listener);
  return () => localListeners.delete(listener);
}

/** Subscribes a transport that forwards tags to other instances. Returns the unsubscribe function. */
export function onInvalidateForTransport(listener: InvalidationListener): () => void {
  transportListeners.add(listener);
  return () => transportListeners.delete(listener);
}

async function notify(listeners: Set<InvalidationListener>, tags: readonly string[]): Promise<void> {
  await Promise.all([...listeners].map(async (listener) => listener(tags)));
}

/** Tells this instance's cache and every other instance that pages carrying these tags are stale. */
export async function invalidate(tags: readonly string[]): Promise<void> {
  const unique = [...new Set(tags)];
  if (unique.length === 0) return;
  await notify(localListeners, unique);
  await notify(transportListeners, unique);
}

/** Delivers tags that arrived from another instance to this instance's cache only. */
export async function deliverRemote(tags: readonly string[]): Promise<void> {
  if (tags.length) await notify(localListeners, tags);
}
