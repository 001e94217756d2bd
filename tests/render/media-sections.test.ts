import { describe, expect, it } from 'vitest';
import type { ArticleSummary, SectionDto } from '../../src/lib/api-client';
import { context, image, renderSection, renderSections, section, texts } from './section-fixtures';
import { renderSectionsAt, shopConfig } from './widget-fixtures';

const withData = (s: SectionDto, data: Record<string, unknown>): SectionDto => ({ ...s, data });

function article(slug: string, overrides: Partial<ArticleSummary> = {}): ArticleSummary {
  return {
    id: `id-${slug}`,
    slug,
    url: `/blog/${slug}`,
    title: `Title ${slug}`,
    excerpt: `Excerpt ${slug}`,
    previewImage: image({ width: 1200, height: 800 }),
    author: { name: 'Anna Sokolova' },
    publishedAt: '2025-03-05T10:00:00.000Z',
    updatedAt: '2025-03-05T10:00:00.000Z',
    tags: [{ id: 't1', slug: 'care', title: 'Care' }],
    category: { slug: 'blog', title: 'Journal' },
    ...overrides,
  };
}

const articles = [article('linen'), article('boots', { author: null, previewImage: null, tags: [] }), article('table')];
const settingsWith = (media: Record<string, unknown>) => context({ settings: shopConfig({ media }) });

describe('SectionMediaWidget and article cards', () => {
  it('shows article cards with picture, tags, linked title, excerpt, author and date', async () => {
    const root = await renderSection(
      withData(section('SectionMediaWidget', { heading: { title: 'From the journal' } }), { articles }),
      context({ settings: shopConfig() }),
    );
    expect(root?.dataset['sectionType']).toBe('SectionMediaWidget');
    expect(texts(root!, 'h2')).toEqual(['From the journal']);
    const cards = [...root!.querySelectorAll('.article-card')];
    expect(cards).toHaveLength(3);
    expect(cards[0]!.querySelector('h3 a')!.getAttribute('href')).toBe('/blog/linen');
    expect(texts(cards[0]!, '.article-card__excerpt')).toEqual(['Excerpt linen']);
    expect(texts(cards[0]!, '.article-card__author')).toEqual(['Anna Sokolova']);
    expect(texts(cards[0]!, 'time')).toEqual(['Mar 5, 2025']);
    expect(cards[0]!.querySelector('.article-card__tag')!.getAttribute('href')).toBe('/blog?tag=care');
    expect(cards[1]!.querySelector('img')).toBeNull();
    expect(cards[1]!.querySelector('.article-card__author')).toBeNull();
    const img = cards[0]!.querySelector('img')!;
    expect(Number(img.getAttribute('width')) / Number(img.getAttribute('height'))).toBeCloseTo(16 / 9, 1);
  });

  it('follows the media item style: proportions, radius, alignment and what to show', async () => {
    const ctx = settingsWith({
      itemsStyle: {
        showAuthor: false,
        showDate: false,
        showTags: false,
        textAlign: 'center',
        borderRadius: 4,
        imageProportions: { desktop: '3x2', tablet: '3x2', mobile: '4x3' },
      },
    });
    const root = await renderSection(withData(section('SectionMediaWidget', {}), { articles }), ctx);
    const card = root!.querySelector<HTMLElement>('.article-card')!;
    expect(card.querySelector('.article-card__author, time, .article-card__tag')).toBeNull();
    const style = card.getAttribute('style')!;
    expect(style).toContain('--card-radius:4px');
    expect(style).toContain('--card-align:center');
    expect(style).toContain('--card-ratio-mobile:4 / 3');
    const img = card.querySelector('img')!;
    expect(Number(img.getAttribute('width')) / Number(img.getAttribute('height'))).toBeCloseTo(3 / 2, 1);
  });

  it('lays the cards out by the media settings unless the section has a template', async () => {
    const ctx = settingsWith({
      itemsLayout: { desktop: { listColumn: 2, gap: 40 }, tablet: { listColumn: 2 }, mobile: { listColumn: 1 } },
    });
    const bySettings = await renderSection(withData(section('SectionMediaWidget', {}), { articles }), ctx);
    const style = bySettings!.querySelector('[data-items]')!.getAttribute('style')!;
    expect(style).toContain('--items-display-desktop:flex');
    expect(style).toContain('--items-gap-desktop:40px');
    expect(style).toContain('--items-basis-desktop:calc((100% - 40px) / 2)');
    const byTemplate = await renderSection(
      withData(
        section('SectionMediaWidget', {
          template: {
            desktop: { type: 'grid', columns: 3 },
            tablet: { type: 'grid', columns: 2 },
            mobile: { type: 'carousel', columns: 1 },
          },
        }),
        { articles },
      ),
      ctx,
    );
    expect(byTemplate!.querySelector('[data-items]')!.getAttribute('style')).toContain('--items-tracks-desktop:repeat(3, minmax(0, 1fr))');
  });

  it('is left out without articles or with malformed data', async () => {
    expect(await renderSection(withData(section('SectionMediaWidget', { heading: { title: 'x' } }), { articles: [] }))).toBeNull();
    expect(await renderSection(withData(section('SectionMediaWidget', {}), { articles: [{ id: 1 }, null] }))).toBeNull();
    expect(await renderSection(section('SectionMediaWidget', {}))).toBeNull();
  });
});

describe('SectionMediaList', () => {
  const list = (data: Record<string, unknown>) => withData(section('SectionMediaList', {}), { articles, total: 30, limit: 3, ...data });

  it('shows the page of articles with page links keeping the tag', async () => {
    const s = list({ page: 2, tag: 'care' });
    const document = await renderSectionsAt('https://shop.example/blog?tag=care&page=2', [s], context({ settings: shopConfig() }));
    const root = document.getElementById(`section-${s.id}`)!;
    expect(root.querySelectorAll('.article-card')).toHaveLength(3);
    const nav = root.querySelector('nav.pagination')!;
    expect(nav.querySelector('[aria-current=page]')!.textContent).toBe('2');
    expect(nav.querySelector('a[rel=prev]')!.getAttribute('href')).toBe('/blog?tag=care');
    expect(nav.querySelector('a[rel=next]')!.getAttribute('href')).toBe('/blog?tag=care&page=3');
    expect(texts(nav, 'a.pagination__page, span.pagination__page')).toContain('10');
  });

  it('titles its cards one level below the page heading when it has no heading of its own (no level skipped)', async () => {
    const s = list({ page: 1 });
    const root = (await renderSection(s))!;
    expect(root.querySelector('.frame__heading')).toBeNull();
    expect([...root.querySelectorAll('.article-card__title')].map((title) => title.tagName)).toEqual(['H2', 'H2', 'H2']);
  });

  it('has no page links for one page, and says so when a tag has no articles', async () => {
    const single = await renderSection(list({ total: 3 }), context({ settings: shopConfig() }));
    expect(single!.querySelector('nav.pagination')).toBeNull();
    const empty = await renderSection(
      withData(section('SectionMediaList', {}), { articles: [], total: 0, limit: 12, page: 1, tag: 'care' }),
    );
    expect(texts(empty!, '.media-list__empty')).toEqual(['No articles yet']);
    expect(await renderSection(withData(section('SectionMediaList', {}), { articles: [], total: 0, limit: 12 }))).toBeNull();
  });
});

describe('SectionMediaTagsList', () => {
  const tags = [
    { id: 't1', slug: 'care', title: 'Care' },
    { id: 't2', slug: 'makers', title: 'Makers' },
  ];

  it('links every tag and all articles on the category page, marking the chosen one', async () => {
    const s = withData(section('SectionMediaTagsList', {}), { tags });
    const document = await renderSectionsAt('https://shop.example/blog?tag=makers&page=3', [s], context({ settings: shopConfig() }));
    const root = document.getElementById(`section-${s.id}`)!;
    const links = [...root.querySelectorAll<HTMLAnchorElement>('a.tags__link')];
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['All', '/blog'],
      ['Care', '/blog?tag=care'],
      ['Makers', '/blog?tag=makers'],
    ]);
    expect(links.map((a) => a.getAttribute('aria-current'))).toEqual([null, null, 'page']);
  });

  it('links to the section category from other pages', async () => {
    const s = withData(section('SectionMediaTagsList', { categorySlug: 'blog' }), { tags });
    const document = await renderSectionsAt('https://shop.example/', [s], context({ settings: shopConfig() }));
    const hrefs = [...document.querySelectorAll('a.tags__link')].map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual(['/blog', '/blog?tag=care', '/blog?tag=makers']);
    expect(document.querySelector('[aria-current]')).toBeNull();
  });

  it('is hidden when the item style hides tags or there are none', async () => {
    expect(
      await renderSection(withData(section('SectionMediaTagsList', {}), { tags }), settingsWith({ itemsStyle: { showTags: false } })),
    ).toBeNull();
    expect(await renderSection(withData(section('SectionMediaTagsList', {}), { tags: [] }))).toBeNull();
  });
});

describe('SectionMediaTableOfContents', () => {
  const richText = '<h2 id="wash">Washing</h2><p>…</p><h3>Drying</h3><h2>Storing</h2>';

  it('lists the article headings with anchors', async () => {
    const root = await renderSection(
      section('SectionMediaTableOfContents', { heading: { title: 'Contents' } }),
      context({ page: { richText } }),
    );
    expect(root?.dataset['sectionType']).toBe('SectionMediaTableOfContents');
    const links = [...root!.querySelectorAll<HTMLAnchorElement>('nav.toc a')];
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Washing', '#wash'],
      ['Drying', '#drying'],
      ['Storing', '#storing'],
    ]);
    expect(root!.querySelector('.toc__entry--h3')!.textContent?.trim()).toBe('Drying');
  });

  it('links to headings that exist in the article body', async () => {
    const body = section('SectionTextBlockSimple', { content: { html: richText } });
    const document = await renderSections([section('SectionMediaTableOfContents', {}), body], context({ page: { richText } }));
    const targets = [...document.querySelectorAll<HTMLAnchorElement>('nav.toc a')].map((a) => decodeURIComponent(a.hash.slice(1)));
    expect(targets).toEqual(['wash', 'drying', 'storing']);
    for (const target of targets)
      expect(document.getElementById(`section-${body.id}`)!.querySelector(`[id="${target}"]`)?.tagName).toMatch(/^H[23]$/);
  });

  it('is hidden when switched off in the page style or with fewer than two headings', async () => {
    const off = context({ page: { richText }, settings: shopConfig({ media: { pageStyle: { showTableOfContent: false } } }) });
    expect(await renderSection(section('SectionMediaTableOfContents', {}), off)).toBeNull();
    expect(await renderSection(section('SectionMediaTableOfContents', {}), context({ page: { richText: '<h2>Only</h2>' } }))).toBeNull();
    expect(await renderSection(section('SectionMediaTableOfContents', {}), context())).toBeNull();
  });
});

describe('SectionMediaAuthors', () => {
  const author = { heading: { title: 'Anna Sokolova', note: 'Textile editor' }, content: { html: '<p>Writes about linen.</p>' } };

  it('shows the author with role and biography', async () => {
    const root = await renderSection(section('SectionMediaAuthors', { heading: { title: 'About the author' } }, [author]));
    expect(texts(root!, '.author__name')).toEqual(['Anna Sokolova']);
    expect(texts(root!, '.author__role')).toEqual(['Textile editor']);
    expect(texts(root!, '.author__bio')).toEqual(['Writes about linen.']);
    expect(texts(root!, '.author__initial')).toEqual(['A']);
  });

  it('is hidden when the page style hides the author or there is none', async () => {
    const off = context({ settings: shopConfig({ media: { pageStyle: { showAuthor: false } } }) });
    expect(await renderSection(section('SectionMediaAuthors', {}, [author]), off)).toBeNull();
    expect(await renderSection(section('SectionMediaAuthors', { heading: { title: 'About' } }, []))).toBeNull();
  });
});

describe('SectionMediaComments', () => {
  const comments = [
    { id: 'c1', authorName: 'Olivia', text: 'Great tips!', createdAt: '2025-02-12T10:15:00.000Z', parentId: null },
    { id: 'c2', authorName: 'Anna', text: 'Thank you!', createdAt: '2025-02-12T12:40:00.000Z', parentId: 'c1' },
    { id: 'c3', authorName: 'Дмитрий', text: 'А гладить?', createdAt: '2025-02-14T08:05:00.000Z', parentId: null },
  ];

  it('shows approved comments with replies under their comment, and the moderation note', async () => {
    const root = await renderSection(withData(section('SectionMediaComments', { heading: { title: 'Comments' } }), { comments }));
    expect(texts(root!, 'h2')).toEqual(['Comments']);
    const top = [...root!.querySelectorAll(':scope .comments:not(.comments--replies) > .comment')];
    expect(top.map((c) => c.querySelector('strong')!.textContent)).toEqual(['Olivia', 'Дмитрий']);
    expect(texts(top[0]!, '.comments--replies strong')).toEqual(['Anna']);
    expect(texts(top[0]!, ':scope > .comment__head time')).toEqual(['Feb 12, 2025']);
    expect(texts(root!, '.comments__note')).toEqual(['Comments appear after moderation.']);
  });

  it("shows the shop's reply under a comment it answered", async () => {
    const answered = [{ ...comments[0]!, reply: 'Glad it helped' }, comments[2]!];
    const root = await renderSection(withData(section('SectionMediaComments', {}), { comments: answered }));
    const replies = [...root!.querySelectorAll('.comment__shop-reply')];
    expect(replies.map((r) => [r.querySelector('strong')!.textContent, r.querySelector('p')!.textContent])).toEqual([
      ["The shop's reply", 'Glad it helped'],
    ]);
  });

  it('places the comment form for the article below the comments, loaded when it comes into view', async () => {
    const root = await renderSection(withData(section('SectionMediaComments', {}), { comments, article: 'linen-care' }));
    const island = root!.querySelector('astro-island')!;
    expect(island.getAttribute('component-url')).toContain('CommentForm');
    expect(island.getAttribute('client')).toBe('visible');
    expect(JSON.parse(island.getAttribute('props')!)).toMatchObject({ lang: [0, 'en'], article: [0, 'linen-care'] });
    expect(island.querySelector('form[data-form="comment"] textarea')).not.toBeNull();
    expect(
      root!.querySelector('.comments')!.compareDocumentPosition(island) & root!.ownerDocument.defaultView!.Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    expect(texts(root!, '.form__actions .form-field__hint')).toEqual(['Published after moderation.']);
    expect(root!.querySelector('.comments__note')).toBeNull();
  });

  it('has no form when the page does not name the article', async () => {
    const root = await renderSection(withData(section('SectionMediaComments', {}), { comments, article: 42 }));
    expect(root!.querySelector('astro-island, form')).toBeNull();
    expect(texts(root!, '.comments__note')).toEqual(['Comments appear after moderation.']);
  });

  it('shows a heading and the moderation note without comments, in the page language', async () => {
    const root = await renderSection(section('SectionMediaComments', {}), context({ lang: 'ru', settings: shopConfig({}, 'ru') }));
    expect(texts(root!, 'h2')).toEqual(['Комментарии']);
    expect(root!.querySelector('.comment')).toBeNull();
    expect(texts(root!, '.comments__note')).toEqual(['Комментарии появляются после проверки модератором.']);
  });

  it('is hidden when the page style hides comments', async () => {
    expect(
      await renderSection(
        section('SectionMediaComments', {}),
        context({ settings: shopConfig({ media: { pageStyle: { showComments: false } } }) }),
      ),
    ).toBeNull();
  });
});
