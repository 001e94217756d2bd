import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { discountProblems, type AdminDiscount } from '../../../contract/admin';
import { api } from '../../api/client';
import { useWrite } from '../../api/write';
import { ConfirmDialog } from '../../components/Dialog';
import { Field } from '../../components/Field';
import { ErrorState, LoadingState } from '../../components/States';
import { UnsavedChanges } from '../../components/UnsavedChanges';
import { useFieldMessage, useI18n } from '../../i18n';
import { DiscountStatusBadge } from './Discounts';
import { centsText, isoOfLocal, localDateTime, RefPicker, showProblems, textCents, textInt, useCurrency } from './selling-ui';

type Form = {
  code: string;
  kind: 'percent' | 'fixed';
  /** percent as typed, or the amount in major units */
  value: string;
  enabled: boolean;
  startsAt: string;
  expiresAt: string;
  minOrderCents: string;
  usageLimit: string;
  productIds: string[];
  catalogIds: string[];
};

function formOf(d: AdminDiscount | null): Form {
  return {
    code: d?.code ?? '',
    kind: d?.kind ?? 'percent',
    value: d ? (d.kind === 'percent' ? String(d.value) : centsText(d.value)) : '',
    enabled: d?.enabled ?? true,
    startsAt: localDateTime(d?.startsAt ?? null),
    expiresAt: localDateTime(d?.expiresAt ?? null),
    minOrderCents: centsText(d?.minOrderCents),
    usageLimit: d?.usageLimit ? String(d.usageLimit) : '',
    productIds: d?.productIds ?? [],
    catalogIds: d?.catalogIds ?? [],
  };
}

/** Creates (`/discounts/new`) or edits a discount code with every condition checkout checks. */
export default function DiscountEdit() {
  const { id = 'new' } = useParams();
  const isNew = id === 'new';
  const query = useQuery({
    queryKey: ['discount-codes', id],
    queryFn: () => api.get<AdminDiscount>(`/discount-codes/${encodeURIComponent(id)}`),
    enabled: !isNew,
  });
  const { t } = useI18n();
  if (!isNew && query.isPending) return <LoadingState />;
  if (!isNew && query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const discount = isNew ? null : query.data!;
  return (
    <>
      <p className="back-link">
        <Link to="/discounts">← {t('selling.discount.title')}</Link>
      </p>
      {/* a new version (after a save or a conflict) starts the form again from what the server holds */}
      <DiscountForm key={discount ? `${discount.id}:${discount.version}` : 'new'} discount={discount} />
    </>
  );
}

function DiscountForm({ discount }: { discount: AdminDiscount | null }) {
  const { t } = useI18n();
  const message = useFieldMessage();
  const navigate = useNavigate();
  const currency = useCurrency();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const form = useForm<Form>({ defaultValues: formOf(discount) });
  const { register, handleSubmit, setError, watch, control, formState } = form;
  const errors = formState.errors;
  const kind = watch('kind');
  const kindId = useId();
  const formId = useId();
  const path = discount ? `/discount-codes/${discount.id}` : '/discount-codes';

  const save = useWrite<Record<string, unknown>, AdminDiscount, Form>({
    mutationFn: (body) =>
      discount ? api.patch<AdminDiscount>(path, { ...body, version: discount.version }) : api.post<AdminDiscount>(path, body),
    invalidate: [['discount-codes']],
    success: t('selling.discount.saved'),
    setError,
    onSuccess: (saved) => {
      if (!discount) navigate(`/discounts/${saved.id}`, { replace: true });
    },
  });
  const toggle = useWrite({
    mutationFn: () => api.post<AdminDiscount>(`${path}/enabled`, { enabled: !discount!.enabled, version: discount!.version }),
    invalidate: [['discount-codes']],
    success: t('selling.discount.saved'),
  });
  const remove = useWrite({
    mutationFn: () => api.delete(`${path}?version=${discount!.version}`),
    invalidate: [['discount-codes']],
    success: t('selling.discount.deleted'),
    onSuccess: () => navigate('/discounts', { replace: true }),
  });

  const submit = handleSubmit((values) => {
    const value = values.kind === 'percent' ? textInt(values.value) : textCents(values.value);
    const minOrderCents = textCents(values.minOrderCents);
    const usageLimit = textInt(values.usageLimit);
    let bad = false;
    if (value === null || Number.isNaN(value)) {
      setError('value', { message: values.kind === 'percent' ? t('selling.problems.percentRange') : t('validation.price') });
      bad = true;
    }
    if (Number.isNaN(minOrderCents)) {
      setError('minOrderCents', { message: t('validation.price') });
      bad = true;
    }
    if (Number.isNaN(usageLimit) || usageLimit === 0) {
      setError('usageLimit', { message: t('selling.wholeNumber') });
      bad = true;
    }
    const body = {
      code: values.code,
      kind: values.kind,
      value: value ?? 0,
      enabled: values.enabled,
      startsAt: isoOfLocal(values.startsAt),
      expiresAt: isoOfLocal(values.expiresAt),
      minOrderCents,
      usageLimit,
      productIds: values.productIds,
      catalogIds: values.catalogIds,
    };
    if (showProblems(discountProblems(body), setError, t) || bad) return;
    save.mutate(body);
  });

  const err = (name: keyof Form) => message(errors[name]?.message);
  return (
    <>
      <UnsavedChanges dirty={formState.isDirty} saving={save.isPending || remove.isPending} onDiscard={() => form.reset()} form={formId} />
      <div className="page-head">
        <div>
          <h1>{discount ? t('selling.discount.editTitle', { code: discount.code }) : t('selling.discount.new')}</h1>
          {discount ? (
            <p className="head-badges">
              <DiscountStatusBadge status={discount.status} />
              <span>
                {discount.usageLimit === null
                  ? t('selling.discount.usedTimes', { count: discount.usedCount })
                  : t('selling.discount.usedOf', { used: discount.usedCount, limit: discount.usageLimit })}
              </span>
            </p>
          ) : null}
        </div>
        {discount ? (
          <div className="actions-bar">
            <button type="button" className="btn" onClick={() => toggle.mutate(undefined)} disabled={toggle.isPending}>
              {discount.enabled ? t('selling.disable') : t('selling.enable')}
            </button>
            <button type="button" className="btn btn-danger" onClick={() => setConfirmDelete(true)}>
              {t('selling.delete')}
            </button>
          </div>
        ) : null}
      </div>
      <form id={formId} className="card selling-form" noValidate onSubmit={submit}>
        {errors.root?.server ? (
          <p className="form-error" role="alert">
            {errors.root.server.message}
          </p>
        ) : null}
        <Field label={`${t('selling.discount.code')} *`} hint={t('selling.discount.codeHint')} error={err('code')}>
          <input autoComplete="off" {...register('code', { required: t('validation.required') })} style={{ textTransform: 'uppercase' }} />
        </Field>
        <fieldset className="selling-inline" aria-describedby={`${kindId}-hint`}>
          <legend>{t('selling.discount.kind')}</legend>
          <label>
            <input type="radio" value="percent" {...register('kind')} /> {t('selling.discount.percent')}
          </label>
          <label>
            <input type="radio" value="fixed" {...register('kind')} /> {t('selling.discount.fixed', { currency })}
          </label>
          <p className="muted small" id={`${kindId}-hint`}>
            {t('selling.discount.kindHint')}
          </p>
        </fieldset>
        <Field
          label={`${kind === 'percent' ? t('selling.discount.percentValue') : t('selling.discount.amount', { currency })} *`}
          error={err('value')}
        >
          <input inputMode="decimal" autoComplete="off" {...register('value')} />
        </Field>
        <div className="selling-grid">
          <Field label={t('selling.discount.startsAt')} hint={t('selling.discount.startsHint')} error={err('startsAt')}>
            <input type="datetime-local" {...register('startsAt')} />
          </Field>
          <Field label={t('selling.discount.expiresAt')} hint={t('selling.discount.expiresHint')} error={err('expiresAt')}>
            <input type="datetime-local" {...register('expiresAt')} />
          </Field>
          <Field
            label={t('selling.discount.minOrder', { currency })}
            hint={t('selling.discount.minOrderHint')}
            error={err('minOrderCents')}
          >
            <input inputMode="decimal" autoComplete="off" {...register('minOrderCents')} />
          </Field>
          <Field label={t('selling.discount.usageLimit')} hint={t('selling.discount.usageLimitHint')} error={err('usageLimit')}>
            <input inputMode="numeric" autoComplete="off" {...register('usageLimit')} />
          </Field>
        </div>
        <p className="muted small">{t('selling.discount.appliesHint')}</p>
        <Controller
          control={control}
          name="productIds"
          render={({ field }) => (
            <RefPicker
              kind="products"
              label={t('selling.discount.products')}
              value={field.value}
              onChange={field.onChange}
              known={discount?.products ?? []}
              error={err('productIds')}
            />
          )}
        />
        <Controller
          control={control}
          name="catalogIds"
          render={({ field }) => (
            <RefPicker
              kind="catalogs"
              label={t('selling.discount.catalogs')}
              value={field.value}
              onChange={field.onChange}
              known={discount?.catalogs ?? []}
              error={err('catalogIds')}
            />
          )}
        />
        <label className="selling-check">
          <input type="checkbox" {...register('enabled')} /> {t('selling.discount.enabled')}
        </label>
        <div className="actions-bar">
          <button type="submit" className="btn btn-primary own-save" disabled={save.isPending}>
            {save.isPending ? t('common.saving') : t('common.save')}
          </button>
        </div>
      </form>
      {discount ? (
        <ConfirmDialog
          open={confirmDelete}
          title={t('selling.discount.deleteTitle', { code: discount.code })}
          confirmLabel={t('selling.delete')}
          danger
          busy={remove.isPending}
          onConfirm={() => remove.mutate(undefined)}
          onClose={() => setConfirmDelete(false)}
        >
          <p>{t('selling.discount.deleteText')}</p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}
