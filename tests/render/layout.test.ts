import { describe, expect, it } from 'vitest';
import { cellStyle, columnsOf, gridPattern, hasCarousel, layoutsSchema, layoutStyle, templateOf } from '../../src/sections/layout';

const parse = (stored: unknown, defaults = templateOf({ type: 'list' })) => layoutsSchema(defaults).parse(stored);

describe('item layouts', () => {
  it('gives each layout type the defaults of the spec', () => {
    const layouts = parse({ desktop: { type: 'list' }, tablet: { type: 'carousel' }, mobile: { type: 'masonry' } });
    expect(layouts.desktop).toMatchObject({ type: 'list', columns: 2, align: 'flex-start', gap: 32 });
    expect(layouts.tablet).toMatchObject({ type: 'carousel', columns: 2, speed: 200, rows: 1, arrows: true, infinite: true, swipe: true });
    expect(layouts.mobile).toMatchObject({ type: 'masonry', columns: 3, gap: 12 });
    expect(parse({ desktop: { type: 'centeredColumns' } }).desktop).toMatchObject({ columns: 1 });
    expect(parse({ mobile: { type: 'grid' } }).mobile).toMatchObject({ columns: 2, gap: 20 });
  });

  it("uses the section's defaults for screens without a layout and ignores invalid values", () => {
    const layouts = parse(
      { desktop: { type: 'grid', columns: 'many', gap: -4, template: 'drop table' }, mobile: 'nonsense' },
      { desktop: { type: 'grid', columns: 3 }, tablet: { type: 'grid', columns: 2 }, mobile: { type: 'list', columns: 1 } },
    );
    expect(layouts.desktop).toMatchObject({ type: 'grid', columns: 3, gap: 32, template: null });
    expect(layouts.tablet).toMatchObject({ type: 'grid', columns: 2 });
    expect(layouts.mobile).toMatchObject({ type: 'list', columns: 1, gap: 20 });
    expect(parse(undefined).desktop.type).toBe('list');
  });

  it('reads grid templates as tracks and repeating cell spans', () => {
    expect(gridPattern('1x1')).toEqual({ tracks: 2, spans: [1, 1] });
    expect(gridPattern('2x1')).toEqual({ tracks: 3, spans: [2, 1] });
    expect(gridPattern('3x3-2x2x2')).toEqual({ tracks: 6, spans: [3, 3, 2, 2, 2] });
    expect(gridPattern('2x1x1')).toEqual({ tracks: 4, spans: [2, 1, 1] });
    expect(gridPattern('4x3-3x4')).toEqual({ tracks: 7, spans: [4, 3, 3, 4] });
  });

  it('writes the custom properties of each screen', () => {
    const layouts = parse({
      desktop: { type: 'grid', template: '3x3-2x2x2', gap: 24 },
      tablet: { type: 'list', columns: 3, align: 'center' },
      mobile: { type: 'carousel', columns: 1, centerMode: true, centerPadding: '30px' },
    });
    const style = layoutStyle(layouts);
    expect(style).toMatchObject({
      '--items-display-desktop': 'grid',
      '--items-tracks-desktop': 'repeat(6, minmax(0, 1fr))',
      '--items-gap-desktop': '24px',
      '--items-display-tablet': 'flex',
      '--items-justify-tablet': 'center',
      '--items-basis-tablet': 'calc((100% - 64px) / 3)',
      '--items-display-mobile': 'grid',
      '--items-flow-mobile': 'column',
      '--items-auto-columns-mobile': 'calc((100% - 60px) / 1)',
      '--items-snap-mobile': 'x mandatory',
      '--items-inset-mobile': '30px',
    });
    expect(cellStyle(layouts, 0)).toEqual({ '--cell-span-desktop': '3' });
    expect(cellStyle(layouts, 3)).toEqual({ '--cell-span-desktop': '2' });
    expect(cellStyle(layouts, 5)).toEqual({ '--cell-span-desktop': '3' });
    expect(cellStyle(parse({}), 0)).toBeUndefined();
    expect(hasCarousel(layouts)).toBe(true);
    expect(hasCarousel(parse({}))).toBe(false);
  });

  it('lays masonry out in CSS columns with the gutter below each item', () => {
    const style = layoutStyle(parse({ desktop: { type: 'masonry' } }));
    expect(style).toMatchObject({
      '--items-display-desktop': 'block',
      '--items-column-count-desktop': '3',
      '--items-cell-margin-desktop': '12px',
    });
  });

  it('counts the items of a row, or of the widest cells of a template, to size their images', () => {
    const layouts = parse({
      desktop: { type: 'grid', template: '2x1x1' },
      tablet: { type: 'list', columns: 3 },
      mobile: { type: 'grid', template: '4x3-3x4' },
    });
    expect(columnsOf(layouts.desktop)).toBe(2);
    expect(columnsOf(layouts.tablet)).toBe(3);
    expect(columnsOf(layouts.mobile)).toBe(1);
  });
});
