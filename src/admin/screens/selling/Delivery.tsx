import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import {
  rateProblems,
  SHIPPING_SPEEDS,
  type AdminLocation,
  type AdminRate,
  type AdminZone,
  type PaymentMethodsAnswer,
} from '../../../contract/admin';
import { SHIPPING_RATE_KINDS } from '../../../lib/shipping';
import { countryName } from '../../../lib/countries';
import { api } from '../../api/client';
import { useWrite } from '../../api/write';
import { ConfirmDialog, Dialog } from '../../components/Dialog';
import { Field } from '../../components/Field';
import { useFieldMessage, useI18n } from '../../i18n';
import { money } from '../../lib/format';
import {
  centsText,
  CountryPicker,
  LocalizedInputs,
  moved,
  OrderButtons,
  QueryStates,
  RecordTable,
  showProblems,
  textCents,
  textNumber,
  useCurrency,
} from './selling-ui';

const ZONES_KEY = ['shipping-zones'];
const LOCATIONS_KEY = ['pickup-locations'];

/** Delivery: shipping zones with their rates, and pickup locations — what checkout offers, as it offers them. */
export default function Delivery() {
  const { t } = useI18n();
  return (
    <>
      <div className="page-head">
        <div>
          <h1>{t('selling.delivery.title')}</h1>
          <p className="muted">{t('selling.delivery.intro')}</p>
        </div>
      </div>
      <Zones />
      <Locations />
    </>
  );
}

/** A delete button with its confirmation. */
function DeleteButton({ name, text, path, invalidate }: { name: string; text: string; path: string; invalidate: string[][] }) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  const remove = useWrite({
    mutationFn: () => api.delete(path),
    invalidate,
    success: t('selling.deletedName', { name }),
    onSuccess: () => setOpen(false),
  });
  return (
    <>
      <button
        type="button"
        className="btn btn-small btn-danger"
        onClick={() => setOpen(true)}
        aria-label={t('selling.deleteName', { name })}
      >
        {t('selling.delete')}
      </button>
      <ConfirmDialog
        open={open}
        title={t('selling.deleteName', { name })}
        confirmLabel={t('selling.delete')}
        danger
        busy={remove.isPending}
        onConfirm={() => remove.mutate(undefined)}
        onClose={() => setOpen(false)}
      >
        <p>{text}</p>
      </ConfirmDialog>
    </>
  );
}

// ---------------------------------------------------------------- zones and rates

function Zones() {
  const { t, lang } = useI18n();
  const query = useQuery({ queryKey: ZONES_KEY, queryFn: () => api.get<AdminZone[]>('/shipping-zones') });
  const [editing, setEditing] = useState<AdminZone | 'new' | null>(null);
  const reorder = useWrite({
    mutationFn: (zones: AdminZone[]) => api.post('/shipping-zones/order', { items: zones.map((z) => ({ id: z.id, version: z.version })) }),
    invalidate: [ZONES_KEY],
  });
  const zones = query.data ?? [];
  return (
    <section aria-labelledby="zones-title">
      <div className="page-head">
        <h2 id="zones-title">{t('selling.delivery.zones')}</h2>
        <button type="button" className="btn btn-primary" onClick={() => setEditing('new')}>
          {t('selling.delivery.newZone')}
        </button>
      </div>
      <QueryStates query={query} empty={t('selling.delivery.noZones')} count={zones.length} />
      {zones.map((zone, index) => {
        const title = zone.title[lang] || zone.title.en;
        return (
          <article className="card" key={zone.id} aria-labelledby={`zone-${zone.id}`}>
            <div className="page-head">
              <div>
                <h3 id={`zone-${zone.id}`}>
                  {title} {zone.enabled ? null : <span className="badge badge-muted">{t('selling.off')}</span>}
                </h3>
                <p className="muted small">
                  {zone.countries.length === 0
                    ? t('selling.delivery.allCountries')
                    : zone.countries.map((c) => (c.includes('-') ? c : countryName(c, lang))).join(', ')}
                </p>
              </div>
              <div className="row-actions">
                <OrderButtons
                  index={index}
                  count={zones.length}
                  name={title}
                  disabled={reorder.isPending}
                  onMove={(from, to) => reorder.mutate(moved(zones, from, to))}
                />
                <button
                  type="button"
                  className="btn btn-small"
                  onClick={() => setEditing(zone)}
                  aria-label={t('selling.editName', { name: title })}
                >
                  {t('selling.edit')}
                </button>
                <DeleteButton
                  name={title}
                  text={t('selling.delivery.deleteZoneText')}
                  path={`/shipping-zones/${zone.id}?version=${zone.version}`}
                  invalidate={[ZONES_KEY]}
                />
              </div>
            </div>
            <Rates zone={zone} />
          </article>
        );
      })}
      {editing ? <ZoneDialog zone={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
    </section>
  );
}

type ZoneForm = { title: { en: string; ru: string }; countries: string[]; enabled: boolean };

function ZoneDialog({ zone, onClose }: { zone: AdminZone | null; onClose: () => void }) {
  const { t } = useI18n();
  const message = useFieldMessage();
  const form = useForm<ZoneForm>({
    defaultValues: { title: zone?.title ?? { en: '', ru: '' }, countries: zone?.countries ?? [], enabled: zone?.enabled ?? true },
  });
  const errors = form.formState.errors;
  const save = useWrite<ZoneForm, AdminZone, ZoneForm>({
    mutationFn: (body) =>
      zone
        ? api.patch<AdminZone>(`/shipping-zones/${zone.id}`, { ...body, version: zone.version })
        : api.post<AdminZone>('/shipping-zones', body),
    invalidate: [ZONES_KEY],
    success: t('selling.saved'),
    setError: form.setError,
    onSuccess: onClose,
  });
  return (
    <Dialog open onClose={onClose} title={zone ? t('selling.delivery.editZone') : t('selling.delivery.newZone')} wide>
      <form noValidate onSubmit={form.handleSubmit((values) => save.mutate(values))}>
        <RootError message={errors.root?.server?.message} />
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
        <Controller
          control={form.control}
          name="countries"
          render={({ field }) => (
            <CountryPicker
              label={t('selling.delivery.countries')}
              hint={t('selling.delivery.countriesHint')}
              value={field.value}
              onChange={field.onChange}
              error={message(errors.countries?.message)}
            />
          )}
        />
        <label className="selling-check">
          <input type="checkbox" {...form.register('enabled')} /> {t('selling.delivery.zoneEnabled')}
        </label>
        <DialogButtons busy={save.isPending} onClose={onClose} />
      </form>
    </Dialog>
  );
}

function RootError({ message }: { message: string | undefined }) {
  return message ? (
    <p className="form-error" role="alert">
      {message}
    </p>
  ) : null;
}

function DialogButtons({ busy, onClose }: { busy: boolean; onClose: () => void }) {
  const { t } = useI18n();
  return (
    <div className="actions-bar">
      <button type="button" className="btn btn-ghost" onClick={onClose}>
        {t('common.back')}
      </button>
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? t('common.saving') : t('common.save')}
      </button>
    </div>
  );
}

const range = (min: string | null, max: string | null, t: ReturnType<typeof useI18n>['t']) =>
  min && max ? `${min} – ${max}` : min ? t('selling.fromValue', { value: min }) : max ? t('selling.upTo', { value: max }) : '—';

function Rates({ zone }: { zone: AdminZone }) {
  const { t, lang } = useI18n();
  const currency = useCurrency() || 'USD';
  const [editing, setEditing] = useState<AdminRate | 'new' | null>(null);
  const reorder = useWrite({
    mutationFn: (rates: AdminRate[]) =>
      api.post(`/shipping-zones/${zone.id}/rates/order`, { items: rates.map((r) => ({ id: r.id, version: r.version })) }),
    invalidate: [ZONES_KEY],
  });
  const m = (cents: number | null) => (cents === null ? null : money(cents, currency, lang));
  return (
    <>
      {zone.rates.length === 0 ? (
        <p className="muted">{t('selling.delivery.noRates')}</p>
      ) : (
        <RecordTable
          caption={t('selling.delivery.ratesOf', { zone: zone.title[lang] || zone.title.en })}
          headers={[
            t('selling.delivery.rate'),
            t('selling.delivery.price'),
            t('selling.delivery.orderAmount'),
            t('selling.delivery.weight'),
            t('selling.delivery.speed'),
            t('selling.actions'),
          ]}
        >
          {zone.rates.map((rate, index) => {
            const title = rate.title[lang] || rate.title.en;
            return (
              <tr key={rate.id}>
                <td data-label={t('selling.delivery.rate')}>
                  {title} {rate.enabled ? null : <span className="badge badge-muted">{t('selling.off')}</span>}
                </td>
                <td data-label={t('selling.delivery.price')}>
                  {rate.kind === 'flat' ? m(rate.priceCents) : t(`selling.rateKind.${rate.kind}`)}
                </td>
                <td data-label={t('selling.delivery.orderAmount')}>{range(m(rate.minOrderCents), m(rate.maxOrderCents), t)}</td>
                <td data-label={t('selling.delivery.weight')}>
                  {range(
                    rate.minWeight === null ? null : String(rate.minWeight),
                    rate.maxWeight === null ? null : String(rate.maxWeight),
                    t,
                  )}
                </td>
                <td data-label={t('selling.delivery.speed')}>{rate.speed ? t(`selling.speed.${rate.speed}`) : '—'}</td>
                <td data-label={t('selling.actions')}>
                  <div className="row-actions">
                    <OrderButtons
                      index={index}
                      count={zone.rates.length}
                      name={title}
                      disabled={reorder.isPending}
                      onMove={(from, to) => reorder.mutate(moved(zone.rates, from, to))}
                    />
                    <button
                      type="button"
                      className="btn btn-small"
                      onClick={() => setEditing(rate)}
                      aria-label={t('selling.editName', { name: title })}
                    >
                      {t('selling.edit')}
                    </button>
                    <DeleteButton
                      name={title}
                      text={t('selling.delivery.deleteRateText')}
                      path={`/shipping-rates/${rate.id}?version=${rate.version}`}
                      invalidate={[ZONES_KEY]}
                    />
                  </div>
                </td>
              </tr>
            );
          })}
        </RecordTable>
      )}
      <button type="button" className="btn" onClick={() => setEditing('new')}>
        {t('selling.delivery.newRate')}
      </button>
      {editing ? <RateDialog zone={zone} rate={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
    </>
  );
}

type RateForm = {
  title: { en: string; ru: string };
  kind: AdminRate['kind'];
  priceCents: string;
  minOrderCents: string;
  maxOrderCents: string;
  minWeight: string;
  maxWeight: string;
  speed: string;
  enabled: boolean;
};

function RateDialog({ zone, rate, onClose }: { zone: AdminZone; rate: AdminRate | null; onClose: () => void }) {
  const { t } = useI18n();
  const message = useFieldMessage();
  const currency = useCurrency();
  const form = useForm<RateForm>({
    defaultValues: {
      title: rate?.title ?? { en: '', ru: '' },
      kind: rate?.kind ?? 'flat',
      priceCents: centsText(rate?.kind === 'flat' ? rate.priceCents : null),
      minOrderCents: centsText(rate?.minOrderCents),
      maxOrderCents: centsText(rate?.maxOrderCents),
      minWeight: rate?.minWeight === null || rate?.minWeight === undefined ? '' : String(rate.minWeight),
      maxWeight: rate?.maxWeight === null || rate?.maxWeight === undefined ? '' : String(rate.maxWeight),
      speed: rate?.speed ?? '',
      enabled: rate?.enabled ?? true,
    },
  });
  const errors = form.formState.errors;
  const kind = form.watch('kind');
  const save = useWrite<Record<string, unknown>, unknown, RateForm>({
    mutationFn: (body) =>
      rate
        ? api.patch(`/shipping-rates/${rate.id}`, { ...body, version: rate.version })
        : api.post(`/shipping-zones/${zone.id}/rates`, body),
    invalidate: [ZONES_KEY],
    success: t('selling.saved'),
    setError: form.setError,
    onSuccess: onClose,
  });
  const submit = form.handleSubmit((values) => {
    const money = {
      priceCents: textCents(values.priceCents),
      minOrderCents: textCents(values.minOrderCents),
      maxOrderCents: textCents(values.maxOrderCents),
    };
    const weights = { minWeight: textNumber(values.minWeight), maxWeight: textNumber(values.maxWeight) };
    let bad = false;
    for (const [name, value] of Object.entries(money)) {
      if (Number.isNaN(value)) {
        form.setError(name as keyof RateForm, { message: t('validation.price') });
        bad = true;
      }
    }
    for (const [name, value] of Object.entries(weights)) {
      if (Number.isNaN(value)) {
        form.setError(name as keyof RateForm, { message: t('selling.number') });
        bad = true;
      }
    }
    const body = {
      title: values.title,
      kind: values.kind,
      enabled: values.enabled,
      speed: values.speed || null,
      ...money,
      priceCents: values.kind === 'flat' ? (money.priceCents ?? 0) : 0,
      ...weights,
    };
    if (bad || showProblems(rateProblems(body), form.setError, t)) return;
    save.mutate(body);
  });
  const err = (name: keyof RateForm) => message(errors[name]?.message);
  return (
    <Dialog open onClose={onClose} title={rate ? t('selling.delivery.editRate') : t('selling.delivery.newRate')} wide>
      <form noValidate onSubmit={submit}>
        <RootError message={errors.root?.server?.message} />
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
        <Field label={t('selling.delivery.kind')} error={err('kind')}>
          <select {...form.register('kind')}>
            {SHIPPING_RATE_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`selling.rateKind.${k}`)}
              </option>
            ))}
          </select>
        </Field>
        {kind === 'flat' ? (
          <Field label={`${t('selling.delivery.price')}, ${currency} *`} error={err('priceCents')}>
            <input inputMode="decimal" autoComplete="off" {...form.register('priceCents')} />
          </Field>
        ) : kind === 'by_manager' ? (
          <p className="muted small">{t('selling.delivery.byManagerHint')}</p>
        ) : null}
        <p className="muted small">{t('selling.delivery.boundsHint')}</p>
        <div className="selling-grid">
          <Field label={t('selling.delivery.minOrder', { currency })} error={err('minOrderCents')}>
            <input inputMode="decimal" autoComplete="off" {...form.register('minOrderCents')} />
          </Field>
          <Field label={t('selling.delivery.maxOrder', { currency })} error={err('maxOrderCents')}>
            <input inputMode="decimal" autoComplete="off" {...form.register('maxOrderCents')} />
          </Field>
          <Field label={t('selling.delivery.minWeight')} error={err('minWeight')}>
            <input inputMode="decimal" autoComplete="off" {...form.register('minWeight')} />
          </Field>
          <Field label={t('selling.delivery.maxWeight')} error={err('maxWeight')}>
            <input inputMode="decimal" autoComplete="off" {...form.register('maxWeight')} />
          </Field>
        </div>
        <Field label={t('selling.delivery.speed')} error={err('speed')}>
          <select {...form.register('speed')}>
            <option value="">{t('selling.delivery.noSpeed')}</option>
            {SHIPPING_SPEEDS.map((s) => (
              <option key={s} value={s}>
                {t(`selling.speed.${s}`)}
              </option>
            ))}
          </select>
        </Field>
        <label className="selling-check">
          <input type="checkbox" {...form.register('enabled')} /> {t('selling.delivery.rateEnabled')}
        </label>
        <DialogButtons busy={save.isPending} onClose={onClose} />
      </form>
    </Dialog>
  );
}

// ---------------------------------------------------------------- pickup locations

function usePaymentMethods() {
  return useQuery({ queryKey: ['payment-methods'], queryFn: () => api.get<PaymentMethodsAnswer>('/payment-methods') });
}

function Locations() {
  const { t, lang } = useI18n();
  const query = useQuery({ queryKey: LOCATIONS_KEY, queryFn: () => api.get<AdminLocation[]>('/pickup-locations') });
  const methods = usePaymentMethods().data?.items ?? [];
  const [editing, setEditing] = useState<AdminLocation | 'new' | null>(null);
  const reorder = useWrite({
    mutationFn: (rows: AdminLocation[]) =>
      api.post('/pickup-locations/order', { items: rows.map((l) => ({ id: l.id, version: l.version })) }),
    invalidate: [LOCATIONS_KEY],
  });
  const rows = query.data ?? [];
  const methodTitle = (code: string) => {
    const method = methods.find((m) => m.code === code);
    return method ? method.title[lang] || method.title.en : code;
  };
  return (
    <section aria-labelledby="locations-title">
      <div className="page-head">
        <h2 id="locations-title">{t('selling.delivery.locations')}</h2>
        <button type="button" className="btn btn-primary" onClick={() => setEditing('new')}>
          {t('selling.delivery.newLocation')}
        </button>
      </div>
      <QueryStates query={query} empty={t('selling.delivery.noLocations')} count={rows.length} />
      {rows.length > 0 ? (
        <div className="card">
          <RecordTable
            caption={t('selling.delivery.locations')}
            headers={[
              t('selling.delivery.location'),
              t('selling.delivery.address'),
              t('selling.delivery.workTime'),
              t('selling.delivery.payments'),
              t('selling.actions'),
            ]}
          >
            {rows.map((row, index) => {
              const title = row.title[lang] || row.title.en;
              return (
                <tr key={row.id}>
                  <td data-label={t('selling.delivery.location')}>
                    <div className="stack-tight">
                      <span>
                        {title} {row.enabled ? null : <span className="badge badge-muted">{t('selling.off')}</span>}
                      </span>
                      <span className="muted small">{row.code}</span>
                    </div>
                  </td>
                  <td data-label={t('selling.delivery.address')}>{row.address ? row.address[lang] || row.address.en : '—'}</td>
                  <td data-label={t('selling.delivery.workTime')}>{row.workTime ? row.workTime[lang] || row.workTime.en : '—'}</td>
                  <td data-label={t('selling.delivery.payments')}>
                    {row.paymentMethodCodes.length === 0
                      ? t('selling.delivery.allMethods')
                      : row.paymentMethodCodes.map(methodTitle).join(', ')}
                  </td>
                  <td data-label={t('selling.actions')}>
                    <div className="row-actions">
                      <OrderButtons
                        index={index}
                        count={rows.length}
                        name={title}
                        disabled={reorder.isPending}
                        onMove={(from, to) => reorder.mutate(moved(rows, from, to))}
                      />
                      <button
                        type="button"
                        className="btn btn-small"
                        onClick={() => setEditing(row)}
                        aria-label={t('selling.editName', { name: title })}
                      >
                        {t('selling.edit')}
                      </button>
                      <DeleteButton
                        name={title}
                        text={t('selling.delivery.deleteLocationText')}
                        path={`/pickup-locations/${row.id}?version=${row.version}`}
                        invalidate={[LOCATIONS_KEY, ['payment-methods']]}
                      />
                    </div>
                  </td>
                </tr>
              );
            })}
          </RecordTable>
        </div>
      ) : null}
      {editing ? <LocationDialog location={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
    </section>
  );
}

type LocationForm = {
  code: string;
  title: { en: string; ru: string };
  address: { en: string; ru: string };
  workTime: { en: string; ru: string };
  paymentMethodCodes: string[];
  enabled: boolean;
};

function LocationDialog({ location, onClose }: { location: AdminLocation | null; onClose: () => void }) {
  const { t, lang } = useI18n();
  const message = useFieldMessage();
  const methods = usePaymentMethods().data?.items ?? [];
  const empty = { en: '', ru: '' };
  const form = useForm<LocationForm>({
    defaultValues: {
      code: location?.code ?? '',
      title: location?.title ?? empty,
      address: location?.address ?? empty,
      workTime: location?.workTime ?? empty,
      paymentMethodCodes: location?.paymentMethodCodes ?? [],
      enabled: location?.enabled ?? true,
    },
  });
  const errors = form.formState.errors;
  const save = useWrite<LocationForm, unknown, LocationForm>({
    mutationFn: (body) =>
      location
        ? api.patch(`/pickup-locations/${location.id}`, { ...body, version: location.version })
        : api.post('/pickup-locations', body),
    invalidate: [LOCATIONS_KEY, ['payment-methods']],
    success: t('selling.saved'),
    setError: form.setError,
    onSuccess: onClose,
  });
  const l10nErrors = (name: 'title' | 'address' | 'workTime') => ({
    [name]: errors[name] as never,
    [`${name}.en`]: { message: message(errors[name]?.en?.message) },
    [`${name}.ru`]: { message: message(errors[name]?.ru?.message) },
  });
  return (
    <Dialog open onClose={onClose} title={location ? t('selling.delivery.editLocation') : t('selling.delivery.newLocation')} wide>
      <form noValidate onSubmit={form.handleSubmit((values) => save.mutate(values))}>
        <RootError message={errors.root?.server?.message} />
        <Field label={`${t('selling.code')} *`} hint={t('selling.codeHint')} error={message(errors.code?.message)}>
          <input autoComplete="off" {...form.register('code')} />
        </Field>
        <LocalizedInputs name="title" label={t('selling.titleField')} register={form.register} required errors={l10nErrors('title')} />
        <LocalizedInputs
          name="address"
          label={t('selling.delivery.address')}
          register={form.register}
          errors={l10nErrors('address')}
          multiline
        />
        <LocalizedInputs name="workTime" label={t('selling.delivery.workTime')} register={form.register} errors={l10nErrors('workTime')} />
        <Controller
          control={form.control}
          name="paymentMethodCodes"
          render={({ field }) => (
            <fieldset className="selling-picker">
              <legend>{t('selling.delivery.payments')}</legend>
              <p className="muted small">{t('selling.delivery.paymentsHint')}</p>
              <ul className="selling-options">
                {methods.map((m) => (
                  <li key={m.code}>
                    <label>
                      <input
                        type="checkbox"
                        checked={field.value.includes(m.code)}
                        onChange={() =>
                          field.onChange(field.value.includes(m.code) ? field.value.filter((c) => c !== m.code) : [...field.value, m.code])
                        }
                      />{' '}
                      {m.title[lang] || m.title.en} {m.enabled ? null : <span className="badge badge-muted">{t('selling.off')}</span>}
                    </label>
                  </li>
                ))}
              </ul>
              {errors.paymentMethodCodes ? <p className="field-error">{message(errors.paymentMethodCodes.message)}</p> : null}
            </fieldset>
          )}
        />
        <label className="selling-check">
          <input type="checkbox" {...form.register('enabled')} /> {t('selling.delivery.locationEnabled')}
        </label>
        <DialogButtons busy={save.isPending} onClose={onClose} />
      </form>
    </Dialog>
  );
}
