/**
 * Natural order of a facet's values when they are all clothing sizes (XXS, XS, S, M, L, XL, XXL, 3XL…) or
 * all numbers ('38', '39.5', '40'): a shop listing sizes "S, XS, M, L, XL" (the order values were first
 * met in) reads as disorder. Any other facet keeps its own order (colours: the option's value order).
 */
const LETTER_SIZES = ['xxxs', 'xxs', 'xs', 's', 'm', 'l', 'xl', 'xxl', 'xxxl', 'xxxxl'];

/** A rank for one size, or null when the value is not one: 'XS' 2, '2XL' as 'XXL', 'one size' last. */
function letterRank(value: string): number | null {
  const text = value.trim().toLowerCase().replace(/\s+/g, ' ');
  const counted = /^(\d)x(s|l)$/.exec(text);
  const size = counted ? `${'x'.repeat(Number(counted[1]))}${counted[2]}` : text;
  const rank = LETTER_SIZES.indexOf(size);
  return rank === -1 ? null : rank;
}

const NUMBER = /^\d+(?:[.,]\d+)?$/;

/** The values in natural size order when every one is a letter size, or every one a number; else as given. */
export function naturalSizeOrder(values: string[]): string[] {
  if (values.length < 2) return values;
  if (values.every((value) => letterRank(value) !== null)) {
    return values.slice().sort((a, b) => letterRank(a)! - letterRank(b)!);
  }
  if (values.every((value) => NUMBER.test(value.trim()))) {
    const number = (value: string) => Number(value.trim().replace(',', '.'));
    return values.slice().sort((a, b) => number(a) - number(b));
  }
  return values;
}
