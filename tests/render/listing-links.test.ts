import { describe, expect, it } from 'vitest';
import {
  facetFieldName,
  filtersResetHref,
  hrefWith,
  keptParams,
  pageHref,
  pageLinks,
  pageParam,
  sortHref,
  tagHref,
} from '../../src/sections/listing-links';

const url = new URL('https://shop.example/catalogs/shirts?sort=price_asc&filter%5BminPrice%5D=10&page=3');

describe('listing links', () => {
  it('pages keep the sort and the filters; page 1 has no number', () => {
    expect(pageHref(url, 4)).toBe('/catalogs/shirts?sort=price_asc&filter%5BminPrice%5D=10&page=4');
    expect(pageHref(url, 1)).toBe('/catalogs/shirts?sort=price_asc&filter%5BminPrice%5D=10');
  });

  it('a new sort or tag starts at page 1', () => {
    expect(sortHref(url, 'title')).toBe('/catalogs/shirts?sort=title&filter%5BminPrice%5D=10');
    expect(tagHref(new URL('https://shop.example/blog?page=2'), 'care')).toBe('/blog?tag=care');
    expect(tagHref(new URL('https://shop.example/blog?tag=care&page=2'), null)).toBe('/blog');
  });

  it('removes and sets parameters', () => {
    expect(hrefWith(url, { sort: null, page: null, 'filter[minPrice]': null })).toBe('/catalogs/shirts');
  });

  it('a filter form carries everything but the filters and the page', () => {
    expect(keptParams(new URL('https://shop.example/c?sort=title&filter[options][Size][]=M&page=2&lang=ru'))).toEqual([
      ['sort', 'title'],
      ['lang', 'ru'],
    ]);
  });

  it('resets the filters keeping the sort, at page 1', () => {
    expect(filtersResetHref(new URL('https://shop.example/c?sort=title&filter[minPrice]=5&page=3'))).toBe('/c?sort=title');
    expect(filtersResetHref(new URL('https://shop.example/c?filter[minPrice]=5'))).toBe('/c');
  });

  it('names facet checkboxes in the API bracket notation', () => {
    expect(facetFieldName('options', 'Size')).toBe('filter[options][Size][]');
  });

  it('offers the first, last and nearby pages with gaps', () => {
    const render = (links: ReturnType<typeof pageLinks>) =>
      links.map((l) => ('gap' in l ? '…' : l.current ? `[${l.page}]` : String(l.page))).join(' ');
    expect(render(pageLinks(1, 1))).toBe('[1]');
    expect(render(pageLinks(5, 20))).toBe('1 … 3 4 [5] 6 7 … 20');
    expect(render(pageLinks(2, 5))).toBe('1 [2] 3 4 5');
    expect(render(pageLinks(99, 4))).toBe('1 2 3 [4]');
    expect(render(pageLinks(1, 0))).toBe('[1]');
  });

  it('reads the page number, 1 for anything invalid', () => {
    expect(pageParam(url)).toBe(3);
    for (const bad of ['0', '-2', '1.5', 'abc', '1e400', '']) expect(pageParam(new URL(`https://s.example/?page=${bad}`))).toBe(1);
    expect(pageParam(new URL('https://s.example/'))).toBe(1);
  });
});
