import { z } from 'zod';
import { videoFieldValue } from '../lib/video-field';
import { hasRichContent } from './rich-text';
import { choice, color, flag, integerIn, isRecord, lenientObject, raw, text } from './schema-kit';

/** Options every section shares (spec 3.4): the frame, heading, footer and html before/after. */

export const SECTION_WIDTHS = ['full', 'content'] as const;
export const BACKGROUND_COLORS = ['none', 'white', 'grey', 'light', 'middle', 'dark'] as const;
export type BackgroundColor = (typeof BACKGROUND_COLORS)[number];
export const ALIGNMENTS = ['left', 'center', 'right'] as const;
export const TITLE_STYLES = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p'] as const;

/** Section padding of spec 9: 28 px on desktop and tablet, 16 px on mobile. */
const sidePadding = (fallback: number) =>
  lenientObject({
    top: integerIn(fallback, 0, 400),
    bottom: integerIn(fallback, 0, 400),
  });

/** A named background colour, or an image (`{ image }`, the image id or image object). */
const background = z
  .union([
    z.enum(BACKGROUND_COLORS).transform((name) => ({ color: name })),
    z.object({ image: z.unknown() }).transform(({ image }) => ({ image })),
  ])
  .catch({ color: 'none' as const }) as z.ZodType<{ color: BackgroundColor } | { image: unknown }>;

export const containerSchema = lenientObject({
  width: choice(SECTION_WIDTHS, 'content'),
  background,
  padding: lenientObject({
    desktop: sidePadding(28),
    tablet: sidePadding(28),
    mobile: sidePadding(16),
  }),
  border: lenientObject({
    width: integerIn(0, 0, 50),
    /** null: the theme's block radius when the section is a coloured content-width box, else square */
    radius: integerIn(-1, 0, 500).transform((r) => (r < 0 ? null : r)),
    color: color(),
  }),
  shadow: lenientObject({
    color: color(),
    /** percent */
    opacity: integerIn(0, 0, 100),
    offsetX: integerIn(0, -200, 200),
    offsetY: integerIn(0, -200, 200),
    blur: integerIn(0, 0, 400),
    spread: integerIn(0, -200, 200),
  }),
});
export type ContainerOptions = z.output<typeof containerSchema>;

/** The heading of a section; its title looks like `titleStyle` unless the options say otherwise. */
export const headingSchemaFor = (titleStyle: (typeof TITLE_STYLES)[number]) =>
  lenientObject({
    title: text(),
    fontStyleTitle: choice(TITLE_STYLES, titleStyle),
    colorTitle: color(),
    note: text(),
    align: choice(ALIGNMENTS, 'left'),
  });
export const headingSchema = headingSchemaFor('h2');
export type HeadingOptions = z.output<typeof headingSchema>;

/** A button that follows its link, or opens the lead form with `defaultComment` when it has none. */
export const buttonSchema = lenientObject({
  isShow: flag(false),
  text: text(),
  defaultComment: text(),
  link: raw(),
});
export type ButtonOptions = z.output<typeof buttonSchema>;

export const footerSchema = lenientObject({
  note: text(),
  colorNote: color(),
  textAlign: choice(ALIGNMENTS, 'left'),
  button: buttonSchema,
});

const frameShape = {
  section: containerSchema,
  heading: headingSchema,
  footer: footerSchema,
  htmlBefore: text(),
  htmlAfter: text(),
};

/** `options.container` is the older name of `options.section`. */
const withSectionAlias = (value: unknown) =>
  isRecord(value) && value['section'] === undefined && value['container'] !== undefined ? { ...value, section: value['container'] } : value;

/** The options schema of a section type: the shared frame options plus the type's own. */
export function sectionSchema<T extends z.core.$ZodLooseShape>(shape: T) {
  return z.preprocess(withSectionAlias, lenientObject({ ...frameShape, ...shape }));
}

/** The id of a section's title, which names the section (aria-labelledby). */
export const sectionTitleId = (sectionId: string) => `section-${sectionId}-title`;

/** The frame part of any section's parsed options. */
// biome-ignore lint/complexity/noBannedTypes: the frame alone is the schema with no options of its own
export type FrameOptions = z.output<ReturnType<typeof sectionSchema<{}>>>;

/** The content block of text sections: rich text with an optional picture (spec 3.4). */
export const contentSchema = lenientObject({
  html: text(),
  image: raw(),
  alt: text(),
  imageBorderRadius: integerIn(-1, 0, 500).transform((r) => (r < 0 ? null : r)),
  orderMobile: choice(['imageFirst', 'textFirst'], 'imageFirst'),
  /** shown in place of the picture; a value that is not a video field's own is none */
  video: z
    .unknown()
    .optional()
    .transform((value) => videoFieldValue.safeParse(value).data ?? null),
});
export type ContentOptions = z.output<typeof contentSchema>;

/** True when the frame itself shows something: a heading, a note, html before or after, or a footer. */
export function frameHasContent(options: FrameOptions): boolean {
  return (
    options.heading.title !== '' ||
    options.heading.note !== '' ||
    hasRichContent(options.htmlBefore) ||
    hasRichContent(options.htmlAfter) ||
    options.footer.note !== '' ||
    options.footer.button.isShow
  );
}
