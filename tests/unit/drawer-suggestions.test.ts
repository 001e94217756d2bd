import { describe, expect, it } from 'vitest';
import { drawerSuggestions } from '../../src/islands/cart/drawer-suggestions';
import { productDto, variationDto } from './fixtures/products';

const buyable = (id: string) => productDto(id, { variations: [variationDto(`${id}-v`, { price: 10, inStock: true })] });

describe('the cart drawer suggestions', () => {
  it('takes related products first, then similar ones, each once and none already in the cart, at most four', () => {
    const related = ['a', 'b', 'c'].map(buyable);
    const similar = ['b', 'd', 'e', 'f'].map(buyable);
    expect(drawerSuggestions([related, similar], new Set(['c']))).toEqual(['a', 'b', 'd', 'e']);
    expect(drawerSuggestions([related, similar], new Set(), 2)).toEqual(['a', 'b']);
  });

  it('leaves out what cannot be bought: sold out or priced on request', () => {
    const soldOut = productDto('s', { variations: [variationDto('s-v', { price: 10, inStock: false })] });
    const onRequest = productDto('r', { variations: [variationDto('r-v', { price: 0, inStock: true })] });
    expect(drawerSuggestions([[soldOut, onRequest, buyable('a')]], new Set())).toEqual(['a']);
    expect(drawerSuggestions([], new Set())).toEqual([]);
  });
});
