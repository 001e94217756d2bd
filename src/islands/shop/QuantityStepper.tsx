import { useEffect, useState } from 'react';
import type { ShopTranslate } from './texts';

/** The largest quantity of one line the shop accepts (server MAX_QUANTITY). */
export const MAX_LINE_QUANTITY = 9999;

type Props = {
  value: number;
  onChange: (quantity: number) => void;
  /** the shop texts (shopTexts(lang), or an island's slice of them) */
  t: ShopTranslate;
  /** accessible name of the number field */
  label: string;
  min?: number;
  disabled?: boolean;
};

const clamp = (value: number, min: number) => Math.min(MAX_LINE_QUANTITY, Math.max(min, value));

/** − / number / + ; typed numbers are applied on blur or Enter, steps at once. */
export function QuantityStepper({ value, onChange, t, label, min = 1, disabled = false }: Props) {
  const [draft, setDraft] = useState(String(value));
  useEffect(() => setDraft(String(value)), [value]);
  const commit = () => {
    const typed = Number.parseInt(draft, 10);
    const next = Number.isFinite(typed) ? clamp(typed, min) : value;
    setDraft(String(next));
    if (next !== value) onChange(next);
  };
  return (
    <div className="shop-quantity">
      <button
        type="button"
        className="shop-quantity__step"
        aria-label={t('decrease')}
        disabled={disabled || value <= min}
        onClick={() => onChange(clamp(value - 1, min))}
      >
        −
      </button>
      <input
        className="shop-quantity__input"
        type="number"
        inputMode="numeric"
        min={min}
        max={MAX_LINE_QUANTITY}
        value={draft}
        aria-label={label}
        disabled={disabled}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={commit}
        onKeyDown={(event) => event.key === 'Enter' && commit()}
      />
      <button
        type="button"
        className="shop-quantity__step"
        aria-label={t('increase')}
        disabled={disabled || value >= MAX_LINE_QUANTITY}
        onClick={() => onChange(clamp(value + 1, min))}
      >
        +
      </button>
    </div>
  );
}
