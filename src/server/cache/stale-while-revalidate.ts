/**
 * A small keyed cache of computed values: a missing value is computed (once, however many ask at the
 * same time); a value marked stale is still answered while one recomputation runs in the background.
 * Framework-free.
 */
type Entry<T> = { value?: T; pending?: Promise<T>; stale: boolean };

export class StaleWhileRevalidate<T> {
  readonly #entries = new Map<string, Entry<T>>();

  constructor(private readonly maxEntries = 1000) {}

  get size(): number {
    return this.#entries.size;
  }

  async get(key: string, compute: () => Promise<T>): Promise<T> {
    const entry = this.#entries.get(key);
    if (entry && 'value' in entry) {
      if (entry.stale && !entry.pending) this.#refresh(key, entry, compute).catch(() => undefined);
      return entry.value as T;
    }
    if (entry?.pending) return entry.pending;
    const fresh: Entry<T> = { stale: false };
    if (this.#entries.size >= this.maxEntries) this.#entries.delete(this.#entries.keys().next().value!);
    this.#entries.set(key, fresh);
    return this.#refresh(key, fresh, compute);
  }

  async #refresh(key: string, entry: Entry<T>, compute: () => Promise<T>): Promise<T> {
    entry.stale = false;
    entry.pending = compute();
    try {
      const value = await entry.pending;
      // a newer invalidation dropped or re-marked the entry meanwhile: keep the value only if still wanted
      if (this.#entries.get(key) === entry) entry.value = value;
      return value;
    } catch (error) {
      if (this.#entries.get(key) === entry && !('value' in entry)) this.#entries.delete(key);
      throw error;
    } finally {
      entry.pending = undefined;
    }
  }

  /** Drops the values whose key passes `test`: the next reader computes them. */
  drop(test: (key: string) => boolean): void {
    for (const key of [...this.#entries.keys()]) if (test(key)) this.#entries.delete(key);
  }

  /** Marks every value stale: answered once more, then recomputed. */
  markStale(): void {
    for (const entry of this.#entries.values()) entry.stale = true;
  }
}
