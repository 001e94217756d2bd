import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onInvalidate } from '../../src/server/cache/invalidation';
import { startPgInvalidationTransport, type InvalidationTransport } from '../../src/server/cache/pg-transport';
import { startTcpProxy, type TcpProxy } from '../helpers/tcp-proxy';

const databaseUrl = process.env.TEST_DATABASE_URL;

/**
 * Values kept per instance (settings, menus, redirects, pages) are dropped by the invalidations other instances
 * send. An instance that could not listen when it started missed some: once it listens, it drops everything.
 */
describe.skipIf(!databaseUrl)('the PostgreSQL invalidation transport', () => {
  let proxy: TcpProxy;
  let transport: InvalidationTransport | undefined;

  beforeAll(async () => {
    const url = new URL(databaseUrl!);
    proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
  });
  afterAll(async () => {
    await transport?.close();
    await proxy.close();
  });

  it('drops every kept value once it listens after a first connection that failed', async () => {
    await proxy.cut();
    const url = new URL(databaseUrl!);
    url.host = `127.0.0.1:${proxy.port}`;
    const heard: string[][] = [];
    const stop = onInvalidate((tags) => void heard.push([...tags]));
    try {
      transport = startPgInvalidationTransport(url.toString(), { warn: () => {} });
      await transport.ready;
      expect(heard).toEqual([]);
      await proxy.restore();
      await expect.poll(() => heard, { timeout: 10_000 }).toContainEqual(['all']);
    } finally {
      stop();
    }
  });
});
