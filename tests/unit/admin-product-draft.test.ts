import { describe, expect, it } from 'vitest';
import {
  bodyOf,
  changeVariations,
  draftOf,
  newKey,
  regrid,
  setDefault,
  withCurrentStock,
  type ProductDraft,
} from '../../src/admin/screens/catalog/product-draft';
import type { ProductDetail } from '../../src/contract/admin';

const text = (en: string) => ({ en, ru: '' });

function withOptions(): ProductDraft {
  const draft = draftOf(null);
  draft.title = text('Shirt');
  draft.variations[0]!.price = '20';
  const options = [
    {
      key: 'c',
      title: text('Colour'),
      type: 'string' as const,
      view: 'color' as const,
      unit: text(''),
      values: [
        { key: 'red', title: text('Red'), value: '#ff0000' },
        { key: 'blue', title: text('Blue'), value: '' },
      ],
    },
    {
      key: 's',
      title: text('Size'),
      type: 'string' as const,
      view: 'select' as const,
      unit: text(''),
      values: [{ key: 'sm', title: text('S'), value: '#00ff00' }],
    },
  ];
  return regrid({ ...draft, options });
}

describe('product editor draft', () => {
  it('a new product starts as one default variation without a price', () => {
    const draft = draftOf(null);
    expect(draft.variations).toEqual([expect.objectContaining({ valueKeys: [], isDefault: true, price: '' })]);
    expect(bodyOf(draft).problems).toEqual({ 'title.en': 'required', 'variations.0.fullPriceCents': 'price' });
  });

  it("carries the product's tax class; a new product is standard", () => {
    const draft = draftOf(draftDetail());
    expect(draft.taxClass).toBe('zero');
    expect(bodyOf({ ...draft, variations: [] }).body.taxClass).toBe('zero');
    expect(bodyOf({ ...draft, taxClass: 'exempt', variations: [] }).body.taxClass).toBe('exempt');
    expect(draftOf(null).taxClass).toBe('standard');
  });

  it('sends the video as its field holds it: none, a complete one, or a half-filled one marked on the field', () => {
    const draft = draftOf(null);
    expect(bodyOf(draft).body.video).toBeNull();
    const video = { source: 'vimeo', video: '76979871', mode: 'default', previewImage: null };
    expect(bodyOf({ ...draft, video }).body.video).toEqual(video);
    const half = bodyOf({ ...draft, video: { source: 'vimeo', video: '' } });
    expect(half.body.video).toBeUndefined();
    expect(half.problems['video.video']).toBe('video');
  });

  it('options regenerate the grid from the old variation, and the body names values by index', () => {
    const draft = withOptions();
    expect(draft.variations.map((v) => [v.valueKeys, v.price, v.isDefault])).toEqual([
      [['red', 'sm'], '20', true],
      [['blue', 'sm'], '20', false],
    ]);
    const { body, problems } = bodyOf(setDefault(draft, 1));
    expect(problems).toEqual({});
    expect(body.variations.map((v) => [v.values, v.fullPriceCents, v.isDefault])).toEqual([
      [[0, 0], 2000, false],
      [[1, 0], 2000, true],
    ]);
    // only swatches carry a colour
    expect(body.options!.map((o) => o.values.map((v) => v.value))).toEqual([['#ff0000', null], [null]]);
  });

  it('refuses a missing price, a bad discount and a fractional stock before sending', () => {
    const draft = withOptions();
    draft.variations[0] = { ...draft.variations[0]!, price: '', discount: 'abc', stock: '1.5' };
    expect(bodyOf(draft).problems).toEqual({
      'variations.0.fullPriceCents': 'price',
      'variations.0.discountPriceCents': 'price',
      'variations.0.stock': 'number',
    });
  });

  it('takes a price of 0 as "price on request", which cannot have a discount', () => {
    const draft = withOptions();
    draft.variations[0] = { ...draft.variations[0]!, price: '0', discount: '' };
    const { body, problems } = bodyOf(draft);
    expect(problems).toEqual({});
    expect(body.variations[0]!.fullPriceCents).toBe(0);
    draft.variations[0] = { ...draft.variations[0]!, price: '0', discount: '5' };
    expect(bodyOf(draft).problems).toEqual({ 'variations.0.discountPriceCents': 'price' });
  });

  it('bulk-changes the chosen variations only', () => {
    const draft = withOptions();
    const key = draft.variations[1]!.key;
    const raised = changeVariations(draft, new Set([key]), { price: { mode: 'percent', percent: 50 } });
    expect(raised.variations.map((v) => v.price)).toEqual(['20', '30']);
    const stocked = changeVariations(raised, new Set([key]), { stock: 4 });
    expect(stocked.variations.map((v) => v.stock)).toEqual(['', '4']);
    expect(newKey()).not.toBe(newKey());
  });

  it("sends an existing variation's stock only as a change from the figure loaded, and takes in the figures orders left", () => {
    const loaded = draftOf({
      ...draftDetail(),
      variations: [{ ...variationDetail('v1', 50), isDefault: true }, variationDetail('v2', 8), variationDetail('v3', null)],
    });
    const untouched = bodyOf(loaded).body.variations;
    expect(untouched.map((v) => ('stock' in v ? [v.stock, v.stockSeen] : 'kept'))).toEqual(['kept', 'kept', 'kept']);
    const typed = {
      ...loaded,
      variations: loaded.variations.map((v, i) => (i === 0 ? { ...v, stock: '60' } : i === 2 ? { ...v, stock: '5' } : v)),
    };
    expect(bodyOf(typed).body.variations.map((v) => ('stock' in v ? [v.stock, v.stockSeen] : 'kept'))).toEqual([
      [60, 50],
      'kept',
      [5, null],
    ]);
    // a new variation sends its stock as it is
    const grown = {
      ...typed,
      variations: [...typed.variations, { ...typed.variations[1]!, key: 'n', id: undefined, stockSeen: undefined }],
    };
    expect(bodyOf(grown).body.variations[3]).toMatchObject({ stock: 8 });
    expect(bodyOf(grown).body.variations[3]).not.toHaveProperty('stockSeen');

    // orders sold meanwhile: an untouched variation shows the figure now, a typed one keeps its figure as a change from it
    const current = withCurrentStock(
      typed,
      new Map([
        ['v1', 45],
        ['v2', 6],
        ['v3', null],
      ]),
    );
    expect(current.variations.map((v) => [v.stock, v.stockSeen])).toEqual([
      ['60', 45],
      ['6', 6],
      ['5', null],
    ]);
    expect(bodyOf(current).body.variations.map((v) => ('stock' in v ? [v.stock, v.stockSeen] : 'kept'))).toEqual([
      [60, 45],
      'kept',
      [5, null],
    ]);
  });
});

function draftDetail(): ProductDetail {
  return {
    id: 'p',
    slug: 'tee',
    url: '/products/tee',
    title: text('Tee'),
    description: text(''),
    metaTitle: text(''),
    metaDescription: text(''),
    enabled: true,
    imageIds: [],
    catalogIds: [],
    relatedProducts: [],
    properties: [],
    weight: 0,
    height: 0,
    width: 0,
    length: 0,
    taxClass: 'zero',
    video: null,
    options: [],
    variations: [],
    priceCents: 1000,
    priceFullCents: 1000,
    version: 1,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  };
}

function variationDetail(id: string, stock: number | null): ProductDetail['variations'][number] {
  return {
    id,
    values: [],
    valueIds: [],
    title: null,
    sku: null,
    fullPriceCents: 1000,
    discountPriceCents: null,
    stock,
    weight: null,
    height: null,
    width: null,
    length: null,
    imageId: null,
    isDefault: false,
  };
}
