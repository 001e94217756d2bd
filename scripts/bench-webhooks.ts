/**
 * npm run bench:webhooks: what the webhook outbox costs the writes that fill it, and how fast the worker empties it.
 *
 * A fresh shop (PGlite in a temporary directory, or PostgreSQL when BENCH_DATABASE_URL is set: its tables are used as
 * they are) with three enabled endpoints on a loopback receiver that answers 200 at once. It prints:
 *   - recording an event in its own transaction (the outbox rows of three endpoints): mean and p95 per event;
 *   - one instance's worker delivering BENCH_EVENTS events (three deliveries each), signed: deliveries per second;
 *   - two workers at once on the same rows: deliveries per second, and that no delivery was sent twice.
 *
 * Options (environment): BENCH_EVENTS (500), BENCH_DATABASE_URL.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { readConfig } from '../src/server/config';
import { webhookEndpoints } from '../src/server/db/schema';
import { recordShopEvent } from '../src/server/integrations/outbox';
import { deliverDueIntegrations } from '../src/server/integrations/worker';
import { createLogger } from '../src/server/logger';
import { createRuntime } from '../src/server/runtime';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 500);
const ENDPOINTS = 3;

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))]!;

const seen = new Map<string, number>();
const server = http.createServer((req, res) => {
  const id = String(req.headers['shop-delivery']);
  seen.set(id, (seen.get(id) ?? 0) + 1);
  req.resume();
  req.on('end', () => res.end('ok'));
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-webhooks-'));
const runtime = await createRuntime(
  readConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    MAIL_WORKER: 'false',
    JOB_WORKER: 'false',
    INTEGRATIONS_WORKER: 'false',
    WEBHOOKS_ALLOW_PRIVATE: 'true',
    ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
  }),
  { logger: createLogger('silent'), seed: false, timers: { setInterval: () => null, clearInterval: () => {} } },
);
const { deps } = runtime;
const endpointIds: string[] = [];
for (let i = 0; i < ENDPOINTS; i += 1) {
  const id = randomUUID();
  endpointIds.push(id);
  await deps.db.insert(webhookEndpoints).values({ id, url: `${origin}/hook-${i}`, events: ['order.created'], secret: `whsec_bench_${i}` });
}

async function record(count: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const started = performance.now();
    await deps.db.transaction((tx) =>
      recordShopEvent(
        tx,
        'order.created',
        { id: randomUUID(), number: i, totalCents: 12_345, currency: 'USD', customer: { name: 'Bench' } },
        deps.now(),
      ),
    );
    times.push(performance.now() - started);
  }
  return times;
}

try {
  console.log(
    `load average: ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}; ${os.cpus().length} cores; ${deps.dbKind}`,
  );
  const times = await record(EVENTS);
  const mean = times.reduce((a, b) => a + b, 0) / times.length;
  console.log(
    `record an event (${ENDPOINTS} endpoints) in its transaction: mean ${mean.toFixed(2)} ms, p95 ${percentile(times, 0.95).toFixed(2)} ms`,
  );

  let started = performance.now();
  const one = await deliverDueIntegrations(deps);
  let seconds = (performance.now() - started) / 1000;
  console.log(`one worker: ${one.delivered} deliveries in ${seconds.toFixed(2)} s, ${(one.delivered / seconds).toFixed(0)}/s`);

  await record(EVENTS);
  seen.clear();
  started = performance.now();
  const both = await Promise.all([deliverDueIntegrations(deps), deliverDueIntegrations(deps)]);
  seconds = (performance.now() - started) / 1000;
  const delivered = both.reduce((sum, r) => sum + r.delivered, 0);
  const twice = [...seen.values()].filter((n) => n > 1).length;
  console.log(
    `two workers at once: ${delivered} deliveries in ${seconds.toFixed(2)} s, ${(delivered / seconds).toFixed(0)}/s; sent twice: ${twice}`,
  );
} finally {
  await runtime.close();
  server.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
