/**
 * Astro scopes a component's styles with its own attribute (`.faq[data-astro-cid-x8b2m1]`), which only the
 * HTML that component renders carries. A page inlines the styles of every component its code could render
 * (the section registry reaches all section types), so the rules of components it did not render can never
 * match there: these functions find and drop them. Pure text work, used by the server on each rendered page
 * (src/server/page-css.ts) and by the scripts that insert parts of another rendered page (adopt-styles.ts).
 */

const CID = /\[data-astro-cid-([a-z0-9]+)\]/g;

/** The component ids the markup carries (style elements left out). */
export function renderedScopes(html: string): Set<string> {
  const found = new Set<string>();
  const markup = html.replace(/<style\b[^>]*>[\s\S]*?<\/style>/g, '');
  for (const match of markup.matchAll(/data-astro-cid-([a-z0-9]+)/g)) found.add(match[1]!);
  return found;
}

/** Splits a selector list at its top-level commas (not those inside :is(), :not(), attribute values…). */
function splitSelectors(list: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote = '';
  let start = 0;
  for (let i = 0; i < list.length; i++) {
    const char = list[i]!;
    if (quote) {
      if (char === '\\') i++;
      else if (char === quote) quote = '';
    } else if (char === '"' || char === "'") quote = char;
    else if (char === '(' || char === '[') depth++;
    else if (char === ')' || char === ']') depth--;
    else if (char === ',' && depth === 0) {
      parts.push(list.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(list.slice(start));
  return parts;
}

/**
 * The component ids a selector requires of the elements it matches: those outside any parenthesis (an id
 * inside `:not()`, `:is()`, `:has()`… is not required and is ignored).
 */
export function requiredScopes(selector: string): string[] {
  if (!selector.includes('(')) return [...selector.matchAll(CID)].map((match) => match[1]!);
  let outside = '';
  let depth = 0;
  for (const char of selector) {
    if (char === '(') depth++;
    else if (char === ')') depth--;
    else if (depth === 0) outside += char;
  }
  return [...outside.matchAll(CID)].map((match) => match[1]!);
}

/** Index of the brace closing the block opened at `open`, skipping strings and comments. */
function blockEnd(css: string, open: number): number {
  // the common case: a block without nested blocks, strings or comments
  const close = css.indexOf('}', open);
  if (close >= 0) {
    const body = css.slice(open + 1, close);
    if (!/[{"'/]/.test(body)) return close;
  }
  let depth = 0;
  for (let i = open; i < css.length; i++) {
    const char = css[i]!;
    if (char === '"' || char === "'") {
      for (i++; i < css.length && css[i] !== char; i++) if (css[i] === '\\') i++;
    } else if (char === '/' && css[i + 1] === '*') {
      const end = css.indexOf('*/', i + 2);
      i = end < 0 ? css.length : end + 1;
    } else if (char === '{') depth++;
    else if (char === '}' && --depth === 0) return i;
  }
  return css.length - 1;
}

/** Conditional group rules whose content is rules: filtered inside; others (@font-face, @keyframes…) are kept whole. */
const GROUPS = /^@(media|supports|container|layer|scope|document)\b/i;

/**
 * The style sheet with only the style rules `keep` accepts; `keep` gets, per selector of the rule, the
 * component ids that selector requires. Grouping rules left empty go too; other at-rules (@font-face,
 * @keyframes, @import…) stay as written, or go with `otherAtRules: 'drop'`.
 */
export function filterRules(css: string, keep: (selectors: string[][]) => boolean, otherAtRules: 'keep' | 'drop' = 'keep'): string {
  let out = '';
  let i = 0;
  while (i < css.length) {
    const open = css.indexOf('{', i);
    if (open < 0) {
      out += css.slice(i);
      break;
    }
    // a statement at-rule before the block (@import …; @charset …;) stays as it is
    const semicolon = css.indexOf(';', i);
    if (semicolon >= 0 && semicolon < open && css.slice(i, semicolon).trim().startsWith('@')) {
      if (otherAtRules === 'keep') out += css.slice(i, semicolon + 1);
      i = semicolon + 1;
      continue;
    }
    const prelude = css.slice(i, open);
    const close = blockEnd(css, open);
    const head = prelude.trim();
    if (head.startsWith('@')) {
      if (GROUPS.test(head)) {
        const inner = filterRules(css.slice(open + 1, close), keep, otherAtRules);
        if (inner.trim()) out += `${prelude}{${inner}}`;
      } else if (otherAtRules === 'keep') out += css.slice(i, close + 1);
    } else if (!head.includes('data-astro-cid-') || keep(splitSelectors(head).map(requiredScopes))) out += css.slice(i, close + 1);
    i = close + 1;
  }
  return out;
}

/** The style sheet without the rules whose every selector requires a component the page did not render. */
export function dropUnrenderedScopes(css: string, rendered: ReadonlySet<string>): string {
  return filterRules(css, (selectors) => selectors.some((scopes) => scopes.every((scope) => rendered.has(scope))));
}
