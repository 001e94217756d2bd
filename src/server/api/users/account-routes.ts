import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { hashPassword, verifyPassword } from '../../auth/password';
import { comments, leads, passwordResetTokens, reviews, userProfiles, users } from '../../db/schema';
import { linkCustomer } from '../commerce/customer-records';
import { requireUser, revokeToken } from '../core/auth';
import type { AppEnv } from '../core/context';
import { ApiError, fieldError, unauthorized } from '../core/errors';
import { clientAddress, enforceRateLimit } from '../core/rate-limit';
import { readBody } from '../core/validate';
import { findUserByEmail, findUserById, hashForMissingAccount, signedInAnswer, withUniqueEmail } from './accounts';
import { beginPasswordAttempt, clearAccountAttempts, clearAttempts, resetRequestKey, signInCounters } from './attempt-limits';
import type { SuccessDto } from '../../../contract/storefront/common';
import { credentialsChangeBody, MESSAGES, registrationBody, signInBody, type UserDto } from '../../../contract/storefront/users';

export const accountRoutes = new Hono<AppEnv>();

accountRoutes.post('/register', async (c) => {
  const deps = c.var.deps;
  await enforceRateLimit(c, 'registration', clientAddress(c));
  const body = await readBody(c, registrationBody);
  const passwordHash = await hashPassword(body.password);
  const now = deps.now();
  const user = await withUniqueEmail(() =>
    deps.db.transaction(async (tx) => {
      const [created] = await tx
        .insert(users)
        .values({ id: randomUUID(), email: body.email, passwordHash, createdAt: now, updatedAt: now })
        .returning();
      await tx.insert(userProfiles).values({ userId: created!.id, ...body.profile, updatedAt: now });
      // a guest who ordered with this e-mail becomes this account's customer in the back office; the account itself
      // does not see those orders (the e-mail is not proven), only the ones placed signed in
      await linkCustomer(
        tx,
        {
          userId: created!.id,
          email: created!.email,
          phone: null,
          name: body.profile?.firstName ?? '',
          lastName: body.profile?.lastName ?? null,
        },
        now,
        created!.id,
      );
      return created!;
    }),
  );
  return c.json(await signedInAnswer(deps, user), 201);
});

accountRoutes.post('/login_check', async (c) => {
  const deps = c.var.deps;
  await enforceRateLimit(c, 'signIn', clientAddress(c));
  const body = await readBody(c, signInBody);
  const counters = signInCounters(body.username, clientAddress(c));
  const attempt = await beginPasswordAttempt(deps.db, counters, deps.now());
  if (attempt instanceof Response) return attempt;
  const user = await findUserByEmail(deps.db, body.username);
  const passwordMatches = await verifyPassword(body.password, user?.passwordHash ?? (await hashForMissingAccount()));
  if (!user || !passwordMatches) {
    await attempt.failed();
    throw fieldError('password', MESSAGES.badCredentials, 401);
  }
  // disabled by the shop: the right password still does not sign in
  if (user.disabled) throw fieldError('password', MESSAGES.accountDisabled, 401);
  await attempt.succeeded();
  return c.json(await signedInAnswer(deps, user));
});

/**
 * Logging out revokes the token the request carries, on every instance; the user's other devices stay signed in
 * (changing the password signs every device out).
 */
accountRoutes.post('/logout', async (c) => {
  const user = requireUser(c);
  if (user.token) await revokeToken(c.var.deps, user.token);
  return c.json({ success: true } satisfies SuccessDto);
});

/** Only ever the signed-in user: customers cannot list each other. */
accountRoutes.get('/users', async (c) => {
  const { id } = requireUser(c);
  const user = await findUserById(c.var.deps.db, id);
  if (!user) throw unauthorized();
  return c.json([{ id: user.id, email: user.email, createdAt: user.createdAt.toISOString() }] satisfies UserDto[]);
});

accountRoutes.put('/users', async (c) => {
  const deps = c.var.deps;
  const signedIn = requireUser(c);
  const body = await readBody(c, credentialsChangeBody);
  if (body.email === undefined && body.password === undefined) throw new ApiError(400, MESSAGES.nothingToChange);
  const user = await findUserById(deps.db, signedIn.id);
  if (!user) throw unauthorized();

  // The current password is guessable by whoever holds a stolen token, so it counts like a sign-in.
  const attempt = await beginPasswordAttempt(deps.db, signInCounters(user.email, clientAddress(c)), deps.now());
  if (attempt instanceof Response) return attempt;
  if (!(await verifyPassword(body.currentPassword, user.passwordHash))) {
    await attempt.failed();
    throw fieldError('currentPassword', MESSAGES.wrongCurrentPassword);
  }
  await attempt.succeeded();

  const passwordHash = body.password === undefined ? undefined : await hashPassword(body.password);
  const now = deps.now();
  const updated = await withUniqueEmail(() =>
    deps.db.transaction(async (tx) => {
      const [row] = await tx
        .update(users)
        .set({
          email: body.email ?? user.email,
          updatedAt: now,
          ...(passwordHash ? { passwordHash, tokenVersion: sql`${users.tokenVersion} + 1` } : {}),
        })
        .where(eq(users.id, user.id))
        .returning();
      if (passwordHash) await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
      return row;
    }),
  );
  if (!updated) throw unauthorized();
  return c.json(await signedInAnswer(deps, updated));
});

/**
 * Self-service account deletion. Profile, cart and reset links go with the user (foreign keys cascade);
 * orders stay for the shop's books with no owner; reviews, comments and leads stay, without the link to
 * the person or their e-mail.
 */
accountRoutes.delete('/users', async (c) => {
  const deps = c.var.deps;
  const { id } = requireUser(c);
  await deps.db.transaction(async (tx) => {
    const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, id)).for('update');
    if (!user) throw unauthorized();
    await tx.update(reviews).set({ userId: null, email: null }).where(eq(reviews.userId, id));
    await tx.update(comments).set({ userId: null, email: null }).where(eq(comments.userId, id));
    await tx.update(leads).set({ userId: null }).where(eq(leads.userId, id));
    await tx.delete(users).where(eq(users.id, id));
    await clearAccountAttempts(tx, user.email);
    await clearAttempts(tx, resetRequestKey(id));
  });
  return c.json({ success: true });
});
