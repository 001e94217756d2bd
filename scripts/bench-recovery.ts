/**
 * npm run bench:recovery: abandoned-checkout recovery on a shop with many kept checkouts (PGlite in a temporary
 * directory): 100,000 checkouts (BENCH_CHECKOUTS), a twentieth of them due for their first reminder.
 *
 * It prints the time of one reminder pass over the due checkouts (each claimed, checked and its mail queued), the
 * back office list's first page and page 1,000 and the summary (p95 of BENCH_RUNS calls, goal < 100 ms), and the plans
 * of the pass's and the list's queries (an index, not a scan of the table).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { createStaff } from '../src/server/api/admin/staff';
import { readConfig } from '../src/server/config';
import { checkoutRecoveries, settings, variations } from '../src/server/db/schema';
import { createLogger } from '../src/server/logger';
import { RECOVERY_SETTINGS_GROUP, runRecoveryPass } from '../src/server/marketing/recovery';
import { createRuntime } from '../src/server/runtime';

const CHECKOUTS = Number(process.env.BENCH_CHECKOUTS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const HOUR = 3_600_000;

const p95 = (times: number[]) => [...times].sort((a, b) => a - b)[Math.ceil(times.length * 0.95) - 1]!;

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-recovery-'));
  const config = readConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', MAIL_WORKER: 'false', PASSWORD_HASH_COST: '1024' });
  const runtime = await createRuntime(config, {
    logger: createLogger('silent'),
    seed: true,
    timers: { setInterval: () => null, clearInterval: () => {} },
  });
  const { db } = runtime.deps;
  try {
    const now = Date.now();
    const [variation] = await db.select({ id: variations.id }).from(variations).limit(1);
    const items = [{ variationId: variation!.id, quantity: 1 }];
    const statuses = ['open', 'ordered', 'emptied', 'unsubscribed'] as const;
    for (let start = 0; start < CHECKOUTS; start += 2_000) {
      const rows = Array.from({ length: Math.min(2_000, CHECKOUTS - start) }, (_, i) => {
        const n = start + i;
        const due = n % 20 === 0;
        const at = new Date(now - (due ? 2 * HOUR : (n % 5_000) * 60_000));
        return {
          id: randomUUID(),
          keyHash: `bench-${n}`,
          email: `shopper${n}@bench.test`,
          lang: n % 2 ? 'ru' : 'en',
          items,
          status: due ? 'open' : statuses[n % 4]!,
          startedAt: at,
          activeAt: due ? at : new Date(now),
        };
      });
      await db.insert(checkoutRecoveries).values(rows);
    }
    await db.execute(sql`analyze checkout_recoveries`);
    await db.insert(settings).values({
      group: RECOVERY_SETTINGS_GROUP,
      value: {
        enabled: true,
        firstDelayMinutes: 60,
        secondDelayMinutes: 1440,
        firstDiscountCodeId: null,
        secondDiscountCodeId: null,
        attributionDays: 7,
        linkDays: 14,
      },
    });

    const plan = async (label: string, query: ReturnType<typeof sql>) => {
      // PGlite answers { rows }, as node-postgres does
      const result = (await db.execute(sql`explain ${query}`)) as unknown as { rows: { 'QUERY PLAN': string }[] };
      const rows = result.rows.map((r) => r['QUERY PLAN']);
      console.log(`plan of ${label}:\n  ${rows.join('\n  ')}`);
    };
    await plan(
      'the first reminders due',
      sql`select * from checkout_recoveries where status = 'open' and reminders_sent = 0 and active_at <= ${new Date(now - HOUR).toISOString()} and active_at > ${new Date(now - 7 * 24 * HOUR).toISOString()} order by active_at limit 20 for update skip locked`,
    );
    await plan(
      'the list by status, page 1,000',
      sql`select id from checkout_recoveries where status = 'ordered' order by started_at desc, id desc limit 25 offset 24975`,
    );

    const started = performance.now();
    const pass = await runRecoveryPass(runtime.deps, new Date(now));
    console.log(`reminder pass: ${pass.queued} reminders queued, ${pass.closed} closed in ${Math.round(performance.now() - started)} ms`);

    await createStaff(db, { email: 'bench@staff.test', password: 'bench-password-2026', role: 'manager', name: 'Bench' }, { cost: 1024 });
    const signIn = await runtime.api.request('/api/admin/session', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-shop-admin': '1', origin: 'http://localhost:4321' },
      body: JSON.stringify({ email: 'bench@staff.test', password: 'bench-password-2026' }),
    });
    const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0]!;
    for (const [label, address] of [
      ['list, first page', '/api/admin/marketing/recovery/checkouts'],
      ['list, page 1,000', '/api/admin/marketing/recovery/checkouts?page=1000'],
      ['list by status, page 100', '/api/admin/marketing/recovery/checkouts?status=ordered&page=100'],
      ['summary, 30 days', '/api/admin/marketing/recovery/summary?days=30'],
    ] as const) {
      const times: number[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        const t0 = performance.now();
        const response = await runtime.api.request(address, { headers: { cookie } });
        if (response.status !== 200) throw new Error(`${address}: ${response.status} ${await response.text()}`);
        await response.arrayBuffer();
        times.push(performance.now() - t0);
      }
      console.log(`${label}: p95 ${p95(times).toFixed(1)} ms (goal < 100 ms)`);
    }
  } finally {
    await runtime.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
