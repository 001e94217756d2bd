import { and, eq, like } from 'drizzle-orm';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobKinds } from '../../../src/server/api/admin/jobs/job-kinds';
import { claimJob, JOB_LEASE_MS, runJobBatch, type JobKinds } from '../../../src/server/api/admin/jobs/job-runner';
import type { AppDeps } from '../../../src/server/api/core/context';
import { onInvalidate } from '../../../src/server/cache/invalidation';
import { adminJobItems, adminJobs, auditLog, products, variations } from '../../../src/server/db/schema';
import { adminRequest, createSignedInStaff, expectJson, type TestStaff } from '../../helpers/admin-fixtures';
import { createCatalog } from '../../helpers/catalog-fixtures';
import { createTestApp, databaseKinds, type TestApp } from '../../helpers/test-app';

const BATCH = 4;

/** A file of `count` products `<prefix>-<n>`, two sizes each (rows 2, 3 are the first product's, and so on). */
function fileOf(prefix: string, count: number, change: (row: Record<string, string>, product: number) => void = () => {}) {
  const rows: Record<string, string>[] = [];
  for (let n = 1; n <= count; n++) {
    for (const size of ['S', 'M']) {
      const row: Record<string, string> = {
        slug: `${prefix}-${String(n).padStart(3, '0')}`,
        title_en: `${prefix} ${n}`,
        option1_title_en: 'Size',
        option1_value_en: size,
        sku: `${prefix}-${n}-${size}`,
        price: size === 'S' ? '10.00' : '12.50',
        stock: '5',
        enabled: 'true',
        catalogs: '',
      };
      change(row, n);
      rows.push(row);
    }
  }
  return Papa.unparse(rows, { newline: '\n' });
}

const jobOf = async (app: TestApp, id: string) => (await app.deps.db.select().from(adminJobs).where(eq(adminJobs.id, id)))[0]!;
const later = (deps: AppDeps, ms: number): AppDeps => ({ ...deps, now: () => new Date(Date.now() + ms) });

describe.each(databaseKinds)('products CSV import as a job (%s)', (kind) => {
  let app: TestApp;
  let owner: TestStaff;
  let manager: TestStaff;

  beforeAll(async () => {
    app = await createTestApp(kind);
    owner = await createSignedInStaff(app, 'owner', 'Olga Owner');
    manager = await createSignedInStaff(app, 'manager');
    await createCatalog(app.deps.db, { slug: 'lamps' });
  });
  afterAll(async () => {
    await app.close();
  });

  const upload = (csv: string, dryRun: boolean, who: TestStaff = owner) =>
    adminRequest(app, '/products/import-job', { method: 'POST', cookie: who.cookie, json: { csv, dryRun, fileName: 'lamps.csv' } });
  const products_ = async (prefix: string) =>
    app.deps.db
      .select()
      .from(products)
      .where(like(products.slug, `${prefix}-%`))
      .orderBy(products.slug);

  it('only the owner imports as a job; a wrong header is refused at once; a script in a cell is stored as text', async () => {
    expect((await upload(fileOf('nope', 1), true, manager)).status).toBe(403);
    const refused = await upload('slug,price\nx,1\n', true);
    expect(refused.status).toBe(400);
    expect((await refused.json()).rowErrors).toEqual([expect.objectContaining({ row: 1, column: 'title_en' })]);
    const script = await expectJson(
      await upload(
        fileOf('tag', 1, (row) => (row.title_en = '<script>alert(1)</script>')),
        false,
      ),
      202,
    );
    await app.jobWorker!.run();
    expect(await jobOf(app, script.id)).toMatchObject({ status: 'done', processed: 1, failed: 0 });
    const [tag] = await products_('tag');
    expect(tag!.title.en).toBe('<script>alert(1)</script>');
  });

  it('a dry run is a job too: it reports problems by row and column and writes nothing', async () => {
    const csv = fileOf('dry', 6, (row, n) => {
      if (n === 2 && row.option1_value_en === 'M') row.price = 'ten';
      if (n === 5) row.catalogs = 'no-such-catalog';
    });
    const job = await expectJson(await upload(csv, true), 202);
    expect(job).toMatchObject({ kind: 'products.import', status: 'queued', total: 6, params: { dryRun: true, rows: 12 } });
    expect(await claimJob(app.deps, 'instance-a')).toBe(job.id);
    while (await runJobBatch(app.deps, jobKinds, 'instance-a', job.id, BATCH));
    const done = await expectJson(await adminRequest(app, `/jobs/${job.id}`, { cookie: owner.cookie }), 200);
    expect(done).toMatchObject({ status: 'done', processed: 6, failed: 2, result: { created: 4, updated: 0 } });
    expect(done.errors).toEqual([
      expect.objectContaining({ row: 5, ref: 'dry-002', column: 'price' }),
      expect.objectContaining({ row: 10, ref: 'dry-005', column: 'catalogs' }),
    ]);
    expect(await products_('dry')).toEqual([]);
    // the file goes with the job's end
    expect(await app.deps.db.select().from(adminJobItems).where(eq(adminJobItems.jobId, job.id))).toEqual([]);
  });

  it('an import survives its instance stopping mid-way and writes each product exactly once', async () => {
    const job = await expectJson(
      await upload(
        fileOf('lamp', 10, (row) => (row.catalogs = 'lamps')),
        false,
      ),
      202,
    );
    const tags: string[][] = [];
    const stopListening = onInvalidate((batchTags) => void tags.push([...batchTags]));
    expect(await claimJob(app.deps, 'instance-a')).toBe(job.id);
    expect(await runJobBatch(app.deps, jobKinds, 'instance-a', job.id, BATCH)).toBe(true);
    expect(await products_('lamp')).toHaveLength(4);
    // A stops in the middle of its second batch: what it wrote is rolled back with the batch
    const importKind = jobKinds['products.import']!;
    const dying: JobKinds = {
      'products.import': {
        ...importKind,
        next: async (tx, row, size) => {
          const batch = await importKind.next(tx, row, size);
          await importKind.apply(tx, row, batch.keys, new Date());
          throw new Error('instance stopped');
        },
      },
    };
    await expect(runJobBatch(app.deps, dying, 'instance-a', job.id, BATCH)).rejects.toThrow('instance stopped');
    expect(await products_('lamp')).toHaveLength(4);
    // B takes the job over once A's claim has run out and finishes it; A, back, does nothing
    const b = later(app.deps, JOB_LEASE_MS + 1000);
    expect(await claimJob(b, 'instance-b')).toBe(job.id);
    while (await runJobBatch(b, jobKinds, 'instance-b', job.id, BATCH));
    expect(await runJobBatch(app.deps, jobKinds, 'instance-a', job.id, BATCH)).toBe(false);
    stopListening();
    expect(await jobOf(app, job.id)).toMatchObject({ status: 'done', processed: 10, failed: 0, result: { created: 10, updated: 0 } });
    const lamps = await products_('lamp');
    expect(lamps.map((p) => p.slug)).toEqual(Array.from({ length: 10 }, (_, i) => `lamp-${String(i + 1).padStart(3, '0')}`));
    const sizes = await app.deps.db.select().from(variations).where(like(variations.sku, 'lamp-%'));
    expect(sizes).toHaveLength(20);
    expect(lamps[0]!.priceCents).toBe(1000);
    // the pages were dropped once per batch (three batches)
    expect(tags.filter((batch) => batch.some((tag) => tag.startsWith('product:')))).toHaveLength(3);
    // one audit entry for the whole import, with its counts
    const audit = await app.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, job.id), eq(auditLog.action, 'products.import.done')));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.after).toMatchObject({ processed: 10, failed: 0, created: 10, updated: 0 });

    // the same file again with new prices updates them, in place
    const again = await expectJson(
      await upload(
        fileOf('lamp', 10, (row) => (row.price = '20.00')),
        false,
      ),
      202,
    );
    await app.jobWorker!.run();
    expect(await jobOf(app, again.id)).toMatchObject({ status: 'done', result: { created: 0, updated: 10 } });
    expect((await products_('lamp'))[0]!.priceCents).toBe(2000);
    expect(await app.deps.db.select().from(variations).where(like(variations.sku, 'lamp-%'))).toHaveLength(20);
  });

  it('a failing batch is rolled back alone and reported by row; the other batches are written', async () => {
    const job = await expectJson(await upload(fileOf('desk', 10), false), 202);
    const importKind = jobKinds['products.import']!;
    let batches = 0;
    const flaky: JobKinds = {
      'products.import': {
        ...importKind,
        apply: async (tx, row, keys, now) => {
          const outcome = await importKind.apply(tx, row, keys, now);
          batches += 1;
          if (batches === 2) throw new Error('disk full');
          return outcome;
        },
      },
    };
    expect(await claimJob(app.deps, 'instance-a')).toBe(job.id);
    while (await runJobBatch(app.deps, flaky, 'instance-a', job.id, BATCH));
    const done = await jobOf(app, job.id);
    expect(done).toMatchObject({ status: 'done', processed: 10, failed: 4 });
    // the second batch's products, by the row each starts on
    expect(done.errors.map((e) => [e.row, e.message])).toEqual([
      [10, 'disk full'],
      [12, 'disk full'],
      [14, 'disk full'],
      [16, 'disk full'],
    ]);
    expect((await products_('desk')).map((p) => p.slug)).toEqual(['desk-001', 'desk-002', 'desk-003', 'desk-004', 'desk-009', 'desk-010']);
  });

  it('cancel stops an import between batches', async () => {
    const job = await expectJson(await upload(fileOf('cup', 9), false), 202);
    expect(await claimJob(app.deps, 'instance-a')).toBe(job.id);
    expect(await runJobBatch(app.deps, jobKinds, 'instance-a', job.id, BATCH)).toBe(true);
    await expectJson(await adminRequest(app, `/jobs/${job.id}/cancel`, { method: 'POST', cookie: owner.cookie }), 200);
    expect(await runJobBatch(app.deps, jobKinds, 'instance-a', job.id, BATCH)).toBe(false);
    expect(await jobOf(app, job.id)).toMatchObject({ status: 'canceled', processed: 4 });
    expect(await products_('cup')).toHaveLength(4);
  });
});
