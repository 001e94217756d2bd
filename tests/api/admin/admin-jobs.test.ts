import { and, eq, inArray, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productCsvChunks } from '../../../src/server/api/admin/catalog/product-csv';
import { jobKinds } from '../../../src/server/api/admin/jobs/job-kinds';
import { claimJob, JOB_LEASE_MS, runJobBatch, type JobKinds } from '../../../src/server/api/admin/jobs/job-runner';
import type { AppDeps } from '../../../src/server/api/core/context';
import { onInvalidate } from '../../../src/server/cache/invalidation';
import { adminJobs, auditLog, catalogProducts, products, variations } from '../../../src/server/db/schema';
import { adminRequest, createSignedInStaff, expectJson, type TestStaff } from '../../helpers/admin-fixtures';
import { createTestApp, databaseKinds, type TestApp } from '../../helpers/test-app';

const BATCH = 4;

/** `count` enabled products `<prefix>-<n>` (two variations each, 10.00 and 12.00, the second discounted to 11.00). */
async function generate(app: TestApp, prefix: string, count: number) {
  await app.deps.db.execute(sql`
    insert into products (id, slug, title, sort_title, price_cents, price_full_cents, enabled)
    select ${prefix} || '-' || lpad(g::text, 3, '0'), ${prefix} || '-' || g, jsonb_build_object('en', ${prefix} || ' item ' || g, 'ru', ''),
      ${prefix} || ' item ' || g, 1000, 1000, true
    from generate_series(1, ${count}) g`);
  await app.deps.db.execute(sql`
    insert into variations (id, product_id, sku, full_price_cents, discount_price_cents, stock, position, is_default)
    select ${prefix} || '-' || lpad(g::text, 3, '0') || '-' || k, ${prefix} || '-' || lpad(g::text, 3, '0'), null,
      case when k = 1 then 1000 else 1200 end, case when k = 1 then null else 1100 end, 5, k, k = 1
    from generate_series(1, ${count}) g, generate_series(1, 2) k`);
}

const pricesOf = async (app: TestApp, prefix: string) =>
  app.deps.db
    .select({ productId: variations.productId, full: variations.fullPriceCents, discount: variations.discountPriceCents })
    .from(variations)
    .where(like(variations.productId, `${prefix}-%`))
    .orderBy(variations.id);

const jobOf = async (app: TestApp, id: string) => (await app.deps.db.select().from(adminJobs).where(eq(adminJobs.id, id)))[0]!;

/** The deps of an instance whose clock is `ms` ahead (a later moment on the same database). */
const later = (deps: AppDeps, ms: number): AppDeps => ({ ...deps, now: () => new Date(Date.now() + ms) });

describe.each(databaseKinds)('back office jobs (%s)', (kind) => {
  let app: TestApp;
  let owner: TestStaff;
  let manager: TestStaff;

  beforeAll(async () => {
    app = await createTestApp(kind);
    owner = await createSignedInStaff(app, 'owner', 'Olga Owner');
    manager = await createSignedInStaff(app, 'manager');
  });
  afterAll(async () => {
    await app.close();
  });

  const queue = async (body: unknown) =>
    expectJson(await adminRequest(app, '/products/bulk-job', { method: 'POST', cookie: owner.cookie, json: body }), 202);

  it('only the owner queues, sees and cancels jobs; a manager is refused', async () => {
    const body = { filter: { q: 'nothing' }, change: { action: 'enable' } };
    expect((await adminRequest(app, '/products/bulk-job', { method: 'POST', cookie: manager.cookie, json: body })).status).toBe(403);
    expect((await adminRequest(app, '/jobs', { cookie: manager.cookie })).status).toBe(403);
    const job = await queue(body);
    expect((await adminRequest(app, `/jobs/${job.id}`, { cookie: manager.cookie })).status).toBe(403);
    expect((await adminRequest(app, `/jobs/${job.id}/cancel`, { method: 'POST', cookie: manager.cookie })).status).toBe(403);
    // a job's texts are data: a script in the filter comes back as the same text, never run or changed
    const script = await queue({ filter: { q: '<script>alert(1)</script>' }, change: { action: 'disable' } });
    const read = await expectJson(await adminRequest(app, `/jobs/${script.id}`, { cookie: owner.cookie }), 200);
    expect(read.params.filter.q).toBe('<script>alert(1)</script>');
    expect(read.total).toBe(0);
    await app.jobWorker!.run();
    expect((await jobOf(app, script.id)).status).toBe('done');
    expect((await jobOf(app, job.id)).status).toBe('done');
  });

  it('a price change over every matching product survives its instance stopping mid-way and is applied exactly once', async () => {
    await generate(app, 'lamp', 10);
    await generate(app, 'desk', 3);
    const job = await queue({ filter: { q: 'lamp item' }, change: { action: 'price', price: { mode: 'percent', percent: 10 } } });
    expect(job).toMatchObject({ status: 'queued', total: 10, processed: 0 });
    const tags: string[][] = [];
    const stopListening = onInvalidate((batchTags) => void tags.push([...batchTags]));

    // instance A claims it and does one batch; a second instance cannot claim it while A's claim holds
    expect(await claimJob(app.deps, 'instance-a')).toBe(job.id);
    expect(await claimJob(app.deps, 'instance-b')).toBeNull();
    expect(await runJobBatch(app.deps, jobKinds, 'instance-a', job.id, BATCH)).toBe(true);
    expect(await jobOf(app, job.id)).toMatchObject({ processed: 4, status: 'running' });
    // A stops in the middle of its second batch: the batch's work is rolled back with it
    const dying: JobKinds = {
      'products.bulk': {
        ...jobKinds['products.bulk']!,
        next: async (tx, row, size) => {
          const batch = await jobKinds['products.bulk']!.next(tx, row, size);
          await jobKinds['products.bulk']!.apply(tx, row, batch.keys, new Date());
          throw new Error('instance stopped');
        },
      },
    };
    await expect(runJobBatch(app.deps, dying, 'instance-a', job.id, BATCH)).rejects.toThrow('instance stopped');
    expect(await jobOf(app, job.id)).toMatchObject({ processed: 4 });

    // once A's claim has run out, B takes the job over from A's last batch and finishes it
    const b = later(app.deps, JOB_LEASE_MS + 1000);
    expect(await claimJob(b, 'instance-b')).toBe(job.id);
    while (await runJobBatch(b, jobKinds, 'instance-b', job.id, BATCH));
    // A, back, finds the job no longer its own and does nothing
    expect(await runJobBatch(app.deps, jobKinds, 'instance-a', job.id, BATCH)).toBe(false);
    stopListening();

    const done = await expectJson(await adminRequest(app, `/jobs/${job.id}`, { cookie: owner.cookie }), 200);
    expect(done).toMatchObject({ status: 'done', total: 10, processed: 10, failed: 0, errors: [] });
    // every lamp once (+10 %), the desks untouched
    for (const row of await pricesOf(app, 'lamp'))
      expect([row.full, row.discount]).toEqual(row.discount === null ? [1100, null] : [1320, 1210]);
    for (const row of await pricesOf(app, 'desk')) expect(row.full === 1000 || row.full === 1200).toBe(true);
    const [listed] = await app.deps.db.select({ price: products.priceCents }).from(products).where(eq(products.id, 'lamp-001'));
    expect(listed!.price).toBe(1100);
    // the pages of each batch's products were dropped once per batch
    expect(tags.filter((batch) => batch.some((tag) => tag.startsWith('product:lamp-')))).toHaveLength(3);
    expect(tags.flat().filter((tag) => tag === 'product:lamp-001')).toHaveLength(1);
    // one audit entry for the whole job, with its count
    const audit = await app.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, job.id), eq(auditLog.action, 'products.bulk.done')));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.after).toMatchObject({ processed: 10, failed: 0, change: { action: 'price' } });
    expect(audit[0]!.staffName).toBe('Olga Owner');
  });

  it('two instances never run the same batch', async () => {
    await generate(app, 'vase', 6);
    const job = await queue({ filter: { q: 'vase item' }, change: { action: 'stock', stock: 42 } });
    const claims = await Promise.all([claimJob(app.deps, 'instance-a'), claimJob(app.deps, 'instance-b')]);
    expect(claims.filter(Boolean)).toEqual([job.id]);
    const holder = claims[0] ? 'instance-a' : 'instance-b';
    const other = holder === 'instance-a' ? 'instance-b' : 'instance-a';
    const runs = await Promise.all([
      runJobBatch(app.deps, jobKinds, holder, job.id, BATCH),
      runJobBatch(app.deps, jobKinds, other, job.id, BATCH),
    ]);
    expect(runs).toEqual([true, false]);
    expect(await jobOf(app, job.id)).toMatchObject({ processed: 4 });
    while (await runJobBatch(app.deps, jobKinds, holder, job.id, BATCH));
    expect(await jobOf(app, job.id)).toMatchObject({ status: 'done', processed: 6 });
    const stocks = await app.deps.db.select({ stock: variations.stock }).from(variations).where(like(variations.productId, 'vase-%'));
    expect(stocks.every((row) => row.stock === 42)).toBe(true);
  });

  it('cancel stops a job between batches', async () => {
    await generate(app, 'cup', 9);
    const job = await queue({ filter: { q: 'cup item' }, change: { action: 'disable' } });
    expect(await claimJob(app.deps, 'instance-a')).toBe(job.id);
    expect(await runJobBatch(app.deps, jobKinds, 'instance-a', job.id, BATCH)).toBe(true);
    const asked = await expectJson(await adminRequest(app, `/jobs/${job.id}/cancel`, { method: 'POST', cookie: owner.cookie }), 200);
    expect(asked.cancelRequested).toBe(true);
    expect(await runJobBatch(app.deps, jobKinds, 'instance-a', job.id, BATCH)).toBe(false);
    expect(await jobOf(app, job.id)).toMatchObject({ status: 'canceled', processed: 4 });
    const states = await app.deps.db
      .select({ enabled: products.enabled })
      .from(products)
      .where(like(products.id, 'cup-%'))
      .orderBy(products.id);
    expect(states.map((s) => s.enabled)).toEqual([false, false, false, false, true, true, true, true, true]);
    // an ended job cannot be cancelled again
    expect((await adminRequest(app, `/jobs/${job.id}/cancel`, { method: 'POST', cookie: owner.cookie })).status).toBe(409);
  });

  it('a failing batch is rolled back alone and reported by record; the others are applied', async () => {
    await generate(app, 'rug', 10);
    // ×11 takes this one past the largest price a column holds
    await app.deps.db.update(variations).set({ fullPriceCents: 300_000_000 }).where(eq(variations.id, 'rug-006-1'));
    const job = await queue({ filter: { q: 'rug item' }, change: { action: 'price', price: { mode: 'percent', percent: 1000 } } });
    expect(await claimJob(app.deps, 'instance-a')).toBe(job.id);
    while (await runJobBatch(app.deps, jobKinds, 'instance-a', job.id, BATCH));
    const done = await jobOf(app, job.id);
    expect(done).toMatchObject({ status: 'done', processed: 10, failed: 4 });
    expect(done.errors.map((e) => e.ref)).toEqual(['rug-005', 'rug-006', 'rug-007', 'rug-008']);
    const prices = await pricesOf(app, 'rug');
    const changed = (id: string) => prices.filter((p) => p.productId === id).every((p) => p.full >= 11_000);
    expect(['rug-001', 'rug-004', 'rug-009', 'rug-010'].every(changed)).toBe(true);
    expect(['rug-005', 'rug-007', 'rug-008'].some(changed)).toBe(false);
  });

  it('adds every matching product to a catalog and deletes every matching product', async () => {
    await generate(app, 'bowl', 5);
    const catalog = await app.deps.db.execute(
      sql`insert into catalogs (id, slug, title) values ('bowls', 'bowls', '{"en":"Bowls","ru":""}'::jsonb) returning id`,
    );
    expect(catalog).toBeTruthy();
    await queue({ filter: { q: 'bowl item' }, change: { action: 'catalogAdd', catalogId: 'bowls' } });
    await app.jobWorker!.run();
    const links = await app.deps.db.select().from(catalogProducts).where(eq(catalogProducts.catalogId, 'bowls'));
    expect(links.map((l) => l.position).sort()).toEqual([0, 1, 2, 3, 4]);
    const unknown = await adminRequest(app, '/products/bulk-job', {
      method: 'POST',
      cookie: owner.cookie,
      json: { filter: {}, change: { action: 'catalogAdd', catalogId: 'nope' } },
    });
    expect(unknown.status).toBe(400);
    await queue({ filter: { q: 'bowl item', catalogId: 'bowls' }, change: { action: 'delete' } });
    await app.jobWorker!.run();
    expect(await app.deps.db.select().from(products).where(like(products.id, 'bowl-%'))).toEqual([]);
    const list = await expectJson(await adminRequest(app, '/jobs', { cookie: owner.cookie }), 200);
    expect(list.items[0]).toMatchObject({ status: 'done', total: 5, processed: 5 });
    expect(
      await app.deps.db
        .select()
        .from(variations)
        .where(inArray(variations.productId, ['bowl-001'])),
    ).toEqual([]);
  });

  it('the products CSV streams out in batches, the same file as in one piece', async () => {
    const read = async (batch: number) => {
      const chunks: string[] = [];
      for await (const chunk of productCsvChunks(app.deps.db, batch)) chunks.push(chunk);
      return chunks;
    };
    const small = await read(3);
    const whole = await read(100_000);
    expect(small.length).toBeGreaterThan(5);
    expect(small.join('')).toBe(whole.join(''));
    const response = await adminRequest(app, '/products/export.csv', { cookie: owner.cookie });
    expect(response.status).toBe(200);
    // the bytes as sent, the byte order mark included (spreadsheets read the file as UTF-8 by it)
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(await response.arrayBuffer())).toBe(whole.join(''));
    expect(
      whole
        .join('')
        .split('\r\n')
        .filter((line) => line.startsWith('lamp-1,lamp item 1,')),
    ).toHaveLength(1);
  });
});
