import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../src/server/db/client';
import { reviews } from '../../src/server/db/schema';

export type ReviewStatus = 'pending' | 'approved' | 'rejected';

/** A review written by `userId` (the catalog fixtures' reviews have no author account). */
export async function createUserReview(
  db: Database,
  fixture: { userId: string; productId: string; status?: ReviewStatus; text?: string; rating?: number; createdAt?: Date },
): Promise<string> {
  const id = randomUUID();
  await db.insert(reviews).values({
    id,
    productId: fixture.productId,
    userId: fixture.userId,
    authorName: 'Ada',
    rating: fixture.rating ?? 4,
    text: fixture.text ?? 'Well made',
    status: fixture.status ?? 'pending',
    ...(fixture.createdAt ? { createdAt: fixture.createdAt } : {}),
  });
  return id;
}

/** What a manager does in moderation: publishes (or rejects) a review. */
export async function moderateReview(db: Database, id: string, status: ReviewStatus): Promise<void> {
  await db.update(reviews).set({ status }).where(eq(reviews.id, id));
}
