import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Cache tags gathered while a page renders: the data loaders (products, catalogs, pages, articles) name
 * every row they read, so a cached page carries the tags of exactly what it shows, whichever section or
 * widget loaded it. Outside a page render (API calls from browsers, writes, tests) tagging does nothing.
 */
type Collected = { tags: Set<string> };
const collector = new AsyncLocalStorage<Collected>();

/**
 * Runs `render` and returns what it produced with the tags its data loaders named.
 */
export async function collectPageTags<T>(render: () => Promise<T>): Promise<{ result: T; tags: string[] }> {
  const collected: Collected = { tags: new Set() };
  const result = await collector.run(collected, render);
  return { result, tags: [...collected.tags] };
}

/** Names rows the page being rendered shows. */
export function tagPage(tags: Iterable<string>): void {
  const current = collector.getStore();
  if (!current) return;
  for (const tag of tags) current.tags.add(tag);
}
