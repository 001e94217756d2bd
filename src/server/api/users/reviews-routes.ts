import { desc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { reviews } from '../../db/schema';
import { loadProducts } from '../catalog/product-dto';
import { requireUser } from '../core/auth';
import type { AppEnv } from '../core/context';
import { readQuery } from '../core/validate';
import { REVIEW_STATUSES, userReviewsQuery, type ReviewStatus, type UserReviewDto } from '../../../contract/storefront/users';

export const reviewsRoutes = new Hono<AppEnv>();

const isReviewStatus = (status: string): status is ReviewStatus => (REVIEW_STATUSES as readonly string[]).includes(status);

/** The signed-in user's own reviews, newest first; nobody can list another customer's. */
reviewsRoutes.get('/users/reviews', async (c) => {
  const { db } = c.var.deps;
  const { id: userId } = requireUser(c);
  const { offset, limit } = readQuery(c, userReviewsQuery);
  const rows = await db
    .select()
    .from(reviews)
    .where(eq(reviews.userId, userId))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .offset(offset)
    .limit(limit);
  const products = new Map(
    (
      await loadProducts(
        db,
        rows.map((r) => r.productId),
        c.var.lang,
      )
    ).map((p) => [p.id, p]),
  );
  return c.json(
    rows.map((row): UserReviewDto => {
      const product = products.get(row.productId);
      return {
        id: row.id,
        product: product ? { id: product.id, slug: product.slug, title: product.title, image: product.imagePreview } : null,
        authorName: row.authorName,
        rating: row.rating,
        text: row.text,
        status: isReviewStatus(row.status) ? row.status : 'pending',
        createdAt: row.createdAt.toISOString(),
      };
    }),
  );
});
