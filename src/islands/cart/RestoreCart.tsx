import { useEffect, useState } from 'react';
import type { Language } from '../../lib/localize';
import { restoreFromLink, type RestoreResult } from '../../stores/checkout-recovery';
import { shopTexts } from '../shop/texts';

/** /cart/restore?token=…: a reminder's link puts its cart into this browser, then opens the cart. */
export default function RestoreCart({ lang, token }: { lang: Language; token: string }) {
  const t = shopTexts(lang);
  const [result, setResult] = useState<RestoreResult | null>(null);
  useEffect(() => {
    void restoreFromLink(token, lang).then((outcome) => {
      if (outcome === 'restored') window.location.replace('/cart');
      else setResult(outcome);
    });
  }, [token, lang]);
  if (result === null)
    return (
      <p className="shop-notice" role="status" aria-busy="true" data-restore="pending">
        {t('recovery.restoring')}
      </p>
    );
  return (
    <div data-restore={result}>
      <p className="shop-notice shop-notice--warning" role="alert">
        {t(result === 'invalid' ? 'recovery.restoreFailed' : 'recovery.restoreNone')}
      </p>
      <a className="form-button form-button--primary" href="/">
        {t('toHome')}
      </a>
    </div>
  );
}
