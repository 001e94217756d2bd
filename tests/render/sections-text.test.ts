import { describe, expect, it } from 'vitest';
import { SECTION_TYPES } from '../../src/lib/section-types';
import { sectionRegistry } from '../../src/sections/registry';
import { context, image, renderSection, renderSections, section, texts } from './section-fixtures';

describe('section registry', () => {
  it('registers a component and a definition for every section type', () => {
    for (const type of SECTION_TYPES) {
      const entry = sectionRegistry.get(type);
      expect(entry, type).toBeDefined();
      expect(typeof entry!.component).toBe('function');
      expect(typeof entry!.hasContent).toBe('function');
    }
    expect(sectionRegistry.size).toBe(SECTION_TYPES.length);
  });

  it('parses any stored options without throwing', () => {
    for (const [type, entry] of sectionRegistry) {
      for (const stored of [undefined, null, 'text', 42, [], {}, { section: [], heading: 'x', template: 'grid', footer: { button: 7 } }]) {
        expect(entry.schema.safeParse(stored).success, `${type} ${JSON.stringify(stored)}`).toBe(true);
      }
    }
  });
});

describe('heading and breadcrumbs', () => {
  it('shows the H1 from its options, else the page title, else nothing', async () => {
    const own = await renderSection(section('SectionHeadingH1', { heading: { title: 'Our story', note: 'Since 2016' } }));
    expect(texts(own!, 'h1')).toEqual(['Our story']);
    expect(own!.querySelector('h1')!.classList.contains('s-title--h1')).toBe(true);
    expect(texts(own!, '.section-heading__note')).toEqual(['Since 2016']);

    const fallback = await renderSection(section('SectionHeadingH1', {}), context({ page: { title: 'Delivery' } }));
    expect(texts(fallback!, 'h1')).toEqual(['Delivery']);

    expect(await renderSection(section('SectionHeadingH1', { heading: { title: '  ' } }))).toBeNull();
  });

  it('links Home and the intermediate steps and leaves the last step as text', async () => {
    const crumbs = section('SectionBreadcrumbs', {}, [
      { title: 'Journal', uri: 'journal' },
      { title: 'Linen care', uri: '/journal/linen-care' },
    ]);
    const root = await renderSection(crumbs);
    const nav = root!.querySelector('nav[aria-label="Breadcrumbs"]')!;
    expect([...nav.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Home', '/'],
      ['Journal', '/journal'],
    ]);
    const last = nav.querySelector('li:last-child')!;
    expect(last.querySelector('a')).toBeNull();
    expect(last.getAttribute('aria-current')).toBe('page');
    expect(last.textContent).toBe('Linen care');
    const data = JSON.parse(root!.querySelector('script[type="application/ld+json"]')!.textContent!);
    expect(data['@type']).toBe('BreadcrumbList');
    expect(data.itemListElement).toHaveLength(3);
  });

  it("uses the page's trail without items of its own, in the page language, and is left out without any", async () => {
    const root = await renderSection(
      section('SectionBreadcrumbs'),
      context({ lang: 'ru', page: { breadcrumbs: [{ title: 'Каталог', uri: 'catalogs/shoes' }] } }),
    );
    expect(texts(root!, 'li')).toEqual(['Главная', 'Каталог']);
    expect(root!.querySelector('nav')!.getAttribute('aria-label')).toBe('Навигационная цепочка');
    expect(await renderSection(section('SectionBreadcrumbs', {}, [{ title: '' }]))).toBeNull();
    const titled = await renderSection(
      section('SectionBreadcrumbs', { heading: { title: 'Not shown' } }, [{ title: 'Shoes', uri: 'shoes' }]),
    );
    expect(titled!.hasAttribute('aria-labelledby')).toBe(false);
    expect(titled!.textContent).not.toContain('Not shown');
  });
});

describe('text blocks', () => {
  it('renders the base block: heading, rich text and a sized picture', async () => {
    const picture = image({ width: 2400, height: 1200 });
    const root = await renderSection(
      section('SectionTextBlockBase', {
        heading: { title: 'About' },
        content: { html: '<p>Made well.</p>', image: picture.id, alt: 'Workshop', imageBorderRadius: 4 },
      }),
      context({ imageList: [picture] }),
    );
    expect(texts(root!, 'h2')).toEqual(['About']);
    expect(texts(root!, '.rich-text')).toEqual(['Made well.']);
    const img = root!.querySelector('img')!;
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['1170', '585']);
    expect(img.getAttribute('alt')).toBe('Workshop');
    expect(img.getAttribute('style')).toContain('border-radius:4px');
    expect(root!.querySelector('source[type="image/webp"]')!.getAttribute('srcset')).toContain('format=webp');
  });

  it('leaves out text blocks with nothing to show', async () => {
    const document = await renderSections([
      section('SectionTextBlockBase', { content: { html: '<p> </p>', image: 'c0ffee00-0000-4000-8000-000000000000' } }),
      section('SectionTextBlockSimple', { content: { html: '' } }),
      section('SectionTextBlockStyle2', {}),
      section('SectionTextBlockPictureCenter', {}),
      section('SectionTextBlockPictureRight', { heading: { title: 'Title alone' } }),
      section('SectionBanner1', {}),
    ]);
    expect(document.querySelectorAll('[data-section-type]')).toHaveLength(0);
  });

  it('aligns simple text like its heading', async () => {
    const root = await renderSection(
      section('SectionTextBlockSimple', { heading: { align: 'center' }, content: { html: '<p>We ship worldwide.</p>' } }),
    );
    expect(root!.querySelector('.simple-text')!.classList.contains('simple-text--center')).toBe(true);
  });

  it('sets the picture beside the text with the grid columns of each screen', async () => {
    const picture = image({ width: 1000, height: 1000 });
    const images = context({ imageList: [picture] });
    const right = await renderSection(
      section('SectionTextBlockPictureRight', {
        content: { html: '<p>Text</p>', image: picture.id, orderMobile: 'textFirst' },
        grid: { desktop: [7, 5], tablet: [6, 6], mobile: [12, 12] },
      }),
      images,
    );
    const layout = right!.querySelector<HTMLElement>('.picture-text')!;
    expect(layout.classList.contains('picture-text--right')).toBe(true);
    expect(layout.classList.contains('picture-text--mobile-textFirst')).toBe(true);
    expect(layout.getAttribute('style')).toContain('--text-span-desktop:7;--picture-span-desktop:5');
    expect(layout.getAttribute('style')).toContain('--picture-span-mobile:12');
    const img = right!.querySelector('img')!;
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['680', '680']);

    const left = await renderSection(
      section('SectionTextBlockPictureLeft', { content: { html: '<p>Text</p>', image: picture.id }, grid: 'bad' }),
      images,
    );
    const leftLayout = left!.querySelector('.picture-text')!;
    expect(leftLayout.classList.contains('picture-text--left')).toBe(true);
    expect(leftLayout.classList.contains('picture-text--mobile-imageFirst')).toBe(true);
    expect(leftLayout.getAttribute('style')).toContain('--text-span-desktop:6;--picture-span-desktop:6');
  });

  it('centres the picture between heading and text', async () => {
    const picture = image({ width: 1600, height: 900 });
    const root = await renderSection(
      section('SectionTextBlockPictureCenter', { content: { html: '<p>Exchanges</p>', image: picture.id } }),
      context({ imageList: [picture] }),
    );
    const img = root!.querySelector('.picture-center img')!;
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['780', '439']);
    expect(root!.querySelector('.picture-center')!.lastElementChild!.textContent).toBe('Exchanges');
  });

  it('sets style 2 text apart in a call-out', async () => {
    const root = await renderSection(section('SectionTextBlockStyle2', { content: { html: '<p>Gift cards cannot be returned.</p>' } }));
    expect(texts(root!, 'aside.callout')).toEqual(['Gift cards cannot be returned.']);
  });

  it('alternates the sides of picture and text in the chess grid', async () => {
    const pictures = [image(), image()];
    const root = await renderSection(
      section('SectionTextBlockChessGrid', {}, [
        { heading: { title: '1. Tell us' }, content: { html: '<p>Write to us.</p>', image: pictures[0]!.id } },
        { heading: { title: '2. Send it back' }, content: { html: '<p>Use the label.</p>', image: pictures[1]!.id } },
        { heading: { title: '' }, content: { html: '' } },
      ]),
      context({ imageList: pictures }),
    );
    const rows = root!.querySelectorAll('.chess__row');
    expect(rows).toHaveLength(2);
    expect(rows[1]!.classList.contains('chess__row--flipped')).toBe(true);
    expect(texts(root!, '.chess__row h3')).toEqual(['1. Tell us', '2. Send it back']);
  });
});

describe('banners', () => {
  it('shows banner 1 with its heading, text, picture and a product link with the chosen variation', async () => {
    const picture = image();
    const banner = section('SectionBanner1', {
      heading: { title: 'Give something that lasts' },
      content: { html: '<p>Gift cards from $25.</p>', image: picture.id },
      footer: { button: { isShow: true, text: 'Choose a gift card', link: { type: 'product', url: 'gift-card', variation: 'v-50' } } },
    });
    const root = await renderSection(banner, context({ imageList: [picture] }));
    const title = root!.querySelector('.banner h2')!;
    expect(title.textContent?.trim()).toBe('Give something that lasts');
    expect(root!.getAttribute('aria-labelledby')).toBe(title.id);
    expect(root!.querySelector('.banner a.section-button')!.getAttribute('href')).toBe('/products/gift-card?variation=v-50');
    expect(root!.querySelectorAll('footer')).toHaveLength(0);
    expect(root!.querySelector('.banner img')!.getAttribute('loading')).toBe('eager');
  });

  it('lays banner 2 over a full-width picture fetched first when it leads the page', async () => {
    const picture = image();
    const root = await renderSection(
      section('SectionBanner2', {
        section: { width: 'full' },
        heading: { title: 'Free shipping', align: 'center' },
        content: { image: picture.id },
        footer: { button: { isShow: true, text: 'Start shopping', link: { type: 'catalog', url: 'new-arrivals' } } },
      }),
      context({ imageList: [picture] }),
    );
    expect(root!.classList.contains('frame--full')).toBe(true);
    expect(root!.classList.contains('frame--bg-image')).toBe(true);
    expect(root!.querySelector('.cover')!.classList.contains('cover--center')).toBe(true);
    const img = root!.querySelector('img.frame__background')!;
    expect(img.getAttribute('src')).toContain(picture.uri);
    expect(img.getAttribute('fetchpriority')).toBe('high');
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['1920', '1080']);
    expect(root!.querySelector('.cover a')!.getAttribute('href')).toBe('/catalogs/new-arrivals');
  });
});
