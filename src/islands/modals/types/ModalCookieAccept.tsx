import { formTexts, pageLanguage } from '../../forms/texts';
import { acceptCookies } from '../../../lib/consent';
import type { ModalContentProps } from '../ModalRoot';

export { acceptCookies, ANALYTICS_PERMISSIONS, COOKIE_ACCEPT_KEY } from '../../../lib/consent';

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
