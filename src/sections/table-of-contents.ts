/**
 * Table of contents of an article (spec 2.9 media sections): the h2 and h3 headings of its rich
 * texts, each with an anchor. Rich texts are sanitized when stored, so their headings are plain
 * `<h2 ...>text</h2>` elements and a pattern match is enough to find them.
 *
 * `withHeadingIds` must be applied to every rich text the page renders, so that the anchors the
 * table links to exist; both derive the same ids from the same html.
 */

export type TocEntry = { level: 2 | 3; id: string; text: string };

const HEADING = /<h([23])(\s[^>]*)?>([\s\S]*?)<\/h\1\s*>/gi;
const ID_ATTRIBUTE = /\sid\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/i;

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[\da-f]+|#\d+|[a-z]+);/gi, (whole, code: string) => {
    if (code[0] === '#') {
      const point = code[1] === 'x' || code[1] === 'X' ? parseInt(code.slice(2), 16) : parseInt(code.slice(1), 10);
      return point > 0 && point <= 0x10ffff ? String.fromCodePoint(point) : whole;
    }
    return NAMED_ENTITIES[code.toLowerCase()] ?? whole;
  });
}

/** The visible text of an html fragment. */
const textOf = (html: string) =>
  decodeEntities(html.replace(/<[^>]*>/g, ''))
    .replace(/\s+/g, ' ')
    .trim();

/** An anchor from a heading text; letters of any alphabet are kept ('Как ухаживать' → 'как-ухаживать'). */
export function anchorOf(text: string): string {
  const slug = text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return slug || 'section';
}

type Heading = { start: number; end: number; level: 2 | 3; attributes: string; inner: string; ownId: string | null };

function findHeadings(html: string): Heading[] {
  return [...html.matchAll(HEADING)].map((match) => {
    const attributes = match[2] ?? '';
    const id = ID_ATTRIBUTE.exec(attributes);
    const ownId = id ? (id[1] ?? id[2] ?? id[3] ?? '').trim() : '';
    return {
      start: match.index,
      end: match.index + match[0].length,
      level: match[1] === '2' ? 2 : 3,
      attributes,
      inner: match[3] ?? '',
      ownId: ownId === '' ? null : decodeEntities(ownId),
    };
  });
}

/** Ids of the headings: their own id if they have one, else a unique anchor from their text. */
function assignIds(headings: Heading[]): string[] {
  const used = new Set(headings.flatMap((h) => (h.ownId ? [h.ownId] : [])));
  return headings.map((heading) => {
    if (heading.ownId) return heading.ownId;
    const base = anchorOf(textOf(heading.inner));
    let id = base;
    for (let n = 2; used.has(id); n++) id = `${base}-${n}`;
    used.add(id);
    return id;
  });
}

/** The h2 and h3 headings of the rich texts, in order; headings without text are left out. */
export function tableOfContents(htmls: readonly string[]): TocEntry[] {
  return htmls.flatMap((html) => {
    const headings = findHeadings(html);
    const ids = assignIds(headings);
    return headings.flatMap((heading, i) => {
      const text = textOf(heading.inner);
      return text ? [{ level: heading.level, id: ids[i]!, text }] : [];
    });
  });
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The html with an id on every h2 and h3 that has none, matching the anchors of `tableOfContents`. */
export function withHeadingIds(html: string): string {
  const headings = findHeadings(html);
  if (headings.every((h) => h.ownId)) return html;
  const ids = assignIds(headings);
  let out = '';
  let at = 0;
  headings.forEach((heading, i) => {
    if (heading.ownId) return;
    const attributes = heading.attributes.replace(ID_ATTRIBUTE, '');
    out += `${html.slice(at, heading.start)}<h${heading.level} id="${escapeAttribute(ids[i]!)}"${attributes}>${heading.inner}</h${heading.level}>`;
    at = heading.end;
  });
  return out + html.slice(at);
}
