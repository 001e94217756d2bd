/**
 * The kinds of field a generated form edits: the one list shared by the section definitions
 * (`src/sections/editor.ts`), the back office contract (`src/contract/admin/builder.ts`) and the builder's form
 * (`src/admin/screens/builder/OptionsForm.tsx`), so a kind added here is one the type checker asks each of them for.
 *
 * | Kind | Stores |
 * |---|---|
 * | `text`, `richText` | `{ en, ru }` |
 * | `plain` | one string for both languages (addresses, codes, numbers written as text) |
 * | `date` | `YYYY-MM-DD` |
 * | `datetime` | `YYYY-MM-DDTHH:mm`, the shop's local time |
 * | `image` | a media library image id |
 * | `video` | `{ source, video, mode, previewImage }` (`videoFieldValue` of src/lib/video.ts), checked when saved |
 * | `link` | `{ type, url }` as menus store links |
 * | `colour`, `select`, `number`, `toggle` | a string, a choice, a number, a boolean |
 * | `list` | entries of the field's own `fields` |
 * | `catalog`, `category`, `page` | a record picked by search: its slug (what pages look it up by) |
 * | `product`, `article` | a record picked by search: its id |
 * | `choices`, `json` | settings groups only: several choices in order, free-form options |
 */
export const FIELD_KINDS = [
  'text',
  'plain',
  'richText',
  'date',
  'datetime',
  'image',
  'video',
  'link',
  'colour',
  'select',
  'number',
  'toggle',
  'list',
  'catalog',
  'category',
  'page',
  'product',
  'article',
  'choices',
  'json',
] as const;
export type FieldKind = (typeof FIELD_KINDS)[number];

/** The kinds that pick a shop record by search (with its thumbnail); each is a link target kind as well. */
export const RECORD_FIELD_KINDS = ['catalog', 'category', 'page', 'product', 'article'] as const satisfies readonly FieldKind[];
export type RecordFieldKind = (typeof RECORD_FIELD_KINDS)[number];

export const isRecordFieldKind = (kind: string): kind is RecordFieldKind => (RECORD_FIELD_KINDS as readonly string[]).includes(kind);

/** Record kinds stored by id; the others by slug. */
const BY_ID: readonly RecordFieldKind[] = ['product', 'article'];
export const storesRecordId = (kind: RecordFieldKind): boolean => BY_ID.includes(kind);

const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const DATE_TIME = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d$/;

/** True for a `date` field's value (`2026-11-23`). */
export const isFieldDate = (value: unknown): value is string => typeof value === 'string' && DATE.test(value);
/** True for a `datetime` field's value (`2026-11-23T18:00`). */
export const isFieldDateTime = (value: unknown): value is string => typeof value === 'string' && DATE_TIME.test(value);
