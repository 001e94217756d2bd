import { z } from 'zod';
import { isFieldDate, isFieldDateTime } from '../lib/field-kinds';
import { isRecord } from '../lib/is-record';

/**
 * Building blocks of the section option schemas. Section options are stored data edited by the shop
 * owner, so parsing is lenient: a missing or invalid value becomes its default and parsing never
 * throws. Texts arrive already localized (plain strings).
 */

export { isRecord };

/** An object whose fields fall back to their defaults; anything that is not an object counts as `{}`. Unknown keys are kept. */
export function lenientObject<T extends z.core.$ZodLooseShape>(shape: T) {
  return z.preprocess((value) => (isRecord(value) ? value : {}), z.looseObject(shape));
}

/** A list whose invalid entries are dropped; anything that is not a list counts as empty. */
export function lenientList<T extends z.ZodType>(item: T) {
  return z
    .unknown()
    .optional()
    .transform((value) => (Array.isArray(value) ? value : []))
    .transform((entries) =>
      entries.flatMap((entry) => {
        const parsed = item.safeParse(entry);
        return parsed.success ? [parsed.data as z.output<T>] : [];
      }),
    );
}

/** A text; numbers are shown as written, anything else is the fallback. */
export const text = (fallback = '') =>
  z
    .union([z.string(), z.number().transform(String)])
    .transform((value) => value.trim())
    .catch(fallback);

/** A text of the form `test` accepts, else null. */
const formatted = (test: (value: string) => boolean) =>
  z
    .string()
    .trim()
    .refine(test)
    .nullable()
    .catch(null)
    .transform((value) => value ?? null);

/** A `date` field's value (`2026-11-23`), else null. */
export const date = () => formatted(isFieldDate);
/** A `datetime` field's value (`2026-11-23T18:00`, the shop's local time), else null. */
export const dateTime = () => formatted(isFieldDateTime);

export const flag = (fallback: boolean) => z.boolean().catch(fallback);

/** A number (or numeric string) within [min, max], else the fallback. */
export const numberIn = (fallback: number, min: number, max: number) =>
  z
    .union([z.number(), z.string().trim().min(1).transform(Number)])
    .pipe(z.number().min(min).max(max))
    .catch(fallback);

export const integerIn = (fallback: number, min: number, max: number) =>
  numberIn(fallback, min, max).transform((value) => Math.round(value));

export const choice = <const T extends readonly [string, ...string[]], F extends T[number] | null>(values: T, fallback: F) =>
  z.enum(values).catch(fallback as T[number]) as z.ZodType<T[number] | F>;

/**
 * A colour safe to put in a style attribute: hex, rgb(a)/hsl(a) with numbers only, or a colour
 * keyword; anything else is null.
 */
const COLOR = /^(#[\da-f]{3,8}|(rgb|hsl)a?\([\d\s.,%/]+\)|[a-z]{3,24})$/i;
export const color = () => formatted((value) => COLOR.test(value));

/**
 * A stored value kept as it is for a later resolver (image references, links); null when missing.
 * (`.optional()` first: in zod 4 a transformed `unknown` is otherwise a required key.)
 */
export const raw = () =>
  z
    .unknown()
    .optional()
    .transform((value) => value ?? null);
