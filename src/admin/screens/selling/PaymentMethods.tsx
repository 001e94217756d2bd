import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  hasCapability,
  PAYMENT_METHOD_KINDS,
  PAYMENT_PROVIDER_CODES,
  paymentMethodProblems,
  SANDBOX_PROVIDER,
  type AdminPaymentMethod,
  type PaymentMethodsAnswer,
} from '../../../contract/admin';
import { api } from '../../api/client';
import { useWrite } from '../../api/write';
import { ConfirmDialog, Dialog } from '../../components/Dialog';
import { Field } from '../../components/Field';
import { useFieldMessage, useI18n } from '../../i18n';
import { useStaff } from '../../api/session';
import { PaymentSettingsDialog } from './PaymentSettings';
import { DialogFormActions, LocalizedInputs, moved, OrderButtons, QueryStates, RecordTable, showProblems } from './selling-ui';

const KEY = ['payment-methods'];

/** Payment methods as checkout offers them: titles, on or off, order; online ones name their provider. */
export default function PaymentMethods() {
  const { t, lang } = useI18n();
  const query = useQuery({ queryKey: KEY, queryFn: () => api.get<PaymentMethodsAnswer>('/payment-methods') });
  const [editing, setEditing] = useState<AdminPaymentMethod | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AdminPaymentMethod | null>(null);
  const [configuring, setConfiguring] = useState<AdminPaymentMethod | null>(null);
  const owner = hasCapability(useStaff().role, 'payment_credentials');
  const providerOf = (m: AdminPaymentMethod) => query.data?.providers.find((p) => p.code === m.provider);
  const toggle = useWrite({
    mutationFn: (m: AdminPaymentMethod) =>
      api.patch(`/payment-methods/${m.code}`, {
        title: m.title,
        kind: m.kind,
        provider: m.provider,
        enabled: !m.enabled,
        version: m.version,
      }),
    invalidate: [KEY],
    success: t('selling.saved'),
  });
  const reorder = useWrite({
    mutationFn: (rows: AdminPaymentMethod[]) =>
      api.post('/payment-methods/order', { items: rows.map((m) => ({ id: m.code, version: m.version })) }),
    invalidate: [KEY],
  });
  const remove = useWrite({
    mutationFn: (m: AdminPaymentMethod) => api.delete(`/payment-methods/${m.code}?version=${m.version}`),
    invalidate: [KEY],
    success: t('selling.payments.deleted'),
    onSuccess: () => setDeleting(null),
  });
  const rows = query.data?.items ?? [];
  const titleOf = (m: AdminPaymentMethod) => m.title[lang] || m.title.en;
  return (
    <>
      <div className="page-head">
        <div>
          <h1>{t('selling.payments.title')}</h1>
          <p className="muted">{t('selling.payments.intro')}</p>
        </div>
        <button type="button" className="btn btn-primary" onClick={() => setEditing('new')}>
          {t('selling.payments.new')}
        </button>
      </div>
      {query.data?.sandboxEnabled ? (
        <div className="card card-attention selling-warning" role="alert">
          <h2>{t('selling.payments.sandboxOnTitle')}</h2>
          <p>{query.data.sandboxRefused ? t('selling.payments.sandboxRefusedText') : t('selling.payments.sandboxOnText')}</p>
        </div>
      ) : null}
      <QueryStates query={query} empty={t('selling.payments.none')} count={rows.length} />
      {rows.length > 0 ? (
        <div className="card">
          <RecordTable
            caption={t('selling.payments.title')}
            headers={[
              t('selling.payments.method'),
              t('selling.payments.kind'),
              t('selling.payments.state'),
              t('selling.payments.locations'),
              t('selling.actions'),
            ]}
          >
            {rows.map((m, index) => (
              <tr key={m.code}>
                <td data-label={t('selling.payments.method')}>
                  <div className="stack-tight">
                    <span>{titleOf(m)}</span>
                    <span className="muted small">{m.code}</span>
                  </div>
                </td>
                <td data-label={t('selling.payments.kind')}>
                  {m.kind === 'online'
                    ? t('selling.payments.onlineVia', { provider: t(`selling.provider.${m.provider}`, { defaultValue: m.provider ?? '' }) })
                    : t('selling.payments.cash')}
                  {m.provider === SANDBOX_PROVIDER || m.settings.testMode === true ? (
                    <span className="badge badge-warn"> {t('selling.payments.test')}</span>
                  ) : null}
                  {m.settings.twoStage === true ? <span className="badge"> {t('selling.payments.twoStage')}</span> : null}
                </td>
                <td data-label={t('selling.payments.state')}>
                  <span className={`badge badge-${m.enabled ? 'ok' : 'muted'}`}>{m.enabled ? t('selling.on') : t('selling.off')}</span>
                </td>
                <td data-label={t('selling.payments.locations')}>{m.usedByLocations.length ? m.usedByLocations.join(', ') : '—'}</td>
                <td data-label={t('selling.actions')}>
                  <div className="row-actions">
                    <OrderButtons
                      index={index}
                      count={rows.length}
                      name={titleOf(m)}
                      disabled={reorder.isPending}
                      onMove={(from, to) => reorder.mutate(moved(rows, from, to))}
                    />
                    <button
                      type="button"
                      className="btn btn-small"
                      onClick={() => toggle.mutate(m)}
                      disabled={toggle.isPending}
                      aria-label={`${m.enabled ? t('selling.disable') : t('selling.enable')}: ${titleOf(m)}`}
                    >
                      {m.enabled ? t('selling.disable') : t('selling.enable')}
                    </button>
                    {owner && providerOf(m) && m.kind === 'online' ? (
                      <button
                        type="button"
                        className="btn btn-small"
                        onClick={() => setConfiguring(m)}
                        aria-label={t('selling.payments.settingsName', { name: titleOf(m) })}
                      >
                        {t('selling.payments.settings')}
                      </button>
                    ) : null}
                    <button
                      type="button"
                      className="btn btn-small"
                      onClick={() => setEditing(m)}
                      aria-label={t('selling.editName', { name: titleOf(m) })}
                    >
                      {t('selling.edit')}
                    </button>
                    <button
                      type="button"
                      className="btn btn-small btn-danger"
                      onClick={() => setDeleting(m)}
                      aria-label={t('selling.deleteName', { name: titleOf(m) })}
                    >
                      {t('selling.delete')}
                    </button>
                  </div>
                </td>
              </tr>
            ))}
          </RecordTable>
        </div>
      ) : null}
      {editing ? <MethodDialog method={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
      {configuring && providerOf(configuring) ? (
        <PaymentSettingsDialog method={configuring} provider={providerOf(configuring)!} onClose={() => setConfiguring(null)} />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title={deleting ? t('selling.deleteName', { name: titleOf(deleting) }) : ''}
        confirmLabel={t('selling.delete')}
        danger
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onClose={() => setDeleting(null)}
      >
        <p>
          {deleting?.usedByLocations.length
            ? t('selling.payments.usedByText', { locations: deleting.usedByLocations.join(', ') })
            : t('selling.payments.deleteText')}
        </p>
      </ConfirmDialog>
    </>
  );
}

type MethodForm = { code: string; title: { en: string; ru: string }; kind: AdminPaymentMethod['kind']; provider: string; enabled: boolean };

function MethodDialog({ method, onClose }: { method: AdminPaymentMethod | null; onClose: () => void }) {
  const { t } = useI18n();
  const message = useFieldMessage();
  const form = useForm<MethodForm>({
    defaultValues: {
      code: method?.code ?? '',
      title: method?.title ?? { en: '', ru: '' },
      kind: method?.kind ?? 'cash',
      provider: method?.provider ?? '',
      enabled: method?.enabled ?? true,
    },
  });
  const errors = form.formState.errors;
  const kind = form.watch('kind');
  const provider = form.watch('provider');
  const enabled = form.watch('enabled');
  const save = useWrite<Record<string, unknown>, unknown, MethodForm>({
    mutationFn: (body) =>
      method ? api.patch(`/payment-methods/${method.code}`, { ...body, version: method.version }) : api.post('/payment-methods', body),
    invalidate: [KEY],
    success: t('selling.saved'),
    setError: form.setError,
    onSuccess: onClose,
  });
  const submit = form.handleSubmit((values) => {
    const body = {
      title: values.title,
      kind: values.kind,
      provider: values.kind === 'online' ? values.provider || null : null,
      enabled: values.enabled,
    };
    if (showProblems(paymentMethodProblems(body), form.setError, t)) return;
    save.mutate(method ? body : { ...body, code: values.code });
  });
  return (
    <Dialog open onClose={onClose} title={method ? t('selling.payments.edit') : t('selling.payments.new')} wide>
      <form noValidate onSubmit={submit}>
        {errors.root?.server ? (
          <p className="form-error" role="alert">
            {errors.root.server.message}
          </p>
        ) : null}
        {method ? null : (
          <Field label={`${t('selling.code')} *`} hint={t('selling.codeHint')} error={message(errors.code?.message)}>
            <input autoComplete="off" {...form.register('code')} />
          </Field>
        )}
        <LocalizedInputs
          name="title"
          label={t('selling.titleField')}
          register={form.register}
          required
          errors={{
            title: errors.title as never,
            'title.en': { message: message(errors.title?.en?.message) },
            'title.ru': { message: message(errors.title?.ru?.message) },
          }}
        />
        <Field label={t('selling.payments.kind')} error={message(errors.kind?.message)}>
          <select {...form.register('kind')}>
            {PAYMENT_METHOD_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`selling.payments.kind_${k}`)}
              </option>
            ))}
          </select>
        </Field>
        {kind === 'online' ? (
          <Field
            label={`${t('selling.payments.provider')} *`}
            hint={t('selling.payments.providerHint')}
            error={message(errors.provider?.message)}
          >
            <select {...form.register('provider')}>
              <option value="">{t('selling.payments.chooseProvider')}</option>
              {PAYMENT_PROVIDER_CODES.map((p) => (
                <option key={p} value={p}>
                  {t(`selling.provider.${p}`)}
                </option>
              ))}
            </select>
          </Field>
        ) : errors.provider ? (
          <p className="field-error">{message(errors.provider.message)}</p>
        ) : null}
        {kind === 'online' && provider === SANDBOX_PROVIDER ? (
          <p className="form-error" role={enabled ? 'alert' : undefined}>
            {t('selling.payments.sandboxWarning')}
          </p>
        ) : null}
        <label className="selling-check">
          <input type="checkbox" {...form.register('enabled')} /> {t('selling.payments.enabled')}
        </label>
        <DialogFormActions onBack={onClose} busy={save.isPending} />
      </form>
    </Dialog>
  );
}
