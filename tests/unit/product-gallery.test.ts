import { describe, expect, it } from 'vitest';
import { galleryOrder, LIGHTBOX_SIDE, lightboxSlide } from '../../src/islands/product/product-view';
import { imageDto } from './fixtures/products';

describe('the product gallery', () => {
  const images = ['a', 'b', 'c', 'd'].map(imageDto);

  it("puts the chosen variation's picture first, the others keeping their order", () => {
    expect(galleryOrder(images, 'c').map((image) => image.id)).toEqual(['c', 'a', 'b', 'd']);
    expect(galleryOrder(images, 'a').map((image) => image.id)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('keeps the order when nothing is chosen or the picture is not in the gallery', () => {
    expect(galleryOrder(images, null).map((image) => image.id)).toEqual(['a', 'b', 'c', 'd']);
    expect(galleryOrder(images, 'z').map((image) => image.id)).toEqual(['a', 'b', 'c', 'd']);
    expect(galleryOrder([], 'a')).toEqual([]);
  });

  it('asks the lightbox for the whole picture, scaled down to its largest side, never up', () => {
    const large = { ...imageDto('l'), width: 4000, height: 3000, alt: 'Linen shirt, front' };
    expect(lightboxSlide(large, 'Shirt')).toEqual({
      src: `/uploads/l.jpg?w=${LIGHTBOX_SIDE}&h=1440&fit=outbound`,
      width: LIGHTBOX_SIDE,
      height: 1440,
      alt: 'Linen shirt, front',
    });
    expect(lightboxSlide({ ...imageDto('s'), width: 800, height: 1000 }, 'Shirt')).toEqual({
      src: '/uploads/s.jpg?w=800&h=1000&fit=outbound',
      width: 800,
      height: 1000,
      alt: 'Shirt',
    });
  });

  it('shows a picture of unknown size as a square and an SVG as it is', () => {
    expect(lightboxSlide({ ...imageDto('u'), width: 0, height: 0 }, 'Shirt')).toMatchObject({
      width: LIGHTBOX_SIDE,
      height: LIGHTBOX_SIDE,
    });
    expect(lightboxSlide({ ...imageDto('v'), mime: 'image/svg+xml', uri: '/uploads/v.svg' }, 'Logo').src).toBe('/uploads/v.svg');
  });
});
