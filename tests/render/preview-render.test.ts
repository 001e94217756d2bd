import type { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { createContainer } from './astro-container';
import reactRenderer from '@astrojs/react/server.js';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import RenderPage from '../../src/pages/_preview/render.astro';
import type { Runtime } from '../../src/server/runtime';
import { sections as sectionsTable } from '../../src/server/db/schema';
import { PREVIEW_RENDER_LIMITS, type PreviewRenderDto } from '../../src/storefront/preview-render';
import { putSettings } from '../helpers/content-fixtures';
import { createPreviewShop, type PreviewShop } from '../helpers/preview-fixtures';
import { createTestApp, type TestApp } from '../helpers/test-app';

/** The preview renders with the shop of a test database instead of the process-wide one. */
const shared = vi.hoisted(() => ({ app: null as Runtime | null }));
vi.mock('../../src/server/runtime', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/server/runtime')>()),
  getRuntime: async () => {
    if (!shared.app) throw new Error('the test app is not open');
    return shared.app;
  },
}));

let app: TestApp;
let shop: PreviewShop;
let container: AstroContainer;

beforeAll(async () => {
  app = await createTestApp('pglite');
  shared.app = app;
  shop = await createPreviewShop(app.deps.db);
  await putSettings(app.deps.db, { ecommerce: { currency: 'USD' } });
  container = await createContainer();
  container.addServerRenderer({ renderer: reactRenderer, name: '@astrojs/react' });
  container.addClientRenderer({ name: '@astrojs/react', entrypoint: '@astrojs/react/client.js' });
});
afterAll(async () => {
  shared.app = null;
  await app.close();
});

function render(body: BodyInit | null, init: { method?: string; contentType?: string | null } = {}): Promise<Response> {
  const headers = new Headers();
  const contentType = init.contentType === undefined ? 'application/json' : init.contentType;
  if (contentType) headers.set('content-type', contentType);
  const request = new Request('http://localhost/_preview/render', {
    method: init.method ?? 'POST',
    headers,
    ...(body === null ? {} : { body }),
  });
  return container.renderToResponse(RenderPage, { request, partial: true });
}

async function renderJson(payload: unknown): Promise<PreviewRenderDto> {
  const response = await render(JSON.stringify(payload));
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
  return (await response.json()) as PreviewRenderDto;
}

const fragment = (html: string) => new JSDOM(`<!doctype html><body>${html}</body>`).window.document.body;

function textSection(id: string, options: Record<string, unknown> = {}) {
  return {
    id,
    type: 'SectionTextBlockBase',
    options: { heading: { title: 'Our story' }, content: { html: '<p>Since 1990.</p>' }, ...options },
  };
}

async function expectError(response: Response, status: number, message: string) {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
  const body = await response.json();
  expect(body).toMatchObject({ success: false, status, message, detail: { message } });
  return body;
}

describe('POST /_preview/render: what it accepts', () => {
  it('takes only JSON, so a form of another site cannot post to it', async () => {
    const form = await render('sections=1', { contentType: 'application/x-www-form-urlencoded' });
    await expectError(form, 415, 'The request body must be JSON (application/json)');
    await expectError(await render('{}', { contentType: 'text/plain' }), 415, 'The request body must be JSON (application/json)');
    await expectError(await render('{}', { contentType: null }), 415, 'The request body must be JSON (application/json)');
    expect((await render('{"sections":[]}', { contentType: 'application/json; charset=utf-8' })).status).toBe(200);
  });

  it('is a POST only', async () => {
    const response = await render(null, { method: 'GET' });
    await expectError(response, 405, 'Method not allowed: use POST');
    expect(response.headers.get('allow')).toBe('POST');
  });

  it('refuses malformed JSON, too deep nesting and an oversized body', async () => {
    await expectError(await render('{"sections": ['), 400, 'Malformed JSON body');
    const deep = `${'['.repeat(PREVIEW_RENDER_LIMITS.depth + 5)}${']'.repeat(PREVIEW_RENDER_LIMITS.depth + 5)}`;
    await expectError(await render(`{"sections": [], "x": ${deep}}`), 400, 'The body is nested too deeply');
    await expectError(
      await render(JSON.stringify({ sections: [textSection('big', { note: 'x'.repeat(PREVIEW_RENDER_LIMITS.bodyBytes) })] })),
      413,
      'The request body is too large',
    );
  });

  it('answers a bad body with 400 Validation Failed and a message per field', async () => {
    const body = await expectError(
      await render(
        JSON.stringify({
          lang: 'de',
          sections: [
            { id: 'x"><script>', type: 'SectionFaq' },
            { id: 'ok', type: 'SectionFaq', options: 'dark' },
          ],
        }),
      ),
      400,
      'Validation Failed',
    );
    expect(Object.keys(body.errors.children)).toEqual(expect.arrayContaining(['lang', 'sections']));
    expect(body.errors.children.sections.children['0'].children.id.errors).toHaveLength(1);
    expect(body.errors.children.sections.children['1'].children.options.errors).toHaveLength(1);

    await expectError(await render(JSON.stringify({ sections: 'all' })), 400, 'Validation Failed');
    await expectError(await render(JSON.stringify({ sections: [textSection('same'), textSection('same')] })), 400, 'Validation Failed');
    const tooMany = Array.from({ length: PREVIEW_RENDER_LIMITS.sections + 1 }, (_, i) => textSection(`s${i}`));
    await expectError(await render(JSON.stringify({ sections: tooMany })), 400, 'Validation Failed');
    await expectError(await render(JSON.stringify({ settings: { nonsense: {} } })), 400, 'Validation Failed');
    await expectError(await render(JSON.stringify({ menus: { main: [{ url: '/x' }] } })), 400, 'Validation Failed');
  });

  it('writes nothing', async () => {
    const before = await app.deps.db.select().from(sectionsTable);
    await renderJson({ sections: [textSection('a')], settings: { common: { sitename: 'Preview' } } });
    expect(await app.deps.db.select().from(sectionsTable)).toEqual(before);
  });
});

describe('POST /_preview/render: what it answers', () => {
  it('renders each section with the page components: root with id and data-section-type, in the order sent', async () => {
    const { sections } = await renderJson({ sections: [textSection('first'), textSection('second', { heading: { title: 'Second' } })] });
    expect(sections.map((s) => s.id)).toEqual(['first', 'second']);
    const root = fragment(sections[0]!.html).firstElementChild!;
    expect(root.id).toBe('section-first');
    expect(root.getAttribute('data-section-type')).toBe('SectionTextBlockBase');
    expect(root.querySelector('h2')?.textContent?.trim()).toBe('Our story');
    expect(fragment(sections[1]!.html).querySelector('#section-second h2')?.textContent?.trim()).toBe('Second');
    expect(sections[0]!.html).not.toMatch(/<!doctype|<html[\s>]|<head[\s>]|<link/i);
  });

  it('sanitises the html of the options and items before rendering', async () => {
    const { sections } = await renderJson({
      sections: [
        textSection('rich', {
          content: {
            html: '<p onclick="steal()">Hi<script>alert(1)</script><img src="x" onerror="alert(2)"><iframe src="http://insecure.example"></iframe></p>',
          },
          htmlBefore: '<a href="javascript:alert(3)">link</a>',
        }),
        {
          id: 'faq',
          type: 'SectionFaq',
          options: { heading: { title: 'FAQ' } },
          items: [
            { id: 'q', options: { question: 'Why?', answer: '<b>Because</b><script>alert(4)</script><img src="y" onerror="alert(5)">' } },
          ],
        },
      ],
    });
    const html = sections.map((s) => s.html).join('');
    expect(html).toContain('Hi');
    expect(html).toContain('<b>Because</b>');
    expect(html).not.toMatch(/alert\(|onclick|onerror|javascript:|insecure\.example/);
  });

  it('merges a partial section of the server-rendered page over the stored one: a heading change keeps the questions', async () => {
    const id = `stored-faq-${Date.now()}`;
    await app.deps.db.insert(sectionsTable).values({
      id,
      ownerType: 'page',
      ownerId: 'some-page',
      type: 'SectionFaq',
      options: { heading: { title: { en: 'Questions', ru: 'Вопросы' } } },
      items: [
        {
          id: 'q1',
          options: { question: { en: 'Delivery?', ru: 'Доставка?' }, answer: { en: '<p>Two days.</p>', ru: '<p>Два дня.</p>' } },
        },
        { id: 'q2', options: { question: { en: 'Returns?', ru: 'Возврат?' }, answer: { en: '<p>30 days.</p>', ru: '<p>30 дней.</p>' } } },
      ],
    });
    // what the channel sends after `updateSection { id, options: { heading: { title } } }` before any setSections
    const partial = {
      id,
      type: 'SectionFaq',
      options: { heading: { title: { en: 'FAQ', ru: 'ЧаВо' } } },
      items: [],
      enable: true,
      hidden: false,
      partial: true,
    };
    const [en] = (await renderJson({ lang: 'en', sections: [partial] })).sections;
    const root = fragment(en!.html);
    expect(root.querySelector('h2')?.textContent?.trim()).toBe('FAQ');
    expect(root.textContent).toContain('Delivery?');
    expect(root.textContent).toContain('Returns?');
    const [ru] = (await renderJson({ lang: 'ru', sections: [partial] })).sections;
    expect(fragment(ru!.html).textContent).toContain('Доставка?');
    // items sent with the change replace the stored ones
    const withItems = { ...partial, itemsKnown: true, items: [{ id: 'q9', options: { question: 'Only this?', answer: '<p>Yes.</p>' } }] };
    const [replaced] = (await renderJson({ lang: 'en', sections: [withItems] })).sections;
    expect(fragment(replaced!.html).textContent).toContain('Only this?');
    expect(fragment(replaced!.html).textContent).not.toContain('Delivery?');
    // a whole section (no partial flag) is rendered as sent, never merged
    const [whole] = (await renderJson({ lang: 'en', sections: [{ ...partial, partial: undefined }] })).sections;
    expect(whole!.html).toBe('');
  });

  it('renders nothing for hidden, switched off, unknown and empty sections', async () => {
    const { sections } = await renderJson({
      sections: [
        { ...textSection('hidden'), hidden: true },
        { ...textSection('off'), enable: false },
        { id: 'unknown', type: 'SectionNoSuchThing' },
        { id: 'empty', type: 'SectionTextBlockBase', options: {} },
      ],
    });
    expect(sections).toEqual([
      { id: 'hidden', html: '' },
      { id: 'off', html: '' },
      { id: 'unknown', html: '' },
      { id: 'empty', html: '' },
    ]);
  });

  it('shows the texts in the language asked, the page title for a heading without its own', async () => {
    const { sections } = await renderJson({
      lang: 'ru',
      page: { title: 'О нас' },
      sections: [textSection('t', { heading: { title: { en: 'Our story', ru: 'Наша история' } } }), { id: 'h1', type: 'SectionHeadingH1' }],
    });
    expect(fragment(sections[0]!.html).querySelector('h2')?.textContent?.trim()).toBe('Наша история');
    expect(fragment(sections[1]!.html).querySelector('h1')?.textContent?.trim()).toBe('О нас');
  });

  it('re-resolves widget products through the API', async () => {
    const { sections } = await renderJson({
      sections: [{ id: 'widget', type: 'SectionProductWidget', options: { catalogSlug: shop.catalogSlug } }],
    });
    const root = fragment(sections[0]!.html).querySelector('#section-widget')!;
    expect(root.getAttribute('data-section-type')).toBe('SectionProductWidget');
    expect(root.textContent).toContain('Linen shirt');
    expect(root.textContent).toContain('Cotton shirt');
    expect(root.textContent).not.toContain('Withdrawn shirt');
  });

  it('answers the theme of changed settings and renders with them', async () => {
    const answer = await renderJson({
      settings: { styles: { colors: { primary: '#ff0000' } }, seo: { customStyle: '.x{color:red}' } },
      sections: [],
    });
    expect(answer.sections).toEqual([]);
    expect(answer.theme?.css).toContain('--color-primary:#ff0000');
    expect(answer.theme?.css).toContain('@font-face');
    expect(answer.theme?.customStyle).toBe('.x{color:red}');
    expect(answer.chrome).toBeUndefined();
    expect((await renderJson({ sections: [] })).theme).toBeUndefined();
  });

  it('renders the header and footer with changed menus and settings when asked, dropping unsafe links', async () => {
    const answer = await renderJson({
      chrome: true,
      settings: { common: { sitename: 'Preview shop' } },
      menus: {
        main: [
          { title: { en: 'Shirts', ru: 'Рубашки' }, link: { type: 'catalog', url: shop.catalogSlug } },
          { title: 'Trap', url: 'javascript:alert(1)' },
        ],
      },
    });
    const header = fragment(answer.chrome!.header).querySelector('header.site-header')!;
    expect(header).not.toBeNull();
    const shirts = [...header.querySelectorAll('a')].find((a) => a.textContent?.trim() === 'Shirts');
    expect(shirts?.getAttribute('href')).toBe(`/catalogs/${shop.catalogSlug}`);
    expect(answer.chrome!.header).not.toContain('javascript:');
    const footer = fragment(answer.chrome!.footer).querySelector('footer.site-footer')!;
    expect(footer.textContent).toContain('Preview shop');
  });
});
