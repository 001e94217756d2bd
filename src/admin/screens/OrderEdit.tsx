import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import type { AdminLocation, AdminZone, OrderEditInput, ProductDetail, ProductListItem } from '../../contract/admin';
import { api } from '../api/client';
import type { OrderDetail as Order, Page } from '../api/types';
import { useWrite } from '../api/write';
import { UnsavedChanges } from '../components/UnsavedChanges';
import { useI18n } from '../i18n';
import { money } from '../lib/format';

type Line = {
  key: string;
  itemId: string | null;
  variationId: string | null;
  title: string;
  variationTitle: string | null;
  unitPriceCents: number;
  quantity: number;
};

type Address = { country: string; region: string; locality: string; street: string; postalCode: string };

const initialLines = (order: Order): Line[] =>
  order.items.map((i) => ({
    key: i.id,
    itemId: i.id,
    variationId: i.variationId,
    title: i.title,
    variationTitle: i.variationTitle,
    unitPriceCents: i.unitPriceCents,
    quantity: i.quantity,
  }));

type Delivery = { method: 'pickup' | 'shipping'; locationId: string; zoneId: string; rateId: string };

const initialDelivery = (order: Order): Delivery => ({
  method: order.delivery.method === 'shipping' ? 'shipping' : 'pickup',
  locationId: order.delivery.location?.id ?? '',
  zoneId: order.delivery.zone?.id ?? '',
  rateId: order.delivery.rate?.id ?? '',
});

const initialAddress = (order: Order): Address => ({
  country: order.address?.country ?? '',
  region: order.address?.region ?? '',
  locality: order.address?.locality ?? '',
  street: order.address?.street ?? '',
  postalCode: order.address?.postalCode ?? '',
});

/**
 * The order's "Edit order" mode: quantities, removed and added lines and (for shipping) the address, saved at once
 * through the save bar. The server prices the order again, moves the stock and settles the payment difference (a pay
 * link for more, a refund for less); refusals land on the line or field they name.
 */
export function OrderEditor({ order, onClose }: { order: Order; onClose: () => void }) {
  const { t, lang } = useI18n();
  const m = (cents: number) => money(cents, order.currency, lang);
  const [lines, setLines] = useState<Line[]>(() => initialLines(order));
  const [address, setAddress] = useState<Address>(() => initialAddress(order));
  const [delivery, setDelivery] = useState<Delivery>(() => initialDelivery(order));
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const deliveryChanged =
    JSON.stringify(delivery) !== JSON.stringify(initialDelivery(order)) ||
    (delivery.method === 'shipping' && JSON.stringify(address) !== JSON.stringify(initialAddress(order)));
  const dirty = useMemo(
    () =>
      JSON.stringify(lines.map((l) => [l.key, l.quantity])) !== JSON.stringify(initialLines(order).map((l) => [l.key, l.quantity])) ||
      deliveryChanged,
    [lines, deliveryChanged, order],
  );
  const save = useWrite<OrderEditInput, Order>({
    mutationFn: (body) => api.post<Order>(`/orders/${encodeURIComponent(order.id)}/edit`, body),
    invalidate: [['orders']],
    success: (result) => (result.amountDueCents > 0 ? t('orderEdit.savedDue', { amount: m(result.amountDueCents) }) : t('orderEdit.saved')),
    setError: ((path: string, error: { message?: string }) => setErrors((all) => ({ ...all, [path]: error.message ?? '' }))) as never,
    onSuccess: onClose,
  });
  const submit = () => {
    setErrors({});
    save.mutate({
      version: order.version,
      lines: lines.map((l) =>
        l.itemId ? { itemId: l.itemId, quantity: l.quantity } : { variationId: l.variationId, quantity: l.quantity },
      ),
      delivery: !deliveryChanged
        ? null
        : delivery.method === 'pickup'
          ? { method: 'pickup', locationId: delivery.locationId }
          : {
              method: 'shipping',
              zoneId: delivery.zoneId,
              rateId: delivery.rateId,
              address: {
                country: address.country,
                locality: address.locality,
                street: address.street,
                ...(address.region ? { region: address.region } : {}),
                ...(address.postalCode ? { postalCode: address.postalCode } : {}),
              },
            },
      reason: reason.trim() || null,
    });
  };
  const itemsCents = lines.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0);
  const errorAt = (index: number) =>
    errors[`lines.${index}.quantity`] ?? errors[`lines.${index}.itemId`] ?? errors[`lines.${index}.variationId`];
  const reasonId = useId();

  return (
    <section className="card span-2 order-editor" aria-labelledby="order-edit-heading">
      <UnsavedChanges
        dirty={dirty}
        saving={save.isPending}
        onSave={submit}
        onDiscard={() => {
          setLines(initialLines(order));
          setAddress(initialAddress(order));
          setDelivery(initialDelivery(order));
          setErrors({});
        }}
      />
      <div className="page-head">
        <h2 id="order-edit-heading">{t('orderEdit.title')}</h2>
        <button type="button" className="btn btn-ghost" onClick={onClose} disabled={save.isPending}>
          {t('orderEdit.close')}
        </button>
      </div>
      <p className="muted small">{t('orderEdit.hint')}</p>
      {errors.lines || errors.version ? (
        <p className="field-error" role="alert">
          {errors.lines ?? errors.version}
        </p>
      ) : null}
      <table className="list-table items-table">
        <thead>
          <tr>
            <th scope="col">{t('order.product')}</th>
            <th scope="col" className="num">
              {t('order.price')}
            </th>
            <th scope="col" className="num">
              {t('order.quantity')}
            </th>
            <th scope="col" className="num">
              {t('order.sum')}
            </th>
            <th scope="col">
              <span className="visually-hidden">{t('orderEdit.remove')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line, index) => (
            <tr key={line.key}>
              <td data-label={t('order.product')}>
                <div className="stack-tight">
                  {line.title}
                  {line.variationTitle ? <span className="muted small">{line.variationTitle}</span> : null}
                  {line.itemId ? null : <span className="badge">{t('orderEdit.new')}</span>}
                </div>
              </td>
              <td data-label={t('order.price')} className="num">
                {m(line.unitPriceCents)}
              </td>
              <td data-label={t('order.quantity')} className="num">
                <input
                  type="number"
                  min={1}
                  max={100000}
                  inputMode="numeric"
                  className="quantity-input"
                  aria-label={t('orderEdit.quantityOf', { name: line.title })}
                  aria-invalid={errorAt(index) ? true : undefined}
                  value={line.quantity}
                  onChange={(e) => {
                    const quantity = Math.max(1, Math.floor(Number(e.target.value) || 1));
                    setLines((all) => all.map((l) => (l.key === line.key ? { ...l, quantity } : l)));
                  }}
                />
                {errorAt(index) ? <div className="field-error small">{errorAt(index)}</div> : null}
              </td>
              <td data-label={t('order.sum')} className="num">
                {m(line.unitPriceCents * line.quantity)}
              </td>
              <td>
                <button
                  type="button"
                  className="btn btn-small btn-ghost"
                  disabled={lines.length === 1}
                  onClick={() => setLines((all) => all.filter((l) => l.key !== line.key))}
                  aria-label={t('orderEdit.removeLine', { name: line.title })}
                >
                  ×
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="muted">
        {t('orderEdit.itemsNow', { amount: m(itemsCents) })} {t('orderEdit.recomputed')}
      </p>
      <AddLine
        onAdd={(line) =>
          setLines((all) =>
            all.some((l) => l.variationId === line.variationId)
              ? all.map((l) => (l.variationId === line.variationId ? { ...l, quantity: l.quantity + 1 } : l))
              : [...all, line],
          )
        }
      />
      <DeliveryFields delivery={delivery} onChange={setDelivery} errors={errors} />
      {delivery.method === 'shipping' ? (
        <fieldset className="order-edit-address">
          <legend>{t('order.address')}</legend>
          {(['street', 'locality', 'region', 'postalCode', 'country'] as const).map((field) => (
            <div className="field" key={field}>
              <label htmlFor={`order-edit-${field}`}>{t(`orderEdit.address.${field}`)}</label>
              <input
                id={`order-edit-${field}`}
                value={address[field]}
                aria-invalid={errors[`delivery.address.${field}`] ? true : undefined}
                onChange={(e) => setAddress((a) => ({ ...a, [field]: e.target.value }))}
              />
              {errors[`delivery.address.${field}`] ? <div className="field-error small">{errors[`delivery.address.${field}`]}</div> : null}
            </div>
          ))}
        </fieldset>
      ) : null}
      <div className="field">
        <label htmlFor={reasonId}>{t('orderEdit.reason')}</label>
        <input id={reasonId} value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} />
      </div>
    </section>
  );
}

/** The delivery: pickup at one of the shop's points, or shipping by a zone's rate (the address below). */
function DeliveryFields({
  delivery,
  onChange,
  errors,
}: {
  delivery: Delivery;
  onChange: (delivery: Delivery) => void;
  errors: Record<string, string>;
}) {
  const { t, lang } = useI18n();
  const locations = useQuery({ queryKey: ['pickup-locations'], queryFn: () => api.get<AdminLocation[]>('/pickup-locations') });
  const zones = useQuery({ queryKey: ['shipping-zones'], queryFn: () => api.get<AdminZone[]>('/shipping-zones') });
  const name = (text: { en: string; ru: string }) => text[lang] || text.en || text.ru;
  const zone = zones.data?.find((z) => z.id === delivery.zoneId);
  const error = (path: string) => (errors[path] ? <div className="field-error small">{errors[path]}</div> : null);
  return (
    <fieldset className="order-edit-address">
      <legend>{t('order.delivery')}</legend>
      <div className="field">
        <label htmlFor="order-edit-method">{t('order.method')}</label>
        <select
          id="order-edit-method"
          value={delivery.method}
          onChange={(e) => onChange({ ...delivery, method: e.target.value === 'shipping' ? 'shipping' : 'pickup' })}
        >
          <option value="pickup">{t('delivery.pickup')}</option>
          <option value="shipping">{t('delivery.shipping')}</option>
        </select>
      </div>
      {delivery.method === 'pickup' ? (
        <div className="field">
          <label htmlFor="order-edit-location">{t('order.pickupPoint')}</label>
          <select
            id="order-edit-location"
            value={delivery.locationId}
            onChange={(e) => onChange({ ...delivery, locationId: e.target.value })}
          >
            <option value="">—</option>
            {(locations.data ?? [])
              .filter((l) => l.enabled || l.id === delivery.locationId)
              .map((l) => (
                <option key={l.id} value={l.id}>
                  {name(l.title)}
                </option>
              ))}
          </select>
          {error('delivery.locationId')}
        </div>
      ) : (
        <>
          <div className="field">
            <label htmlFor="order-edit-zone">{t('order.zone')}</label>
            <select
              id="order-edit-zone"
              value={delivery.zoneId}
              onChange={(e) => onChange({ ...delivery, zoneId: e.target.value, rateId: '' })}
            >
              <option value="">—</option>
              {(zones.data ?? [])
                .filter((z) => z.enabled || z.id === delivery.zoneId)
                .map((z) => (
                  <option key={z.id} value={z.id}>
                    {name(z.title)}
                  </option>
                ))}
            </select>
            {error('delivery.zoneId')}
          </div>
          <div className="field">
            <label htmlFor="order-edit-rate">{t('order.rate')}</label>
            <select id="order-edit-rate" value={delivery.rateId} onChange={(e) => onChange({ ...delivery, rateId: e.target.value })}>
              <option value="">—</option>
              {(zone?.rates ?? [])
                .filter((r) => r.enabled || r.id === delivery.rateId)
                .map((r) => (
                  <option key={r.id} value={r.id}>
                    {name(r.title)}
                  </option>
                ))}
            </select>
            {error('delivery.rateId')}
          </div>
        </>
      )}
    </fieldset>
  );
}

/** Adds a product's variation: the products found by name or SKU, then the chosen one's variations. */
function AddLine({ onAdd }: { onAdd: (line: Line) => void }) {
  const { t, lang } = useI18n();
  const searchId = useId();
  const [q, setQ] = useState('');
  const [productId, setProductId] = useState<string | null>(null);
  const found = useQuery({
    queryKey: ['products', 'list', { q, perPage: 8 }],
    queryFn: ({ signal }) => api.get<Page<ProductListItem>>('/products', { q, perPage: 8 }, signal),
    enabled: q.trim().length >= 2,
  });
  const product = useQuery({
    queryKey: ['products', productId],
    queryFn: ({ signal }) => api.get<ProductDetail>(`/products/${encodeURIComponent(productId!)}`, undefined, signal),
    enabled: productId !== null,
  });
  const title = (text: { en: string; ru: string } | null) => (text ? text[lang] || text.en || text.ru : '');
  return (
    <div className="order-edit-add">
      <div className="field">
        <label htmlFor={searchId}>{t('orderEdit.addProduct')}</label>
        <input
          id={searchId}
          type="search"
          value={q}
          autoComplete="off"
          onChange={(e) => {
            setQ(e.target.value);
            setProductId(null);
          }}
        />
      </div>
      {productId && product.data ? (
        <ul className="plain-list" aria-label={t('orderEdit.variations')}>
          {product.data.variations.map((v) => (
            <li key={v.id}>
              <button
                type="button"
                className="btn btn-small btn-ghost"
                onClick={() => {
                  onAdd({
                    key: `new-${v.id}`,
                    itemId: null,
                    variationId: v.id,
                    title: title(product.data.title),
                    variationTitle: title(v.title) || v.sku || null,
                    unitPriceCents: v.discountPriceCents ?? v.fullPriceCents,
                    quantity: 1,
                  });
                  setQ('');
                  setProductId(null);
                }}
              >
                + {[title(product.data.title), title(v.title) || v.sku].filter(Boolean).join(', ')}
                {v.stock !== null ? ` (${t('orderEdit.inStock', { count: v.stock })})` : ''}
              </button>
            </li>
          ))}
        </ul>
      ) : (found.data?.items.length ?? 0) > 0 && q.trim().length >= 2 ? (
        <ul className="plain-list">
          {found.data!.items.map((p) => (
            <li key={p.id}>
              <button type="button" className="btn btn-small btn-ghost" onClick={() => setProductId(p.id)}>
                {p.title}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
