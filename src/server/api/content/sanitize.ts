import DOMPurify, { type Config } from 'isomorphic-dompurify';

const RICH_TEXT_CONFIG: Config & { RETURN_DOM: true } = {
  ADD_TAGS: ['iframe'],
  ADD_ATTR: ['allow', 'allowfullscreen', 'frameborder', 'loading', 'referrerpolicy', 'target'],
  RETURN_DOM: true,
};

/**
 * Cleans owner-written rich text (spec 2.9): scripts, event handlers and unsafe urls go; iframes stay
 * only when they load an https address, and load lazily. Runs when content is written, so reads stay cheap.
 */
export function sanitizeRichText(html: string): string {
  if (!html) return '';
  // with RETURN_DOM the result is the <body> element holding the cleaned markup
  const body = DOMPurify.sanitize(html, RICH_TEXT_CONFIG) as HTMLElement;
  // getElementsByTagName is several times faster than querySelectorAll under jsdom
  for (const iframe of [...body.getElementsByTagName('iframe')]) {
    if (isHttpsUrl(iframe.getAttribute('src'))) iframe.setAttribute('loading', 'lazy');
    else iframe.remove();
  }
  for (const link of body.getElementsByTagName('a')) {
    if (link.getAttribute('target') === '_blank') link.setAttribute('rel', 'noopener noreferrer');
  }
  return body.innerHTML;
}

function isHttpsUrl(value: string | null): boolean {
  if (!value) return false;
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * Sanitizes every rich-text field inside section options or items: string values (or `{ en, ru }`
 * texts, or per-screen objects) under a key starting with `html` (html, htmlBefore, htmlAfter, htmls).
 */
export function sanitizeRichTextFields<T>(value: T): T {
  return walk(value, false) as T;
}

function walk(value: unknown, isRichText: boolean): unknown {
  if (typeof value === 'string') return isRichText ? sanitizeRichText(value) : value;
  if (Array.isArray(value)) return value.map((entry) => walk(entry, isRichText));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, walk(entry, isRichText || /^html/i.test(key))]));
}

const LOOKS_LIKE_MARKUP = /<[a-z!/?]/i;

/**
 * Section options or items with their html cleaned: every field under an `html…` key, and any other text
 * that holds markup (a FAQ answer is rich text too). The builder's drafts and the preview use it.
 */
export function sanitizeSectionTexts<T>(value: T): T {
  const walkTexts = (entry: unknown): unknown => {
    if (typeof entry === 'string') return LOOKS_LIKE_MARKUP.test(entry) ? sanitizeRichText(entry) : entry;
    if (Array.isArray(entry)) return entry.map(walkTexts);
    if (entry === null || typeof entry !== 'object') return entry;
    return Object.fromEntries(Object.entries(entry).map(([key, field]) => [key, walkTexts(field)]));
  };
  return walkTexts(sanitizeRichTextFields(value)) as T;
}
