import { formTexts, pageLanguage } from '../../forms/texts';
import { confirmAge } from '../../../lib/consent';
import type { ModalContentProps } from '../ModalRoot';

export { AGE_CONFIRM_KEY } from '../../../lib/consent';

/** Age question of spec 2.7: Yes is remembered; No goes back in the browser history. */
export default function ModalAgeVerification({ details, close }: ModalContentProps) {
  const t = formTexts(pageLanguage());
  const title = typeof details.title === 'string' && details.title ? details.title : t('ageTitle');
  const confirm = () => {
    confirmAge();
    close();
  };
  return (
    <div className="consent" data-consent="age">
      <h2 className="form__title">{title}</h2>
      {typeof details.text === 'string' && details.text && <p className="consent__text">{details.text}</p>}
      <div className="form__actions">
        <button type="button" className="form-button form-button--primary" autoFocus onClick={confirm}>
          {t('yes')}
        </button>
        <button type="button" className="form-button form-button--secondary" onClick={() => window.history.back()}>
          {t('no')}
        </button>
      </div>
    </div>
  );
}
