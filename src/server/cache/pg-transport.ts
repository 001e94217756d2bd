import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { deliverRemote, onInvalidateForTransport } from './invalidation';

/**
 * Carries cache invalidations between instances sharing one PostgreSQL database: each instance LISTENs
 * on one channel and NOTIFYs the tags its writers invalidate; tags from others reach this instance's
 * page cache through `deliverRemote`. When the listening connection drops, the instance cannot know what
 * it missed, so on reconnecting it drops every page ('all').
 *
 * On PGlite there is one instance, and `invalidate` already reaches its cache in-process.
 */

export const INVALIDATION_CHANNEL = 'storefront_page_cache';
/** NOTIFY payloads are limited to 8000 bytes; tags are sent in batches below that. */
const MAX_PAYLOAD = 7000;
const RECONNECT_MS = 1000;

type Message = { from: string; tags: string[] };

export function payloads(from: string, tags: readonly string[]): string[] {
  const batches: string[] = [];
  let batch: string[] = [];
  const encode = (list: string[]) => JSON.stringify({ from, tags: list } satisfies Message);
  for (const tag of tags) {
    if (batch.length && encode([...batch, tag]).length > MAX_PAYLOAD) {
      batches.push(encode(batch));
      batch = [];
    }
    batch.push(tag.slice(0, 500));
  }
  if (batch.length) batches.push(encode(batch));
  return batches;
}

export function parsePayload(payload: string | undefined): Message | null {
  try {
    const message = JSON.parse(payload ?? '') as Partial<Message>;
    if (typeof message.from !== 'string' || !Array.isArray(message.tags)) return null;
    return { from: message.from, tags: message.tags.filter((t): t is string => typeof t === 'string') };
  } catch {
    return null;
  }
}

export type InvalidationTransport = { instanceId: string; ready: Promise<void>; close: () => Promise<void> };

export function startPgInvalidationTransport(
  connectionString: string,
  logger: { warn: (details: object, message: string) => void },
): InvalidationTransport {
  const instanceId = randomUUID();
  const sender = new pg.Pool({ connectionString, max: 1 });
  sender.on('error', (error) => logger.warn({ err: error }, 'page cache invalidation sender failed'));
  let listener: pg.Client | undefined;
  let closed = false;
  let connectedBefore = false;
  /** the first connection failed: the instance served (and kept values) without listening */
  let startedDeaf = false;

  async function listen(): Promise<void> {
    const client = new pg.Client({ connectionString });
    client.on('notification', (message) => {
      const parsed = parsePayload(message.payload);
      if (parsed && parsed.from !== instanceId) void deliverRemote(parsed.tags);
    });
    client.on('error', (error) => {
      logger.warn({ err: error }, 'page cache invalidation listener lost; reconnecting');
      void client.end().catch(() => undefined);
      if (listener === client) listener = undefined;
      if (!closed) setTimeout(() => void listen().catch(() => undefined), RECONNECT_MS).unref();
    });
    await client.connect();
    await client.query(`LISTEN ${INVALIDATION_CHANNEL}`);
    listener = client;
    // Whatever was invalidated while this instance was not listening is unknown: drop every page (and every value
    // kept per instance), after a lost connection and after a first connection that only a retry made.
    if (connectedBefore || startedDeaf) await deliverRemote(['all']);
    connectedBefore = true;
  }

  // A lost notification must not fail the write that caused it (the write is committed by now).
  const unsubscribe = onInvalidateForTransport(async (tags) => {
    try {
      for (const payload of payloads(instanceId, tags)) {
        await sender.query('select pg_notify($1, $2)', [INVALIDATION_CHANNEL, payload]);
      }
    } catch (error) {
      logger.warn({ err: error, tags }, 'page cache invalidation could not be sent to other instances');
    }
  });

  const ready = listen().catch((error: unknown) => {
    startedDeaf = true;
    logger.warn({ err: error }, 'page cache invalidation listener could not connect; retrying');
    if (!closed) setTimeout(() => void listen().catch(() => undefined), RECONNECT_MS).unref();
  });
  return {
    instanceId,
    ready,
    async close() {
      closed = true;
      unsubscribe();
      await Promise.allSettled([listener?.end(), sender.end()]);
    },
  };
}
