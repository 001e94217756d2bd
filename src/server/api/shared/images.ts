import { inArray, sql, type SQL } from 'drizzle-orm';
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

/** An image row as a json column carries it (created_at as epoch milliseconds). */
export type ImageJson = Omit<ImageRow, 'createdAt'> & { createdAt: number | string };

/** The json object of one image row `i` (an alias of the images table in the caller's subquery). */
export const imageRowJson = sql.raw(`json_build_object('id', i.id, 'name', i.name, 'alt', i.alt, 'title', i.title, 'uri', i.uri,
  'mime', i.mime, 'width', i.width, 'height', i.height, 'extension', i.extension, 'size', i.size, 'type', i.type, 'dir', i.dir,
  'version', i.version, 'createdAt', floor(extract(epoch from i.created_at) * 1000))`);

/**
 * The image whose id `id` gives (a column of the outer query) as a json column, null when there is none: a
 * row is read with its image in one query. `imageFromJson` reads it.
 */
export function imageJson(id: SQL): SQL<ImageJson | null> {
  return sql<ImageJson | null>`(select ${imageRowJson} from ${images} i where i.id = ${id})`;
}

export function imageFromJson(image: ImageJson, lang: Language): ImageDto {
  return toImageDto({ ...image, createdAt: new Date(Number(image.createdAt)) }, lang);
}
