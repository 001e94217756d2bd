import { and, desc, eq } from 'drizzle-orm';
import type { BuilderContent, BuilderRevision, BuilderRevisionListItem } from '../../../../contract/admin/builder';
import type { Language } from '../../../../lib/localize';
import type { Executor } from '../../../db/client';
import { builderRevisions } from '../../../db/schema';
import { notFound } from '../../core/errors';
import { adminMessage } from '../messages';

/** A target's published revisions, newest first (revision 0 is the content before the first builder publish). */
export async function listRevisions(db: Executor, target: string): Promise<BuilderRevisionListItem[]> {
  const rows = await db
    .select({
      number: builderRevisions.number,
      publishedAt: builderRevisions.publishedAt,
      publishedByName: builderRevisions.publishedByName,
    })
    .from(builderRevisions)
    .where(eq(builderRevisions.target, target))
    .orderBy(desc(builderRevisions.number));
  return rows.map((r) => ({ number: r.number, publishedAt: r.publishedAt.toISOString(), publishedByName: r.publishedByName }));
}

/** One revision's content, or 404. */
export async function findRevision(db: Executor, target: string, number: number, lang: Language): Promise<BuilderRevision> {
  const [row] = await db
    .select({ number: builderRevisions.number, content: builderRevisions.content })
    .from(builderRevisions)
    .where(and(eq(builderRevisions.target, target), eq(builderRevisions.number, number)));
  if (!row) throw notFound(adminMessage('builder.revisionNotFound', lang));
  return { number: row.number, content: row.content as BuilderContent };
}
