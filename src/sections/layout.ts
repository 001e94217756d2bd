import { z } from 'zod';
import { integerIn, isRecord, lenientObject } from './schema-kit';
import { SCREENS, type PerScreen } from './screens';

/**
 * Item layouts per screen (spec 2.9, 9): list, grid, centred columns, carousel and masonry, parsed
 * with their defaults and turned into the custom properties `ItemsLayout.astro` lays items out with.
 */

export const LAYOUT_TYPES = ['list', 'grid', 'centeredColumns', 'carousel', 'masonry'] as const;
export type LayoutType = (typeof LAYOUT_TYPES)[number];

/** The grid templates of spec 9 ('2x1', '3x3-2x2x2'…): rows separated by '-', each row the relative widths of its cells. */
const GRID_TEMPLATE = /^[1-9](x[1-9]){0,5}(-[1-9](x[1-9]){0,5}){0,5}$/;

export const LIST_ALIGNMENTS = ['flex-start', 'center', 'flex-end', 'space-between', 'space-around'] as const;

/** Column gaps of spec 9 (desktop and tablet 32 px, mobile 20 px) and the masonry gutter. */
export const DEFAULT_GAPS: PerScreen<number> = { desktop: 32, tablet: 32, mobile: 20 };
export const MASONRY_GUTTER = 12;
/** The shop's default item columns (spec 9). */
export const DEFAULT_COLUMNS: PerScreen<number> = { desktop: 4, tablet: 2, mobile: 2 };

export type ItemLayout = {
  type: LayoutType;
  columns: number;
  /** px between items */
  gap: number;
  /** list: how a short last row is aligned */
  align: (typeof LIST_ALIGNMENTS)[number];
  /** grid: a template such as '3x3-2x2x2'; null for equal columns */
  template: string | null;
  arrows: boolean;
  dots: boolean;
  infinite: boolean;
  /** ms of a slide change */
  speed: number;
  rows: number;
  centerMode: boolean;
  /** px of the neighbouring slides shown at each side in centre mode */
  centerPadding: number;
  adaptiveHeight: boolean;
  swipe: boolean;
};
export type ItemLayouts = PerScreen<ItemLayout>;
export type LayoutDefaults = { type: LayoutType } & Partial<Omit<ItemLayout, 'type'>>;

/** What a layout of each type is when the stored options leave a value out (spec 2.9). */
function typeDefaults(type: LayoutType, screen: keyof ItemLayouts): Omit<ItemLayout, 'type'> {
  return {
    columns: type === 'list' || type === 'carousel' ? 2 : type === 'masonry' ? 3 : type === 'centeredColumns' ? 1 : DEFAULT_COLUMNS[screen],
    gap: type === 'masonry' ? MASONRY_GUTTER : DEFAULT_GAPS[screen],
    align: 'flex-start',
    template: null,
    arrows: true,
    dots: false,
    infinite: true,
    speed: 200,
    rows: 1,
    centerMode: false,
    centerPadding: 0,
    adaptiveHeight: false,
    swipe: true,
  };
}

const unset = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);
const storedLayout = lenientObject({
  type: unset(z.enum(LAYOUT_TYPES)),
  columns: unset(integerIn(-1, 1, 12).pipe(z.number().positive())),
  gap: unset(integerIn(-1, 0, 200).pipe(z.number().nonnegative())),
  align: unset(z.enum(LIST_ALIGNMENTS)),
  template: unset(z.string().trim().regex(GRID_TEMPLATE)),
  arrows: unset(z.boolean()),
  dots: unset(z.boolean()),
  infinite: unset(z.boolean()),
  speed: unset(integerIn(-1, 0, 10_000).pipe(z.number().nonnegative())),
  rows: unset(integerIn(-1, 1, 6).pipe(z.number().positive())),
  centerMode: unset(z.boolean()),
  centerPadding: unset(
    z
      .union([
        z.number(),
        z
          .string()
          .regex(/^\d+(px)?$/)
          .transform((v) => Number.parseInt(v, 10)),
      ])
      .pipe(z.number().min(0).max(400)),
  ),
  adaptiveHeight: unset(z.boolean()),
  swipe: unset(z.boolean()),
});

const definedOnly = <T extends object>(value: T): Partial<T> =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;

/**
 * `options.template` of a section: a layout per screen. A screen without a stored type uses the
 * section's default; values left out come from the section's default when its type matches, else
 * from the defaults of the type.
 */
export function layoutsSchema(defaults: PerScreen<LayoutDefaults>) {
  return z
    .unknown()
    .optional()
    .transform((value): ItemLayouts => {
      const stored = isRecord(value) ? value : {};
      const layouts = {} as ItemLayouts;
      for (const screen of SCREENS) {
        const own = definedOnly(storedLayout.parse(stored[screen]));
        const fallback = defaults[screen];
        const type = own.type ?? fallback.type;
        const sectionDefaults = type === fallback.type ? definedOnly(fallback) : {};
        layouts[screen] = { ...typeDefaults(type, screen), ...sectionDefaults, ...own, type };
      }
      return layouts;
    });
}

/** Section layout defaults per screen; a smaller screen left out takes the next larger one's. */
export const templateOf = (desktop: LayoutDefaults, tablet = desktop, mobile = tablet): PerScreen<LayoutDefaults> => ({
  desktop,
  tablet,
  mobile,
});
export const grid = (columns: number): LayoutDefaults => ({ type: 'grid', columns });
export const list = (columns: number): LayoutDefaults => ({ type: 'list', columns });
export const carousel = (columns: number): LayoutDefaults => ({ type: 'carousel', columns });
export const masonry = (columns: number): LayoutDefaults => ({ type: 'masonry', columns });

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
const lcm = (a: number, b: number) => (a * b) / gcd(a, b);

/**
 * A grid template as grid tracks and the span of each cell in the repeating pattern:
 * '3x3-2x2x2' is 6 tracks, a row of two cells spanning 3 and a row of three cells spanning 2.
 */
export function gridPattern(template: string): { tracks: number; spans: number[] } {
  const rows = template.split('-').map((row) => row.split('x').map(Number));
  const sums = rows.map((row) => row.reduce((a, b) => a + b, 0));
  const tracks = sums.reduce(lcm, 1);
  return { tracks, spans: rows.flatMap((row, i) => row.map((weight) => (weight * tracks) / sums[i]!)) };
}

/** Width of one of `columns` items sharing a row with `gap` px between them, less `inset` px at each side. */
const itemWidth = (columns: number, gap: number, inset = 0) =>
  columns === 1 && inset === 0 ? '100%' : `calc((100% - ${2 * inset + (columns - 1) * gap}px) / ${columns})`;

/** The custom properties of the items container for one screen (names without the screen suffix). */
function containerProperties(layout: ItemLayout): Record<string, string> {
  const gap = `${layout.gap}px`;
  switch (layout.type) {
    case 'list':
    case 'centeredColumns':
      return {
        display: 'flex',
        justify: layout.type === 'list' ? layout.align : 'center',
        gap,
        basis: itemWidth(layout.columns, layout.gap),
      };
    case 'grid': {
      const tracks = layout.template ? gridPattern(layout.template).tracks : layout.columns;
      return { display: 'grid', tracks: `repeat(${tracks}, minmax(0, 1fr))`, gap };
    }
    case 'carousel': {
      const inset = layout.centerMode ? layout.centerPadding : 0;
      return {
        display: 'grid',
        flow: 'column',
        rows: `repeat(${layout.rows}, auto)`,
        'auto-columns': itemWidth(layout.columns, layout.gap, inset),
        overflow: 'auto',
        snap: 'x mandatory',
        inset: `${inset}px`,
        gap,
      };
    }
    case 'masonry':
      return { display: 'block', 'column-count': String(layout.columns), gap, 'cell-margin': gap };
  }
}

/** Custom properties of the items container: `--items-{property}-{screen}` for each screen. */
export function layoutStyle(layouts: ItemLayouts): Record<string, string> {
  const style: Record<string, string> = {};
  for (const screen of SCREENS) {
    for (const [property, value] of Object.entries(containerProperties(layouts[screen]))) style[`--items-${property}-${screen}`] = value;
  }
  return style;
}

/** Custom properties of the item at `index`: its column span on screens with a grid template. */
export function cellStyle(layouts: ItemLayouts, index: number): Record<string, string> | undefined {
  const style: Record<string, string> = {};
  for (const screen of SCREENS) {
    const { type, template } = layouts[screen];
    if (type !== 'grid' || !template) continue;
    const { spans } = gridPattern(template);
    style[`--cell-span-${screen}`] = String(spans[index % spans.length]);
  }
  return Object.keys(style).length > 0 ? style : undefined;
}

export const hasCarousel = (layouts: ItemLayouts) => SCREENS.some((screen) => layouts[screen].type === 'carousel');

/**
 * How many items a row holds on a screen, to size item images; for a grid template, how many of its
 * widest cells would fill a row, so that no cell gets a picture too small for it.
 */
export function columnsOf(layout: ItemLayout): number {
  if (layout.type === 'grid' && layout.template) {
    const { tracks, spans } = gridPattern(layout.template);
    return Math.max(1, Math.floor(tracks / Math.max(...spans)));
  }
  return layout.columns;
}
