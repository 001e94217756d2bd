import { z } from 'zod';
import { CURRENCIES } from './format-price';
import {
  FONTS,
  MENU_FONT_WEIGHTS,
  MENU_LOOK_FIELDS,
  settingsListItem,
  settingsStringPattern,
  shopSettingsSchema,
  THEME_COLORS,
  type SettingsGroup,
} from './settings';

/**
 * The shape of every settings group as form fields, found by walking the lenient zod schema of
 * src/lib/settings.ts (the one the storefront reads), plus the few places where the stored type says too little
 * (a currency, a font, the palette). The back office renders its forms from these fields and the API validates
 * a group's new value with the strict schema made from the same fields, so both always agree with the schema.
 */
export type SettingsField =
  /** `pattern`: what a value must match (a value of its own format, such as a handle) */
  | { kind: 'string'; minLength: number; multiline: boolean; pattern?: RegExp }
  /** a customer-facing text: one string, or `{ en, ru }` */
  | { kind: 'text' }
  | { kind: 'number'; min: number | null; max: number | null; integer: boolean }
  | { kind: 'boolean' }
  | { kind: 'choice'; options: readonly string[] }
  /** several of `options`, in order */
  | { kind: 'choices'; options: readonly string[] }
  /** an image id of the media library, or null */
  | { kind: 'image' }
  /** a CSS colour, or unset (the theme's default) */
  | { kind: 'color' }
  /** `true`, `false` or a keyword (ecommerce.showQuantity) */
  | { kind: 'flagOrString' }
  | { kind: 'object'; fields: [string, SettingsField][] }
  | { kind: 'list'; item: SettingsField }
  /** free-form options of a storefront widget, edited as JSON */
  | { kind: 'json' };

/** Fields whose stored type says less than what they hold, by group and path. */
const OVERRIDES: Record<string, SettingsField> = {
  'ecommerce.currency': { kind: 'choice', options: CURRENCIES },
  'styles.fontFamilyBody': { kind: 'choice', options: FONTS },
  'styles.fontFamilyHeading': { kind: 'choice', options: FONTS },
  'styles.colors': { kind: 'object', fields: THEME_COLORS.map((name) => [name, { kind: 'color' }]) },
  'themes.fonts': { kind: 'choices', options: FONTS },
  ...Object.fromEntries(
    Object.entries(MENU_LOOK_FIELDS).flatMap(([group, looks]) =>
      looks.flatMap((look): [string, SettingsField][] => [
        [`${group}.${look}.color`, { kind: 'color' }],
        [`${group}.${look}.colorHover`, { kind: 'color' }],
        // in their order: an enum of numeric names lists them first
        [`${group}.${look}.fontWeight`, { kind: 'choice', options: MENU_FONT_WEIGHTS }],
      ]),
    ),
  ),
};

/** Long, free texts shown as a text area. */
const MULTILINE = new Set(['seo.customCode', 'seo.customStyle', 'seo.customCodeFooter', 'seo.robots', 'common.description']);

type Def = { type: string; [key: string]: unknown };
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

function walk(schema: z.ZodType, path: string): SettingsField {
  const override = OVERRIDES[path];
  if (override) return override;
  const item = settingsListItem(schema);
  if (item) return { kind: 'list', item: walk(item, `${path}.*`) };
  const def = defOf(schema);
  switch (def.type) {
    case 'catch':
    case 'default':
    case 'optional':
      return walk(def.innerType as z.ZodType, path);
    case 'pipe': {
      // z.preprocess is pipe(transform, schema); a transform after a schema is pipe(schema, transform)
      const out = def.out as z.ZodType;
      return defOf(out).type === 'transform' ? walk(def.in as z.ZodType, path) : walk(out, path);
    }
    case 'nullable':
      return { kind: 'image' };
    case 'string': {
      const pattern = settingsStringPattern(schema);
      return {
        kind: 'string',
        minLength: (schema as z.ZodString).minLength ?? 0,
        multiline: MULTILINE.has(path),
        ...(pattern ? { pattern } : {}),
      };
    }
    case 'number': {
      const number = schema as z.ZodNumber;
      const finite = (value: number | null) => (value !== null && Number.isFinite(value) ? value : null);
      return { kind: 'number', min: finite(number.minValue), max: finite(number.maxValue), integer: number.isInt };
    }
    case 'boolean':
      return { kind: 'boolean' };
    case 'enum':
      return { kind: 'choice', options: Object.values(def.entries as Record<string, string>) };
    case 'union': {
      const kinds = (def.options as z.ZodType[]).map((option) => defOf(option).type);
      if (kinds.includes('boolean')) return { kind: 'flagOrString' };
      return { kind: 'text' };
    }
    case 'object':
      return {
        kind: 'object',
        fields: Object.entries(def.shape as Record<string, z.ZodType>).map(([key, value]) => [key, walk(value, `${path}.${key}`)]),
      };
    case 'record':
      return { kind: 'json' };
    default:
      throw new Error(`settings form: no field for ${def.type} at ${path}`);
  }
}

const groupFields = new Map<SettingsGroup, Extract<SettingsField, { kind: 'object' }>>();

/** The form fields of a settings group. */
export function settingsGroupFields(group: SettingsGroup): Extract<SettingsField, { kind: 'object' }> {
  let fields = groupFields.get(group);
  if (!fields) {
    const walked = walk(shopSettingsSchema.shape[group], group);
    if (walked.kind !== 'object') throw new Error(`settings form: group ${group} is not an object`);
    fields = walked;
    groupFields.set(group, fields);
  }
  return fields;
}

// ---------------------------------------------------------------- strict validation of a new value

export const SETTINGS_STRING_MAX = 20_000;
export const SETTINGS_TEXT_MAX = 5_000;
const NO_NUL = (value: string) => !value.includes('\u0000');
const NUL_MESSAGE = 'This value contains an invalid character.';
const CSS_COLOR = /^(#[0-9a-f]{3,8}|(rgb|hsl)a?\([\d\s.,%/]+\)|[a-z]{3,20})$/i;
export const COLOR_MESSAGE = 'Use a colour such as #c3643f.';
const PATTERN_MESSAGE = 'This value is not valid.';

const plain = (max: number) => z.string().max(max).refine(NO_NUL, NUL_MESSAGE);

function strictOf(field: SettingsField): z.ZodType {
  switch (field.kind) {
    case 'string':
      if (field.pattern) return plain(SETTINGS_STRING_MAX).trim().regex(field.pattern, PATTERN_MESSAGE);
      return field.minLength > 0
        ? plain(SETTINGS_STRING_MAX).trim().min(field.minLength, 'This value should not be blank.')
        : plain(SETTINGS_STRING_MAX);
    case 'text':
      return z.union([plain(SETTINGS_TEXT_MAX), z.strictObject({ en: plain(SETTINGS_TEXT_MAX), ru: plain(SETTINGS_TEXT_MAX) })]);
    case 'number': {
      let number = field.integer ? z.int() : z.number();
      if (field.min !== null) number = number.min(field.min);
      if (field.max !== null) number = number.max(field.max);
      return number;
    }
    case 'boolean':
      return z.boolean();
    case 'choice':
      return z.enum(field.options as [string, ...string[]]);
    case 'choices':
      return z
        .array(z.enum(field.options as [string, ...string[]]))
        .max(field.options.length)
        .refine((v) => new Set(v).size === v.length, 'Each value once.');
    case 'image':
      return plain(500).nullable();
    case 'color':
      // empty: the theme's default colour
      return z.union([z.literal(''), z.string().trim().regex(CSS_COLOR, COLOR_MESSAGE)]).optional();
    case 'flagOrString':
      return z.union([z.boolean(), plain(50)]);
    case 'object':
      // a key the schema does not declare is refused (the stored reading would drop it anyway)
      return z.strictObject(Object.fromEntries(field.fields.map(([key, child]) => [key, strictOf(child)])));
    case 'list':
      return z.array(strictOf(field.item)).max(100);
    case 'json':
      return z.record(z.string(), z.unknown()).refine((v) => JSON.stringify(v).length <= SETTINGS_STRING_MAX, 'Too long.');
  }
}

const strictSchemas = new Map<SettingsGroup, z.ZodType<Record<string, unknown>>>();

/**
 * The strict schema of a group's new value: every field of the group present and of its type, and no key the
 * group does not declare (the stored reading is lenient; a write is not). Errors name the exact path of the field.
 */
export function strictSettingsSchema(group: SettingsGroup): z.ZodType<Record<string, unknown>> {
  let schema = strictSchemas.get(group);
  if (!schema) {
    schema = strictOf(settingsGroupFields(group)) as z.ZodType<Record<string, unknown>>;
    strictSchemas.set(group, schema);
  }
  return schema;
}

/** The empty value of a field: what a new list entry starts from. */
export function emptyValueOf(field: SettingsField): unknown {
  switch (field.kind) {
    case 'string':
      return '';
    case 'text':
      return { en: '', ru: '' };
    case 'number':
      return field.min ?? 0;
    case 'boolean':
      return false;
    case 'choice':
      return field.options[0];
    case 'choices':
    case 'list':
      return [];
    case 'image':
      return null;
    case 'color':
      return undefined;
    case 'flagOrString':
      return true;
    case 'json':
      return {};
    case 'object':
      return Object.fromEntries(field.fields.map(([key, child]) => [key, emptyValueOf(child)]));
  }
}

/** How a field label is looked up: an i18next `t` (its `lng` picks the language). */
export type SettingsLabelLookup = (key: string, options: { defaultValue: string; lng?: string }) => string;

/**
 * The label of a settings field, as every screen names it: its path's own text (`settings.paths.group_a_b`), else
 * its key's (`settings.fields.b`), else `fallback` (the key); an entry of a list of plain values is numbered
 * ("Phone numbers 1").
 */
export function settingsFieldLabel(
  t: SettingsLabelLookup,
  group: string,
  path: string[],
  options: { lng?: string; fallback?: string } = {},
): string {
  const named = path.filter((part) => !/^\d+$/.test(part));
  const key = named.at(-1) ?? group;
  const lng = options.lng ? { lng: options.lng } : {};
  const label = t(`settings.paths.${[group, ...named].join('_')}`, {
    ...lng,
    defaultValue: t(`settings.fields.${key}`, { ...lng, defaultValue: options.fallback ?? key }),
  });
  const last = path.at(-1) ?? '';
  return /^\d+$/.test(last) ? `${label} ${Number(last) + 1}` : label;
}
