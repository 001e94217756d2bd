import {
  ADMIN_EVENT,
  applyAdminAction,
  emptyPageState,
  isSectionVisible,
  isAdminMessage,
  pageSection,
  routeTarget,
  type AdminMessage,
  type PreviewPageState,
  type PreviewSection,
  type RoutePayload,
} from '../../lib/preview-actions';
import type { PreviewRenderDto } from '../../storefront/preview-render';
import { documentLanguage } from '../../lib/localize';
import {
  applyPageOptions,
  applyTheme,
  highlightSection,
  pageSections,
  placeSections,
  removeSectionsExcept,
  replaceChrome,
  runScripts,
  sectionElementFrom,
  sectionElementId,
  sectionIdAt,
  showSection,
} from './page-dom';

/**
 * The admin live-preview channel in the browser (spec 2.4): it obeys the shop builder's actions,
 * sent as window messages from an allowed origin or as a document CustomEvent 'shop-builder', both
 * carrying `{ author: 'shop-builder', action, payload }`. Each action updates the page state; the
 * sections it changed are re-rendered by the server (POST /_preview/render) with the page's own
 * components and swapped in. Nothing is saved.
 */

export const RENDER_PATH = '/_preview/render';
/** The render endpoint takes at most this many sections per request. */
const RENDER_BATCH = 50;
/** What the storefront tells the builder, as `{ author: 'storefront', action: 'ready', payload }`. */
export const STOREFRONT_AUTHOR = 'storefront';

/** Origins allowed to send window messages: the page's `data-preview-origins` list and the shop's own. */
export function allowedOrigins(doc: Document): Set<string> {
  const listed = doc.querySelector<HTMLElement>('[data-preview-origins]')?.dataset['previewOrigins'] ?? '';
  return new Set([...listed.split(/\s+/).filter(Boolean), doc.location.origin]);
}

/** The sections of the server-rendered page, as far as the markup tells: id and type (partial until the builder sends them). */
function sectionsOfPage(doc: Document): PreviewSection[] {
  return pageSections(doc).map(({ id, type }) => pageSection(id, type));
}

type Rendered = { state: PreviewPageState; answer: PreviewRenderDto; sent: PreviewSection[] };

export class PreviewChannel {
  private state: PreviewPageState;
  /** the page state the page shows: the section objects its elements were rendered from, settings, menus */
  private shown: PreviewPageState;
  private readonly renderedFrom = new Map<string, PreviewSection>();
  /** new section elements not on the page yet */
  private readonly pending = new Map<string, HTMLElement>();
  /** inserted elements whose scripts have not run yet */
  private toActivate: HTMLElement[] = [];
  private running: Promise<void> | null = null;
  private rerun = false;
  private focusAfterSync: string | null = null;

  constructor(private readonly doc: Document) {
    this.state = emptyPageState(sectionsOfPage(doc));
    this.shown = this.state;
    for (const section of this.state.sections) this.renderedFrom.set(section.id, section);
  }

  /** Applies one builder message; a failure (an unknown action among them) is logged. */
  dispatch(message: AdminMessage): Promise<void> {
    const result = applyAdminAction(this.state, message);
    if (!result.ok) {
      console.error(result.error);
      return Promise.resolve();
    }
    if (result.navigate) {
      this.navigate(result.navigate);
      return Promise.resolve();
    }
    this.state = result.state;
    if (result.focus) this.focusAfterSync = result.focus;
    return this.sync();
  }

  /** Brings the page up to the latest state; actions arriving meanwhile are folded into one more pass. */
  sync(): Promise<void> {
    if (this.running) {
      this.rerun = true;
      return this.running;
    }
    this.running = (async () => {
      try {
        do {
          this.rerun = false;
          await this.syncOnce();
        } while (this.rerun);
        this.focusPending();
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }

  private async syncOnce(): Promise<void> {
    const state = this.state;
    const settingsChanged = state.settings !== this.shown.settings;
    const chromeChanged = settingsChanged || state.menus !== this.shown.menus;
    const pageChanged = state.pageOptions !== this.shown.pageOptions;
    if (pageChanged) applyPageOptions(this.doc, state.pageOptions);
    const stale = state.sections.filter(
      (section) =>
        isSectionVisible(section) &&
        (this.renderedFrom.get(section.id) !== section || settingsChanged || (pageChanged && section.type === 'SectionHeadingH1')),
    );
    const batches: PreviewSection[][] = [];
    for (let start = 0; start < stale.length; start += RENDER_BATCH) batches.push(stale.slice(start, start + RENDER_BATCH));
    if (batches.length === 0 && chromeChanged) batches.push([]);
    const rendered = await Promise.all(batches.map((sent, index) => this.render(state, sent, index === 0 && chromeChanged)));
    for (const result of rendered) if (result) this.applyRendered(result);
    this.arrange();
    if (rendered.every(Boolean)) this.shown = state;
  }

  private async render(state: PreviewPageState, sent: PreviewSection[], chrome: boolean): Promise<Rendered | null> {
    const title = [state.pageOptions['h1'], state.pageOptions['title']].find((value) => typeof value === 'string' && value !== '');
    const body = {
      lang: documentLanguage(this.doc) ?? 'en',
      sections: sent,
      ...(Object.keys(state.settings).length > 0 ? { settings: state.settings } : {}),
      ...(chrome && Object.keys(state.menus).length > 0 ? { menus: state.menus } : {}),
      ...(typeof title === 'string' ? { page: { title } } : {}),
      chrome,
    };
    try {
      const response = await fetch(RENDER_PATH, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        credentials: 'same-origin',
        body: JSON.stringify(body),
      });
      const answer = (await response.json()) as PreviewRenderDto & { message?: string };
      if (!response.ok) throw new Error(answer.message ?? `status ${response.status}`);
      return { state, answer, sent };
    } catch (error) {
      console.error(`Preview render failed: ${error instanceof Error ? error.message : String(error)}`);
      return null;
    }
  }

  private applyRendered({ answer, sent }: Rendered): void {
    const sentById = new Map(sent.map((section) => [section.id, section]));
    const inserted: HTMLElement[] = [];
    for (const { id, html } of answer.sections) {
      const section = sentById.get(id);
      // A section removed while it was rendering stays removed.
      if (!section || !this.state.sections.some((current) => current.id === id)) continue;
      const element = sectionElementFrom(this.doc, section, html);
      const current = this.doc.getElementById(sectionElementId(id));
      if (current) current.replaceWith(element);
      else this.pending.set(id, element);
      this.renderedFrom.set(id, section);
      inserted.push(element);
    }
    if (answer.theme) applyTheme(this.doc, answer.theme);
    if (answer.chrome) {
      for (const [selector, html] of [
        ['header.site-header', answer.chrome.header],
        ['footer.site-footer', answer.chrome.footer],
      ] as const) {
        const element = replaceChrome(this.doc, selector, html);
        if (element) inserted.push(element);
      }
    }
    this.toActivate.push(...inserted);
  }

  /** Removes, adds, orders and shows or hides the section elements as the state says. */
  private arrange(): void {
    const { sections } = this.state;
    removeSectionsExcept(this.doc, new Set(sections.map((section) => section.id)));
    for (const id of [...this.renderedFrom.keys()]) if (!sections.some((section) => section.id === id)) this.renderedFrom.delete(id);
    const ordered = sections.flatMap((section) => {
      const element = this.doc.getElementById(sectionElementId(section.id)) ?? this.pending.get(section.id);
      if (!element) return [];
      showSection(element, isSectionVisible(section));
      return [element];
    });
    placeSections(this.doc, ordered, this.doc.querySelector('main') ?? this.doc.body);
    this.pending.clear();
    for (const element of this.toActivate.splice(0)) if (element.isConnected) runScripts(this.doc, element);
  }

  private focusPending(): void {
    const id = this.focusAfterSync;
    this.focusAfterSync = null;
    if (!id) return;
    const element = this.doc.getElementById(sectionElementId(id));
    if (element && !element.hidden) highlightSection(this.doc, element);
  }

  private navigate(route: RoutePayload): void {
    const location = this.doc.location;
    const target = routeTarget(route, location.origin);
    if (target.external) {
      location.assign(target.url);
      return;
    }
    // Opened with ?preview=1 (not framed), the next page keeps the channel too.
    const url = new URL(target.url, location.origin);
    if (new URLSearchParams(location.search).get('preview') === '1') url.searchParams.set('preview', '1');
    location.assign(`${url.pathname}${url.search}${url.hash}`);
  }

  /** What the builder gets to know once the channel listens: the page's path and its sections. */
  readyMessage() {
    return {
      author: STOREFRONT_AUTHOR,
      action: 'ready',
      payload: { path: this.doc.location.pathname, sections: this.state.sections.map(({ id, type }) => ({ id, type })) },
    };
  }
}

/** What the storefront tells the framing builder when a section is clicked: select it in the list. */
export const selectSectionMessage = (id: string) => ({ author: STOREFRONT_AUTHOR, action: 'selectSection', payload: { id } });

/** Starts listening to the shop builder and tells the framing builder the page is ready. */
export function startPreviewChannel(doc: Document = document): PreviewChannel {
  const view = doc.defaultView ?? window;
  const origins = allowedOrigins(doc);
  const channel = new PreviewChannel(doc);
  view.addEventListener('message', (event: MessageEvent) => {
    if (origins.has(event.origin) && isAdminMessage(event.data)) void channel.dispatch(event.data);
  });
  doc.addEventListener(ADMIN_EVENT, (event) => {
    const { detail } = event as CustomEvent<unknown>;
    if (isAdminMessage(detail)) void channel.dispatch(detail);
  });
  if (view.parent !== view) {
    // framed by the builder: tell it (at its allowed origins only) the page is ready, and which section was clicked
    const tell = (message: unknown) => {
      for (const origin of origins) view.parent.postMessage(message, origin);
    };
    tell(channel.readyMessage());
    doc.addEventListener('click', (event) => {
      const id = sectionIdAt(event.target);
      if (id) tell(selectSectionMessage(id));
    });
  }
  // Marks the page as listening (for the builder's own scripts and for tests).
  doc.documentElement.dataset['preview'] = 'ready';
  return channel;
}
