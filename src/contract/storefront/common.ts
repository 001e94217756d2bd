/**
 * Answers shared by several domains of the storefront API. Like the rest of src/contract/storefront, free of
 * server and browser imports: the routes validate with these schemas and the API client takes its types from them.
 */
import { z } from 'zod';

/** An image as every answer carries it. */
export const imageAnswer = z.strictObject({
  id: z.string(),
  name: z.string(),
  alt: z.string(),
  title: z.string(),
  uri: z.string(),
  mime: z.string(),
  width: z.number(),
  height: z.number(),
  extension: z.string(),
  size: z.number(),
  createdAt: z.string(),
  type: z.string(),
  dir: z.string(),
});
export type ImageDto = z.infer<typeof imageAnswer>;

/** A review or comment was stored and waits for moderation; `message` thanks the author. */
export const pendingModerationAnswer = z.strictObject({
  success: z.literal(true),
  status: z.literal('pending'),
  id: z.string(),
  message: z.string(),
});
export type PendingModerationDto = z.infer<typeof pendingModerationAnswer>;

/** An action that answers only whether it succeeded (sign-out, account deletion, password reset). */
export const successAnswer = z.strictObject({ success: z.boolean() });
export type SuccessDto = z.infer<typeof successAnswer>;

/**
 * A section of a page, catalog, article or product as the page answers carry it: its localized options and items;
 * `data` is the server-resolved content of a widget section (products, articles, tags, comments), shaped as the
 * section type's definition says (src/sections/data-needs.ts).
 */
export const sectionAnswer = z.strictObject({
  id: z.string(),
  type: z.string(),
  position: z.number(),
  required: z.boolean(),
  group: z.string().nullable(),
  enable: z.boolean(),
  hidden: z.boolean(),
  options: z.record(z.string(), z.unknown()),
  items: z.array(z.strictObject({ id: z.string(), options: z.record(z.string(), z.unknown()) })),
  styles: z.record(z.string(), z.unknown()),
  data: z.record(z.string(), z.unknown()).optional(),
});
export type SectionDto = z.infer<typeof sectionAnswer>;
