import { z } from 'zod';
import { DEFAULT_MESSAGES } from '../../../lib/validation';

/** A string safe to compare in SQL: bounded and without NUL bytes (PostgreSQL refuses those). */
export const plainText = (max: number) =>
  z.string().max(max).refine((value) => !value.includes('\u0000'), 'This value is not valid.');

/** An id or slug from the path or the query. */
export const key = plainText(255).min(1, DEFAULT_MESSAGES['forms.errors.noEmpty']);

/**
 * A list query parameter (`ids[]=a&ids[]=b`); a single `ids=a` is accepted as a list of one and
 * empty entries (`ids[]=`) are ignored.
 */
export const listOf = <T extends z.ZodType>(item: T, max: number) =>
  z.preprocess(
    (value) => (value === undefined ? value : (Array.isArray(value) ? value : [value]).filter((entry) => entry !== '')),
    z.array(item).max(max),
  );

export const offsetParam = z.coerce.number().int().min(0).max(1_000_000).default(0);
export const limitParam = (fallback: number, max: number) => z.coerce.number().int().min(1).max(max).default(fallback);

export const slugParams = z.object({ slug: key });
