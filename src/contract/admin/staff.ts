/** Shapes of the back office API for staff: see src/contract/admin/common.ts for the shared ones. */
import { z } from 'zod';
import { languageSchema, requiredTextSchema, staffRoleSchema, stepUpPasswordSchema, versionSchema } from './common';
import { staffPasswordSchema } from './session';

/** How long an invitation link works. */
export const STAFF_INVITE_DAYS = 7;

/** active: may sign in; invited: has not accepted the invitation yet; disabled: may not sign in. */
export const STAFF_STATUSES = ['active', 'invited', 'disabled'] as const;

export const staffMemberSchema = z.strictObject({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: staffRoleSchema,
  lang: languageSchema,
  status: z.enum(STAFF_STATUSES),
  /** when the pending invitation's link stops working; null when none is pending */
  invitationExpiresAt: z.string().nullable(),
  createdAt: z.string(),
  version: z.int(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

/** GET /staff (owner only): every staff member, owners first. */
export const staffListSchema = z.strictObject({ items: z.array(staffMemberSchema) });
export type StaffListAnswer = z.infer<typeof staffListSchema>;

const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, 'This value should not be blank.')
  .max(254)
  .pipe(z.email('Enter a valid e-mail address.'));

/** POST /staff: invites someone (201 with the new member, status invited); the link goes out by e-mail. */
export const staffInviteSchema = z.object({
  email: emailSchema,
  name: requiredTextSchema(100),
  role: staffRoleSchema,
  /** the language of the invitation e-mail and of the new member's back office */
  lang: languageSchema.optional(),
  currentPassword: stepUpPasswordSchema,
});
export type StaffInvite = z.infer<typeof staffInviteSchema>;

/** PATCH /staff/:id: a new role and/or enables or disables the member (disabling ends their sessions at once). */
export const staffPatchSchema = z
  .object({
    role: staffRoleSchema.optional(),
    disabled: z.boolean().optional(),
    version: versionSchema,
    currentPassword: stepUpPasswordSchema,
  })
  .refine((body) => body.role !== undefined || body.disabled !== undefined, { message: 'Nothing to change', path: ['role'] });

/** POST /staff/:id/invitation (resend: a new link; earlier links stop working) and DELETE /staff/:id/invitation (revoke). */
export const staffVersionSchema = z.object({ version: versionSchema });
/** POST /staff/:id/invitation: the version and the step-up password. */
export const staffResendSchema = staffVersionSchema.extend({ currentPassword: stepUpPasswordSchema });

/** The invitation token of a link: 32 random bytes in base64url. */
export const inviteTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'This invitation link is not valid.');

/** GET /invitation?token=… (no session): whom the invitation is for. */
export const invitationAnswerSchema = z.strictObject({ email: z.string(), name: z.string(), role: staffRoleSchema });
export type InvitationAnswer = z.infer<typeof invitationAnswerSchema>;

/** POST /invitation/accept (no session): sets the name and password and starts a session (answers like POST /session). */
export const invitationAcceptSchema = z.object({
  token: inviteTokenSchema,
  name: requiredTextSchema(100),
  password: staffPasswordSchema,
});
