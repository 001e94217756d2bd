import { and, asc, desc, eq, gte, ilike, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import {
  customerListQuerySchema,
  customerPatchSchema,
  idSchema,
  type CustomerDetail,
  type CustomerListItem,
  type ModerationStatus,
} from '../../../contract/admin';
import { localize, type Language } from '../../../lib/localize';
import { customerTags } from '../../../lib/customer-match';
import type { Database, Executor } from '../../db/client';
import { customerProfileSearchText, customerSearchText, customers, orders, products, reviews, userProfiles, users } from '../../db/schema';
import { shopCurrency } from '../commerce/shop-settings';
import { ApiError, notFound } from '../core/errors';
import { readBody, readParams, readQuery } from '../core/validate';
import { recordAudit } from './audit';
import { requireCapability } from './session';
import type { AdminEnv } from './context';
import { csvAmount, keysetPages, streamCsv } from './csv-export';
import { boundedTotal, likePattern, listPageKeys } from './lists';
import { adminMessage } from './messages';
import { expectVersion, versionConflict } from './versioned';
import type { ListAnswer } from '../../../contract/admin';

const idParams = z.object({ id: idSchema });

const CUSTOMER_CSV_COLUMNS = [
  'id',
  'first_name',
  'last_name',
  'email',
  'phone',
  'registered',
  'disabled',
  'orders',
  'total_spent',
  'currency',
  'tags',
  'note',
  'created_at',
] as const;

/** Kept by the database on every write of an order or a refund (migration 0013_admin_lists_scale), so lists sort by index. */
const ordersCount = customers.ordersCount;
/** what the customer's orders that were not canceled came to, less what was refunded on them */
const totalSpent = customers.spentCents;

async function customerRows(db: Executor, where: SQL | undefined, order: SQL[], limit: number, offset: number) {
  return db
    .select({ customer: customers, disabled: users.disabled, profile: userProfiles, ordersCount, totalSpent })
    .from(customers)
    .leftJoin(users, eq(users.id, customers.userId))
    .leftJoin(userProfiles, eq(userProfiles.userId, customers.userId))
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
}

type CustomerRow = Awaited<ReturnType<typeof customerRows>>[number];

/** A registered customer is named and reached as their account's profile says; a guest as their latest order did. */
const toListItem = (
  { customer, profile, disabled, ordersCount: n, totalSpent: spent }: CustomerRow,
  currency: string,
): CustomerListItem => ({
  id: customer.id,
  email: customer.email,
  firstName: profile?.firstName || customer.name,
  lastName: profile?.firstName ? profile.lastName : customer.lastName,
  phone: profile?.phone || customer.phone,
  createdAt: customer.createdAt.toISOString(),
  ordersCount: Number(n),
  totalSpentCents: Number(spent),
  currency,
  tags: customer.tags,
  registered: customer.userId !== null,
  disabled: disabled ?? false,
});

async function loadCustomer(db: Database, id: string, lang: Language): Promise<CustomerDetail> {
  const [[row], currency] = await Promise.all([customerRows(db, eq(customers.id, id), [], 1, 0), shopCurrency(db)]);
  if (!row) throw notFound(adminMessage('customerNotFound', lang));
  const userId = row.customer.userId;
  const [orderRows, reviewRows] = await Promise.all([
    db.select().from(orders).where(eq(orders.customerId, id)).orderBy(desc(orders.createdAt), desc(orders.number)).limit(50),
    userId
      ? db
          .select({ review: reviews, productTitle: products.title })
          .from(reviews)
          .innerJoin(products, eq(products.id, reviews.productId))
          .where(eq(reviews.userId, userId))
          .orderBy(desc(reviews.createdAt))
          .limit(50)
      : Promise.resolve([]),
  ]);
  return {
    ...toListItem(row, currency),
    birthDate: row.profile?.birthDate ?? null,
    address: row.profile?.address ?? orderRows.find((o) => o.address)?.address ?? {},
    orders: orderRows.map((o) => ({
      id: o.id,
      number: o.number,
      createdAt: o.createdAt.toISOString(),
      status: o.status,
      paymentStatus: o.paymentStatus,
      totalCents: o.totalCents,
      currency: o.currency,
    })),
    reviews: reviewRows.map(({ review: r, productTitle }) => ({
      id: r.id,
      productId: r.productId,
      productTitle: localize(productTitle, lang),
      rating: r.rating,
      text: r.text,
      status: r.status as ModerationStatus,
      createdAt: r.createdAt.toISOString(),
    })),
    note: row.customer.note,
    version: row.customer.version,
  };
}

/**
 * Conditions of the customer list's filters, on the customers table alone (the account's state is read in a subquery),
 * so a page's keys come from the sort's index. A search matches the customer's names, e-mail and phone (digits also
 * the phone's digits) through their trigram index, or the account's profile through its own.
 */
function customerFilters(query: z.infer<typeof customerListQuerySchema>): SQL[] {
  const q = query.q ? likePattern(query.q) : null;
  const digits = query.q?.replace(/\D/g, '') ?? '';
  const own = customerSearchText(customers.name, customers.lastName, customers.email, customers.phone, customers.phoneKey);
  const profile = customerProfileSearchText(sql`p.first_name`, sql`p.last_name`, sql`p.phone`);
  return [
    ...(query.disabled === undefined
      ? []
      : [
          query.disabled
            ? sql`exists (select 1 from users u where u.id = "customers"."user_id" and u.disabled)`
            : sql`not exists (select 1 from users u where u.id = "customers"."user_id" and u.disabled)`,
        ]),
    ...(query.registered === undefined ? [] : [query.registered ? isNotNull(customers.userId) : isNull(customers.userId)]),
    ...(query.tag ? [sql`${customers.tags} @> array[${query.tag}]::text[]`] : []),
    ...(query.minSpent !== undefined ? [gte(totalSpent, query.minSpent)] : []),
    ...(query.maxSpent !== undefined ? [lte(totalSpent, query.maxSpent)] : []),
    ...(q
      ? [
          // one bitmap of each index: the customer's own texts, and the accounts whose profile matches (found first)
          or(
            ilike(own, q),
            ...(digits.length >= 3 ? [ilike(own, `%${digits}%`)] : []),
            sql`${customers.userId} = any(array(select p.user_id from user_profiles p where ${profile} ilike ${q}))`,
          )!,
        ]
      : []),
  ];
}

/** One page of the customer list: its keys from the sort's index, then their rows. */
export function customerListPage(db: Executor, query: z.infer<typeof customerListQuerySchema>) {
  return listPageKeys(db, {
    table: customers,
    key: customers.id,
    where: and(...customerFilters(query)),
    sort: query.sort,
    columns: { createdAt: customers.createdAt, email: customers.email, ordersCount, totalSpentCents: totalSpent },
    page: query.page,
    perPage: query.perPage,
  });
}

export const customerRoutes = new Hono<AdminEnv>()
  .get('/customers', async (c) => {
    const query = readQuery(c, customerListQuerySchema);
    const db = c.var.deps.db;
    const { where, order, offset, keys } = customerListPage(db, query);
    const page = keys.as('page');
    const [rows, counted, currency] = await Promise.all([
      db
        .select({ customer: customers, disabled: users.disabled, profile: userProfiles, ordersCount, totalSpent })
        .from(page)
        .innerJoin(customers, eq(customers.id, page.key))
        .leftJoin(users, eq(users.id, customers.userId))
        .leftJoin(userProfiles, eq(userProfiles.userId, customers.userId))
        .orderBy(...order),
      boundedTotal(db, db.select({ one: sql`1` }).from(customers).where(where).$dynamic(), offset),
      shopCurrency(db),
    ]);
    return c.json({
      items: rows.map((row) => toListItem(row, currency)),
      ...counted,
      page: query.page,
      perPage: query.perPage,
    } satisfies ListAnswer<CustomerListItem>);
  })
  /** Every customer the list's filters select, oldest first, as CSV (streamed page by page). */
  .get('/customers/export.csv', requireCapability('export_data'), async (c) => {
    const query = readQuery(c, customerListQuerySchema);
    const db = c.var.deps.db;
    const where = customerFilters(query);
    const currency = await shopCurrency(db);
    const day = c.var.deps.now().toISOString().slice(0, 10);
    return streamCsv(c, `customers-${day}.csv`, CUSTOMER_CSV_COLUMNS, async function* () {
      const pages = keysetPages(
        (after: { at: Date; id: string } | null, size) =>
          customerRows(
            db,
            and(
              ...where,
              ...(after ? [sql`(${customers.createdAt}, ${customers.id}) > (${after.at.toISOString()}::timestamptz, ${after.id})`] : []),
            ),
            [asc(customers.createdAt), asc(customers.id)],
            size,
            0,
          ),
        (row) => ({ at: row.customer.createdAt, id: row.customer.id }),
      );
      for await (const page of pages) {
        yield page.map((row) => {
          const item = toListItem(row, currency);
          return [
            item.id,
            item.firstName,
            item.lastName,
            item.email ?? '',
            item.phone ?? '',
            item.registered ? 'yes' : 'no',
            item.disabled ? 'yes' : 'no',
            String(item.ordersCount),
            csvAmount(item.totalSpentCents),
            currency,
            item.tags.join(', '),
            row.customer.note,
            item.createdAt,
          ];
        });
      }
    });
  })
  .get('/customers/tags', async (c) => {
    const rows = await c.var.deps.db
      .selectDistinct({ tag: sql<string>`unnest(${customers.tags})` })
      .from(customers)
      .orderBy(sql`1`)
      .limit(500);
    return c.json(rows.map((r) => r.tag) satisfies string[]);
  })
  .get('/customers/:id', async (c) => {
    const { id } = readParams(c, idParams);
    return c.json(await loadCustomer(c.var.deps.db, id, c.var.lang));
  })
  .patch('/customers/:id', async (c) => {
    const { id } = readParams(c, idParams);
    const { deps, lang, staff } = c.var;
    const body = await readBody(c, customerPatchSchema);
    await deps.db.transaction(async (tx) => {
      const [row] = await tx.select().from(customers).where(eq(customers.id, id)).for('update');
      const before = expectVersion(row, body.version, lang, 'customerNotFound');
      const now = deps.now();
      const [account] = before.userId ? await tx.select().from(users).where(eq(users.id, before.userId)).for('update') : [];
      if (body.disabled !== undefined && !account) {
        throw new ApiError(400, adminMessage('customerIsGuest', lang), {
          errorPath: 'disabled',
          fieldErrors: { disabled: [adminMessage('customerIsGuest', lang)] },
        });
      }
      const tags = body.tags === undefined ? before.tags : customerTags(body.tags);
      const [after] = await tx
        .update(customers)
        .set({ note: body.note ?? before.note, tags, version: sql`${customers.version} + 1`, updatedAt: now })
        .where(and(eq(customers.id, id), eq(customers.version, body.version)))
        .returning();
      if (!after) throw versionConflict(lang);
      if (account && body.disabled !== undefined && body.disabled !== account.disabled) {
        await tx
          .update(users)
          .set({
            disabled: body.disabled,
            version: sql`${users.version} + 1`,
            // disabling signs the customer out everywhere: every token they hold names an older version
            ...(body.disabled ? { tokenVersion: sql`${users.tokenVersion} + 1` } : {}),
            updatedAt: now,
          })
          .where(eq(users.id, account.id));
      }
      // the audit names what the write was about: the account's state, the notes, the tags
      const picked = (values: { disabled: boolean; note: string; tags: string[]; version: number }) => ({
        ...(body.disabled === undefined ? {} : { disabled: values.disabled }),
        ...(body.note === undefined ? {} : { note: values.note }),
        ...(body.tags === undefined ? {} : { tags: values.tags }),
        version: values.version,
      });
      await recordAudit(
        tx,
        staff,
        {
          action: 'customer.update',
          entityType: 'customer',
          entityId: id,
          before: picked({ disabled: account?.disabled ?? false, note: before.note, tags: before.tags, version: before.version }),
          after: picked({
            disabled: body.disabled ?? account?.disabled ?? false,
            note: after.note,
            tags: after.tags,
            version: after.version,
          }),
        },
        now,
      );
    });
    return c.json(await loadCustomer(deps.db, id, lang));
  });
