import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, asc, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import {
  idSchema,
  invitationAcceptSchema,
  inviteTokenSchema,
  STAFF_INVITE_DAYS,
  staffInviteSchema,
  staffPatchSchema,
  staffResendSchema,
  staffVersionSchema,
  type InvitationAnswer,
  type StaffListAnswer,
  type StaffMember,
  type StaffRole,
} from '../../../../contract/admin';
import type { Language } from '../../../../lib/localize';
import { hashPassword } from '../../../auth/password';
import type { Executor } from '../../../db/client';
import { staffInvites, staffUsers } from '../../../db/schema';
import { enqueueMail } from '../../../mail/queue';
import { checkRateLimit, clientAddress } from '../../core/rate-limit';
import { fieldError, notFound } from '../../core/errors';
import { readBody, readParams, readQuery } from '../../core/validate';
import { recordAudit } from '../audit';
import type { AdminEnv, StaffPrincipal } from '../context';
import { adminMessage } from '../messages';
import { isCommonPassword } from '../../../../lib/common-passwords';
import { requireCapability, revokeOtherSessions, setSessionCookie, startSession } from '../session';
import { toStaff } from '../session-routes';
import { confirmStepUp } from '../step-up';
import { normalizeStaffEmail, type StaffRow } from '../staff';
import { expectVersion, versionConflict } from '../versioned';

const DAY_MS = 24 * 60 * 60_000;
/**
 * The password hash of a member who has not accepted their invitation: not a hash of anything, so no password
 * matches it and sign-in is refused until the invitation sets a real one.
 */
export const INVITED_PASSWORD_HASH = '!invited';

const isInvited = (row: Pick<StaffRow, 'passwordHash'>) => row.passwordHash === INVITED_PASSWORD_HASH;
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const idParams = z.object({ id: idSchema });
const staffMessage = (key: string, lang: Language) => adminMessage(`staff.${key}`, lang);

function toMember(row: StaffRow, invitationExpiresAt: Date | null): StaffMember {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role as StaffRole,
    lang: row.lang === 'ru' ? 'ru' : 'en',
    status: row.disabled ? 'disabled' : isInvited(row) ? 'invited' : 'active',
    invitationExpiresAt: isInvited(row) && invitationExpiresAt ? invitationExpiresAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    version: row.version,
  };
}

/** Staff members with the expiry of their newest pending invitation. */
async function loadMembers(db: Executor, id?: string): Promise<StaffMember[]> {
  const pending = sql<Date | null>`(select max(${staffInvites.expiresAt}) from ${staffInvites} where ${staffInvites.staffId} = ${staffUsers.id} and ${staffInvites.usedAt} is null)`;
  const rows = await db
    .select({ staff: staffUsers, pending })
    .from(staffUsers)
    .where(id ? eq(staffUsers.id, id) : undefined)
    .orderBy(desc(sql`${staffUsers.role} = 'owner'`), asc(staffUsers.name), asc(staffUsers.id));
  return rows.map((row) => toMember(row.staff, row.pending ? new Date(row.pending) : null));
}

async function loadMember(db: Executor, id: string, lang: Language): Promise<StaffMember> {
  const [member] = await loadMembers(db, id);
  if (!member) throw notFound(staffMessage('notFound', lang));
  return member;
}

/** A new single-use link for `member` (earlier links stop working), and its e-mail queued in the same transaction. */
async function issueInvitation(tx: Executor, member: StaffRow, inviter: StaffPrincipal, now: Date): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  await tx.delete(staffInvites).where(eq(staffInvites.staffId, member.id));
  await tx.insert(staffInvites).values({
    tokenHash: hashToken(token),
    staffId: member.id,
    expiresAt: new Date(now.getTime() + STAFF_INVITE_DAYS * DAY_MS),
    createdAt: now,
  });
  await enqueueMail(
    tx,
    [
      {
        template: 'staff-invite',
        to: member.email,
        lang: member.lang === 'ru' ? 'ru' : 'en',
        data: { staffId: member.id, inviter: inviter.name, days: STAFF_INVITE_DAYS, secretToken: token },
      },
    ],
    now,
  );
}

/** Other enabled owners who can sign in: the shop must keep at least one. */
async function otherActiveOwners(tx: Executor, id: string): Promise<number> {
  const owners = await tx
    .select({ id: staffUsers.id })
    .from(staffUsers)
    .where(
      and(
        eq(staffUsers.role, 'owner'),
        eq(staffUsers.disabled, false),
        ne(staffUsers.passwordHash, INVITED_PASSWORD_HASH),
        ne(staffUsers.id, id),
      ),
    )
    .for('update');
  return owners.length;
}

async function lockedMember(tx: Executor, id: string, version: number, lang: Language): Promise<StaffRow> {
  const [row] = await tx.select().from(staffUsers).where(eq(staffUsers.id, id)).for('update');
  return expectVersion(row, version, lang, 'staff.notFound');
}

/**
 * The back office API for staff (under /api/admin): the `manage_staff` capability's (the owner's); inviting, resending
 * an invitation, changing a role and enabling or disabling also need the acting member's password (step-up).
 */
export const staffRoutes = new Hono<AdminEnv>()
  .use('/staff', requireCapability('manage_staff'))
  .use('/staff/*', requireCapability('manage_staff'))
  .get('/staff', async (c) => c.json({ items: await loadMembers(c.var.deps.db) } satisfies StaffListAnswer))
  .post('/staff', async (c) => {
    const { deps, lang, staff } = c.var;
    const body = await readBody(c, staffInviteSchema);
    await confirmStepUp(c, body.currentPassword);
    const now = deps.now();
    const id = await deps.db.transaction(async (tx) => {
      const [member] = await tx
        .insert(staffUsers)
        .values({
          id: randomUUID(),
          email: normalizeStaffEmail(body.email),
          name: body.name,
          role: body.role,
          passwordHash: INVITED_PASSWORD_HASH,
          lang: body.lang ?? staff.lang,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing()
        .returning();
      if (!member) throw fieldError('email', staffMessage('emailTaken', lang));
      await issueInvitation(tx, member, staff, now);
      await recordAudit(
        tx,
        staff,
        {
          action: 'staff.invite',
          entityType: 'staff',
          entityId: member.id,
          after: { email: member.email, name: member.name, role: member.role },
        },
        now,
      );
      return member.id;
    });
    return c.json(await loadMember(deps.db, id, lang), 201);
  })
  .post('/staff/:id/invitation', async (c) => {
    const { id } = readParams(c, idParams);
    const { deps, lang, staff } = c.var;
    const body = await readBody(c, staffResendSchema);
    await confirmStepUp(c, body.currentPassword);
    const now = deps.now();
    await deps.db.transaction(async (tx) => {
      const member = await lockedMember(tx, id, body.version, lang);
      if (!isInvited(member)) throw fieldError('id', staffMessage('notInvited', lang), 409);
      const [after] = await tx
        .update(staffUsers)
        .set({ version: sql`${staffUsers.version} + 1`, updatedAt: now })
        .where(and(eq(staffUsers.id, id), eq(staffUsers.version, body.version)))
        .returning();
      if (!after) throw versionConflict(lang);
      await issueInvitation(tx, after, staff, now);
      await recordAudit(
        tx,
        staff,
        { action: 'staff.invite-resend', entityType: 'staff', entityId: id, after: { email: after.email } },
        now,
      );
    });
    return c.json(await loadMember(deps.db, id, lang));
  })
  .delete('/staff/:id/invitation', async (c) => {
    const { id } = readParams(c, idParams);
    const { deps, lang, staff } = c.var;
    const { version } = readQuery(c, z.object({ version: z.coerce.number().pipe(staffVersionSchema.shape.version) }));
    const now = deps.now();
    await deps.db.transaction(async (tx) => {
      const member = await lockedMember(tx, id, version, lang);
      if (!isInvited(member)) throw fieldError('id', staffMessage('notInvited', lang), 409);
      // a member who never signed in has nothing of theirs to keep: revoking removes them with their links
      const [gone] = await tx
        .delete(staffUsers)
        .where(and(eq(staffUsers.id, id), eq(staffUsers.version, version)))
        .returning();
      if (!gone) throw versionConflict(lang);
      await recordAudit(
        tx,
        staff,
        {
          action: 'staff.invite-revoke',
          entityType: 'staff',
          entityId: id,
          before: { email: gone.email, name: gone.name, role: gone.role },
        },
        now,
      );
    });
    return c.body(null, 204);
  })
  .patch('/staff/:id', async (c) => {
    const { id } = readParams(c, idParams);
    const { deps, lang, staff } = c.var;
    const body = await readBody(c, staffPatchSchema);
    await confirmStepUp(c, body.currentPassword);
    const now = deps.now();
    await deps.db.transaction(async (tx) => {
      const before = await lockedMember(tx, id, body.version, lang);
      const role = body.role ?? (before.role as StaffRole);
      const disabled = body.disabled ?? before.disabled;
      if (disabled && !before.disabled && id === staff.id) throw fieldError('disabled', staffMessage('selfDisable', lang));
      const losesOwner = before.role === 'owner' && !before.disabled && !isInvited(before) && (role !== 'owner' || disabled);
      if (losesOwner && (await otherActiveOwners(tx, id)) === 0)
        throw fieldError(body.role !== undefined && role !== 'owner' ? 'role' : 'disabled', staffMessage('lastOwner', lang));
      const [after] = await tx
        .update(staffUsers)
        .set({ role, disabled, version: sql`${staffUsers.version} + 1`, updatedAt: now })
        .where(and(eq(staffUsers.id, id), eq(staffUsers.version, body.version)))
        .returning();
      if (!after) throw versionConflict(lang);
      // a disabled member is signed out everywhere at once
      if (disabled && !before.disabled) await revokeOtherSessions(tx, id, null, now);
      await recordAudit(
        tx,
        staff,
        {
          action: 'staff.update',
          entityType: 'staff',
          entityId: id,
          before: { role: before.role, disabled: before.disabled, version: before.version },
          after: { role: after.role, disabled: after.disabled, version: after.version },
        },
        now,
      );
    });
    return c.json(await loadMember(deps.db, id, lang));
  });

/** The pending invitation of a token: unused, unexpired, its member still waiting and not disabled. */
async function pendingInvitation(db: Executor, token: string, now: Date) {
  const [row] = await db
    .select({ invite: staffInvites, staff: staffUsers })
    .from(staffInvites)
    .innerJoin(staffUsers, eq(staffUsers.id, staffInvites.staffId))
    .where(and(eq(staffInvites.tokenHash, hashToken(token)), isNull(staffInvites.usedAt), gt(staffInvites.expiresAt, now)));
  return row && isInvited(row.staff) && !row.staff.disabled ? row : null;
}

/** Routes a person without a staff session may call: accepting an invitation (sets the password). */
export const staffInvitePublicRoutes = new Hono<AdminEnv>()
  .get('/invitation', async (c) => {
    const { deps, lang } = c.var;
    const parsed = inviteTokenSchema.safeParse(new URL(c.req.url).searchParams.get('token'));
    const row = parsed.success ? await pendingInvitation(deps.db, parsed.data, deps.now()) : null;
    if (!row) throw fieldError('token', staffMessage('invitationInvalid', lang), 404);
    return c.json({ email: row.staff.email, name: row.staff.name, role: row.staff.role as StaffRole } satisfies InvitationAnswer);
  })
  .post('/invitation/accept', async (c) => {
    const { deps, lang } = c.var;
    await checkRateLimit(deps, lang, 'signIn', [clientAddress(c)]);
    const body = await readBody(c, invitationAcceptSchema);
    if (isCommonPassword(body.password)) throw fieldError('password', adminMessage('commonPassword', lang));
    const invalid = () => fieldError('token', staffMessage('invitationInvalid', lang));
    // looked up before hashing the password, so a bad link costs no hashing time
    if (!(await pendingInvitation(deps.db, body.token, deps.now()))) throw invalid();
    const passwordHash = await hashPassword(body.password, deps.config.passwordHashCost);
    const now = deps.now();
    const { member, session } = await deps.db.transaction(async (tx) => {
      const [used] = await tx
        .update(staffInvites)
        .set({ usedAt: now })
        .where(and(eq(staffInvites.tokenHash, hashToken(body.token)), isNull(staffInvites.usedAt), gt(staffInvites.expiresAt, now)))
        .returning();
      if (!used) throw invalid();
      const [accepted] = await tx
        .update(staffUsers)
        .set({ name: body.name, passwordHash, version: sql`${staffUsers.version} + 1`, updatedAt: now })
        .where(and(eq(staffUsers.id, used.staffId), eq(staffUsers.passwordHash, INVITED_PASSWORD_HASH), eq(staffUsers.disabled, false)))
        .returning();
      if (!accepted) throw invalid();
      await tx.delete(staffInvites).where(and(eq(staffInvites.staffId, accepted.id), ne(staffInvites.tokenHash, used.tokenHash)));
      const started = await startSession(tx, deps, accepted.id);
      await recordAudit(
        tx,
        accepted,
        { action: 'staff.invite-accept', entityType: 'staff', entityId: accepted.id, after: { name: accepted.name } },
        now,
      );
      return { member: accepted, session: started };
    });
    setSessionCookie(c, deps, session.id, session.expiresAt);
    return c.json({ staff: toStaff(member) });
  });
