import { JSDOM } from 'jsdom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PreviewSection } from '../../src/lib/preview-actions';
import { PreviewChannel, RENDER_PATH, allowedOrigins, startPreviewChannel } from '../../src/scripts/preview/channel';
import { placeSections, runScripts, sectionElementFrom } from '../../src/scripts/preview/page-dom';

/** The browser side of the preview, on a jsdom page whose render requests are answered by a fake server. */

const ORIGIN = 'https://shop.example';
const ADMIN = 'https://admin.example';
/** jsdom takes options (the page's address among them); the render tests' declaration of it leaves them out. */
const openPage = JSDOM as unknown as new (html: string, options: { url: string }) => JSDOM;

const sectionHtml = (id: string, title: string, type = 'SectionTextBlockBase') =>
  `<section id="section-${id}" data-section-type="${type}"><h2>${title}</h2></section>`;

function page(body: string): Document {
  const dom = new openPage(
    `<!doctype html><html lang="en"><head><title>Home</title><meta name="description" content="old"></head><body>${body}</body></html>`,
    { url: `${ORIGIN}/` },
  );
  const doc = dom.window.document;
  // jsdom does not lay out pages
  dom.window.HTMLElement.prototype.scrollIntoView = vi.fn();
  return doc;
}

const homepage = () =>
  page(
    `<header class="site-header">old header</header><main id="main"><h1>Home</h1>${sectionHtml('a', 'A')}<p class="between">between</p>${sectionHtml('b', 'B')}${sectionHtml('c', 'C')}</main><footer class="site-footer">old footer</footer>`,
  );

const ids = (doc: Document) => [...doc.querySelectorAll('[data-section-type]')].map((e) => e.id.replace('section-', ''));
const titleOf = (doc: Document, id: string) => doc.getElementById(`section-${id}`)?.querySelector('h2')?.textContent;

function section(id: string, title = id.toUpperCase(), overrides: Partial<PreviewSection> = {}): PreviewSection {
  return { id, type: 'SectionTextBlockBase', options: { heading: { title } }, items: [], enable: true, hidden: false, ...overrides };
}

type RenderRequest = {
  sections: PreviewSection[];
  settings?: Record<string, unknown>;
  menus?: unknown;
  chrome: boolean;
  lang: string;
  page?: { title: string };
};
let requests: RenderRequest[];
let errors: ReturnType<typeof vi.spyOn>;

/** The fake render endpoint: a section's heading shows its options' title; a section titled 'empty' renders nothing. */
function answer(request: RenderRequest) {
  return {
    sections: request.sections.map((s) => {
      const title = (s.options['heading'] as { title?: string } | undefined)?.title ?? '';
      return { id: s.id, html: title === 'empty' ? '' : sectionHtml(s.id, title, s.type) };
    }),
    ...(request.settings ? { theme: { css: ':root{--color-primary:#f00}', customStyle: '.owner{}' } } : {}),
    ...(request.chrome
      ? { chrome: { header: '<header class="site-header">new header</header>', footer: '<footer class="site-footer">new footer</footer>' } }
      : {}),
  };
}

beforeEach(() => {
  requests = [];
  errors = vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      expect(url).toBe(RENDER_PATH);
      expect(init.method).toBe('POST');
      expect(new Headers(init.headers).get('content-type')).toBe('application/json');
      const request = JSON.parse(String(init.body)) as RenderRequest;
      requests.push(request);
      return new Response(JSON.stringify(answer(request)), { headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the preview channel', () => {
  it('starts from the sections the page shows and re-renders nothing until told', async () => {
    const doc = homepage();
    const channel = new PreviewChannel(doc);
    expect(channel.readyMessage()).toEqual({
      author: 'storefront',
      action: 'ready',
      payload: { path: '/', sections: ['a', 'b', 'c'].map((id) => ({ id, type: 'SectionTextBlockBase' })) },
    });
    await channel.dispatch({ author: 'shop-builder', action: 'reorderSection', payload: { from: 0, to: 2 } });
    expect(requests).toEqual([]);
    expect(ids(doc)).toEqual(['b', 'c', 'a']);
  });

  it('setSections renders the sections given, in their order, dropping the others', async () => {
    const doc = homepage();
    const channel = new PreviewChannel(doc);
    await channel.dispatch({
      author: 'shop-builder',
      action: 'setSections',
      payload: [section('c', 'Third'), section('n', 'New'), section('a', 'First')],
    });
    expect(requests).toHaveLength(1);
    expect(requests[0]!.sections.map((s) => s.id)).toEqual(['c', 'n', 'a']);
    expect(requests[0]!.lang).toBe('en');
    expect(ids(doc)).toEqual(['c', 'n', 'a']);
    expect(titleOf(doc, 'n')).toBe('New');
    expect(doc.getElementById('section-b')).toBeNull();
    expect(doc.querySelector('main > h1')?.textContent).toBe('Home');
  });

  it('updateSection re-renders only that section and swaps it in place', async () => {
    const doc = homepage();
    const channel = new PreviewChannel(doc);
    await channel.dispatch({ author: 'shop-builder', action: 'setSections', payload: [section('a'), section('b'), section('c')] });
    const untouched = doc.getElementById('section-a');
    await channel.dispatch({
      author: 'shop-builder',
      action: 'updateSection',
      payload: { id: 'b', options: { heading: { title: 'Changed' } } },
    });
    expect(requests.at(-1)!.sections.map((s) => s.id)).toEqual(['b']);
    expect(titleOf(doc, 'b')).toBe('Changed');
    expect(doc.getElementById('section-a')).toBe(untouched);
    expect(ids(doc)).toEqual(['a', 'b', 'c']);
  });

  it('adds a section at its index, removes one, and keeps a placeholder for a section showing nothing', async () => {
    const doc = homepage();
    const channel = new PreviewChannel(doc);
    await channel.dispatch({ author: 'shop-builder', action: 'setSections', payload: [section('a'), section('b'), section('c')] });
    await channel.dispatch({ author: 'shop-builder', action: 'addSection', payload: { section: section('n', 'Added'), index: 1 } });
    expect(ids(doc)).toEqual(['a', 'n', 'b', 'c']);
    await channel.dispatch({ author: 'shop-builder', action: 'removeSection', payload: { id: 'b' } });
    expect(ids(doc)).toEqual(['a', 'n', 'c']);
    await channel.dispatch({
      author: 'shop-builder',
      action: 'updateSection',
      payload: { id: 'n', options: { heading: { title: 'empty' } } },
    });
    const placeholder = doc.getElementById('section-n')!;
    expect(placeholder.hidden).toBe(true);
    expect(placeholder.dataset['previewPlaceholder']).toBe('');
    await channel.dispatch({
      author: 'shop-builder',
      action: 'updateSection',
      payload: { id: 'n', options: { heading: { title: 'Back' } } },
    });
    expect(titleOf(doc, 'n')).toBe('Back');
    expect(doc.getElementById('section-n')!.hidden).toBe(false);
    expect(ids(doc)).toEqual(['a', 'n', 'c']);
  });

  it('items actions re-render their section', async () => {
    const doc = homepage();
    const channel = new PreviewChannel(doc);
    await channel.dispatch({ author: 'shop-builder', action: 'setSections', payload: [section('a')] });
    await channel.dispatch({
      author: 'shop-builder',
      action: 'addSectionItem',
      payload: { sectionId: 'a', item: { id: 'i1', options: { text: 'x' } } },
    });
    expect(requests.at(-1)!.sections[0]!.items).toEqual([{ id: 'i1', options: { text: 'x' } }]);
    await channel.dispatch({
      author: 'shop-builder',
      action: 'updateSectionItem',
      payload: { sectionId: 'a', item: { id: 'i1', options: { text: 'y' } } },
    });
    expect(requests.at(-1)!.sections[0]!.items).toEqual([{ id: 'i1', options: { text: 'y' } }]);
    await channel.dispatch({ author: 'shop-builder', action: 'removeSectionItem', payload: { sectionId: 'a', itemId: 'i1' } });
    expect(requests.at(-1)!.sections[0]!.items).toEqual([]);
  });

  it('focusSection scrolls to the section and outlines it for about two seconds; its enable flag hides and shows it', async () => {
    vi.useFakeTimers();
    try {
      const doc = homepage();
      const channel = new PreviewChannel(doc);
      await channel.dispatch({ author: 'shop-builder', action: 'setSections', payload: [section('a'), section('b')] });
      await channel.dispatch({ author: 'shop-builder', action: 'focusSection', payload: { id: 'b' } });
      const b = doc.getElementById('section-b')!;
      expect(b.scrollIntoView).toHaveBeenCalledWith({ behavior: 'smooth', block: 'start' });
      expect(b.hasAttribute('data-preview-focus')).toBe(true);
      expect(doc.head.querySelector('style[data-preview-focus-style]')?.textContent).toContain('outline');
      vi.advanceTimersByTime(2100);
      expect(b.hasAttribute('data-preview-focus')).toBe(false);

      const before = requests.length;
      await channel.dispatch({ author: 'shop-builder', action: 'focusSection', payload: { id: 'b', enable: false } });
      expect(doc.getElementById('section-b')!.hidden).toBe(true);
      expect(requests).toHaveLength(before);
      await channel.dispatch({ author: 'shop-builder', action: 'focusSection', payload: { id: 'b', enable: true } });
      expect(doc.getElementById('section-b')!.hidden).toBe(false);
      expect(doc.getElementById('section-b')!.hasAttribute('data-preview-focus')).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('updateSettings re-renders the sections, header and footer with the settings and applies the theme', async () => {
    const doc = homepage();
    const channel = new PreviewChannel(doc);
    await channel.dispatch({ author: 'shop-builder', action: 'setSections', payload: [section('a'), section('b')] });
    await channel.dispatch({ author: 'shop-builder', action: 'updateSettings', payload: { styles: { colors: { primary: '#f00' } } } });
    const request = requests.at(-1)!;
    expect(request.settings).toEqual({ styles: { colors: { primary: '#f00' } } });
    expect(request.chrome).toBe(true);
    expect(request.sections.map((s) => s.id)).toEqual(['a', 'b']);
    expect(doc.head.querySelector('style[data-preview-theme]')?.textContent).toBe(':root{--color-primary:#f00}');
    expect(doc.head.querySelector('style[data-custom-style]')?.textContent).toBe('.owner{}');
    expect(doc.querySelector('header.site-header')?.textContent).toBe('new header');
    expect(doc.querySelector('footer.site-footer')?.textContent).toBe('new footer');
  });

  it('updateMenus re-renders only the header and footer; updatePageOptions sets the title and description', async () => {
    const doc = homepage();
    const channel = new PreviewChannel(doc);
    await channel.dispatch({
      author: 'shop-builder',
      action: 'updateMenus',
      payload: { main: [{ title: 'Shirts', url: '/catalogs/shirts' }] },
    });
    expect(requests.at(-1)).toMatchObject({ sections: [], chrome: true, menus: { main: [{ title: 'Shirts' }] } });
    expect(doc.querySelector('header.site-header')?.textContent).toBe('new header');
    await channel.dispatch({
      author: 'shop-builder',
      action: 'updatePageOptions',
      payload: { title: 'About', metaDescription: 'All about us' },
    });
    expect(doc.title).toBe('About');
    expect(doc.querySelector('meta[name="description"]')?.getAttribute('content')).toBe('All about us');
  });

  it('logs an unknown action and a bad payload with console.error and changes nothing', async () => {
    const doc = homepage();
    const channel = new PreviewChannel(doc);
    await channel.dispatch({ author: 'shop-builder', action: 'launchRockets', payload: {} });
    expect(errors).toHaveBeenCalledWith('Unknown admin action launchRockets');
    await channel.dispatch({ author: 'shop-builder', action: 'removeSection', payload: {} });
    expect(String(errors.mock.calls.at(-1)![0])).toMatch(/^Invalid payload of admin action removeSection/);
    expect(ids(doc)).toEqual(['a', 'b', 'c']);
    expect(requests).toEqual([]);
  });

  it('keeps the page as it is when the render fails, and says so', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ success: false, message: 'Validation Failed' }), { status: 400 })),
    );
    const doc = homepage();
    const channel = new PreviewChannel(doc);
    await channel.dispatch({ author: 'shop-builder', action: 'updateSection', payload: { id: 'a', options: { heading: { title: 'X' } } } });
    expect(errors).toHaveBeenCalledWith('Preview render failed: Validation Failed');
    expect(titleOf(doc, 'a')).toBe('A');
  });
});

describe('listening', () => {
  it('obeys window messages of the shop builder from an allowed origin only, and the document event', async () => {
    const doc = homepage();
    const marker = doc.createElement('div');
    marker.hidden = true;
    marker.dataset['previewOrigins'] = `${ADMIN} https://other-admin.example`;
    doc.body.append(marker);
    expect(allowedOrigins(doc)).toEqual(new Set([ADMIN, 'https://other-admin.example', ORIGIN]));

    const channel = startPreviewChannel(doc);
    expect(doc.documentElement.dataset['preview']).toBe('ready');
    // Listeners run synchronously within dispatchEvent: a refused message never reaches the channel.
    const dispatch = vi.spyOn(channel, 'dispatch');
    const settle = () => dispatch.mock.results.at(-1)!.value as Promise<void>;
    const view = doc.defaultView!;
    const reorder = { author: 'shop-builder', action: 'reorderSection', payload: { from: 0, to: 2 } };

    view.dispatchEvent(new view.MessageEvent('message', { data: reorder, origin: 'https://evil.example' }));
    view.dispatchEvent(new view.MessageEvent('message', { data: { ...reorder, author: 'someone' }, origin: ADMIN }));
    expect(dispatch).not.toHaveBeenCalled();
    expect(ids(doc)).toEqual(['a', 'b', 'c']);

    view.dispatchEvent(new view.MessageEvent('message', { data: reorder, origin: ADMIN }));
    expect(dispatch).toHaveBeenCalledTimes(1);
    await settle();
    expect(ids(doc)).toEqual(['b', 'c', 'a']);

    doc.dispatchEvent(new view.CustomEvent('shop-builder', { detail: reorder }));
    expect(dispatch).toHaveBeenCalledTimes(2);
    await settle();
    expect(ids(doc)).toEqual(['c', 'a', 'b']);

    doc.dispatchEvent(new view.CustomEvent('shop-builder', { detail: { action: 'reorderSection', payload: { from: 0, to: 2 } } }));
    await settle();
    expect(ids(doc)).toEqual(['c', 'a', 'b']);
  });
});

describe('page markup helpers', () => {
  it('place sections moving only those out of place, keeping other content where it is', () => {
    const doc = homepage();
    const [a, b, c] = ['a', 'b', 'c'].map((id) => doc.getElementById(`section-${id}`)!);
    placeSections(doc, [a!, b!, c!], doc.body);
    expect(doc.querySelector('main')!.innerHTML.indexOf('between')).toBeLessThan(doc.querySelector('main')!.innerHTML.indexOf('section-b'));
    placeSections(doc, [c!, a!, b!], doc.body);
    expect(ids(doc)).toEqual(['c', 'a', 'b']);
    expect(c!.parentElement?.tagName).toBe('MAIN');
  });

  it('leaves sections split over several containers where they are while in order', () => {
    const doc = page(
      `<main><div class="opening">${sectionHtml('h', 'H')}</div><p class="byline">By us</p><div class="body">${sectionHtml('t1', 'T1')}${sectionHtml('t2', 'T2')}</div></main>`,
    );
    const [h, t1, t2] = ['h', 't1', 't2'].map((id) => doc.getElementById(`section-${id}`)!);
    placeSections(doc, [h!, t1!, t2!], doc.body);
    expect(t1!.parentElement?.className).toBe('body');
    placeSections(doc, [h!, t2!, t1!], doc.body);
    expect(ids(doc)).toEqual(['h', 't2', 't1']);
    expect(h!.parentElement?.className).toBe('opening');
  });

  it('places the first section of an empty page in the fallback container', () => {
    const doc = page('<main id="main"><h1>New page</h1></main>');
    const element = sectionElementFrom(doc, { id: 'x', type: 'SectionFaq' }, sectionHtml('x', 'X', 'SectionFaq'));
    placeSections(doc, [element], doc.querySelector('main')!);
    expect(doc.querySelector('main')!.lastElementChild).toBe(element);
  });

  it('takes the root of rendered markup with the scripts rendered beside it', () => {
    const doc = homepage();
    const element = sectionElementFrom(
      doc,
      { id: 'x', type: 'SectionSlider' },
      `<script>window.loaded = true</script>${sectionHtml('x', 'X', 'SectionSlider')}`,
    );
    expect(element.id).toBe('section-x');
    expect(element.querySelector('script')?.textContent).toBe('window.loaded = true');
  });

  it('replaces scripts so they run, leaving data blocks alone and module scripts already loaded out', () => {
    const doc = homepage();
    const loaded = doc.createElement('script');
    loaded.type = 'module';
    loaded.src = '/_astro/lightbox.js';
    doc.head.append(loaded);
    const root = doc.createElement('section');
    root.innerHTML =
      '<script>run()</script><script type="module" src="/_astro/lightbox.js"></script><script type="module" src="/_astro/new.js"></script><script type="application/ld+json">{}</script>';
    doc.body.append(root);
    const [inline, , fresh, data] = [...root.querySelectorAll('script')];
    runScripts(doc, root);
    const after = [...root.querySelectorAll('script')];
    expect(after).toHaveLength(3);
    expect(after[0]).not.toBe(inline);
    expect(after[0]!.textContent).toBe('run()');
    expect(after[1]).not.toBe(fresh);
    expect(after[1]!.getAttribute('src')).toBe('/_astro/new.js');
    expect(after[1]!.type).toBe('module');
    expect(after[2]).toBe(data);
  });
});
