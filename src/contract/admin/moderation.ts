import { z } from 'zod';
import {
  idSchema,
  listAnswerSchema,
  listQuerySchema,
  moderationStatusSchema,
  optionalTextSchema,
  requiredTextSchema,
  versionSchema,
} from './common';

/** GET /reviews */
export const reviewListQuerySchema = listQuerySchema(['createdAt', 'rating'], '-createdAt').extend({
  status: moderationStatusSchema.optional(),
  q: z.string().trim().max(200).optional(),
  productId: idSchema.optional(),
  /** one review (the shop's notice links to it) */
  id: idSchema.optional(),
});

export const adminReviewSchema = z.strictObject({
  id: z.string(),
  productId: z.string(),
  productTitle: z.string(),
  productSlug: z.string(),
  authorName: z.string(),
  email: z.string().nullable(),
  rating: z.int(),
  text: z.string(),
  reply: z.string().nullable(),
  status: moderationStatusSchema,
  createdAt: z.string(),
  version: z.int(),
});
export type AdminReview = z.infer<typeof adminReviewSchema>;
export const reviewListSchema = listAnswerSchema(adminReviewSchema);

/** PATCH /reviews/:id and PATCH /comments/:id; `reply: null` (or blank) removes the reply. */
export const moderationPatchSchema = z.object({
  status: moderationStatusSchema.optional(),
  text: requiredTextSchema(5000).optional(),
  reply: optionalTextSchema(5000).optional(),
  version: versionSchema,
});

/** GET /comments */
export const commentListQuerySchema = listQuerySchema(['createdAt'], '-createdAt').extend({
  status: moderationStatusSchema.optional(),
  q: z.string().trim().max(200).optional(),
  articleId: idSchema.optional(),
  /** one comment (the shop's notice links to it) */
  id: idSchema.optional(),
});

export const adminCommentSchema = z.strictObject({
  id: z.string(),
  articleId: z.string(),
  articleTitle: z.string(),
  articleSlug: z.string(),
  categorySlug: z.string(),
  authorName: z.string(),
  email: z.string().nullable(),
  text: z.string(),
  reply: z.string().nullable(),
  status: moderationStatusSchema,
  createdAt: z.string(),
  version: z.int(),
});
export type AdminComment = z.infer<typeof adminCommentSchema>;
export const commentListSchema = listAnswerSchema(adminCommentSchema);
