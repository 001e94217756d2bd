import { desc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { reviews } from '../../db/schema';
import { loadProducts } from '../catalog/product-dto';
import { requireUser } from '../core/auth';
import type { AppEnv } from '../core/context';
import { readQuery } from '../core/validate';
import { limitParam, offsetParam } from '../content/params';
import type { ImageDto } from '../shared/images';

export const reviewsRoutes = new Hono<AppEnv>();

export type ReviewStatus = 'pending' | 'approved' | 'rejected';

/** One of the signed-in customer's reviews with its moderation state; `product` is null once the product is gone. */
export type UserReviewDto = {
  id: string;
  product: { id: string; slug: string; title: string; image: ImageDto | null } | null;
  authorName: string;
  rating: number;
  text: string;
  status: ReviewStatus;
  createdAt: string;
};

const reviewsQuery = z.object({ offset: offsetParam, limit: limitParam(20, 100) });

const REVIEW_STATUSES = new Set<string>(['pending', 'approved', 'rejected']);

/** The signed-in user's own reviews, newest first; nobody can list another customer's. */
reviewsRoutes.get('/users/reviews', async (c) => {
  const { db } = c.var.deps;
  const { id: userId } = requireUser(c);
  const { offset, limit } = readQuery(c, reviewsQuery);
  const rows = await db
    .select()
    .from(reviews)
    .where(eq(reviews.userId, userId))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .offset(offset)
    .limit(limit);
  const products = new Map((await loadProducts(db, rows.map((r) => r.productId), c.var.lang)).map((p) => [p.id, p]));
  return c.json(
    rows.map((row): UserReviewDto => {
      const product = products.get(row.productId);
      return {
        id: row.id,
        product: product ? { id: product.id, slug: product.slug, title: product.title, image: product.imagePreview } : null,
        authorName: row.authorName,
        rating: row.rating,
        text: row.text,
        status: (REVIEW_STATUSES.has(row.status) ? row.status : 'pending') as ReviewStatus,
        createdAt: row.createdAt.toISOString(),
      };
    }),
  );
});
