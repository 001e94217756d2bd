import type { SectionType } from '../../lib/section-types';
import { sanitizeRichTextFields } from '../api/content/sanitize';
import type { LocalizedText, sections } from '../db/schema';
import { seedId } from './ids';

type SectionRow = typeof sections.$inferInsert;
type Options = Record<string, unknown>;
type SectionOwner = 'page' | 'catalog' | 'article' | 'product';

export type SectionSeed = { type: SectionType; options: Options; items?: Options[]; hidden?: boolean };

export type Background = 'none' | 'white' | 'grey' | 'light' | 'middle' | 'dark' | { image: string };

/** Section frame with the paddings of spec 9 (28 px on desktop and tablet, 16 px on mobile). */
export function frame(background: Background = 'none', width: 'full' | 'content' = 'content'): Options {
  const desktop = { top: 28, bottom: 28 };
  return { width, background, padding: { desktop, tablet: desktop, mobile: { top: 16, bottom: 16 } } };
}

export function heading(title: LocalizedText, note?: LocalizedText, align: 'left' | 'center' = 'left'): Options {
  return { title, fontStyleTitle: 'h2', colorTitle: null, note: note ?? null, align };
}

type Layout = { type: 'list' | 'grid' | 'centeredColumns' | 'carousel' | 'masonry' } & Options;

export function layout(desktop: Layout, tablet: Layout = desktop, mobile: Layout = tablet): Options {
  return { desktop, tablet, mobile };
}

export const grid = (columns: number, gap = 32): Layout => ({ type: 'grid', columns, gap });
export const carousel = (columns: number): Layout => ({
  type: 'carousel',
  columns,
  arrows: true,
  dots: true,
  infinite: true,
  speed: 200,
  rows: 1,
  centerMode: false,
  centerPadding: 0,
  adaptiveHeight: false,
});
export const list = (columns: number): Layout => ({ type: 'list', columns, align: 'flex-start' });
export const masonry = (columns: number): Layout => ({ type: 'masonry', columns, gap: 12 });

/** The default product grid of spec 9: 4, 2 and 2 columns with gaps of 32, 32 and 20 px. */
export const productGrid = () => layout(grid(4), grid(2), grid(2, 20));

/** Grid columns on desktop and tablet, one item per row on mobile. */
export const columns = (desktop: number, tablet: number) => layout(grid(desktop), grid(tablet), list(1));

/** A section of items under a heading. */
export function itemSection(
  type: SectionType,
  title: LocalizedText,
  template: Options,
  items: Options[],
  look: { background?: Background; align?: 'left' | 'center' } = {},
): SectionSeed {
  return { type, options: { section: frame(look.background), heading: heading(title, undefined, look.align), template }, items };
}

/** Footer with a button opening the lead form, pre-filled with `comment`. */
export function footerButton(text: LocalizedText, comment: LocalizedText, note?: LocalizedText): Options {
  return {
    note: note ?? null,
    colorNote: null,
    textAlign: 'center',
    button: { isShow: true, text, defaultComment: comment, link: null },
  };
}

export const headingH1 = (title: LocalizedText): SectionSeed => ({
  type: 'SectionHeadingH1',
  options: { section: frame(), heading: { title, fontStyleTitle: 'h1', align: 'left' } },
});

/** Breadcrumbs after Home: every entry but the last links to `/{uri}`. */
export const breadcrumbs = (...trail: { title: LocalizedText; uri: string }[]): SectionSeed => ({
  type: 'SectionBreadcrumbs',
  options: { section: frame() },
  items: trail.map((entry) => ({ ...entry })),
});

export const textBlock = (html: LocalizedText, title?: LocalizedText, background: Background = 'none'): SectionSeed => ({
  type: 'SectionTextBlockBase',
  options: { section: frame(background), ...(title ? { heading: heading(title) } : {}), content: { html } },
});

/** Rows of an owner's sections, with stable ids derived from the owner and position and their rich text cleaned. */
export function sectionRows(ownerType: SectionOwner, ownerId: string, seeds: SectionSeed[]): SectionRow[] {
  return seeds.map((seed, position) => {
    const id = seedId('section', `${ownerType}:${ownerId}:${position}`);
    return {
      id,
      ownerType,
      ownerId,
      type: seed.type,
      position,
      hidden: seed.hidden ?? false,
      options: sanitizeRichTextFields(seed.options),
      items: (seed.items ?? []).map((options, index) => ({
        id: seedId('section-item', `${id}:${index}`),
        options: sanitizeRichTextFields(options),
      })),
    };
  });
}
