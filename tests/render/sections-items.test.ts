import { describe, expect, it } from 'vitest';
import { context, image, renderSection, renderSections, section, texts } from './section-fixtures';

const textItem = (title: string, html = '', extra: Record<string, unknown> = {}) => ({ heading: { title }, content: { html }, ...extra });

describe('item layouts', () => {
  it('lays items out per screen with the layout custom properties', async () => {
    const root = await renderSection(
      section(
        'SectionTextBlockWithItems',
        { template: { desktop: { type: 'grid', columns: 3 }, tablet: { type: 'list', columns: 2 }, mobile: { type: 'centeredColumns' } } },
        [textItem('Natural materials', '<p>Linen and wool.</p>'), textItem('Small batches')],
      ),
    );
    const items = root!.querySelector<HTMLElement>('[data-items]')!;
    expect(items.getAttribute('role')).toBe('list');
    const style = items.getAttribute('style')!;
    expect(style).toContain('--items-display-desktop:grid');
    expect(style).toContain('--items-tracks-desktop:repeat(3, minmax(0, 1fr))');
    expect(style).toContain('--items-display-tablet:flex');
    expect(style).toContain('--items-justify-mobile:center');
    expect(items.querySelectorAll(':scope > [role="listitem"]')).toHaveLength(2);
    expect(root!.querySelector('astro-island')).toBeNull();
  });

  it('gives the cells of a grid template their column spans', async () => {
    const root = await renderSection(
      section(
        'SectionTextBlockCustomGrid',
        {},
        ['A', 'B', 'C', 'D', 'E', 'F'].map((title) => textItem(title)),
      ),
    );
    const spans = [...root!.querySelectorAll('[role="listitem"]')].map(
      (cell) => /--cell-span-desktop:(\d+)/.exec(cell.getAttribute('style') ?? '')?.[1],
    );
    expect(spans).toEqual(['3', '3', '2', '2', '2', '3']);
    expect(root!.querySelector('[data-items]')!.getAttribute('style')).toContain('--items-tracks-desktop:repeat(6, minmax(0, 1fr))');
  });

  it('mounts a carousel (no React) only where a screen shows a carousel, with CSS scrolling before that', async () => {
    const root = await renderSection(
      section(
        'SectionTestimonial',
        {
          template: {
            desktop: { type: 'grid', columns: 3 },
            tablet: { type: 'grid', columns: 2 },
            mobile: { type: 'carousel', columns: 1, dots: true },
          },
        },
        [{ name: 'Olivia R.', content: { html: '<p>Softer after every wash.</p>' } }],
      ),
    );
    expect(root!.querySelector('astro-island')).toBeNull();
    const island = root!.querySelector('items-carousel')!;
    expect(island.classList.contains('carousel')).toBe(true);
    const config = JSON.parse(island.getAttribute('data-config')!);
    expect(config.layouts.mobile).toMatchObject({ type: 'carousel', dots: true });
    expect(config.labels).toMatchObject({ previous: 'Previous', next: 'Next' });
    expect(root!.querySelector('script[type=module]')).not.toBeNull();
    const style = island.querySelector('[data-items]')!.getAttribute('style')!;
    expect(style).toContain('--items-snap-mobile:x mandatory');
    expect(style).toContain('--items-overflow-mobile:auto');
  });

  it('opens masonry gallery pictures in a lightbox, linking the large picture', async () => {
    const pictures = [image({ width: 800, height: 1200 }), image({ width: 1200, height: 800 })];
    const root = await renderSection(
      section(
        'SectionTextBlockMasonryGallery',
        {},
        pictures.map((p, i) => ({ heading: { title: `Photo ${i + 1}` }, content: { image: p.id, alt: `Alt ${i + 1}` } })),
      ),
      context({ imageList: pictures }),
    );
    const items = root!.querySelector('[data-items]')!;
    expect(items.hasAttribute('data-lightbox')).toBe(true);
    expect(items.getAttribute('style')).toContain('--items-column-count-desktop:3');
    const links = [...root!.querySelectorAll<HTMLAnchorElement>('a[data-lightbox-item]')];
    expect(links.map((a) => a.getAttribute('href'))).toEqual(pictures.map((p) => `${p.uri}?w=1920&h=1920&fit=outbound`));
    expect(links[0]!.dataset['caption']).toBe('Photo 1');
    const first = links[0]!.querySelector('img')!;
    expect(Number(first.getAttribute('height'))).toBeGreaterThan(Number(first.getAttribute('width')));
  });
});

describe('text item sections', () => {
  it('renders cards with picture, linked title, text and a lead form button', async () => {
    const picture = image();
    const root = await renderSection(
      section('SectionTextBlockWithItems', { heading: { title: 'What we believe in' }, content: { html: '<p>Our values.</p>' } }, [
        textItem('Natural materials', '<p>Linen, wool.</p>', {
          content: { html: '<p>Linen, wool.</p>', image: picture.id, alt: 'Linen' },
          link: { type: 'page', url: 'materials' },
          button: { isShow: true, text: 'Ask about materials', defaultComment: 'Which materials?' },
        }),
        textItem('', ''),
      ]),
      context({ imageList: [picture] }),
    );
    expect(root!.querySelectorAll('.text-item')).toHaveLength(1);
    expect(texts(root!, '.items-intro')).toEqual(['Our values.']);
    const card = root!.querySelector('.text-item--card')!;
    expect(card.querySelector('h3 a')!.getAttribute('href')).toBe('/materials');
    const img = card.querySelector('img')!;
    expect(img.getAttribute('alt')).toBe('Linen');
    // a third of the content width less the gaps, at 4:3
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['356', '267']);
    expect(img.getAttribute('sizes')).toContain('356px');
    expect(card.querySelector('button[data-lead-form]')!.getAttribute('data-default-comment')).toBe('Which materials?');
  });

  it('shows figures of style 1 as large titles', async () => {
    const root = await renderSection(section('SectionTextBlockStyle1', {}, [textItem('14', '<p>partner workshops</p>')]));
    expect(root!.querySelector('.text-item--stat h3')!.classList.contains('s-title--h1')).toBe(true);
  });

  it('links category tiles to their catalogs', async () => {
    const picture = image();
    const root = await renderSection(
      section('SectionCategory', {}, [
        { heading: { title: 'Shoes' }, content: { image: picture.id }, link: { type: 'catalog', url: 'shoes' } },
      ]),
      context({ imageList: [picture] }),
    );
    const tile = root!.querySelector('.text-item--tile')!;
    expect(tile.querySelector('a')!.getAttribute('href')).toBe('/catalogs/shoes');
    const img = tile.querySelector('img')!;
    expect(img.getAttribute('height')).toBe(String(Math.round(Number(img.getAttribute('width')) * 1.25)));
  });

  it('shows benefits with their icon or a check mark', async () => {
    const icon = image({ width: 64, height: 64 });
    const root = await renderSection(
      section('SectionBenefit', {}, [
        textItem('Free shipping', '<p>Over $100.</p>', { content: { html: '<p>Over $100.</p>', image: icon.id } }),
        textItem('60-day returns'),
      ]),
      context({ imageList: [icon] }),
    );
    const [first, second] = root!.querySelectorAll('.text-item--benefit');
    expect(first!.querySelector('img')!.getAttribute('src')).toContain(icon.uri);
    expect(second!.querySelector('.text-item__badge')).not.toBeNull();
  });

  it('leaves out item sections without items even when they have a heading', async () => {
    const document = await renderSections(
      [
        'SectionHoverTextWithBackground',
        'SectionBenefit',
        'SectionCategory',
        'SectionTestimonial',
        'SectionPricingPlans',
        'SectionProperty',
        'SectionTextBlockMasonryGallery',
        'SectionFaq',
      ].map((type) => section(type, { heading: { title: 'Heading only' } }, [{ heading: { title: '' } }])),
    );
    expect(document.querySelectorAll('[data-section-type]')).toHaveLength(0);
  });

  it('loads item pictures lazily outside the first three sections', async () => {
    const pictures = [image(), image()];
    const filler = () => section('SectionTextBlockSimple', { content: { html: '<p>x</p>' } });
    const hover = section(
      'SectionHoverTextWithBackground',
      {},
      pictures.map((p, i) => textItem(`Place ${i}`, '<p>t</p>', { content: { html: '<p>t</p>', image: p.id } })),
    );
    const document = await renderSections([filler(), filler(), filler(), hover], context({ imageList: pictures }));
    const images = [...document.querySelectorAll(`#section-${hover.id} img`)];
    expect(images.map((img) => img.getAttribute('loading'))).toEqual(['lazy', 'lazy']);
    expect(images.every((img) => !img.hasAttribute('fetchpriority'))).toBe(true);
  });
});

describe('faq, properties, testimonials and plans', () => {
  it('renders questions as disclosure widgets with FAQ structured data', async () => {
    const root = await renderSection(
      section('SectionFaq', {}, [
        { question: 'Is shipping free?', answer: '<p>Over $100.</p>' },
        { heading: { title: 'Can I return?' }, content: { html: '<p>Within 60 days.</p>' } },
        { question: 'No answer', answer: '' },
      ]),
    );
    expect(texts(root!, 'details > summary')).toEqual(['Is shipping free?', 'Can I return?']);
    expect(texts(root!, 'details .rich-text')).toEqual(['Over $100.', 'Within 60 days.']);
    const data = JSON.parse(root!.querySelector('script[type="application/ld+json"]')!.textContent!);
    expect(data['@type']).toBe('FAQPage');
    expect(data.mainEntity[1].acceptedAnswer.text).toBe('Within 60 days.');
  });

  it('lists properties as names and values', async () => {
    const root = await renderSection(
      section('SectionProperty', {}, [
        { title: 'Material', value: 'Linen' },
        { heading: { title: 'Care' }, content: { html: '<p>Wash at 30°</p>' } },
      ]),
    );
    expect(texts(root!, 'dt')).toEqual(['Material', 'Care']);
    expect(texts(root!, 'dd')).toEqual(['Linen', 'Wash at 30°']);
  });

  it('shows testimonials with rating, quote and author', async () => {
    const root = await renderSection(
      section('SectionTestimonial', {}, [
        { name: 'Olivia Rose', city: 'Brooklyn', rating: 4, content: { html: '<p>Best shirt.</p>' } },
        { name: 'Anon', rating: 9, content: { html: '' } },
      ]),
    );
    expect(root!.querySelectorAll('figure.testimonial')).toHaveLength(1);
    expect(root!.querySelector('.testimonial__rating')!.getAttribute('aria-label')).toBe('Rating: 4 of 5');
    expect(root!.querySelectorAll('.testimonial__star--on')).toHaveLength(4);
    expect(texts(root!, '.testimonial__initials')).toEqual(['OR']);
    expect(texts(root!, '.testimonial__city')).toEqual(['Brooklyn']);
  });

  it('shows pricing plans with features, the highlighted plan and their buttons', async () => {
    const root = await renderSection(
      section('SectionPricingPlans', {}, [
        { heading: { title: 'Standard' }, price: '$7.99', features: ['Tracking', '', 5], button: { isShow: false } },
        {
          heading: { title: 'Freight', note: 'Heavy orders' },
          price: 'On request',
          content: { html: '<ul><li>Over 20 kg</li><li>To the door</li></ul>' },
          highlighted: true,
          button: { isShow: true, text: 'Get a quote', defaultComment: 'Quote freight please' },
        },
      ]),
    );
    expect(texts(root!, '.plan__title')).toEqual(['Standard', 'Freight']);
    expect(texts(root!, '.plan__note')).toEqual(['Heavy orders']);
    expect(texts(root!, '.plan__features li')).toEqual(['Tracking', 'Over 20 kg', 'To the door']);
    const highlighted = root!.querySelector('.plan--highlighted')!;
    expect(highlighted.querySelector('button[data-lead-form]')!.getAttribute('data-default-comment')).toBe('Quote freight please');
    expect(root!.querySelectorAll('.plan .section-button')).toHaveLength(1);
  });
});
