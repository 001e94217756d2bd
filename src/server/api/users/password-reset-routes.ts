import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { type Language, localize } from '../../../lib/localize';
import { hashPassword } from '../../auth/password';
import type { Executor } from '../../db/client';
import { passwordResetTokens, users } from '../../db/schema';
import type { AppDeps, AppEnv } from '../core/context';
import { fieldError } from '../core/errors';
import { loadShopSettings } from '../core/settings-store';
import { clientAddress, contactKey, enforceRateLimit } from '../core/rate-limit';
import { readBody } from '../core/validate';
import { findUserByEmail, type UserRow } from './accounts';
import { clearAccountAttempts, countAttempt, resetRequestKey } from './attempt-limits';
import { MESSAGES, passwordResetConfirmBody, passwordResetRequestBody } from '../../../contract/storefront/users';
import { getTranslator } from '../../../lib/i18n';
import { shopSender } from '../../mail/sender';
import { currentMailTemplate } from '../../mail/template-store';
import { loadBranding, renderEdited } from '../../mail/templates';
import { passwordResetMail } from './reset-mail';

export const passwordResetRoutes = new Hono<AppEnv>();

const HOUR_MS = 60 * 60_000;
const LINK_LIFETIME_MS = HOUR_MS;
/** Requests per account and hour that send mail; more are answered the same but send nothing. */
const REQUEST_LIMIT = { limit: 3, windowMs: HOUR_MS };
/** 32 random bytes in base64url. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const invalidLink = () => fieldError('token', MESSAGES.resetLinkInvalid);

/**
 * Always the same answer, given in the same time, whether or not the e-mail belongs to an account: the account
 * is looked up and the mail sent after answering (a failure is logged with the user's id).
 */
passwordResetRoutes.post('/reset_password_request', async (c) => {
  const deps = c.var.deps;
  const lang = c.var.lang;
  await enforceRateLimit(c, 'passwordResetRequest', clientAddress(c));
  const { email } = await readBody(c, passwordResetRequestBody);
  await enforceRateLimit(c, 'passwordResetRequest', contactKey('email', email));
  const now = deps.now();
  deps.background.run('password reset mail', async () => {
    const user = await findUserByEmail(deps.db, email);
    if (!user || !(await countAttempt(deps.db, resetRequestKey(user.id), REQUEST_LIMIT, now)).allowed) return;
    const token = await issueResetToken(deps.db, user, now);
    try {
      await sendResetMail(deps, user, token, lang);
    } catch (error) {
      throw new Error(`password reset mail to user ${user.id} not sent`, { cause: error });
    }
  });
  return c.json({ success: true });
});

/** A new single-use link; links sent earlier stop working. Only the token's hash is stored. */
async function issueResetToken(db: Executor, user: UserRow, now: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.transaction(async (tx) => {
    await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
    await tx.insert(passwordResetTokens).values({
      id: randomUUID(),
      userId: user.id,
      tokenHash: hashToken(token),
      expiresAt: new Date(now.getTime() + LINK_LIFETIME_MS),
      createdAt: now,
    });
  });
  return token;
}

async function sendResetMail(deps: AppDeps, user: UserRow, token: string, lang: Language): Promise<void> {
  const configuredName = localize((await loadShopSettings(deps.db)).common.sitename, lang).trim();
  const siteName = configuredName || new URL(deps.config.publicUrl).host;
  const link = `${deps.config.publicUrl}/reset_password_confirm/${token}`;
  const sender = await shopSender(deps, lang);
  // the owner's wording when there is one (back office, e-mail templates), else the built-in mail
  const edited = await currentMailTemplate(deps.db, 'password-reset', lang);
  if (edited) {
    const branding = await loadBranding(deps, lang);
    const vars = { 'shop.name': siteName, 'shop.link': `${deps.config.publicUrl}/`, 'reset.link': link };
    const footer = getTranslator(lang)('mail.footer', { shop: siteName });
    await deps.mailer.send({ to: user.email, ...renderEdited(branding, lang, edited, vars, footer), ...sender });
    return;
  }
  await deps.mailer.send({ ...passwordResetMail({ to: user.email, link, siteName, lang }), ...sender });
}

const usableToken = (tokenHash: string, now: Date) =>
  and(eq(passwordResetTokens.tokenHash, tokenHash), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, now));

passwordResetRoutes.post('/reset_password_confirm/:token', async (c) => {
  const deps = c.var.deps;
  const { password } = await readBody(c, passwordResetConfirmBody);
  const token = c.req.param('token');
  if (!TOKEN_PATTERN.test(token)) throw invalidLink();
  const tokenHash = hashToken(token);
  // Looked up before hashing, so invalid links cost no hashing time.
  const [pending] = await deps.db
    .select({ id: passwordResetTokens.id })
    .from(passwordResetTokens)
    .where(usableToken(tokenHash, deps.now()));
  if (!pending) throw invalidLink();
  const passwordHash = await hashPassword(password);
  const now = deps.now();
  const changed = await deps.db.transaction(async (tx) => {
    const [used] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(usableToken(tokenHash, now))
      .returning({ id: passwordResetTokens.id, userId: passwordResetTokens.userId });
    if (!used) return false;
    const [user] = await tx
      .update(users)
      .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: now })
      .where(eq(users.id, used.userId))
      .returning({ email: users.email });
    await tx.delete(passwordResetTokens).where(and(eq(passwordResetTokens.userId, used.userId), ne(passwordResetTokens.id, used.id)));
    // Whoever proved they own the mailbox may sign in at once, even after failed attempts.
    if (user) await clearAccountAttempts(tx, user.email);
    return true;
  });
  if (!changed) throw invalidLink();
  return c.json({ success: true });
});
