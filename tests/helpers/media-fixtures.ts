import { createHash } from 'node:crypto';
import { createLogger } from '../../src/server/logger';
import { serveMedia } from '../../src/server/media/serve';
import type { TestApp } from './test-app';

export const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

/** GET /media/… as the storefront's media route answers it, through this app's store and cache. */
export function getMedia(app: TestApp, address: string): Promise<Response> {
  const url = new URL(address, 'http://shop.test');
  return serveMedia(
    { db: app.deps.db, media: app.deps.media.cache, logger: createLogger('silent') },
    decodeURIComponent(url.pathname.replace(/^\/media\//, '')),
    url.search,
  );
}

/** The bytes served at an address, following one redirect; null when not found. */
export async function mediaBytes(app: TestApp, address: string): Promise<Buffer | null> {
  let answer = await getMedia(app, address);
  if (answer.status === 301) answer = await getMedia(app, answer.headers.get('location')!);
  return answer.status === 200 ? Buffer.from(await answer.arrayBuffer()) : null;
}
