import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  hasCapability,
  STAFF_ROLES,
  staffInviteSchema,
  type StaffInvite,
  type StaffListAnswer,
  type StaffMember,
  type StaffRole,
} from '../../../contract/admin';
import { api } from '../../api/client';
import { useStaff } from '../../api/session';
import { useWrite } from '../../api/write';
import { ConfirmDialog, Dialog } from '../../components/Dialog';
import { Field } from '../../components/Field';
import { useStepUp } from '../../components/StepUp';
import { EmptyState, ErrorState, LoadingState } from '../../components/States';
import { useFieldMessage, useI18n } from '../../i18n';
import { date } from '../../lib/format';

const STAFF_KEY = ['staff'];
const STATUS_BADGE: Record<StaffMember['status'], string> = {
  active: 'badge badge-ok',
  invited: 'badge badge-warn',
  disabled: 'badge badge-danger',
};

type Confirm = { kind: 'toggle' | 'revoke'; member: StaffMember } | null;

/** The shop's staff (owner only): invitations, roles, and enabling or disabling accounts. */
export default function Staff() {
  const { t, lang } = useI18n();
  const me = useStaff();
  // a manager who opens the page by its address sees that it is the owner's, without a list to load or an Invite button
  const allowed = hasCapability(me.role, 'manage_staff');
  const query = useQuery({ queryKey: STAFF_KEY, queryFn: () => api.get<StaffListAnswer>('/staff'), enabled: allowed });
  const [inviting, setInviting] = useState(false);
  const [confirm, setConfirm] = useState<Confirm>(null);
  const close = () => setConfirm(null);
  // roles, enabling, disabling and invitations ask for the owner's password again (step-up)
  const stepUp = useStepUp();

  const changeRole = useWrite({
    mutationFn: ({ member, role, currentPassword }: { member: StaffMember; role: StaffRole; currentPassword: string }) =>
      api.patch<StaffMember>(`/staff/${member.id}`, { role, version: member.version, currentPassword }),
    invalidate: [STAFF_KEY],
    success: t('staff.roleChanged'),
  });
  const toggle = useWrite({
    mutationFn: ({ member, currentPassword }: { member: StaffMember; currentPassword: string }) =>
      api.patch<StaffMember>(`/staff/${member.id}`, { disabled: member.status !== 'disabled', version: member.version, currentPassword }),
    invalidate: [STAFF_KEY],
    success: (member) => (member.status === 'disabled' ? t('staff.wasDisabled') : t('staff.wasEnabled')),
    onSuccess: close,
  });
  const resend = useWrite({
    mutationFn: ({ member, currentPassword }: { member: StaffMember; currentPassword: string }) =>
      api.post<StaffMember>(`/staff/${member.id}/invitation`, { version: member.version, currentPassword }),
    invalidate: [STAFF_KEY],
    success: t('staff.resent'),
  });
  const revoke = useWrite({
    mutationFn: (member: StaffMember) => api.delete<void>(`/staff/${member.id}/invitation?version=${member.version}`),
    invalidate: [STAFF_KEY],
    success: t('staff.revoked'),
    onSuccess: close,
  });

  const name = (member: StaffMember) => member.name || member.email;
  return (
    <>
      <div className="page-head">
        <div>
          <h1>{t('staff.title')}</h1>
          <p className="muted">{t('staff.intro')}</p>
        </div>
        {allowed ? (
          <button type="button" className="btn btn-primary" onClick={() => setInviting(true)}>
            {t('staff.invite')}
          </button>
        ) : null}
      </div>
      {!allowed ? (
        <div className="state state-empty" role="note" data-testid="staff-owner-only">
          <p>{t('staff.ownerOnly', { role: t(`roles.${me.role}`) })}</p>
        </div>
      ) : query.isPending ? (
        <LoadingState />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.items.length === 0 ? (
        <EmptyState>{t('staff.none')}</EmptyState>
      ) : (
        <table className="list-table">
          <thead>
            <tr>
              <th scope="col">{t('staff.name')}</th>
              <th scope="col">{t('staff.role')}</th>
              <th scope="col">{t('staff.status')}</th>
              <th scope="col">{t('staff.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {query.data.items.map((member) => (
              <tr key={member.id} data-staff={member.email}>
                <td data-label={t('staff.name')}>
                  <div>
                    <strong>{name(member)}</strong>
                    {member.id === me.id ? <span className="muted"> ({t('staff.you')})</span> : null}
                    <div className="muted small">{member.email}</div>
                  </div>
                </td>
                <td data-label={t('staff.role')}>
                  <select
                    aria-label={t('staff.changeRole', { name: name(member) })}
                    value={member.role}
                    disabled={changeRole.isPending}
                    onChange={(e) => {
                      const role = e.target.value as StaffRole;
                      stepUp.confirm((currentPassword) => changeRole.mutateAsync({ member, role, currentPassword }));
                    }}
                  >
                    {STAFF_ROLES.map((role) => (
                      <option key={role} value={role}>
                        {t(`roles.${role}`)}
                      </option>
                    ))}
                  </select>
                </td>
                <td data-label={t('staff.status')}>
                  <div>
                    <span className={STATUS_BADGE[member.status]}>{t(`staff.statuses.${member.status}`)}</span>
                    {member.invitationExpiresAt ? (
                      <div className="muted small">{t('staff.invitationUntil', { date: date(member.invitationExpiresAt, lang) })}</div>
                    ) : null}
                  </div>
                </td>
                <td data-label={t('staff.actions')}>
                  <div className="row-actions">
                    {member.status === 'invited' ? (
                      <>
                        <button
                          type="button"
                          className="btn btn-small"
                          disabled={resend.isPending}
                          onClick={() => stepUp.confirm((currentPassword) => resend.mutateAsync({ member, currentPassword }))}
                        >
                          {t('staff.resend')}
                        </button>
                        <button type="button" className="btn btn-small btn-danger" onClick={() => setConfirm({ kind: 'revoke', member })}>
                          {t('staff.revoke')}
                        </button>
                      </>
                    ) : member.id === me.id ? null : (
                      <button
                        type="button"
                        className={member.status === 'disabled' ? 'btn btn-small' : 'btn btn-small btn-danger'}
                        onClick={() => setConfirm({ kind: 'toggle', member })}
                      >
                        {member.status === 'disabled' ? t('staff.enable') : t('staff.disable')}
                      </button>
                    )}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <InviteDialog open={inviting} onClose={() => setInviting(false)} />
      {stepUp.dialog}
      {confirm?.kind === 'revoke' ? (
        <ConfirmDialog
          open
          danger
          title={t('staff.revokeTitle', { name: name(confirm.member) })}
          confirmLabel={t('staff.revoke')}
          busy={revoke.isPending}
          onConfirm={() => revoke.mutate(confirm.member)}
          onClose={close}
        >
          <p>{t('staff.revokeText', { name: name(confirm.member) })}</p>
        </ConfirmDialog>
      ) : null}
      {confirm?.kind === 'toggle' ? (
        <ConfirmDialog
          open
          danger={confirm.member.status !== 'disabled'}
          title={
            confirm.member.status === 'disabled'
              ? t('staff.enableTitle', { name: name(confirm.member) })
              : t('staff.disableTitle', { name: name(confirm.member) })
          }
          confirmLabel={confirm.member.status === 'disabled' ? t('staff.enable') : t('staff.disable')}
          onConfirm={() => {
            const { member } = confirm;
            close();
            stepUp.confirm((currentPassword) => toggle.mutateAsync({ member, currentPassword }));
          }}
          onClose={close}
        >
          <p>
            {confirm.member.status === 'disabled'
              ? t('staff.enableText', { name: name(confirm.member) })
              : t('staff.disableText', { name: name(confirm.member) })}
          </p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}

function InviteDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t, lang } = useI18n();
  const fieldMessage = useFieldMessage();
  const form = useForm<StaffInvite>({
    resolver: zodResolver(staffInviteSchema),
    defaultValues: { email: '', name: '', role: 'manager', lang, currentPassword: '' },
  });
  const invite = useWrite<StaffInvite, StaffMember, StaffInvite>({
    mutationFn: (body) => api.post<StaffMember>('/staff', body),
    invalidate: [STAFF_KEY],
    success: (member) => t('staff.invited', { email: member.email }),
    setError: form.setError,
    onSuccess: () => {
      form.reset();
      onClose();
    },
  });
  const { errors } = form.formState;
  const formId = 'staff-invite-form';
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('staff.inviteTitle')}
      footer={
        <>
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            {t('common.back')}
          </button>
          <button type="submit" form={formId} className="btn btn-primary" disabled={invite.isPending}>
            {invite.isPending ? t('common.saving') : t('staff.invite')}
          </button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={form.handleSubmit((values) => invite.mutate(values))}>
        <p className="muted">{t('staff.inviteText')}</p>
        {errors.root?.server ? (
          <p className="form-error" role="alert">
            {errors.root.server.message}
          </p>
        ) : null}
        <Field label={t('staff.email')} error={fieldMessage(errors.email?.message) || undefined}>
          <input type="email" autoComplete="off" {...form.register('email')} />
        </Field>
        <Field label={t('staff.name')} error={fieldMessage(errors.name?.message) || undefined}>
          <input autoComplete="off" {...form.register('name')} />
        </Field>
        <Field label={t('staff.role')} error={fieldMessage(errors.role?.message) || undefined}>
          <select {...form.register('role')}>
            {STAFF_ROLES.map((role) => (
              <option key={role} value={role}>
                {t(`roles.${role}`)}
              </option>
            ))}
          </select>
        </Field>
        <Field label={t('staff.lang')}>
          <select {...form.register('lang')}>
            <option value="en">{t('settings.english')}</option>
            <option value="ru">{t('settings.russian')}</option>
          </select>
        </Field>
        <Field label={t('stepUp.password')} hint={t('stepUp.text')} error={fieldMessage(errors.currentPassword?.message) || undefined}>
          <input type="password" autoComplete="current-password" {...form.register('currentPassword')} />
        </Field>
      </form>
    </Dialog>
  );
}
