import { eq } from 'drizzle-orm';
import { cacheTags, invalidate } from '../../cache/invalidation';
import type { Executor } from '../../db/client';
import { orderItems } from '../../db/schema';

/**
 * Tells the page cache that the stock of an order's products changed (placed, released, taken again).
 * Called after the change is committed, so a page rendered from then on shows it.
 */
export async function invalidateOrderedProducts(db: Executor, orderId: string): Promise<void> {
  const rows = await db.select({ productId: orderItems.productId }).from(orderItems).where(eq(orderItems.orderId, orderId));
  const tags = rows.flatMap((row) => (row.productId ? [cacheTags.product(row.productId)] : []));
  if (tags.length) await invalidate([...tags, cacheTags.stockOnly]);
}
