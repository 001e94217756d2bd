import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { hashPassword } from '../../src/server/auth/password';
import { signUserToken } from '../../src/server/api/core/auth';
import {
  articles,
  cartItems,
  customers,
  comments,
  leads,
  loginThrottle,
  orders,
  pages,
  passwordResetTokens,
  products,
  reviews,
  userProfiles,
  users,
  variations,
} from '../../src/server/db/schema';
import type { TestApp } from './test-app';

export type TestUser = { id: string; email: string; password: string; token: string };

let sequence = 0;

/** An e-mail nobody else in the test run uses, so tests never share accounts or throttle counters. */
export function uniqueEmail(prefix = 'user'): string {
  sequence += 1;
  return `${prefix}.${sequence}.${randomUUID().slice(0, 8)}@example.com`;
}

/** A client address of its own, so a test's sign-in attempts never count against another test's. */
export function uniqueAddress(): string {
  return `203.0.113.${(sequence += 1) % 250}-${randomUUID().slice(0, 8)}`;
}

export async function createUser(
  app: TestApp,
  options: { email?: string; password?: string; firstName?: string; lastName?: string } = {},
): Promise<TestUser> {
  const email = options.email ?? uniqueEmail();
  const password = options.password ?? 'correct horse battery';
  const id = randomUUID();
  await app.deps.db.insert(users).values({ id, email, passwordHash: await hashPassword(password) });
  await app.deps.db
    .insert(userProfiles)
    .values({ userId: id, firstName: options.firstName ?? 'Ada', lastName: options.lastName ?? 'Lovelace' });
  // as a registration does: the account is a customer, under the account's id
  await app.deps.db.insert(customers).values({ id, userId: id, email: email.trim().toLowerCase(), name: options.firstName ?? 'Ada' });
  const token = await signUserToken(app.deps, { id, email, tokenVersion: 0 });
  return { id, email, password, token };
}

/** Rows in the tables the users API writes, to prove a refused request wrote nothing. */
export async function countUserRows(app: TestApp) {
  const db = app.deps.db;
  const [[u], [p], [t], [l]] = await Promise.all([
    db.select({ n: count() }).from(users),
    db.select({ n: count() }).from(userProfiles),
    db.select({ n: count() }).from(passwordResetTokens),
    db.select({ n: count() }).from(loginThrottle),
  ]);
  return { users: u!.n, profiles: p!.n, resetTokens: t!.n, throttleKeys: l!.n };
}

export async function findUserRow(app: TestApp, id: string) {
  const [row] = await app.deps.db.select().from(users).where(eq(users.id, id));
  return row;
}

/** Everything a customer can own elsewhere in the shop: a cart line, an order, a review, a comment, a lead. */
export async function createBelongings(app: TestApp, user: TestUser) {
  const db = app.deps.db;
  const productId = randomUUID();
  const variationId = randomUUID();
  const categoryId = randomUUID();
  const articleId = randomUUID();
  const ids = { cartItem: randomUUID(), order: randomUUID(), review: randomUUID(), comment: randomUUID(), lead: randomUUID() };
  await db.insert(products).values({ id: productId, slug: `p-${productId}`, title: { en: 'Lamp', ru: 'Лампа' } });
  await db.insert(variations).values({ id: variationId, productId, fullPriceCents: 1000 });
  await db.insert(pages).values({ id: categoryId, slug: `c-${categoryId}`, type: 'category', title: { en: 'Blog', ru: 'Блог' } });
  await db.insert(articles).values({ id: articleId, slug: `a-${articleId}`, categoryId, title: { en: 'Post', ru: 'Пост' } });
  await db.insert(cartItems).values({ id: ids.cartItem, userId: user.id, variationId, quantity: 2 });
  await db.insert(orders).values({
    id: ids.order,
    userId: user.id,
    secretToken: randomUUID(),
    paymentMethod: 'cash',
    deliveryMethod: 'pickup',
    itemsTotalCents: 2000,
    totalCents: 2000,
    currency: 'USD',
    customer: { name: 'Ada', phone: '+15551234567', email: user.email },
  });
  await db.insert(reviews).values({
    id: ids.review,
    productId,
    userId: user.id,
    authorName: 'Ada',
    email: user.email,
    rating: 5,
    text: 'Bright',
  });
  await db.insert(comments).values({
    id: ids.comment,
    articleId,
    userId: user.id,
    authorName: 'Ada',
    email: user.email,
    text: 'Nice post',
  });
  await db.insert(leads).values({ id: ids.lead, userId: user.id, name: 'Ada', phone: '+15551234567', email: user.email });
  return ids;
}

type FormErrors = { errors: string[]; children: Record<string, FormErrors> };

/** The messages an error body holds for a field; `path` uses dots for nesting (`profile.firstName`). */
export function fieldMessages(body: { errors: FormErrors }, path: string): string[] {
  let node: FormErrors | undefined = body.errors;
  for (const segment of path.split('.')) node = node?.children[segment];
  return node?.errors ?? [];
}

/** Asserts the spec's error body for an answer about one field (errorPath, the field's message, detail). */
export async function expectFieldError(res: Response, status: number, field: string, message: string): Promise<void> {
  expect(res.status).toBe(status);
  const body = await res.json();
  expect(body).toMatchObject({ success: false, status, message, errorPath: field, detail: { message } });
  expect(fieldMessages(body, field)).toEqual([message]);
}

export type WrittenMail = { to: string; subject: string; text: string; html: string; from: string; replyTo: string };

/** The mails the file mailer wrote (one .eml file each) to `recipient`. */
export function mailsTo(app: TestApp, recipient: string): WrittenMail[] {
  const dir = path.join(app.dataDir, 'mail');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.eml'))
    .map((name) => parseEml(fs.readFileSync(path.join(dir, name), 'utf8')))
    .filter((mail) => mail.to === recipient);
}

/** The reset link of a mail's text part, and the same link's token. */
export function resetLinkIn(mail: WrittenMail): { link: string; token: string } {
  const match = /(https?:\/\/\S+\/reset_password_confirm\/([A-Za-z0-9_-]+))/.exec(mail.text);
  if (!match) throw new Error(`no reset link in: ${mail.text}`);
  return { link: match[1]!, token: match[2]! };
}

// A small MIME reader for what nodemailer writes: headers, encoded words, multipart/alternative,
// base64 and quoted-printable parts.

function parseEml(raw: string): WrittenMail {
  const { headers, body } = splitPart(raw.replace(/\r\n/g, '\n'));
  const boundary = /boundary="?([^";]+)"?/i.exec(headers['content-type'] ?? '')?.[1];
  const parts = boundary
    ? body
        .split(`--${boundary}`)
        .slice(1, -1)
        .map((part) => splitPart(part.replace(/^\n/, '')))
    : [{ headers, body }];
  const partOfType = (type: string) => {
    const part = parts.find((p) => (p.headers['content-type'] ?? 'text/plain').startsWith(type));
    return part ? decodeBody(part.body, part.headers['content-transfer-encoding']) : '';
  };
  return {
    to: (headers.to ?? '').replace(/^.*<|>.*$/g, '').trim(),
    subject: decodeWords(headers.subject ?? ''),
    from: decodeWords(headers.from ?? ''),
    replyTo: decodeWords(headers['reply-to'] ?? ''),
    text: partOfType('text/plain'),
    html: partOfType('text/html'),
  };
}

function splitPart(part: string): { headers: Record<string, string>; body: string } {
  const end = part.indexOf('\n\n');
  const headers: Record<string, string> = {};
  for (const line of part
    .slice(0, end)
    .replace(/\n[ \t]+/g, ' ')
    .split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body: part.slice(end + 2) };
}

function decodeBody(body: string, encoding = '7bit'): string {
  switch (encoding.toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    case 'quoted-printable':
      return decodeQuotedPrintable(body.replace(/=\n/g, ''));
    default:
      return body;
  }
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '=' && /^[0-9A-F]{2}$/i.test(text.slice(i + 1, i + 3))) {
      bytes.push(parseInt(text.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(text[i]!, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeWords(header: string): string {
  return header
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=/gi, (_, _charset: string, kind: string, data: string) =>
      kind.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}
