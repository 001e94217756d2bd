import { describe, expect, it } from 'vitest';
import { catalogParamsFromUrl, failUnlessMissing, hasSection, sectionsRichText } from '../../src/storefront/page-context';

const params = (query: string) => catalogParamsFromUrl(new URL(`https://shop.test/catalogs/shoes${query}`));

describe('catalog address to API parameters', () => {
  it('reads page, sort and every filter form the listing links write', () => {
    expect(
      params(
        '?page=3&sort=price_desc&filter[minPrice]=10&filter[maxPrice]=99,5' +
          '&filter[properties][Material][]=Linen&filter[properties][Material][]=Wool' +
          '&filter[options][Size][M]=1&filter[options][Size][L]=0&filter[options][Colour]=Red',
      ),
    ).toEqual({
      page: 3,
      sort: 'price_desc',
      filter: {
        minPrice: 10,
        maxPrice: 99.5,
        properties: { Material: ['Linen', 'Wool'] },
        options: { Size: ['M'], Colour: ['Red'] },
      },
    });
  });

  it("starts at page 1 with the catalog's own sort and no filter", () => {
    expect(params('')).toEqual({ page: 1 });
  });

  it('leaves out what the API would refuse, so a mistyped address still shows the catalog', () => {
    expect(params('?page=-2&sort=cheapest&filter[minPrice]=abc&filter[maxPrice]=-1&filter[properties]=x&filter[options][][]=')).toEqual({
      page: 1,
    });
    expect(params('?page=99999999999').page).toBe(1_000_000);
    expect(params('?page=2.5').page).toBe(1);
  });

  it('bounds the filter the API is asked for', () => {
    const titles = Array.from({ length: 30 }, (_, i) => `filter[properties][T${i}][]=v`).join('&');
    const values = Array.from({ length: 80 }, (_, i) => `filter[options][Size][]=v${i}`).join('&');
    const filter = params(`?${titles}&${values}&filter[options][Long][]=${'x'.repeat(500)}`).filter!;
    expect(Object.keys(filter.properties!)).toHaveLength(20);
    expect((filter.options as Record<string, string[]>)['Size']).toHaveLength(50);
    expect((filter.options as Record<string, string[]>)['Long']![0]).toHaveLength(200);
  });
});

describe('page data helpers', () => {
  it("treats a missing record as the page's 404 and a server failure as an error", () => {
    expect(() => failUnlessMissing(null)).not.toThrow();
    expect(() => failUnlessMissing({ statusCode: 404, message: 'Page not found' })).not.toThrow();
    expect(() => failUnlessMissing({ statusCode: 500, message: 'database down' })).toThrow('database down');
  });

  it('finds section types and collects the rich texts a table of contents lists', () => {
    const sections = [
      { type: 'SectionHeadingH1', options: { heading: { title: 'T' } } },
      { type: 'SectionTextBlockBase', options: { content: { html: '<h2>One</h2>' } } },
      { type: 'SectionFaq', options: {} },
      { type: 'SectionTextBlockBase', options: { content: { html: '<h3>Two</h3>' } } },
    ];
    expect(hasSection(sections, 'SectionHeadingH1')).toBe(true);
    expect(hasSection(sections, 'SectionBreadcrumbs')).toBe(false);
    expect(sectionsRichText(sections)).toBe('<h2>One</h2>\n<h3>Two</h3>');
  });
});
