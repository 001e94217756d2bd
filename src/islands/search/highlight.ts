/**
 * Highlighting of the search page: the parts of a text that start a word with one of the query's
 * words, as the search itself matches words by prefix (src/server/api/catalog/search.ts).
 */
export type TextPart = { text: string; match: boolean };

const WORD = /[\p{L}\p{N}][\p{L}\p{N}\p{M}]*/gu;
const MAX_WORDS = 8;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function queryWords(query: string): string[] {
  const words = query.normalize('NFC').toLowerCase().match(WORD) ?? [];
  // Longer words first, so 'linen' is marked whole where 'lin' would also match.
  return [...new Set(words)].slice(0, MAX_WORDS).sort((a, b) => b.length - a.length);
}

export function highlightParts(original: string, query: string): TextPart[] {
  const text = original.normalize('NFC');
  const words = queryWords(query);
  if (words.length === 0 || text === '') return text ? [{ text, match: false }] : [];
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}\\p{M}])(?:${words.map(escapeRegExp).join('|')})`, 'giu');
  const parts: TextPart[] = [];
  let last = 0;
  for (const found of text.matchAll(pattern)) {
    if (found.index > last) parts.push({ text: text.slice(last, found.index), match: false });
    parts.push({ text: found[0], match: true });
    last = found.index + found[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last), match: false });
  return parts;
}

export const SEARCH_PAGE_SIZE = 30;

/** The 1-based page of a `page` query value; anything unreadable is page 1. */
export function searchPage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1;
}

/** Page numbers to link, with null for a gap: 1 … 4 5 6 … 12. */
export function pageLinks(current: number, total: number): (number | null)[] {
  const pages: (number | null)[] = [];
  for (let page = 1; page <= total; page++) {
    if (page === 1 || page === total || Math.abs(page - current) <= 1) pages.push(page);
    else if (pages[pages.length - 1] !== null) pages.push(null);
  }
  return pages;
}
