import { formTexts, pageLanguage } from '../../forms/texts';
import { acceptCookies, rejectCookies } from '../../../lib/consent';
import type { ModalContentProps } from '../ModalRoot';

export { acceptCookies, ANALYTICS_PERMISSIONS, COOKIE_ACCEPT_KEY, rejectCookies } from '../../../lib/consent';

/**
 * Cookie consent of spec 2.7 as a modal, for code that opens it through the modal store: the configured
 * title and text (default 'This website uses cookies'), Accept and Reject. Pages ask it as the cookie bar
 * (src/scripts/consent-dialog.ts).
 */
export default function ModalCookieAccept({ details, close }: ModalContentProps) {
  const t = formTexts(pageLanguage());
  const title = typeof details.title === 'string' && details.title ? details.title : t('cookieTitle');
  const answer = (remember: () => void) => {
    remember();
    close();
  };
  return (
    <div className="consent" data-consent="cookies">
      <h2 className="form__title">{title}</h2>
      {typeof details.text === 'string' && details.text && <p className="consent__text">{details.text}</p>}
      <div className="form__actions">
        <button type="button" className="form-button form-button--primary" autoFocus onClick={() => answer(acceptCookies)}>
          {typeof details.buttonText === 'string' && details.buttonText ? details.buttonText : t('accept')}
        </button>
        <button type="button" className="form-button form-button--secondary" onClick={() => answer(rejectCookies)}>
          {t('reject')}
        </button>
      </div>
    </div>
  );
}
