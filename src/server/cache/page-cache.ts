/**
 * The in-memory store of rendered pages: bounded by bytes (least recently used pages go first), indexed
 * by tag so an invalidation drops exactly the pages showing what changed. Framework-free.
 */

/** Tags whose invalidation drops every page (each page shows the settings and the menus). */
const EVERY_PAGE_TAGS = new Set(['settings', 'menus', 'redirects', 'all']);

export type StoredPage = {
  status: number;
  headers: [string, string][];
  /** the body in each encoding it is kept in: identity always, br and gzip when compressible */
  bodies: { identity: Uint8Array; br?: Uint8Array; gzip?: Uint8Array };
  etag: string;
  tags: string[];
  expiresAt: number;
};

const sizeOf = (page: StoredPage) =>
  page.bodies.identity.byteLength + (page.bodies.br?.byteLength ?? 0) + (page.bodies.gzip?.byteLength ?? 0) +
  page.headers.reduce((sum, [name, value]) => sum + name.length + value.length, 0) + 256;

export class PageCache {
  readonly #pages = new Map<string, StoredPage>();
  readonly #keysByTag = new Map<string, Set<string>>();
  #bytes = 0;
  /** Counts invalidations: a page rendered while one happened may show what changed, and is not stored. */
  #generation = 0;

  constructor(
    private readonly maxBytes: number,
    private readonly now: () => number = Date.now,
  ) {}

  get bytes(): number {
    return this.#bytes;
  }

  get size(): number {
    return this.#pages.size;
  }

  get generation(): number {
    return this.#generation;
  }

  get(key: string): StoredPage | undefined {
    const page = this.#pages.get(key);
    if (!page) return undefined;
    if (page.expiresAt <= this.now()) {
      this.#delete(key);
      return undefined;
    }
    // most recently used last
    this.#pages.delete(key);
    this.#pages.set(key, page);
    return page;
  }

  /** Stores a page rendered since `renderedAtGeneration`; refused when an invalidation came in between. */
  set(key: string, page: StoredPage, renderedAtGeneration: number): boolean {
    if (renderedAtGeneration !== this.#generation) return false;
    const size = sizeOf(page);
    if (size > this.maxBytes / 4) return false;
    this.#delete(key);
    while (this.#bytes + size > this.maxBytes) {
      const oldest = this.#pages.keys().next().value;
      if (oldest === undefined) break;
      this.#delete(oldest);
    }
    this.#pages.set(key, page);
    this.#bytes += size;
    for (const tag of page.tags) {
      let keys = this.#keysByTag.get(tag);
      if (!keys) this.#keysByTag.set(tag, (keys = new Set()));
      keys.add(key);
    }
    return true;
  }

  /** Drops the pages carrying any of `tags` (every page for the settings, menus, redirects or all). */
  invalidate(tags: readonly string[]): number {
    this.#generation += 1;
    if (tags.some((tag) => EVERY_PAGE_TAGS.has(tag))) return this.clear();
    let dropped = 0;
    for (const tag of tags) {
      for (const key of [...(this.#keysByTag.get(tag) ?? [])]) {
        if (this.#delete(key)) dropped += 1;
      }
    }
    return dropped;
  }

  clear(): number {
    const count = this.#pages.size;
    this.#generation += 1;
    this.#pages.clear();
    this.#keysByTag.clear();
    this.#bytes = 0;
    return count;
  }

  #delete(key: string): boolean {
    const page = this.#pages.get(key);
    if (!page) return false;
    this.#pages.delete(key);
    this.#bytes -= sizeOf(page);
    for (const tag of page.tags) {
      const keys = this.#keysByTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.#keysByTag.delete(tag);
    }
    return true;
  }
}
