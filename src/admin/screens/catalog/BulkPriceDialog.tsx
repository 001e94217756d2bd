import { useId, useState } from 'react';
import type { PriceChange } from '../../../lib/admin/bulk-price';
import { amountToCents } from '../../../lib/money';
import { Dialog } from '../../components/Dialog';
import { useI18n } from '../../i18n';
import { parseMoneyInput } from '../../lib/money-input';

export type BulkChange = { kind: 'price'; price: PriceChange } | { kind: 'stock'; stock: number | null };

/** Asks for a bulk price (an amount, or a change in per cent) or stock (a number, or unlimited) and hands it on. */
export function BulkChangeDialog({
  kind,
  count,
  busy,
  onApply,
  onClose,
}: {
  kind: 'price' | 'stock' | null;
  count: number;
  busy?: boolean;
  onApply: (change: BulkChange) => void;
  onClose: () => void;
}) {
  const { t } = useI18n();
  const [mode, setMode] = useState<'set' | 'percent'>('set');
  const [value, setValue] = useState('');
  const [unlimited, setUnlimited] = useState(false);
  const [error, setError] = useState('');
  const inputId = useId();
  const modeName = useId();

  const apply = () => {
    if (kind === 'stock') {
      const stock = Number(value);
      if (!unlimited && (value.trim() === '' || !Number.isInteger(stock) || stock < 0)) return setError(t('products.stockInvalid'));
      return onApply({ kind: 'stock', stock: unlimited ? null : stock });
    }
    if (mode === 'set') {
      const amount = parseMoneyInput(value);
      if (amount === null || amount <= 0) return setError(t('products.priceRequired'));
      return onApply({ kind: 'price', price: { mode: 'set', cents: amountToCents(amount) } });
    }
    const percent = Number(value.replace(',', '.'));
    if (!value.trim() || !Number.isFinite(percent) || percent === 0 || percent < -99 || percent > 1000)
      return setError(t('products.percentInvalid'));
    return onApply({ kind: 'price', price: { mode: 'percent', percent } });
  };

  return (
    <Dialog
      open={kind !== null}
      onClose={onClose}
      title={kind === 'stock' ? t('products.bulkStockTitle', { count }) : t('products.bulkPriceTitle', { count })}
      footer={
        <>
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            {t('common.back')}
          </button>
          <button type="button" className="btn btn-primary" disabled={busy} onClick={apply}>
            {busy ? t('common.saving') : t('products.apply')}
          </button>
        </>
      }
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          apply();
        }}
      >
        {kind === 'price' ? (
          <fieldset className="segmented">
            <legend className="visually-hidden">{t('products.priceMode')}</legend>
            <label>
              <input type="radio" name={modeName} checked={mode === 'set'} onChange={() => setMode('set')} /> {t('products.priceSet')}
            </label>
            <label>
              <input type="radio" name={modeName} checked={mode === 'percent'} onChange={() => setMode('percent')} />{' '}
              {t('products.pricePercent')}
            </label>
          </fieldset>
        ) : (
          <label>
            <input type="checkbox" checked={unlimited} onChange={(e) => setUnlimited(e.target.checked)} /> {t('products.unlimited')}
          </label>
        )}
        <div className="field">
          <label htmlFor={inputId}>
            {kind === 'stock' ? t('products.stock') : mode === 'set' ? t('products.newPrice') : t('products.percentHint')}
          </label>
          <input
            id={inputId}
            inputMode={kind === 'stock' ? 'numeric' : 'decimal'}
            autoComplete="off"
            disabled={kind === 'stock' && unlimited}
            value={value}
            aria-invalid={error ? 'true' : undefined}
            aria-describedby={error ? `${inputId}-error` : undefined}
            onChange={(e) => {
              setValue(e.target.value);
              setError('');
            }}
          />
          {error ? (
            <p className="field-error" id={`${inputId}-error`} role="alert">
              {error}
            </p>
          ) : null}
        </div>
      </form>
    </Dialog>
  );
}
