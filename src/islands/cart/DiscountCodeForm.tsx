import { useState, type KeyboardEvent } from 'react';
import type { Language } from '../../lib/localize';
import { shopTexts } from '../shop/texts';
import type { DiscountCodeState } from './use-discount-code';

/** The discount-code field: apply a code (the server's refusal shown under it, spec 8) or remove the applied one. */
export function DiscountCodeForm({ lang, state, error }: { lang: Language; state: DiscountCodeState; error?: string | undefined }) {
  const t = shopTexts(lang);
  const [code, setCode] = useState('');
  const shownError = error || state.error;
  const apply = async () => {
    if (code.trim() !== '' && (await state.apply(code))) setCode('');
  };
  // A field group rather than a form: it also sits inside the checkout form.
  const applyOnEnter = (event: KeyboardEvent) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    void apply();
  };
  if (state.applied) {
    return (
      <div className="discount-code discount-code--applied">
        <p className="shop-notice shop-notice--success" role="status">
          {t('codeApplied', { code: state.applied.code })}
        </p>
        <button type="button" className="button button--link" onClick={state.remove}>
          {t('removeCode')}
        </button>
      </div>
    );
  }
  return (
    <div className="discount-code" role="group" aria-labelledby="discount-code-label">
      <label className="shop-field__label" htmlFor="discount-code" id="discount-code-label">
        {t('discountCode')}
      </label>
      <div className="discount-code__row">
        <input
          id="discount-code"
          className="shop-field__input"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          onKeyDown={applyOnEnter}
          autoComplete="off"
          autoCapitalize="characters"
          aria-invalid={shownError ? true : undefined}
          aria-describedby={shownError ? 'discount-code-error' : undefined}
        />
        <button
          type="button"
          className="button button--outline"
          onClick={() => void apply()}
          disabled={state.checking || code.trim() === ''}
        >
          {t('applyCode')}
        </button>
      </div>
      {shownError && (
        <span className="shop-field__error" id="discount-code-error" role="alert">
          {shownError}
        </span>
      )}
    </div>
  );
}
