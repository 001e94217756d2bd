import { describe, expect, it } from 'vitest';
import { context, image, renderSection, renderSections, section, texts } from './section-fixtures';

const pictures = [image({ width: 1200, height: 800 }), image({ width: 800, height: 1200 }), image({ width: 1000, height: 1000 })];
const ctx = context({ imageList: pictures });
const items = pictures.map((p, i) => ({ image: p.id, alt: `Picture ${i + 1}`, title: `Title ${i + 1}` }));

describe('gallery sections', () => {
  it('SectionGallery1: a masonry of whole pictures with titles below, opening in the lightbox', async () => {
    const root = await renderSection(section('SectionGallery1', { heading: { title: 'Gallery' } }, items), ctx);
    expect(root?.dataset['sectionType']).toBe('SectionGallery1');
    expect(texts(root!, 'h2')).toEqual(['Gallery']);
    const list = root!.querySelector<HTMLElement>('[data-items]')!;
    expect(list.hasAttribute('data-lightbox')).toBe(true);
    expect(list.getAttribute('style')).toContain('--items-display-desktop:block');
    expect(list.getAttribute('style')).toContain('--items-column-count-desktop:3');
    const links = [...root!.querySelectorAll<HTMLAnchorElement>('a[data-lightbox-item]')];
    expect(links).toHaveLength(3);
    expect(links[0]!.getAttribute('href')).toContain(`${pictures[0]!.uri}?w=1200&h=800&fit=outbound`);
    expect(links[0]!.dataset['caption']).toBe('Title 1');
    expect(texts(root!, 'figcaption')).toEqual(['Title 1', 'Title 2', 'Title 3']);
    const imgs = [...root!.querySelectorAll('img')];
    expect(imgs.map((i) => i.getAttribute('alt'))).toEqual(['Picture 1', 'Picture 2', 'Picture 3']);
    // whole pictures: the portrait keeps its proportions
    expect(Number(imgs[1]!.getAttribute('height'))).toBeGreaterThan(Number(imgs[1]!.getAttribute('width')));
    expect(imgs[0]!.getAttribute('sizes')).toContain('(max-width: 567px)');
  });

  it('SectionGallery2: 4:3 tiles in a grid', async () => {
    const root = await renderSection(section('SectionGallery2', {}, items), ctx);
    const img = root!.querySelector('img')!;
    const ratio = Number(img.getAttribute('width')) / Number(img.getAttribute('height'));
    expect(ratio).toBeCloseTo(4 / 3, 1);
    expect(img.getAttribute('src')).toContain('fit=inset');
    expect(root!.querySelector('[data-items]')!.getAttribute('style')).toContain('--items-display-desktop:grid');
  });

  it('SectionGallery3: a carousel with the titles over the pictures', async () => {
    const root = await renderSection(section('SectionGallery3', {}, items), ctx);
    expect(root!.querySelector('items-carousel')).not.toBeNull();
    expect(texts(root!, '.tile__title')).toEqual(['Title 1', 'Title 2', 'Title 3']);
    expect(root!.querySelector('figcaption')).toBeNull();
  });

  it('SectionGalleryBase: square tiles without titles; the section ratio and item custom height apply', async () => {
    const root = await renderSection(section('SectionGalleryBase', {}, items), ctx);
    const img = root!.querySelector('img')!;
    expect(img.getAttribute('width')).toBe(img.getAttribute('height'));
    expect(root!.querySelector('figcaption, .tile__title')).toBeNull();
    const custom = await renderSection(
      section('SectionGalleryBase', { ratio: '16:9' }, [{ ...items[0], customHeight: 300 }, items[1]!]),
      ctx,
    );
    const [first, second] = [...custom!.querySelectorAll('img')];
    expect(first!.getAttribute('height')).toBe('300');
    expect(Number(second!.getAttribute('width')) / Number(second!.getAttribute('height'))).toBeCloseTo(16 / 9, 1);
  });

  it('follows an item link instead of the lightbox, external links in a new tab', async () => {
    const root = await renderSection(
      section('SectionGallery2', {}, [
        { ...items[0], link: { type: 'catalog', url: 'shoes' } },
        { ...items[1], link: 'https://maker.example' },
        { ...items[2], link: 'javascript:alert(1)' },
      ]),
      ctx,
    );
    const links = [...root!.querySelectorAll<HTMLAnchorElement>('a.tile__link')];
    expect(links.map((a) => a.getAttribute('href')?.split('?')[0])).toEqual(['/catalogs/shoes', 'https://maker.example', pictures[2]!.uri]);
    expect(links[0]!.hasAttribute('data-lightbox-item')).toBe(false);
    expect(links[1]!.getAttribute('target')).toBe('_blank');
    expect(links[2]!.hasAttribute('data-lightbox-item')).toBe(true);
  });

  it('reads text-item shaped items and draws the overlay', async () => {
    const root = await renderSection(
      section('SectionGallery1', {}, [
        {
          content: { image: pictures[0]!.id, alt: 'From content' },
          heading: { title: 'Heading' },
          overlayColor: '#000000',
          overlayOpacity: 25,
        },
      ]),
      ctx,
    );
    expect(root!.querySelector('img')!.getAttribute('alt')).toBe('From content');
    expect(texts(root!, 'figcaption')).toEqual(['Heading']);
    expect(root!.querySelector('.tile__overlay')!.getAttribute('style')).toContain('#00000040');
  });

  it('loads pictures eagerly only in critical sections', async () => {
    const filler = () => section('SectionTextBlockBase', { content: { html: '<p>x</p>' } });
    const late = section('SectionGalleryBase', {}, items);
    const document = await renderSections([filler(), filler(), filler(), late], ctx);
    const loading = [...document.getElementById(`section-${late.id}`)!.querySelectorAll('img')].map((i) => i.getAttribute('loading'));
    expect(loading).toEqual(['lazy', 'lazy', 'lazy']);
    const first = await renderSection(section('SectionGalleryBase', {}, items), ctx);
    expect(first!.querySelector('img')!.getAttribute('loading')).toBe('eager');
  });

  it('is left out without known pictures', async () => {
    for (const type of ['SectionGallery1', 'SectionGallery2', 'SectionGallery3', 'SectionGalleryBase', 'SectionLogoGallery']) {
      expect(
        await renderSection(section(type, { heading: { title: 'Empty' } }, [{ image: 'unknown' }, { title: 'no picture' }]), ctx),
      ).toBeNull();
    }
  });
});

describe('SectionLogoGallery', () => {
  it('shows whole logos, linked when they have a link', async () => {
    const root = await renderSection(
      section('SectionLogoGallery', { heading: { title: 'Partners' } }, [
        { image: pictures[0]!.id, alt: 'Loomworks', link: { type: 'external', url: 'https://loomworks.example' } },
        { image: pictures[1]!.id, alt: 'Harbor' },
      ]),
      ctx,
    );
    expect(root?.dataset['sectionType']).toBe('SectionLogoGallery');
    const link = root!.querySelector<HTMLAnchorElement>('a.logo')!;
    expect(link.getAttribute('href')).toBe('https://loomworks.example');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    const imgs = [...root!.querySelectorAll('img')];
    expect(imgs.map((i) => i.getAttribute('alt'))).toEqual(['Loomworks', 'Harbor']);
    expect(imgs[0]!.getAttribute('src')).toContain('fit=outbound');
    expect(Number(imgs[0]!.getAttribute('width'))).toBeLessThanOrEqual(240);
    expect(root!.querySelectorAll('div.logo')).toHaveLength(1);
  });
});
