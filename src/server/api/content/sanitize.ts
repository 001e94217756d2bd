import { createRequire } from 'node:module';
import type { Config } from 'isomorphic-dompurify';

type Purifier = typeof import('isomorphic-dompurify').default;
let purifier: Purifier | undefined;
/**
 * DOMPurify with its jsdom, loaded on the first text cleaned: loading it costs about half a second of CPU, which an
 * instance would otherwise spend before its first answer although only writes clean text.
 */
function purify(): Purifier {
  purifier ??= createRequire(import.meta.url)('isomorphic-dompurify') as Purifier;
  return purifier;
}

const RICH_TEXT_CONFIG: Config & { RETURN_DOM: true } = {
  ADD_TAGS: ['iframe'],
  ADD_ATTR: ['allow', 'allowfullscreen', 'frameborder', 'loading', 'referrerpolicy', 'target'],
  // a style sheet in rich text restyles the whole page (hides it, lays an overlay over it)
  FORBID_TAGS: ['style'],
  FORBID_ATTR: ['formaction'],
  RETURN_DOM: true,
};

/** Positions that take an element out of the text's flow: over the page (fixed), anywhere on it (absolute), or stuck. */
const OVERLAY_POSITIONS = new Set(['fixed', 'absolute', 'sticky']);

/**
 * An inline style without a fixed, absolute or sticky `position` (read as browsers read it: any case, with comments
 * and `!important`), or null when it has none. A style with CSS escapes (`pos\\69tion`) is dropped whole rather
 * than decoded.
 */
function withoutOverlayPosition(style: string): string | null {
  const text = style.replace(/\/\*[\s\S]*?(\*\/|$)/g, '');
  if (text.includes('\\')) return '';
  const declarations = text.split(';');
  const kept = declarations.filter((declaration) => {
    const colon = declaration.indexOf(':');
    if (colon < 0) return true;
    const property = declaration.slice(0, colon).trim().toLowerCase();
    const value = declaration
      .slice(colon + 1)
      .replace(/!\s*important/i, '')
      .trim()
      .toLowerCase();
    return !(property === 'position' && OVERLAY_POSITIONS.has(value));
  });
  return kept.length === declarations.length ? null : kept.join(';').trim();
}

/** A form that posts to another site (an absolute or protocol-relative address) or to a script. */
function isOffSiteForm(form: Element): boolean {
  const action = (form.getAttribute('action') ?? '').trim();
  return /^([a-z][a-z0-9+.-]*:|\/\/|\\)/i.test(action);
}

/**
 * Cleans owner-written rich text (spec 2.9): scripts, event handlers and unsafe urls go; iframes stay
 * only when they load an https address, and load lazily. Style sheets, forms posting to another site, password
 * fields and fixed, absolute or sticky positions (a layer over the page) go too. Runs when content is written, so reads stay cheap.
 */
export function sanitizeRichText(html: string): string {
  if (!html) return '';
  if (isPlainlyClean(html)) return html;
  // with RETURN_DOM the result is the <body> element holding the cleaned markup
  const body = purify().sanitize(html, RICH_TEXT_CONFIG) as HTMLElement;
  // getElementsByTagName is several times faster than querySelectorAll under jsdom
  for (const iframe of [...body.getElementsByTagName('iframe')]) {
    if (isHttpsUrl(iframe.getAttribute('src'))) iframe.setAttribute('loading', 'lazy');
    else iframe.remove();
  }
  for (const link of body.getElementsByTagName('a')) {
    if (link.getAttribute('target') === '_blank') link.setAttribute('rel', 'noopener noreferrer');
  }
  // phishing kits: a form sending what is typed to another site, a password field, a layer over the whole page
  for (const form of [...body.getElementsByTagName('form')]) if (isOffSiteForm(form)) form.remove();
  for (const input of [...body.getElementsByTagName('input')])
    if (input.getAttribute('type')?.trim().toLowerCase() === 'password') input.remove();
  for (const element of [...body.querySelectorAll('[style]')]) {
    const style = withoutOverlayPosition(element.getAttribute('style') ?? '');
    if (style === null) continue;
    if (style.replace(/;/g, '').trim()) element.setAttribute('style', style);
    else element.removeAttribute('style');
  }
  return body.innerHTML;
}

const PLAIN_TAGS = new Set(['p', 'br', 'strong', 'em', 'b', 'i', 'u', 's', 'ul', 'ol', 'li', 'h2', 'h3', 'h4', 'blockquote', 'a']);
const PLAIN_TOKEN = /<(\/?)([a-z][a-z0-9]*)((?:\s+[a-z]+="[^"<>]*")*)\s*(\/?)>|<|[^<]+/gy;
const PLAIN_ATTRIBUTE = /\s+([a-z]+)="([^"<>]*)"/g;
const PLAIN_HREF = /^(https?:\/\/|mailto:|tel:|\/(?!\/)|#)/i;

/**
 * Whether rich text is already what the sanitiser would keep, decided without a DOM: only balanced tags of a short
 * list, links with a plain address (and `rel` when they open a new tab), no other attribute. Text the owner saved
 * through the sanitiser is usually this, so reading it (the settings, on every instance's first page) does not load
 * jsdom, about a second of CPU; anything else, however harmless, goes through DOMPurify.
 */
function isPlainlyClean(html: string): boolean {
  const open: string[] = [];
  PLAIN_TOKEN.lastIndex = 0;
  for (let token = PLAIN_TOKEN.exec(html); token; token = PLAIN_TOKEN.exec(html)) {
    if (token[0] === '<') return false;
    const [, closing, name, attributes, selfClosing] = token;
    if (name === undefined) continue;
    if (!PLAIN_TAGS.has(name)) return false;
    if (closing) {
      if (attributes || selfClosing || open.pop() !== name) return false;
      continue;
    }
    if (!plainAttributesOk(name, attributes ?? '')) return false;
    if (name !== 'br') {
      if (selfClosing) return false;
      open.push(name);
    }
  }
  return open.length === 0 && PLAIN_TOKEN.lastIndex === 0;
}

function plainAttributesOk(tag: string, attributes: string): boolean {
  if (!attributes) return true;
  if (tag !== 'a') return false;
  const values = new Map<string, string>();
  for (const [, name = '', value = ''] of attributes.matchAll(PLAIN_ATTRIBUTE)) {
    if (values.has(name) || !['href', 'target', 'rel', 'title'].includes(name)) return false;
    values.set(name, value);
  }
  const href = values.get('href');
  if (href !== undefined && !PLAIN_HREF.test(href.trim())) return false;
  const target = values.get('target');
  if (target !== undefined && !(target === '_blank' && values.get('rel') === 'noopener noreferrer')) return false;
  return true;
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
