import { describe, expect, it } from 'vitest';
import { context, image, renderSection, section, texts } from './section-fixtures';

const slide = (picture: string | null, title: string, extra: Record<string, unknown> = {}) => ({
  content: {
    image: picture,
    alt: `${title} picture`,
    tag: 'New',
    text: `${title} text`,
    alignHorizontal: 'right',
    alignVertical: 'bottom',
    innerPadding: 24,
    background: '#ffffff',
    opacity: 0,
    opacityMobile: 40,
    ...extra,
  },
  heading: { title, color: '#111111' },
  button: { isShow: true, text: 'Ask', defaultComment: `About ${title}` },
});

describe('SectionSlider', () => {
  const pictures = [image(), image(), image()];
  const ctx = context({ imageList: pictures });

  it('shows a single slide plainly, its picture eager and high priority when the section is critical', async () => {
    const root = await renderSection(section('SectionSlider', { section: { width: 'full' } }, [slide(pictures[0]!.id, 'Linen')]), ctx);
    expect(root?.dataset['sectionType']).toBe('SectionSlider');
    expect(root!.querySelector('astro-island')).toBeNull();
    expect(root!.querySelectorAll('[data-slide]')).toHaveLength(1);
    const img = root!.querySelector('img')!;
    expect(img.getAttribute('loading')).toBe('eager');
    expect(img.getAttribute('fetchpriority')).toBe('high');
    expect(img.getAttribute('width')).toBe('1920');
    expect(img.getAttribute('height')).toBe('494');
    expect(img.getAttribute('alt')).toBe('Linen picture');
    expect(texts(root!, '.slide__tag')).toEqual(['New']);
    expect(texts(root!, 'h2.slide__title')).toEqual(['Linen']);
    expect(texts(root!, '.slide__text')).toEqual(['Linen text']);
    const button = root!.querySelector<HTMLButtonElement>('.slide button[data-lead-form]')!;
    expect(button.textContent?.trim()).toBe('Ask');
    expect(button.dataset['defaultComment']).toBe('About Linen');
  });

  it('offers desktop, tablet and mobile pictures at 1920, 1024 and 568 px with the default heights', async () => {
    const mobile = image();
    const root = await renderSection(
      section('SectionSlider', {}, [slide(pictures[0]!.id, 'Linen', { imageMobile: mobile.id })]),
      context({ imageList: [...pictures, mobile] }),
    );
    const sources = [...root!.querySelectorAll('picture source')];
    const mobileSource = sources.find((s) => s.getAttribute('media') === '(max-width: 567px)' && !s.getAttribute('type'))!;
    expect(mobileSource.getAttribute('srcset')).toContain(mobile.uri);
    expect(mobileSource.getAttribute('width')).toBe('568');
    expect(mobileSource.getAttribute('height')).toBe('385');
    const tabletSource = sources.find((s) => s.getAttribute('media') === '(max-width: 1024px)' && !s.getAttribute('type'))!;
    expect(tabletSource.getAttribute('srcset')).toContain(pictures[0]!.uri);
    expect(tabletSource.getAttribute('width')).toBe('1024');
    expect(root!.querySelector('.slider__frame')!.getAttribute('style')).toContain('--slider-h-mobile:385px');
  });

  it('forms a carousel (no React) of several slides; only the first picture is eager', async () => {
    const root = await renderSection(
      section(
        'SectionSlider',
        { autoplay: { enabled: true } },
        pictures.map((p, i) => slide(p.id, `Slide ${i + 1}`)),
      ),
      ctx,
    );
    expect(root!.querySelector('astro-island')).toBeNull();
    const island = root!.querySelector('hero-slideshow')!;
    expect(JSON.parse(island.getAttribute('data-config')!)).toMatchObject({
      autoplayMs: 5000,
      labels: { slideOf: 'Slide {{index}} of {{count}}' },
    });
    const slides = root!.querySelectorAll('[data-slides] > [data-slide]');
    expect(slides).toHaveLength(3);
    expect(slides[1]!.getAttribute('aria-label')).toBe('Slide 2 of 3');
    const images = [...root!.querySelectorAll('[data-slide] img')];
    expect(images.map((i) => i.getAttribute('loading'))).toEqual(['eager', 'lazy', 'lazy']);
    expect(images.map((i) => i.getAttribute('fetchpriority'))).toEqual(['high', null, null]);
  });

  it('loads every picture lazily outside the critical sections', async () => {
    const filler = (title: string) => section('SectionTextBlockBase', { content: { html: `<p>${title}</p>` } });
    const slider = section('SectionSlider', {}, [slide(pictures[0]!.id, 'Late')]);
    const { renderSections } = await import('./section-fixtures');
    const document = await renderSections([filler('a'), filler('b'), filler('c'), slider], ctx);
    const img = document.getElementById(`section-${slider.id}`)!.querySelector('img')!;
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.getAttribute('fetchpriority')).toBeNull();
  });

  it('links the slide by link type, external links in a new tab', async () => {
    const links = [
      [{ type: 'page', url: 'about' }, '/about'],
      [{ type: 'catalog', url: 'shoes' }, '/catalogs/shoes'],
      [{ type: 'product', url: 'boots' }, '/products/boots'],
      [{ type: 'link', url: 'https://example.com/x' }, 'https://example.com/x'],
    ] as const;
    const root = await renderSection(
      section(
        'SectionSlider',
        {},
        links.map(([link], i) => slide(pictures[0]!.id, `S${i}`, { link })),
      ),
      ctx,
    );
    const anchors = [...root!.querySelectorAll<HTMLAnchorElement>('.slide__title a')];
    expect(anchors.map((a) => a.getAttribute('href'))).toEqual(links.map(([, href]) => href));
    expect(anchors[3]!.getAttribute('target')).toBe('_blank');
    expect(anchors[0]!.getAttribute('target')).toBeNull();
  });

  it('applies alignment, padding, colours and the overlay per screen', async () => {
    const root = await renderSection(section('SectionSlider', {}, [slide(pictures[0]!.id, 'Styled', { colorText: '#222222' })]), ctx);
    const element = root!.querySelector<HTMLElement>('[data-slide]')!;
    expect(element.classList.contains('slide--h-right')).toBe(true);
    expect(element.classList.contains('slide--v-bottom')).toBe(true);
    const style = element.getAttribute('style')!;
    expect(style).toContain('--slide-padding:24px');
    expect(style).toContain('--slide-overlay:#ffffff00');
    expect(style).toContain('--slide-overlay-mobile:#ffffff66');
    expect(style).toContain('--slide-color:#222222');
    expect(style).toContain('--slide-align-desktop:right');
  });

  it('is left out when no slide has anything to show, and drops empty slides', async () => {
    expect(await renderSection(section('SectionSlider', {}, []), ctx)).toBeNull();
    expect(await renderSection(section('SectionSlider', {}, [{ content: { image: 'missing' } }, 'junk' as never]), ctx)).toBeNull();
    const root = await renderSection(section('SectionSlider', {}, [{ content: {} }, slide(null, 'Text only')]), ctx);
    expect(root!.querySelectorAll('[data-slide]')).toHaveLength(1);
    expect(root!.querySelector('img')).toBeNull();
    expect(root!.querySelector('.slide--plain')).not.toBeNull();
  });

  it('follows the button link instead of opening the lead form when the button has one', async () => {
    const root = await renderSection(
      section('SectionSlider', {}, [
        { ...slide(pictures[0]!.id, 'Shop'), button: { isShow: true, text: 'Shop clothing', link: { type: 'catalog', url: 'clothing' } } },
      ]),
      ctx,
    );
    expect(root!.querySelector('.slide__actions a')!.getAttribute('href')).toBe('/catalogs/clothing');
    expect(root!.querySelector('.slide__actions button')).toBeNull();
  });
});
