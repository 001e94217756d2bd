import { LANGUAGES } from '../../lib/localize';
import { useI18n } from '../i18n';

const NAMES = { en: { short: 'EN', long: 'English' }, ru: { short: 'RU', long: 'Русский' } } as const;

/** English or Russian for the back office, each named in its own language. */
export function LanguageSwitch({ long }: { long?: boolean }) {
  const { t, lang, setLang } = useI18n();
  return (
    <div className="lang-switch" role="group" aria-label={t('nav.language')}>
      {LANGUAGES.map((code) => (
        <button key={code} type="button" className="btn btn-small" aria-pressed={lang === code} onClick={() => setLang(code)} lang={code}>
          {long ? NAMES[code].long : NAMES[code].short}
        </button>
      ))}
    </div>
  );
}
