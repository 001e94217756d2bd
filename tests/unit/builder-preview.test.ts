import { JSDOM } from 'jsdom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  applyAdminAction,
  emptyPageState,
  mergeSectionChange,
  overStoredSection,
  pageSection,
  type PreviewSection,
} from '../../src/lib/preview-actions';
import { PreviewChannel, startPreviewChannel } from '../../src/scripts/preview/channel';

/**
 * Issue 14 on the storefront side of the builder: a partial `updateSection` of a server-rendered section
 * is merged over the stored section (the channel knows only its id and type), and a framed page tells the
 * builder it is ready and which section was clicked.
 */

const ORIGIN = 'https://shop.example';
const ADMIN = 'https://admin.example';
const openPage = JSDOM as unknown as new (html: string, options: { url: string }) => JSDOM;

const faqHtml = (id: string) =>
  `<section id="section-${id}" data-section-type="SectionFaq"><h2>Questions</h2><details><summary>Delivery?</summary><p>Two days.</p></details></section>`;

function page(): { doc: Document; view: Window } {
  const dom = new openPage(
    `<!doctype html><html lang="en"><body><main>${faqHtml('faq')}<p class="outside">outside</p><section id="section-text" data-section-type="SectionTextBlockBase"><h2>Text</h2><a href="#x">link</a></section></main><div hidden data-preview-origins="${ADMIN}"></div></body></html>`,
    { url: `${ORIGIN}/` },
  );
  return { doc: dom.window.document, view: dom.window as unknown as Window };
}

const stored = {
  id: 'faq',
  type: 'SectionFaq',
  options: { heading: { title: { en: 'Questions', ru: 'Вопросы' }, align: 'left' } },
  items: Array.from({ length: 8 }, (_, i) => ({ id: `q${i}`, options: { question: { en: `Q${i}?`, ru: `В${i}?` } } })),
  styles: { desktop: { padding: 1 } },
  required: false,
  group: null,
};

describe('partial section updates', () => {
  it('merge the changed options over the current ones; sent items replace', () => {
    const section: PreviewSection = {
      id: 'a',
      type: 'SectionFaq',
      options: { heading: { title: 'Old', align: 'left' }, limit: 3 },
      items: [{ id: 'q', options: {} }],
      enable: true,
      hidden: false,
    };
    expect(mergeSectionChange(section, { id: 'a', options: { heading: { title: 'New' } } })).toEqual({
      ...section,
      options: { heading: { title: 'New', align: 'left' }, limit: 3 },
    });
    expect(mergeSectionChange(section, { id: 'a', items: [{ id: 'r', options: { x: 1 } }, 'junk'] }).items).toEqual([
      { id: 'r', options: { x: 1 } },
    ]);
    expect(mergeSectionChange(section, { id: 'a', hidden: true }).hidden).toBe(true);
  });

  it('a section of the rendered page stays partial: completed from the stored section, keeping its 8 questions', () => {
    const state = emptyPageState([pageSection('faq', 'SectionFaq')]);
    const result = applyAdminAction(state, {
      action: 'updateSection',
      payload: { id: 'faq', options: { heading: { title: { en: 'FAQ', ru: 'ЧаВо' } } } },
    });
    expect(result.ok).toBe(true);
    const changed = result.ok ? result.state.sections[0]! : null!;
    expect(changed).toMatchObject({ partial: true, options: { heading: { title: { en: 'FAQ', ru: 'ЧаВо' } } }, items: [] });
    const whole = overStoredSection(changed, stored);
    expect(whole.options).toEqual({ heading: { title: { en: 'FAQ', ru: 'ЧаВо' }, align: 'left' } });
    expect(whole.items).toHaveLength(8);
    expect(whole).toMatchObject({ styles: stored.styles, enable: true, hidden: false });
    expect(whole).not.toHaveProperty('partial');

    // items sent in a later change replace the stored ones
    const next = applyAdminAction(result.ok ? result.state : state, {
      action: 'updateSection',
      payload: { id: 'faq', items: [{ id: 'only', options: {} }] },
    });
    const withItems = next.ok ? next.state.sections[0]! : null!;
    expect(withItems).toMatchObject({ partial: true, itemsKnown: true });
    expect(overStoredSection(withItems, stored).items).toEqual([{ id: 'only', options: {} }]);
  });

  it('a section the builder sent whole is never merged with the stored one', () => {
    const state = emptyPageState([pageSection('faq', 'SectionFaq')]);
    const set = applyAdminAction(state, {
      action: 'setSections',
      payload: [{ id: 'faq', type: 'SectionFaq', options: { heading: { title: 'Sent' } } }],
    });
    const sent = set.ok ? set.state.sections[0]! : null!;
    expect(sent.partial).toBeUndefined();
    expect(overStoredSection(sent, stored)).toBe(sent);
    // a partial section whose stored row is gone renders what the channel has
    expect(overStoredSection(pageSection('gone', 'SectionFaq'), undefined)).toEqual({
      id: 'gone',
      type: 'SectionFaq',
      options: {},
      items: [],
      enable: true,
      hidden: false,
    });
  });
});

describe('the channel with a partial update before setSections', () => {
  let bodies: { sections: PreviewSection[] }[];
  beforeEach(() => {
    bodies = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        const body = JSON.parse(String(init.body)) as { sections: PreviewSection[] };
        bodies.push(body);
        return Response.json({ sections: body.sections.map((s) => ({ id: s.id, html: faqHtml(s.id) })) });
      }),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('asks the render endpoint to merge the change over the stored section', async () => {
    const { doc } = page();
    const channel = new PreviewChannel(doc);
    await channel.dispatch({
      author: 'shop-builder',
      action: 'updateSection',
      payload: { id: 'faq', options: { heading: { title: 'FAQ' } } },
    });
    expect(bodies.at(-1)!.sections).toEqual([
      { id: 'faq', type: 'SectionFaq', options: { heading: { title: 'FAQ' } }, items: [], enable: true, hidden: false, partial: true },
    ]);
    await channel.dispatch({
      author: 'shop-builder',
      action: 'setSections',
      payload: [{ id: 'faq', type: 'SectionFaq', options: { heading: { title: 'Whole' } }, items: [{ id: 'q', options: {} }] }],
    });
    await channel.dispatch({
      author: 'shop-builder',
      action: 'updateSection',
      payload: { id: 'faq', options: { heading: { note: 'n' } } },
    });
    const last = bodies.at(-1)!.sections[0]!;
    expect(last.partial).toBeUndefined();
    expect(last.options).toEqual({ heading: { title: 'Whole', note: 'n' } });
    expect(last.items).toEqual([{ id: 'q', options: {} }]);
  });
});

describe('a page framed by the builder', () => {
  function framed() {
    const { doc, view } = page();
    const parent = { postMessage: vi.fn() };
    Object.defineProperty(view, 'parent', { value: parent, configurable: true });
    return { doc, view, parent };
  }

  it('answers ready, and posts selectSection with the clicked section id to the allowed origins only', () => {
    const { doc, parent } = framed();
    startPreviewChannel(doc);
    expect(parent.postMessage).toHaveBeenCalledWith(expect.objectContaining({ author: 'storefront', action: 'ready' }), ADMIN);
    const origins = new Set(parent.postMessage.mock.calls.map(([, origin]) => origin));
    expect(origins).toEqual(new Set([ADMIN, ORIGIN]));
    parent.postMessage.mockClear();

    (doc.querySelector('#section-faq summary') as HTMLElement).click();
    expect(parent.postMessage.mock.calls).toEqual([
      [{ author: 'storefront', action: 'selectSection', payload: { id: 'faq' } }, ADMIN],
      [{ author: 'storefront', action: 'selectSection', payload: { id: 'faq' } }, ORIGIN],
    ]);
    parent.postMessage.mockClear();
    (doc.querySelector('#section-text a') as HTMLElement).click();
    expect(parent.postMessage.mock.calls.map(([message]) => message.payload)).toEqual([{ id: 'text' }, { id: 'text' }]);
    parent.postMessage.mockClear();
    (doc.querySelector('.outside') as HTMLElement).click();
    expect(parent.postMessage).not.toHaveBeenCalled();
  });

  it('posts nothing when not framed', () => {
    const { doc, view } = page();
    const post = vi.spyOn(view, 'postMessage');
    startPreviewChannel(doc);
    (doc.querySelector('#section-faq h2') as HTMLElement).click();
    expect(post).not.toHaveBeenCalled();
  });
});
