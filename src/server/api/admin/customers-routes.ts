import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
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
import type { Executor } from '../../db/client';
import { orders, products, reviews, userProfiles, users } from '../../db/schema';
import { notFound } from '../core/errors';
import { readBody, readParams, readQuery } from '../core/validate';
import { recordAudit } from './audit';
import type { AdminEnv } from './context';
import { likePattern, listOrder, pageOffset } from './lists';
import { adminMessage } from './messages';
import { expectVersion, versionConflict } from './versioned';
import type { ListAnswer } from '../../../contract/admin';

const idParams = z.object({ id: idSchema });

const ordersCount = sql<number>`(select count(*)::int from ${orders} where ${orders.userId} = ${users.id})`;

async function customerRows(db: Executor, where: SQL | undefined, order: SQL[], limit: number, offset: number) {
  return db
    .select({ user: users, profile: userProfiles, ordersCount })
    .from(users)
    .leftJoin(userProfiles, eq(userProfiles.userId, users.id))
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
}

type CustomerRow = Awaited<ReturnType<typeof customerRows>>[number];

const toListItem = ({ user, profile, ordersCount: n }: CustomerRow): CustomerListItem => ({
  id: user.id,
  email: user.email,
  firstName: profile?.firstName ?? '',
  lastName: profile?.lastName ?? '',
  phone: profile?.phone ?? null,
  createdAt: user.createdAt.toISOString(),
  ordersCount: Number(n),
  disabled: user.disabled,
});

async function loadCustomer(db: Executor, id: string, lang: Language): Promise<CustomerDetail> {
  const [row] = await customerRows(db, eq(users.id, id), [], 1, 0);
  if (!row) throw notFound(adminMessage('customerNotFound', lang));
  const [orderRows, reviewRows] = await Promise.all([
    db.select().from(orders).where(eq(orders.userId, id)).orderBy(desc(orders.createdAt), desc(orders.number)).limit(50),
    db
      .select({ review: reviews, productTitle: products.title })
      .from(reviews)
      .innerJoin(products, eq(products.id, reviews.productId))
      .where(eq(reviews.userId, id))
      .orderBy(desc(reviews.createdAt))
      .limit(50),
  ]);
  return {
    ...toListItem(row),
    birthDate: row.profile?.birthDate ?? null,
    address: row.profile?.address ?? {},
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
    version: row.user.version,
  };
}

export const customerRoutes = new Hono<AdminEnv>()
  .get('/customers', async (c) => {
    const query = readQuery(c, customerListQuerySchema);
    const db = c.var.deps.db;
    const q = query.q ? likePattern(query.q) : null;
    const where = and(
      ...(query.disabled === undefined ? [] : [eq(users.disabled, query.disabled)]),
      ...(q
        ? [
            or(
              ilike(users.email, q),
              ilike(userProfiles.firstName, q),
              ilike(userProfiles.lastName, q),
              ilike(sql`${userProfiles.firstName} || ' ' || ${userProfiles.lastName}`, q),
              ilike(userProfiles.phone, q),
            )!,
          ]
        : []),
    );
    const order = listOrder(query.sort, { createdAt: users.createdAt, email: users.email, ordersCount }, users.id);
    const [rows, [total]] = await Promise.all([
      customerRows(db, where, order, query.perPage, pageOffset(query.page, query.perPage)),
      db.select({ n: count() }).from(users).leftJoin(userProfiles, eq(userProfiles.userId, users.id)).where(where),
    ]);
    return c.json({
      items: rows.map(toListItem),
      total: total!.n,
      page: query.page,
      perPage: query.perPage,
    } satisfies ListAnswer<CustomerListItem>);
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
      const [row] = await tx.select().from(users).where(eq(users.id, id)).for('update');
      const before = expectVersion(row, body.version, lang, 'customerNotFound');
      const now = deps.now();
      const [after] = await tx
        .update(users)
        .set({
          disabled: body.disabled,
          version: sql`${users.version} + 1`,
          // disabling signs the customer out everywhere: every token they hold names an older version
          ...(body.disabled && !before.disabled ? { tokenVersion: sql`${users.tokenVersion} + 1` } : {}),
          updatedAt: now,
        })
        .where(and(eq(users.id, id), eq(users.version, body.version)))
        .returning();
      if (!after) throw versionConflict(lang);
      await recordAudit(
        tx,
        staff,
        {
          action: 'customer.update',
          entityType: 'customer',
          entityId: id,
          before: { disabled: before.disabled, version: before.version },
          after: { disabled: after.disabled, version: after.version },
        },
        now,
      );
    });
    return c.json(await loadCustomer(deps.db, id, lang));
  });
