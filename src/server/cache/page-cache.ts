/**
 * The in-memory store of rendered pages: bounded by bytes (least recently used pages go first), indexed
 * by tag so an invalidation drops exactly the pages showing what changed. Framework-free.
 */

/** Tags whose invalidation drops every page (each page shows the settings and the menus). */
const EVERY_PAGE_TAGS = new Set(['settings', 'menus', 'redirects', 'all']);

export type StoredPage = {
  status: number;
  headers: [string, string][];
  /**
   * The body as kept. A text page is kept compressed only: brotli always, gzip too once a gzip client asked
   * (made from the brotli copy); a client taking neither gets the brotli copy decompressed, which is rare.
   * Anything else (small or not text) is kept as it is, in `identity`.
   */
  bodies: { identity?: Uint8Array; br?: Uint8Array; gzip?: Uint8Array };
  etag: string;
  tags: string[];
  expiresAt: number;
  /** header lists of its answers, made on first use (src/server/cache/astro-page-cache.ts) */
  heads?: Partial<Record<string, string[]>>;
};

/**
 * Bookkeeping counted per page besides its bodies: the map entries, the tag index, the header lists of its
 * answers. Its headers are shared with every page that has the same ones (`internHeaders`), counted once.
 */
const PAGE_OVERHEAD_BYTES = 512;

const sizeOf = (page: StoredPage) =>
  (page.bodies.identity?.byteLength ?? 0) + (page.bodies.br?.byteLength ?? 0) + (page.bodies.gzip?.byteLength ?? 0) + PAGE_OVERHEAD_BYTES;

const headersSize = (headers: [string, string][]) => headers.reduce((sum, [name, value]) => sum + name.length + value.length, 0) + 64;

/** At most this many different header lists are shared; past it they are forgotten and shared anew. */
const MAX_SHARED_HEADER_LISTS = 1000;

export class PageCache {
  readonly #pages = new Map<string, StoredPage>();
  readonly #keysByTag = new Map<string, Set<string>>();
  /** each kept page's counted size (a body added later is counted when it is added) */
  readonly #sizes = new Map<string, number>();
  #bytes = 0;
  /** header lists shared by the pages that have the same ones (pages of a language and settings mostly do) */
  readonly #headerLists = new Map<string, [string, string][]>();
  #headerBytes = 0;
  /** Counts invalidations: a page rendered while one happened may show what changed, and is not stored. */
  #generation = 0;

  constructor(
    private readonly maxBytes: number,
    private readonly now: () => number = Date.now,
  ) {}

  get bytes(): number {
    return this.#bytes + this.#headerBytes;
  }

  /** The shared copy of a page's header list: equal lists are kept once and counted once. */
  internHeaders(headers: [string, string][]): [string, string][] {
    const key = JSON.stringify(headers);
    const shared = this.#headerLists.get(key);
    if (shared) return shared;
    if (this.#headerLists.size >= MAX_SHARED_HEADER_LISTS) {
      this.#headerLists.clear();
      this.#headerBytes = 0;
    }
    this.#headerLists.set(key, headers);
    this.#headerBytes += headersSize(headers) + key.length;
    return headers;
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
    while (this.#bytes + this.#headerBytes + size > this.maxBytes) {
      const oldest = this.#pages.keys().next().value;
      if (oldest === undefined) break;
      this.#delete(oldest);
    }
    this.#pages.set(key, page);
    this.#sizes.set(key, size);
    this.#bytes += size;
    for (const tag of page.tags) {
      let keys = this.#keysByTag.get(tag);
      if (!keys) this.#keysByTag.set(tag, (keys = new Set()));
      keys.add(key);
    }
    return true;
  }

  /**
   * Keeps the page's body in `encoding` (one more encoding made on the first request for it, or a smaller copy
   * of one it has), counted in the budget. The page is updated even when it is no longer kept (the answer in
   * hand uses it).
   */
  setBody(key: string, page: StoredPage, encoding: 'br' | 'gzip', body: Uint8Array): void {
    const before = page.bodies[encoding]?.byteLength ?? 0;
    page.bodies[encoding] = body;
    if (page.heads) delete page.heads[encoding];
    if (this.#pages.get(key) !== page) return;
    const delta = body.byteLength - before;
    this.#sizes.set(key, (this.#sizes.get(key) ?? 0) + delta);
    this.#bytes += delta;
    while (this.#bytes + this.#headerBytes > this.maxBytes) {
      const oldest = this.#pages.keys().next().value;
      if (oldest === undefined || oldest === key) break;
      this.#delete(oldest);
    }
  }

  /** The kept page under `key` without touching its place in the order (for work done in the background). */
  peek(key: string): StoredPage | undefined {
    return this.#pages.get(key);
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
    this.#sizes.clear();
    this.#bytes = 0;
    this.#headerLists.clear();
    this.#headerBytes = 0;
    return count;
  }

  #delete(key: string): boolean {
    const page = this.#pages.get(key);
    if (!page) return false;
    this.#pages.delete(key);
    this.#bytes -= this.#sizes.get(key) ?? sizeOf(page);
    this.#sizes.delete(key);
    for (const tag of page.tags) {
      const keys = this.#keysByTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.#keysByTag.delete(tag);
    }
    return true;
  }
}
