import { formTexts, pageLanguage } from '../../forms/texts';
import type { ModalContentProps } from '../ModalRoot';

export const COOKIE_ACCEPT_KEY = 'cookieAccept';

/** The four consent-mode permissions the visitor's consent switches on. */
export const ANALYTICS_PERMISSIONS = ['analytics_storage', 'ad_storage', 'ad_user_data', 'ad_personalization'] as const;

type ConsentWindow = Window & { gtag?: (...args: unknown[]) => void };

/**
 * Remembers the consent and switches the four permissions on: through Google's consent mode when the
 * shop's tracking has set it up, and as a `shop:consent` event for any other tracking code.
 */
export function acceptCookies(): void {
  try {
    localStorage.setItem(COOKIE_ACCEPT_KEY, 'true');
  } catch {
    // Storage blocked: the question comes back on the next page, nothing else breaks.
  }
  const permissions = Object.fromEntries(ANALYTICS_PERMISSIONS.map((name) => [name, 'granted']));
  (window as ConsentWindow).gtag?.('consent', 'update', permissions);
  window.dispatchEvent(new CustomEvent('shop:consent', { detail: permissions }));
}

/** Cookie consent of spec 2.7: the configured title and text (default 'This website uses cookies') and Accept. */
export default function ModalCookieAccept({ details, close }: ModalContentProps) {
  const t = formTexts(pageLanguage());
  const title = typeof details.title === 'string' && details.title ? details.title : t('cookieTitle');
  return (
    <div className="consent" data-consent="cookies">
      <h2 className="form__title">{title}</h2>
      {typeof details.text === 'string' && details.text && <p className="consent__text">{details.text}</p>}
      <div className="form__actions">
        <button
          type="button"
          className="form-button form-button--primary"
          autoFocus
          onClick={() => {
            acceptCookies();
            close();
          }}
        >
          {typeof details.buttonText === 'string' && details.buttonText ? details.buttonText : t('accept')}
        </button>
      </div>
    </div>
  );
}
