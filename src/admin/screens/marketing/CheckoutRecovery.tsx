import { useQuery } from '@tanstack/react-query';
import { useId, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { RecoveryCheckoutItem, RecoverySettings, RecoverySettingsAnswer, RecoverySummary } from '../../../contract/admin';
import { RECOVERY_STATUSES } from '../../../contract/admin/recovery';
import { api } from '../../api/client';
import { useList } from '../../api/queries';
import { useWrite } from '../../api/write';
import { ServerList, listColumns } from '../../components/DataTable';
import { Field } from '../../components/Field';
import { FilterBar } from '../../components/Filters';
import { useListParams } from '../../components/list-hooks';
import { ErrorState, LoadingState } from '../../components/States';
import { UnsavedChanges } from '../../components/UnsavedChanges';
import { useI18n } from '../../i18n';
import { dateTime, money } from '../../lib/format';

const SUMMARY_DAYS = 30;
const FILTERS = ['status'] as const;
const column = listColumns<RecoveryCheckoutItem>();

type Form = {
  enabled: boolean;
  firstDelayMinutes: string;
  secondDelayMinutes: string;
  firstDiscountCodeId: string;
  secondDiscountCodeId: string;
  attributionDays: string;
  linkDays: string;
};

const formOf = (value: RecoverySettings): Form => ({
  enabled: value.enabled,
  firstDelayMinutes: String(value.firstDelayMinutes),
  secondDelayMinutes: String(value.secondDelayMinutes),
  firstDiscountCodeId: value.firstDiscountCodeId ?? '',
  secondDiscountCodeId: value.secondDiscountCodeId ?? '',
  attributionDays: String(value.attributionDays),
  linkDays: String(value.linkDays),
});

/** Marketing → Checkout recovery: the reminders' settings, what they brought back, and the checkouts kept. */
export default function CheckoutRecovery() {
  const { t } = useI18n();
  const settings = useQuery({
    queryKey: ['recovery', 'settings'],
    queryFn: () => api.get<RecoverySettingsAnswer>('/marketing/recovery/settings'),
  });
  return (
    <>
      <div className="page-head">
        <h1>{t('recovery.title')}</h1>
      </div>
      <p className="muted">{t('recovery.intro')}</p>
      <Summary />
      {settings.isPending ? (
        <LoadingState />
      ) : settings.isError ? (
        <ErrorState error={settings.error} onRetry={() => void settings.refetch()} />
      ) : (
        // a new version (after a save or a conflict) starts the form again from what the server holds
        <SettingsForm key={settings.data.version} answer={settings.data} />
      )}
      <Checkouts />
    </>
  );
}

function Summary() {
  const { t, lang } = useI18n();
  const summary = useQuery({
    queryKey: ['recovery', 'summary', SUMMARY_DAYS],
    queryFn: () => api.get<RecoverySummary>(`/marketing/recovery/summary?days=${SUMMARY_DAYS}`),
  });
  if (summary.isPending) return <LoadingState />;
  if (summary.isError) return <ErrorState error={summary.error} onRetry={() => void summary.refetch()} />;
  const s = summary.data;
  const figures: [string, string][] = [
    [t('recovery.checkouts'), String(s.checkouts)],
    [t('recovery.remindersSent'), String(s.remindersSent)],
    [t('recovery.restored'), String(s.restored)],
    [t('recovery.recoveredOrders'), String(s.recoveredOrders)],
    [t('recovery.recoveredRevenue'), money(s.recoveredCents, s.currency, lang)],
  ];
  return (
    <section aria-labelledby="recovery-summary">
      <h2 id="recovery-summary" className="section-title">
        {t('recovery.summary', { count: s.days })}
      </h2>
      <div className="tiles" data-recovery-summary>
        {figures.map(([label, value]) => (
          <div key={label} className="tile">
            <span className="tile-label">{label}</span>
            <span className="tile-value">{value}</span>
          </div>
        ))}
      </div>
    </section>
  );
}

function SettingsForm({ answer }: { answer: RecoverySettingsAnswer }) {
  const { t } = useI18n();
  const formId = useId();
  const form = useForm<Form>({ defaultValues: formOf(answer.settings) });
  const { register, handleSubmit, setError, watch, formState } = form;
  const errors = formState.errors;
  const save = useWrite<Record<string, unknown>, RecoverySettingsAnswer, Form>({
    mutationFn: (body) => api.put<RecoverySettingsAnswer>('/marketing/recovery/settings', { ...body, version: answer.version }),
    invalidate: [['recovery']],
    success: t('recovery.saved'),
    setError,
  });
  const whole = (value: string) => (/^\d+$/.test(value.trim()) ? Number(value.trim()) : Number.NaN);
  const submit = handleSubmit((values) =>
    save.mutate({
      enabled: values.enabled,
      firstDelayMinutes: whole(values.firstDelayMinutes),
      secondDelayMinutes: whole(values.secondDelayMinutes),
      firstDiscountCodeId: values.firstDiscountCodeId || null,
      secondDiscountCodeId: values.secondDiscountCodeId || null,
      attributionDays: whole(values.attributionDays),
      linkDays: whole(values.linkDays),
    }),
  );
  const codeChoices = (
    <>
      <option value="">{t('recovery.noDiscount')}</option>
      {answer.discountCodes.map((code) => (
        <option key={code.id} value={code.id}>
          {code.active ? code.code : t('recovery.inactive', { code: code.code })}
        </option>
      ))}
    </>
  );
  const enabled = watch('enabled');
  return (
    <>
      <UnsavedChanges dirty={formState.isDirty} saving={save.isPending} onDiscard={() => form.reset()} form={formId} />
      <form id={formId} className="card selling-form" noValidate onSubmit={submit} aria-labelledby="recovery-settings">
        <h2 id="recovery-settings" className="section-title">
          {t('recovery.settings')}
        </h2>
        {!enabled ? <p className="muted">{t('recovery.off')}</p> : null}
        {errors.root?.server ? (
          <p className="form-error" role="alert">
            {errors.root.server.message}
          </p>
        ) : null}
        <label className="check">
          <input type="checkbox" {...register('enabled')} /> {t('recovery.enabled')}
        </label>
        <Field label={t('recovery.firstDelay')} error={errors.firstDelayMinutes?.message}>
          <input inputMode="numeric" autoComplete="off" {...register('firstDelayMinutes')} />
        </Field>
        <Field label={t('recovery.firstDiscount')} error={errors.firstDiscountCodeId?.message}>
          <select {...register('firstDiscountCodeId')}>{codeChoices}</select>
        </Field>
        <Field label={t('recovery.secondDelay')} error={errors.secondDelayMinutes?.message}>
          <input inputMode="numeric" autoComplete="off" {...register('secondDelayMinutes')} />
        </Field>
        <Field label={t('recovery.secondDiscount')} error={errors.secondDiscountCodeId?.message}>
          <select {...register('secondDiscountCodeId')}>{codeChoices}</select>
        </Field>
        <Field label={t('recovery.linkDays')} error={errors.linkDays?.message}>
          <input inputMode="numeric" autoComplete="off" {...register('linkDays')} />
        </Field>
        <Field label={t('recovery.attributionDays')} error={errors.attributionDays?.message}>
          <input inputMode="numeric" autoComplete="off" {...register('attributionDays')} />
        </Field>
        <div className="form-actions">
          <button type="submit" className="btn btn-primary own-save" disabled={save.isPending}>
            {t('recovery.save')}
          </button>
        </div>
      </form>
    </>
  );
}

function Checkouts() {
  const { t, lang } = useI18n();
  const listState = useListParams(FILTERS, '-startedAt');
  const { params, setFilter, clear } = listState;
  const list = useList<RecoveryCheckoutItem, (typeof FILTERS)[number]>('/marketing/recovery/checkouts', params);
  const columns = useMemo(
    () => [
      column.accessor('startedAt', { header: t('recovery.started'), cell: (info) => dateTime(info.getValue(), lang) }),
      column.accessor('email', { header: t('recovery.email'), enableSorting: false }),
      column.accessor('status', {
        header: t('recovery.status'),
        enableSorting: false,
        cell: (info) => t(`recovery.statuses.${info.getValue()}`),
      }),
      column.accessor('lines', { header: t('recovery.lines'), enableSorting: false }),
      column.accessor('remindersSent', {
        header: t('recovery.reminders'),
        enableSorting: false,
        cell: ({ row }) =>
          row.original.remindersSent > 0 ? `${row.original.remindersSent} · ${dateTime(row.original.lastReminderAt, lang)}` : '0',
      }),
      column.accessor('restoredAt', {
        header: t('recovery.restoredAt'),
        enableSorting: false,
        cell: (info) => (info.getValue() ? dateTime(info.getValue(), lang) : '—'),
      }),
      column.accessor('recoveredCents', {
        header: t('recovery.recovered'),
        enableSorting: false,
        cell: ({ row }) => (
          <span className="stack-tight">
            {row.original.recoveredCents !== null ? money(row.original.recoveredCents, row.original.currency ?? 'USD', lang) : '—'}
            {row.original.orderId ? (
              <Link className="small" to={`/orders/${encodeURIComponent(row.original.orderId)}`}>
                {t('recovery.openOrder')}
              </Link>
            ) : null}
          </span>
        ),
      }),
    ],
    [t, lang],
  );
  const status = params.filters.status ?? '';
  return (
    <section aria-labelledby="recovery-list">
      <h2 id="recovery-list" className="section-title">
        {t('recovery.list')}
      </h2>
      <FilterBar onClear={clear} active={Boolean(status)}>
        <div className="segmented" role="group" aria-label={t('recovery.status')}>
          {(['', ...RECOVERY_STATUSES] as const).map((value) => (
            <button
              key={value || 'all'}
              type="button"
              className="btn btn-small"
              aria-pressed={status === value}
              onClick={() => setFilter('status', value)}
            >
              {value ? t(`recovery.statuses.${value}`) : t('recovery.all')}
            </button>
          ))}
        </div>
      </FilterBar>
      <ServerList caption={t('recovery.list')} columns={columns} list={list} state={listState} empty={t('recovery.none')} />
    </section>
  );
}
