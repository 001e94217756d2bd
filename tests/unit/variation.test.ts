import { describe, expect, it } from 'vitest';
import {
  chooseInitialVariation,
  previewImage,
  selectionForVariation,
  variationForImage,
  variationForOptions,
} from '../../src/lib/variation';
import { imageDto, optionDto, productDto, variationDto } from './fixtures/products';

describe('chooseInitialVariation', () => {
  it('uses the variation named in the query when the product has it', () => {
    const product = productDto('p', {
      variations: [variationDto('a', { default: true }), variationDto('b', { stock: 0, fullPrice: 0 })],
    });
    expect(chooseInitialVariation(product, 'b')?.id).toBe('b');
  });

  it('ignores a query variation of another product', () => {
    const product = productDto('p', { variations: [variationDto('a'), variationDto('b', { default: true })] });
    expect(chooseInitialVariation(product, 'other')?.id).toBe('b');
  });

  it('uses the default variation when it is in stock and priced', () => {
    const product = productDto('p', { variations: [variationDto('a'), variationDto('b', { default: true, stock: 3 })] });
    expect(chooseInitialVariation(product)?.id).toBe('b');
    expect(chooseInitialVariation(product, null)?.id).toBe('b');
  });

  it('skips a default variation that is out of stock', () => {
    const product = productDto('p', {
      variations: [variationDto('a', { default: true, stock: 0 }), variationDto('b', { stock: 2 })],
    });
    expect(chooseInitialVariation(product)?.id).toBe('b');
  });

  it('skips a default variation without a full price', () => {
    const product = productDto('p', {
      variations: [variationDto('a', { default: true, fullPrice: 0 }), variationDto('b')],
    });
    expect(chooseInitialVariation(product)?.id).toBe('b');
  });

  it('ranks stock above price', () => {
    const product = productDto('p', {
      variations: [variationDto('priced', { stock: 0, fullPrice: 50 }), variationDto('stocked', { stock: 1, fullPrice: 0 })],
    });
    expect(chooseInitialVariation(product)?.id).toBe('stocked');
  });

  it('ranks price above the default flag', () => {
    const product = productDto('p', {
      variations: [variationDto('default', { default: true, stock: 0, fullPrice: 0 }), variationDto('priced', { stock: 0, fullPrice: 5 })],
    });
    expect(chooseInitialVariation(product)?.id).toBe('priced');
  });

  it('ranks the default flag above list position', () => {
    const product = productDto('p', {
      variations: [variationDto('first', { stock: 0 }), variationDto('default', { default: true, stock: 0 })],
    });
    expect(chooseInitialVariation(product)?.id).toBe('default');
  });

  it('keeps list order between equals', () => {
    const product = productDto('p', { variations: [variationDto('first', { stock: 0 }), variationDto('second', { stock: 0 })] });
    expect(chooseInitialVariation(product)?.id).toBe('first');
  });

  it('treats null stock as unlimited', () => {
    const product = productDto('p', { variations: [variationDto('none', { stock: 0 }), variationDto('unlimited', { stock: null })] });
    expect(chooseInitialVariation(product)?.id).toBe('unlimited');
  });

  it('returns null for a product without variations', () => {
    expect(chooseInitialVariation(productDto('p', { variations: [] }))).toBeNull();
  });
});

describe('option selection', () => {
  const product = productDto('p', {
    options: [optionDto('colour', ['red', 'blue']), optionDto('size', ['s', 'm'])],
    variations: [
      variationDto('red-s', { productOptionValueIds: ['red', 's'] }),
      variationDto('red-m', { productOptionValueIds: ['red', 'm'] }),
      variationDto('blue-s', { productOptionValueIds: ['blue', 's'] }),
    ],
  });

  it('finds the variation matching every chosen value', () => {
    expect(variationForOptions(product, { colour: 'red', size: 'm' })?.id).toBe('red-m');
    expect(variationForOptions(product, { colour: 'blue', size: 's' })?.id).toBe('blue-s');
  });

  it('returns null when no variation matches', () => {
    expect(variationForOptions(product, { colour: 'blue', size: 'm' })).toBeNull();
    expect(variationForOptions(product, { colour: 'green' })).toBeNull();
  });

  it('ignores options with no chosen value', () => {
    expect(variationForOptions(product, { colour: 'blue', size: '' })?.id).toBe('blue-s');
  });

  it('maps a variation back to its option selection', () => {
    expect(selectionForVariation(product, product.variations[1]!)).toEqual({ colour: 'red', size: 'm' });
    expect(selectionForVariation(product, { productOptionValueIds: [] })).toEqual({});
  });
});

describe('images', () => {
  const first = imageDto('first');
  const defaultImage = imageDto('default-image');
  const ownImage = imageDto('own-image');
  const product = productDto('p', {
    images: [first],
    variations: [
      variationDto('plain'),
      variationDto('with-image', { image: ownImage, imageId: ownImage.id }),
      variationDto('default', { default: true, image: defaultImage, imageId: defaultImage.id }),
    ],
  });

  it('finds the variation owning an image', () => {
    expect(variationForImage(product, 'own-image')?.id).toBe('with-image');
    expect(variationForImage(product, 'first')).toBeNull();
  });

  it('keeps the chosen size when a thumbnail of another colour is picked', () => {
    const black = imageDto('black');
    const white = imageDto('white');
    const shoe = productDto('shoe', {
      variations: [
        variationDto('white-39', { productOptionValueIds: ['white', '39'], image: white, imageId: 'white' }),
        variationDto('white-42', { productOptionValueIds: ['white', '42'], image: white, imageId: 'white' }),
        variationDto('black-39', { productOptionValueIds: ['black', '39'], image: black, imageId: 'black' }),
        variationDto('black-42', { productOptionValueIds: ['black', '42'], image: black, imageId: 'black' }),
      ],
    });
    const black42 = shoe.variations[3]!;
    expect(variationForImage(shoe, 'white', black42)?.id).toBe('white-42');
    expect(variationForImage(shoe, 'black', black42)?.id).toBe('black-42');
    expect(variationForImage(shoe, 'white')?.id).toBe('white-39');
  });

  it('falls back from the variation image to the default variation image to the first product image', () => {
    expect(previewImage(product, product.variations[1])?.id).toBe('own-image');
    expect(previewImage(product, product.variations[0])?.id).toBe('default-image');
    expect(previewImage(product)?.id).toBe('default-image');
    const noDefaultImage = { ...product, variations: [variationDto('plain', { default: true })] };
    expect(previewImage(noDefaultImage, null)?.id).toBe('first');
    expect(previewImage({ ...noDefaultImage, images: [] })).toBeNull();
  });
});
