import { eq } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { builderDrafts, builderRevisions } from '../../../db/schema';

/** A deleted page, catalog, article or product takes its builder draft and history with it (in the same transaction). */
export async function forgetBuilderTarget(tx: Executor, target: `${'page' | 'catalog' | 'article' | 'product'}:${string}`): Promise<void> {
  await tx.delete(builderDrafts).where(eq(builderDrafts.target, target));
  await tx.delete(builderRevisions).where(eq(builderRevisions.target, target));
}
