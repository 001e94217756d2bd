import { describe, expect, it } from 'vitest';
import { changePrice, changeVariationPrice } from '../../src/lib/admin/bulk-price';
import { buildGrid, combinations, variationTitle, withOneDefault, type GridOption } from '../../src/lib/admin/variation-grid';

const text = (en: string, ru = `${en}-ru`) => ({ en, ru });
const colour: GridOption = {
  key: 'c',
  values: [
    { key: 'red', title: text('Red', 'Красный') },
    { key: 'blue', title: text('Blue', 'Синий') },
  ],
};
const size: GridOption = {
  key: 's',
  unit: text('cm', 'см'),
  values: [
    { key: 's', title: text('S') },
    { key: 'm', title: text('M') },
  ],
};

type V = { id: string; valueKeys: string[]; isDefault: boolean; price: number };
let made = 0;
const create = (valueKeys: string[], template: V | null): V => ({
  id: `new-${(made += 1)}`,
  valueKeys,
  isDefault: false,
  price: template?.price ?? 0,
});

describe('variations grid', () => {
  it('is the cartesian product of the option values, in option order', () => {
    expect(combinations([colour, size])).toEqual([
      ['red', 's'],
      ['red', 'm'],
      ['blue', 's'],
      ['blue', 'm'],
    ]);
    expect(combinations([])).toEqual([[]]);
    expect(combinations([{ values: [] }])).toEqual([]);
  });

  it('keeps variations whose value set still exists (in any order), makes the rest, and keeps one default', () => {
    const existing: V[] = [
      { id: 'a', valueKeys: ['m', 'red'], isDefault: false, price: 500 },
      { id: 'b', valueKeys: ['blue', 's'], isDefault: true, price: 700 },
      { id: 'gone', valueKeys: ['green', 's'], isDefault: false, price: 900 },
    ];
    const grid = buildGrid([colour, size], existing, create);
    expect(grid.map((v) => v.id)).toEqual([expect.stringMatching(/^new-/), 'a', 'b', expect.stringMatching(/^new-/)]);
    expect(grid[1]!.valueKeys).toEqual(['red', 'm']);
    expect(grid.filter((v) => v.isDefault).map((v) => v.id)).toEqual(['b']);
    // red+s shares "red" with a and "s" with b: the default one wins the tie
    expect(grid[0]!.price).toBe(700);
  });

  it('adding an option starts the new combinations from the closest old variation; the first becomes default when the old default is gone', () => {
    const existing: V[] = [
      { id: 'r', valueKeys: ['red'], isDefault: true, price: 100 },
      { id: 'b', valueKeys: ['blue'], isDefault: false, price: 200 },
    ];
    const grid = buildGrid([colour, size], existing, create);
    expect(grid.map((v) => v.price)).toEqual([100, 100, 200, 200]);
    expect(grid.map((v) => v.isDefault)).toEqual([true, false, false, false]);
    expect(buildGrid([], existing, create)).toEqual([
      { ...existing[0], valueKeys: [], isDefault: true, id: expect.stringMatching(/^new-/) },
    ]);
  });

  it('names a variation by its values, with units, in both languages', () => {
    expect(variationTitle([colour, size], ['m', 'blue'])).toEqual({ en: 'Blue / M cm', ru: 'Синий / M-ru см' });
    expect(variationTitle([colour], [])).toBeNull();
  });

  it('keeps exactly one default', () => {
    const list = [
      { valueKeys: [], isDefault: true },
      { valueKeys: [], isDefault: true },
    ];
    expect(withOneDefault(list).map((v) => v.isDefault)).toEqual([true, false]);
    expect(withOneDefault(list, 1).map((v) => v.isDefault)).toEqual([false, true]);
    expect(withOneDefault([{ valueKeys: [], isDefault: false }]).map((v) => v.isDefault)).toEqual([true]);
  });
});

describe('bulk price changes', () => {
  it('sets or moves a price by a percentage, never below one cent', () => {
    expect(changePrice(1000, { mode: 'set', cents: 2500 })).toBe(2500);
    expect(changePrice(1000, { mode: 'percent', percent: 10 })).toBe(1100);
    expect(changePrice(999, { mode: 'percent', percent: -15 })).toBe(849);
    expect(changePrice(1, { mode: 'percent', percent: -99 })).toBe(1);
    expect(changePrice(1000, { mode: 'set', cents: 0 })).toBe(1);
  });

  it('moves discount prices with a percentage and drops them when a set price is not above them', () => {
    expect(changeVariationPrice({ fullPriceCents: 1000, discountPriceCents: 800 }, { mode: 'percent', percent: -50 })).toEqual({
      fullPriceCents: 500,
      discountPriceCents: 400,
    });
    expect(changeVariationPrice({ fullPriceCents: 1000, discountPriceCents: 800 }, { mode: 'set', cents: 700 })).toEqual({
      fullPriceCents: 700,
      discountPriceCents: null,
    });
    expect(changeVariationPrice({ fullPriceCents: 1000, discountPriceCents: 800 }, { mode: 'set', cents: 1200 })).toEqual({
      fullPriceCents: 1200,
      discountPriceCents: 800,
    });
    expect(changeVariationPrice({ fullPriceCents: 1000, discountPriceCents: null }, { mode: 'percent', percent: 5 })).toEqual({
      fullPriceCents: 1050,
      discountPriceCents: null,
    });
  });
});
