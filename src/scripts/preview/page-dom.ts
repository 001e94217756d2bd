/**
 * The DOM side of the admin live preview: section elements are the roots the section components
 * render, `<… id="section-{id}" data-section-type="{type}">`. These helpers replace, place, hide and
 * highlight them, and run the scripts of re-rendered markup. Every function takes the document.
 */

export const SECTION_SELECTOR = '[data-section-type][id^="section-"]';
const ID_PREFIX = 'section-';
export const FOCUS_MS = 2000;

export const sectionElementId = (id: string) => `${ID_PREFIX}${id}`;

/** The id of the section an element (a click's target) is in, or null. */
export function sectionIdAt(target: EventTarget | null): string | null {
  const element = (target as Element | null)?.closest?.(SECTION_SELECTOR);
  return element ? element.id.slice(ID_PREFIX.length) : null;
}

/** The section elements of the page in document order, with their section ids and types. */
export function pageSections(doc: Document): { id: string; type: string; element: HTMLElement }[] {
  return [...doc.querySelectorAll<HTMLElement>(SECTION_SELECTOR)].map((element) => ({
    id: element.id.slice(ID_PREFIX.length),
    type: element.dataset['sectionType'] ?? '',
    element,
  }));
}

/**
 * The element of freshly rendered markup: the root carrying the section's id. Markup without it (a
 * section that shows nothing) becomes a hidden placeholder that keeps the section's place.
 */
export function sectionElementFrom(doc: Document, section: { id: string; type: string }, html: string): HTMLElement {
  const template = doc.createElement('template');
  template.innerHTML = html;
  const root = template.content.getElementById(sectionElementId(section.id));
  if (root) {
    // Scripts rendered next to the root (an island's loader) run with it.
    for (const script of [...template.content.children].filter((node) => node.tagName === 'SCRIPT')) root.append(script);
    return root;
  }
  const placeholder = doc.createElement('div');
  placeholder.id = sectionElementId(section.id);
  placeholder.dataset['sectionType'] = section.type;
  placeholder.dataset['previewPlaceholder'] = '';
  placeholder.hidden = true;
  return placeholder;
}

const EXECUTABLE_TYPES = new Set(['', 'module', 'text/javascript', 'application/javascript']);

/**
 * Markup inserted through the DOM does not run its scripts: each one is replaced by a fresh copy,
 * which runs. A module script already on the page is dropped (a module runs once per page anyway).
 * Astro islands then hydrate themselves when they are connected.
 */
export function runScripts(doc: Document, root: Element): void {
  for (const script of root.querySelectorAll('script')) {
    if (!EXECUTABLE_TYPES.has(script.type.trim().toLowerCase())) continue;
    const src = script.getAttribute('src');
    const loaded = src !== null && [...doc.scripts].some((other) => other !== script && other.getAttribute('src') === src);
    if (loaded) {
      script.remove();
      continue;
    }
    const fresh = doc.createElement('script');
    for (const { name, value } of script.attributes) fresh.setAttribute(name, value);
    fresh.textContent = script.textContent;
    script.replaceWith(fresh);
  }
}

/** The section element following `element` in the document (sections may sit in more than one container). */
function nextSectionInDocument(doc: Document, element: Element): Element | null {
  const all = [...doc.querySelectorAll(SECTION_SELECTOR)];
  return all[all.indexOf(element) + 1] ?? null;
}

/**
 * Puts the section elements in the given order, moving only those out of place (a moved node is
 * re-created by the browser: frames reload, islands reconnect). An element goes right after the
 * section before it, the first one before the page's first section, or at the end of `fallbackParent`
 * on a page without sections.
 */
export function placeSections(doc: Document, ordered: HTMLElement[], fallbackParent: Element): void {
  let previous: HTMLElement | null = null;
  for (const element of ordered) {
    if (previous) {
      if (nextSectionInDocument(doc, previous) !== element) previous.after(element);
    } else {
      const first = doc.querySelector(SECTION_SELECTOR);
      if (!first) fallbackParent.append(element);
      else if (first !== element) first.before(element);
    }
    previous = element;
  }
}

/** Removes the section elements of sections no longer on the page. */
export function removeSectionsExcept(doc: Document, keep: ReadonlySet<string>): void {
  for (const { id, element } of pageSections(doc)) if (!keep.has(id)) element.remove();
}

/** A placeholder stays hidden; a rendered section shows unless it is switched off or hidden. */
export function showSection(element: HTMLElement, visible: boolean): void {
  element.hidden = !visible || element.dataset['previewPlaceholder'] !== undefined;
}

/** The `<style>` in the head marked with `attribute`, created (last, so it wins) when missing. */
function headStyle(doc: Document, attribute: string): HTMLStyleElement {
  const existing = doc.head.querySelector<HTMLStyleElement>(`style[${attribute}]`);
  if (existing) return existing;
  const style = doc.createElement('style');
  style.setAttribute(attribute, '');
  doc.head.append(style);
  return style;
}

/** The theme of changed settings: its custom properties override the page's, and the owner's CSS is replaced. */
export function applyTheme(doc: Document, theme: { css: string; customStyle: string; theme?: string }): void {
  headStyle(doc, 'data-preview-theme').textContent = theme.css;
  if (theme.theme) doc.documentElement.dataset['theme'] = theme.theme;
  headStyle(doc, 'data-custom-style').textContent = theme.customStyle;
}

/** Replaces the page's `selector` element (the header or footer) by the one in `html`; answers the new one. */
export function replaceChrome(doc: Document, selector: string, html: string): HTMLElement | null {
  const current = doc.querySelector(selector);
  const template = doc.createElement('template');
  template.innerHTML = html;
  const next = template.content.querySelector<HTMLElement>(selector);
  if (!current || !next) return null;
  current.replaceWith(next);
  return next;
}

/** The page's title and description from the page options the builder changed. */
export function applyPageOptions(doc: Document, options: Record<string, unknown>): void {
  const title = [options['metaTitle'], options['title']].find((value): value is string => typeof value === 'string' && value.trim() !== '');
  if (title) doc.title = title;
  const description = options['metaDescription'];
  if (typeof description === 'string') doc.querySelector('meta[name="description"]')?.setAttribute('content', description);
}

const FOCUS_ATTRIBUTE = 'data-preview-focus';
const highlightTimers = new WeakMap<HTMLElement, ReturnType<typeof setTimeout>>();
const FOCUS_CSS = `[${FOCUS_ATTRIBUTE}]{outline:3px solid var(--color-accent,#2563eb);outline-offset:-3px;transition:outline-color .3s}`;

/** Scrolls smoothly to the section and outlines it for about two seconds. */
export function highlightSection(doc: Document, element: HTMLElement): void {
  const style = headStyle(doc, 'data-preview-focus-style');
  if (!style.textContent) style.textContent = FOCUS_CSS;
  const reducedMotion = doc.defaultView?.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  element.scrollIntoView({ behavior: reducedMotion ? 'auto' : 'smooth', block: 'start' });
  element.setAttribute(FOCUS_ATTRIBUTE, '');
  clearTimeout(highlightTimers.get(element));
  highlightTimers.set(
    element,
    setTimeout(() => {
      element.removeAttribute(FOCUS_ATTRIBUTE);
      highlightTimers.delete(element);
    }, FOCUS_MS),
  );
}
