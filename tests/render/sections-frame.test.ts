import { describe, expect, it } from 'vitest';
import { context, image, renderSection, renderSections, section, texts } from './section-fixtures';

describe('section frame', () => {
  it('marks the root with the section id and type and renders heading, note and footer', async () => {
    const faq = section(
      'SectionFaq',
      {
        heading: { title: 'Questions', note: 'All you need to know', align: 'center', fontStyleTitle: 'h3', colorTitle: '#123456' },
        footer: {
          note: 'Still unsure?',
          textAlign: 'center',
          button: { isShow: true, text: 'Ask us', defaultComment: 'I have a question' },
        },
      },
      [{ question: 'How long is delivery?', answer: '<p>Two days.</p>' }],
    );
    const root = await renderSection(faq);
    expect(root?.tagName).toBe('SECTION');
    expect(root?.dataset['sectionType']).toBe('SectionFaq');
    const title = root!.querySelector('h2')!;
    expect(title.textContent?.trim()).toBe('Questions');
    expect(title.classList.contains('s-title--h3')).toBe(true);
    expect(title.getAttribute('style')).toContain('#123456');
    expect(root!.getAttribute('aria-labelledby')).toBe(title.id);
    expect(texts(root!, '.section-heading__note')).toEqual(['All you need to know']);
    const button = root!.querySelector<HTMLButtonElement>('footer button[data-lead-form]')!;
    expect(button.textContent?.trim()).toBe('Ask us');
    expect(button.dataset['defaultComment']).toBe('I have a question');
  });

  it('turns the footer button into a link when it has one', async () => {
    const root = await renderSection(
      section('SectionTextBlockBase', {
        content: { html: '<p>Text</p>' },
        footer: { button: { isShow: true, text: 'Our story', link: { type: 'page', url: 'about' } } },
      }),
    );
    const link = root!.querySelector<HTMLAnchorElement>('footer a')!;
    expect(link.getAttribute('href')).toBe('/about');
    expect(root!.querySelector('footer button')).toBeNull();
  });

  it('sets width, background, padding, border and shadow from the options, with the spec defaults', async () => {
    const styled = await renderSection(
      section('SectionTextBlockBase', {
        section: {
          width: 'full',
          background: 'dark',
          padding: { desktop: { top: 40, bottom: 50 }, tablet: { top: 30, bottom: 30 }, mobile: { top: 10, bottom: 12 } },
          border: { width: 2, radius: 24, color: '#ff0000' },
          shadow: { color: '#000000', opacity: 50, offsetX: 0, offsetY: 8, blur: 24, spread: 0 },
        },
        content: { html: '<p>Text</p>' },
      }),
    );
    expect(styled!.classList.contains('frame--full')).toBe(true);
    expect(styled!.classList.contains('frame--bg-dark')).toBe(true);
    const style = styled!.getAttribute('style')!;
    expect(style).toContain('--section-pt-desktop:40px');
    expect(style).toContain('--section-pb-mobile:12px');
    expect(style).toContain('--section-border:2px solid #ff0000');
    expect(style).toContain('--section-radius:24px');
    expect(style).toContain('--section-shadow:0px 8px 24px 0px #00000080');

    const plain = await renderSection(section('SectionTextBlockBase', { content: { html: '<p>Text</p>' } }));
    expect(plain!.classList.contains('frame--content')).toBe(true);
    expect(plain!.classList.contains('frame--bg-none')).toBe(true);
    expect(plain!.getAttribute('style')).toContain('--section-pt-tablet:28px');
    expect(plain!.getAttribute('style')).toContain('--section-pt-mobile:16px');
    expect(plain!.getAttribute('style')).not.toContain('--section-shadow');
  });

  it('shows a background image behind the content', async () => {
    const picture = image();
    const root = await renderSection(
      section('SectionTextBlockBase', { section: { background: { image: picture.id } }, content: { html: '<p>Text</p>' } }),
      context({ imageList: [picture] }),
    );
    expect(root!.classList.contains('frame--bg-image')).toBe(true);
    const img = root!.querySelector<HTMLImageElement>('img.frame__background')!;
    expect(img.getAttribute('src')).toContain(picture.uri);
    expect(img.getAttribute('width')).toBe('1920');
    expect(img.getAttribute('height')).toBe('1080');
  });

  it('renders html before and after with lazy frames and without scripts', async () => {
    const root = await renderSection(
      section('SectionTextBlockBase', {
        htmlBefore: '<p>Before</p><iframe src="https://maps.example/embed"></iframe>',
        htmlAfter: '<p>After</p><script>alert(1)</script>',
      }),
    );
    const html = root!.innerHTML;
    expect(html.indexOf('Before')).toBeLessThan(html.indexOf('After'));
    expect(root!.querySelector('iframe')!.getAttribute('loading')).toBe('lazy');
    expect(root!.querySelector('script:not([type])')).toBeNull();
    expect(html).not.toContain('alert(1)');
  });

  it('leaves out sections without content, of unknown types or with unusable options', async () => {
    const empty = section('SectionFaq', { heading: { title: 'Questions' } }, []);
    const unknown = section('SectionNoSuchType', { heading: { title: 'x' } });
    const garbage = section('SectionTextBlockBase', {
      section: 'nonsense',
      heading: 42,
      footer: [],
      content: { html: '<p>Still shown</p>', image: [1] },
    });
    const document = await renderSections([empty, unknown, garbage]);
    expect(document.querySelectorAll('[data-section-type]')).toHaveLength(1);
    expect(document.getElementById(`section-${garbage.id}`)?.textContent).toContain('Still shown');
  });

  it('loads the images of the first three shown sections eagerly, the first with high priority', async () => {
    const pictures = [image(), image(), image(), image()];
    const empty = section('SectionTextBlockBase', {});
    const withImages = pictures.map((p) => section('SectionTextBlockBase', { content: { html: '<p>x</p>', image: p.id } }));
    const document = await renderSections([empty, ...withImages], context({ imageList: pictures }));
    const images = withImages.map((s) => document.querySelector(`#section-${s.id} img`)!);
    expect(images.map((img) => img.getAttribute('loading'))).toEqual(['eager', 'eager', 'eager', 'lazy']);
    expect(images.map((img) => img.getAttribute('fetchpriority'))).toEqual(['high', null, null, null]);
  });

  it('continues the count of critical sections when a page renders its sections in parts', async () => {
    const pictures = [image(), image()];
    const withImages = pictures.map((p) => section('SectionTextBlockBase', { content: { html: '<p>x</p>', image: p.id } }));
    const document = await renderSections(withImages, context({ imageList: pictures }), 2);
    const images = withImages.map((s) => document.querySelector(`#section-${s.id} img`)!);
    expect(images.map((img) => img.getAttribute('loading'))).toEqual(['eager', 'lazy']);
  });
});
