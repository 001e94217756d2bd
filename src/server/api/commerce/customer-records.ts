import { randomUUID } from 'node:crypto';
import { eq, or, sql } from 'drizzle-orm';
import { customerUpdate, matchCustomer, normalEmail, phoneKey } from '../../../lib/customer-match';
import type { Executor } from '../../db/client';
import { customers } from '../../db/schema';

export type Buyer = { userId: string | null; email: string | null; phone: string | null; name: string; lastName: string | null };

/**
 * The buyer's customer record, linked or created inside the caller's transaction (an order's, a registration's).
 * Takes a transaction lock on each of the buyer's contacts first, so two orders of one new buyer placed at once
 * make one record. A record created for an account takes the account's id (`preferredId`), so the customer and the
 * account are found by the same id.
 */
export async function linkCustomer(tx: Executor, buyer: Buyer, now: Date, preferredId?: string): Promise<string> {
  const email = normalEmail(buyer.email);
  const phone = phoneKey(buyer.phone);
  const keys = [buyer.userId && `user:${buyer.userId}`, email && `email:${email}`, phone && `phone:${phone}`]
    .filter((k): k is string => !!k)
    .sort();
  for (const key of keys) await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`customer:${key}`}))`);
  const conditions = [
    ...(buyer.userId ? [eq(customers.userId, buyer.userId)] : []),
    ...(email ? [eq(customers.email, email)] : []),
    ...(phone ? [eq(customers.phoneKey, phone)] : []),
  ];
  const candidates = conditions.length
    ? await tx
        .select({
          id: customers.id,
          userId: customers.userId,
          email: customers.email,
          phone: customers.phone,
          phoneKey: customers.phoneKey,
          name: customers.name,
          lastName: customers.lastName,
          createdAt: customers.createdAt,
        })
        .from(customers)
        .where(or(...conditions))
    : [];
  const emailTaken = (exceptId: string | null) => !!email && candidates.some((c) => c.email === email && c.id !== exceptId);
  const matched = matchCustomer(buyer, candidates);
  if (matched) {
    const record = candidates.find((c) => c.id === matched.id)!;
    const change = customerUpdate(record, buyer, emailTaken(record.id));
    if (Object.keys(change).length)
      await tx
        .update(customers)
        .set({ ...change, updatedAt: now })
        .where(eq(customers.id, record.id));
    return record.id;
  }
  const [created] = await tx
    .insert(customers)
    .values({
      id: preferredId ?? randomUUID(),
      userId: buyer.userId,
      email: emailTaken(null) ? null : email,
      phone: phone ? (buyer.phone?.trim() ?? null) : null,
      phoneKey: phone,
      name: buyer.name.trim(),
      lastName: buyer.lastName?.trim() ?? '',
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: customers.id });
  return created!.id;
}
