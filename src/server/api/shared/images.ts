import { inArray } from 'drizzle-orm';
import type { Language } from '../../../lib/localize';
import type { Executor } from '../../db/client';
import { images } from '../../db/schema';
import type { ImageDto } from '../../../contract/storefront/common';

/** The image answer is declared once, in the contract. */
export type { ImageDto };

type ImageRow = typeof images.$inferSelect;

export function toImageDto(row: ImageRow, lang: Language): ImageDto {
  return {
    id: row.id,
    name: row.name,
    alt: row.alt?.[lang] || row.alt?.en || '',
    title: row.title?.[lang] || row.title?.en || '',
    uri: row.uri,
    mime: row.mime,
    width: row.width,
    height: row.height,
    extension: row.extension,
    size: row.size,
    createdAt: row.createdAt.toISOString(),
    type: row.type,
    dir: row.dir,
  };
}

/** Loads images by id into a map; unknown ids are simply absent. */
export async function loadImages(db: Executor, ids: Iterable<string | null | undefined>, lang: Language): Promise<Map<string, ImageDto>> {
  const unique = [...new Set([...ids].filter((id): id is string => typeof id === 'string' && id.length > 0))];
  if (unique.length === 0) return new Map();
  const rows = await db.select().from(images).where(inArray(images.id, unique));
  return new Map(rows.map((r) => [r.id, toImageDto(r, lang)]));
}
