import { describe, expect, it } from 'vitest';
import { highlightParts, pageLinks, queryWords, searchPage } from '../../src/islands/search/highlight';

const marked = (text: string, query: string) =>
  highlightParts(text, query)
    .map((part) => (part.match ? `[${part.text}]` : part.text))
    .join('');

describe('search highlighting', () => {
  it('marks every word start that matches a query word, whatever the case', () => {
    expect(marked('Linen shirt in stonewashed linen', 'LINEN')).toBe('[Linen] shirt in stonewashed [linen]');
    expect(marked('Table lamp with linen shade', 'lamp lin')).toBe('Table [lamp] with [lin]en shade');
  });

  it('marks prefixes only at the start of words', () => {
    expect(marked('Mother-of-pearl buttons', 'pearl')).toBe('Mother-of-[pearl] buttons');
    expect(marked('stonewashed', 'washed')).toBe('stonewashed');
  });

  it('prefers the longer of two query words that match at the same place', () => {
    expect(marked('linen', 'lin linen')).toBe('[linen]');
    expect(queryWords('lin, LINEN lin')).toEqual(['linen', 'lin']);
  });

  it('handles Cyrillic and characters that mean something in patterns', () => {
    expect(marked('Льняная рубашка', 'льнян')).toBe('[Льнян]ая рубашка');
    expect(marked('C++ (v2) guide', '(v2) c++')).toBe('[C]++ ([v2]) guide');
  });

  it('leaves a text alone for a query without words', () => {
    expect(highlightParts('Linen', '  ?! ')).toEqual([{ text: 'Linen', match: false }]);
    expect(highlightParts('', 'linen')).toEqual([]);
  });
});

describe('search paging', () => {
  it('reads the page, refusing anything but a positive whole number', () => {
    expect(searchPage('3')).toBe(3);
    expect(searchPage(null)).toBe(1);
    expect(searchPage('0')).toBe(1);
    expect(searchPage('2.5')).toBe(1);
    expect(searchPage('-1')).toBe(1);
    expect(searchPage('abc')).toBe(1);
  });

  it('links the first, last and neighbouring pages with gaps between', () => {
    expect(pageLinks(1, 1)).toEqual([1]);
    expect(pageLinks(5, 12)).toEqual([1, null, 4, 5, 6, null, 12]);
    expect(pageLinks(2, 4)).toEqual([1, 2, 3, 4]);
  });
});
