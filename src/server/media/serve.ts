import { eq } from 'drizzle-orm';
import { parseContentAddress, retiredAddress } from '../../lib/media-address';
import { parseQueryString } from '../../lib/query-string';
import type { Database } from '../db/client';
import { images, mediaAddresses } from '../db/schema';
import type { Logger } from '../logger';
import { MEDIA_BUSY, resizeQuerySchema, type MediaCache } from './renditions';

/** A content address names one content for good: browsers and proxies may keep it for a year without asking. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** An older address points at the image's current one, which a later replacement changes again. */
const REDIRECT_CACHE = 'public, max-age=86400';

const text = (body: string, status: number, headers: Record<string, string> = {}) =>
  new Response(body, { status, headers: { 'content-type': 'text/plain; charset=utf-8', ...headers } });

/** The image's current address for one it had before (an older file's, or a folder path), or null. */
async function currentAddress(db: Database, address: string): Promise<string | null> {
  const [row] = await db
    .select({ uri: images.uri })
    .from(mediaAddresses)
    .innerJoin(images, eq(images.id, mediaAddresses.imageId))
    .where(eq(mediaAddresses.address, address));
  return row?.uri ?? null;
}

/**
 * Answers `GET /media/<path>?w=&h=&fit=&format=`: an original or one of its renditions by its content address,
 * cached for good; an address the image had before redirects to its current one (so pages and e-mails that
 * kept it still show the picture); anything else is not found.
 */
export async function serveMedia(deps: { db: Database; media: MediaCache; logger: Logger }, mediaPath: string, search: string) {
  const query = resizeQuerySchema.safeParse(parseQueryString(search));
  if (!query.success) return text('Bad image size', 400);
  const address = parseContentAddress(mediaPath);
  try {
    if (address) {
      const file = await deps.media.read(address.hash, query.data);
      if (file === MEDIA_BUSY) return text('Busy resizing images, try again', 503, { 'retry-after': '1' });
      if (file) {
        return new Response(new Uint8Array(file.body), {
          headers: { 'content-type': file.mime, 'content-length': String(file.body.length), 'cache-control': IMMUTABLE },
        });
      }
    }
    const current = await currentAddress(deps.db, address ? retiredAddress(address.hash) : `/media/${mediaPath}`);
    if (!current) return text('Not found', 404, { 'cache-control': 'public, max-age=60' });
    return new Response(null, { status: 301, headers: { location: `${current}${search}`, 'cache-control': REDIRECT_CACHE } });
  } catch (error) {
    deps.logger.warn({ err: error, path: mediaPath }, 'image could not be read from the media store');
    return text('Images are unavailable for a moment, try again', 503, { 'retry-after': '5' });
  }
}
