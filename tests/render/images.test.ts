import { describe, expect, it } from 'vitest';
import { displaySize, mediaUrl, pictureSources } from '../../src/sections/image-sources';
import { collectImageIds, resolveImage } from '../../src/sections/images';
import { hasRichContent, richHtml } from '../../src/sections/rich-text';
import { image, section } from './section-fixtures';

const ID_A = '11111111-1111-4111-8111-111111111111';
const ID_B = '22222222-2222-4222-8222-222222222222';
const ID_C = '33333333-3333-4333-8333-333333333333';

describe('section images', () => {
  it('collects the image ids under image keys of options and items, each once', () => {
    const sections = [
      section('SectionBanner1', { content: { image: ID_A, html: ID_C }, section: { background: { image: ID_B } } }),
      section('SectionSlider', {}, [{ content: { images: { desktop: ID_A, mobile: ID_B } }, product: { id: ID_C } }]),
    ];
    expect(collectImageIds(sections).sort()).toEqual([ID_A, ID_B]);
    expect(collectImageIds([section('SectionFaq', { content: { image: 'short-id' } })])).toEqual([]);
  });

  it('resolves ids, image objects and { image } references', () => {
    const stored = image({ id: ID_A });
    const images = new Map([[ID_A, stored]]);
    expect(resolveImage(images, ID_A)).toBe(stored);
    expect(resolveImage(images, { image: ID_A })).toBe(stored);
    expect(resolveImage(images, { id: ID_A })).toBe(stored);
    expect(resolveImage(images, stored)).toBe(stored);
    expect(resolveImage(images, ID_B)).toBeNull();
    expect(resolveImage(images, null)).toBeNull();
    expect(resolveImage(images, { uri: '' })).toBeNull();
  });

  it('addresses resized variants of the media route', () => {
    expect(mediaUrl('/media/a.jpg', { w: 600, h: 400, fit: 'inset', format: 'webp' })).toBe(
      '/media/a.jpg?w=600&h=400&fit=inset&format=webp',
    );
    expect(mediaUrl('/media/a.jpg?v=2', { w: 600, h: 400, fit: 'outbound' })).toBe('/media/a.jpg?v=2&w=600&h=400&fit=outbound');
  });

  it('sizes cropped images to the box and fitted images to their proportions', () => {
    const landscape = { width: 2400, height: 1600 };
    expect(displaySize(landscape, { width: 600, height: 600, fit: 'inset' })).toEqual({ width: 600, height: 600 });
    expect(displaySize(landscape, { width: 600, height: 600, fit: 'outbound' })).toEqual({ width: 600, height: 400 });
    expect(displaySize({ width: 1000, height: 2000 }, { width: 600, height: 600, fit: 'outbound' })).toEqual({ width: 300, height: 600 });
    expect(displaySize({ width: 0, height: 0 }, { width: 600, height: 450, fit: 'outbound' })).toEqual({ width: 600, height: 450 });
  });

  it('offers webp and original-format candidates up to twice the size, never above the original width', () => {
    const sources = pictureSources(image({ uri: '/media/a.jpg', width: 1000, height: 1000 }), { width: 600, height: 600, fit: 'inset' });
    expect(sources).toMatchObject({ width: 600, height: 600, src: '/media/a.jpg?w=600&h=600&fit=inset' });
    expect(sources.webpSrcset).toBe(
      '/media/a.jpg?w=300&h=300&fit=inset&format=webp 300w, /media/a.jpg?w=600&h=600&fit=inset&format=webp 600w, /media/a.jpg?w=900&h=900&fit=inset&format=webp 900w',
    );
    expect(sources.srcset.split(', ')).toHaveLength(3);
    const vector = pictureSources(image({ uri: '/media/logo.svg', mime: 'image/svg+xml' }), { width: 200, height: 80, fit: 'outbound' });
    expect(vector).toMatchObject({ src: '/media/logo.svg', srcset: '', webpSrcset: '' });
  });

  it('offers no second, webp list for a webp original: its own candidates are webp', () => {
    const sources = pictureSources(image({ uri: '/media/a.webp', mime: 'image/webp', width: 1000, height: 1000 }), {
      width: 600,
      height: 600,
      fit: 'inset',
    });
    expect(sources.webpSrcset).toBe('');
    expect(sources.srcset).toBe(
      '/media/a.webp?w=300&h=300&fit=inset 300w, /media/a.webp?w=600&h=600&fit=inset 600w, /media/a.webp?w=900&h=900&fit=inset 900w',
    );
  });
});

describe('rich text', () => {
  it('drops scripts and makes frames lazy', () => {
    expect(richHtml('<p>a</p><script src="x.js"></script><SCRIPT>alert(1)</SCRIPT >')).toBe('<p>a</p>');
    expect(richHtml('<iframe src="https://v.example"></iframe>')).toBe('<iframe loading="lazy" src="https://v.example"></iframe>');
    expect(richHtml('<iframe loading="eager" src="x"></iframe>')).toBe('<iframe loading="eager" src="x"></iframe>');
  });

  it('tells whether html shows anything', () => {
    expect(hasRichContent('<p> &nbsp; </p>')).toBe(false);
    expect(hasRichContent('')).toBe(false);
    expect(hasRichContent('<p>Hi</p>')).toBe(true);
    expect(hasRichContent('<p><img src="a.jpg"></p>')).toBe(true);
  });
});
