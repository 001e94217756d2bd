/**
 * A small keyed cache of computed values: a missing value is computed once, however many ask for it at
 * the same time; `drop` forgets values so the next reader computes them again. Framework-free.
 */
export class ComputedValues<T> {
  readonly #entries = new Map<string, Promise<T>>();

  constructor(private readonly maxEntries = 1000) {}

  get size(): number {
    return this.#entries.size;
  }

  get(key: string, compute: () => Promise<T>): Promise<T> {
    const known = this.#entries.get(key);
    if (known) return known;
    if (this.#entries.size >= this.maxEntries) this.#entries.delete(this.#entries.keys().next().value!);
    return this.#keep(key, compute());
  }

  /**
   * Replaces each kept value with `next(key, value)`: a value brought up to date in place of being
   * computed again. Readers from then on wait for the replacement.
   */
  replace(next: (key: string, value: Promise<T>) => Promise<T>): void {
    for (const [key, value] of [...this.#entries]) this.#keep(key, next(key, value));
  }

  #keep(key: string, pending: Promise<T>): Promise<T> {
    this.#entries.set(key, pending);
    // a failed computation is not kept: the next reader tries again
    pending.catch(() => {
      if (this.#entries.get(key) === pending) this.#entries.delete(key);
    });
    return pending;
  }

  /** Forgets the values whose key passes `test`. */
  drop(test: (key: string) => boolean): void {
    for (const key of [...this.#entries.keys()]) if (test(key)) this.#entries.delete(key);
  }
}
