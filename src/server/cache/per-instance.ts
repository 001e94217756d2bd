import { cacheTags, onInvalidate } from './invalidation';

/** The longest a value is kept without a write naming it: the page cache's limit, for changes no write announces. */
const MAX_AGE_MS = 60 * 60 * 1000;

/**
 * A value read on every page and changed only by writes that announce it (redirects, menus, the settings'
 * images), kept per instance and database until an invalidation names one of `tags` (or `all`), here or,
 * through the transport, on another instance. A load that overlapped an invalidation is not kept.
 */
export function keptUntilInvalidated<K extends object, T>(tags: readonly string[], load: (key: K) => Promise<T>): (key: K) => Promise<T> {
  const kept = new WeakMap<K, { generation: number; at: number; value: Promise<T> }>();
  let generation = 0;
  onInvalidate((named) => {
    if (named.some((tag) => tag === cacheTags.all || tags.includes(tag))) generation += 1;
  });
  return (key) => {
    const now = Date.now();
    const hit = kept.get(key);
    if (hit && hit.generation === generation && now - hit.at < MAX_AGE_MS) return hit.value;
    const value = load(key);
    const entry = { generation, at: now, value };
    kept.set(key, entry);
    value.catch(() => {
      if (kept.get(key) === entry) kept.delete(key);
    });
    return value;
  };
}
