import type { FieldKind, RecordFieldKind } from '../lib/field-kinds';
import { ALIGNMENTS, BACKGROUND_COLORS, SECTION_WIDTHS, TITLE_STYLES } from './common-options';
import { LAYOUT_TYPES } from './layout';

/**
 * What the site builder needs to edit a section type: its fields (where in the options they live,
 * which input edits them, their label) and presets (complete options and items a new section starts
 * from). Labels are i18next keys of `locales/{en,ru}.json`: a field's is `sections.fields.<path>`, a
 * choice's `sections.choices.<value>`, a preset's `sections.presets.<name>` and a type's
 * `sections.types.<Type>`, so the builder shows them in either language.
 */

export type EditorField = {
  /** dot path inside the options (or inside an item's options) */
  path: string;
  kind: FieldKind;
  /** i18next key of the label */
  label: string;
  /** select: the stored values with their label keys */
  choices?: { value: string; label: string }[];
  /** number: bounds */
  min?: number;
  max?: number;
  /** list: the fields of each entry */
  fields?: EditorField[];
  /** a record picker: the section shows nothing without a record picked */
  required?: boolean;
  /** i18next key of a hint under the input (what an empty value means) */
  hint?: string;
};

/** A text as stored: one per language. */
export type StoredText = { en: string; ru: string };

export type SectionPreset = {
  /** the preset's name; its label is `sections.presets.<name>` */
  name: string;
  options: Record<string, unknown>;
  items: Record<string, unknown>[];
};

/** Dots of the path become underscores: i18next reads dots as nesting. */
export const fieldLabel = (path: string) => `sections.fields.${path.replaceAll('.', '_')}`;
export const choiceLabel = (value: string) => `sections.choices.${value}`;
export const presetLabel = (name: string) => `sections.presets.${name}`;
export const typeLabel = (type: string) => `sections.types.${type}`;
export const hintLabel = (name: string) => `sections.hints.${name}`;

const simple =
  (kind: Exclude<FieldKind, 'select' | 'list' | 'number' | RecordFieldKind>) =>
  (path: string): EditorField => ({ path, kind, label: fieldLabel(path) });

/**
 * A record picker (search as you type, with thumbnails): `required` when the section shows nothing without the
 * record, else `hint` names what an empty value means (`sections.hints.<hint>`).
 */
const picker =
  (kind: RecordFieldKind) =>
  (path: string, empty: { required: true } | { hint: string }): EditorField => ({
    path,
    kind,
    label: fieldLabel(path),
    ...('required' in empty ? { required: true, hint: hintLabel(`${kind}Required`) } : { hint: hintLabel(empty.hint) }),
  });

/** Field builders: `field.text('heading.title')` edits `options.heading.title` with a text input. */
export const field = {
  text: simple('text'),
  /** one text for both languages */
  plain: simple('plain'),
  richText: simple('richText'),
  date: simple('date'),
  datetime: simple('datetime'),
  image: simple('image'),
  /** a video of one of the services or a file on the shop's own site, its mode and preview picture */
  video: simple('video'),
  link: simple('link'),
  colour: simple('colour'),
  toggle: simple('toggle'),
  number: (path: string, min: number, max: number): EditorField => ({ path, kind: 'number', label: fieldLabel(path), min, max }),
  select: (path: string, values: readonly string[]): EditorField => ({
    path,
    kind: 'select',
    label: fieldLabel(path),
    choices: values.map((value) => ({ value, label: choiceLabel(value) })),
  }),
  list: (path: string, fields: EditorField[]): EditorField => ({ path, kind: 'list', label: fieldLabel(path), fields }),
  catalog: picker('catalog'),
  category: picker('category'),
  page: picker('page'),
  product: picker('product'),
  article: picker('article'),
};

/** The frame every section has (spec 3.4): heading, width and background, footer with its button. */
export const frameFields: EditorField[] = [
  field.text('heading.title'),
  field.select('heading.fontStyleTitle', TITLE_STYLES),
  field.colour('heading.colorTitle'),
  field.text('heading.note'),
  field.select('heading.align', ALIGNMENTS),
  field.select('section.width', SECTION_WIDTHS),
  field.select('section.background', BACKGROUND_COLORS),
  field.number('section.padding.desktop.top', 0, 400),
  field.number('section.padding.desktop.bottom', 0, 400),
  field.number('section.border.width', 0, 50),
  field.colour('section.border.color'),
  field.text('footer.note'),
  field.toggle('footer.button.isShow'),
  field.text('footer.button.text'),
  field.link('footer.button.link'),
  field.richText('htmlBefore'),
  field.richText('htmlAfter'),
];

/** The content block of text sections: rich text with a picture. */
export const contentFields: EditorField[] = [
  field.richText('content.html'),
  field.image('content.image'),
  field.text('content.alt'),
  field.select('content.orderMobile', ['imageFirst', 'textFirst']),
];

/** The video of a content block shown in place of its picture (text blocks with a picture, the banner). */
export const contentVideoField: EditorField = field.video('content.video');

/** The item layout per screen (list, grid, carousel…) and its columns. */
export const templateFields: EditorField[] = (['desktop', 'tablet', 'mobile'] as const).flatMap((screen) => [
  field.select(`template.${screen}.type`, LAYOUT_TYPES),
  field.number(`template.${screen}.columns`, 1, 6),
]);

/** A text item: title, rich text, picture, button. */
export const textItemFields: EditorField[] = [
  field.text('heading.title'),
  field.richText('content.html'),
  field.image('content.image'),
  field.text('content.alt'),
  field.toggle('button.isShow'),
  field.text('button.text'),
  field.link('button.link'),
];

/** A picture item of galleries and logos. */
export const imageItemFields: EditorField[] = [field.image('image'), field.text('alt'), field.text('title'), field.link('link')];

/** Every label key the fields use, for the locale completeness test. */
export function fieldLabelKeys(fields: readonly EditorField[]): string[] {
  return fields.flatMap((f) => [
    f.label,
    ...(f.hint ? [f.hint] : []),
    ...(f.choices ?? []).map((c) => c.label),
    ...fieldLabelKeys(f.fields ?? []),
  ]);
}

/** `{ en, ru }` of a preset text. */
export const stored = (en: string, ru: string): StoredText => ({ en, ru });

/** A preset: its name, complete options and items (texts in both languages, as stored). */
export const preset = (name: string, options: Record<string, unknown>, items: Record<string, unknown>[] = []): SectionPreset => ({
  name,
  options,
  items,
});

/** A heading title in both languages. */
export const headingOf = (en: string, ru: string) => ({ title: stored(en, ru) });
/** A rich-text paragraph in both languages. */
export const paragraph = (en: string, ru: string) => stored(`<p>${en}</p>`, `<p>${ru}</p>`);

/** The enquiry form's texts. */
export const leadFormFields: EditorField[] = [
  field.text('form.button'),
  field.text('form.defaultComment'),
  field.text('form.successTitle'),
  field.text('form.successText'),
];
export const leadFormPreset = {
  button: stored('Send', 'Отправить'),
  successTitle: stored('Thank you!', 'Спасибо!'),
  successText: stored('We will get back to you soon.', 'Мы скоро с вами свяжемся.'),
};
