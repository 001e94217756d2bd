import { useState } from 'react';
import { FEED_KINDS, feedPath, type FeedKind } from '../../lib/feeds';
import { LANGUAGES, type Language } from '../../lib/localize';
import { useI18n } from '../i18n';
import './reports/reports.css';

/** The product feeds' addresses, to paste into Google Merchant Center and Yandex.Market. */
export default function Feeds() {
  const { t } = useI18n();
  const [copied, setCopied] = useState<string | null>(null);
  const origin = window.location.origin;
  const copy = async (address: string) => {
    try {
      await navigator.clipboard.writeText(address);
      setCopied(address);
    } catch {
      // no clipboard (insecure origin): the address stays selectable on the screen
      setCopied(null);
    }
  };
  const row = (kind: FeedKind, lang?: Language) => {
    const address = `${origin}${feedPath(kind, lang)}`;
    return (
      <tr key={`${kind}-${lang ?? 'shop'}`}>
        <th scope="row">{lang ? t(`feeds.languages.${lang}`) : '—'}</th>
        <td>
          <code className="feed-address">{address}</code>
        </td>
        <td className="num">
          <button type="button" className="btn btn-small" onClick={() => void copy(address)}>
            {copied === address ? t('feeds.copied') : t('feeds.copy')}
          </button>{' '}
          <a className="btn btn-small btn-ghost" href={address} target="_blank" rel="noopener">
            {t('feeds.open')}
          </a>
        </td>
      </tr>
    );
  };
  return (
    <>
      <h1>{t('feeds.title')}</h1>
      <p className="muted">{t('feeds.intro')}</p>
      {FEED_KINDS.map((kind) => (
        <section key={kind} className="card" aria-labelledby={`feed-${kind}`}>
          <h2 id={`feed-${kind}`} className="section-title">
            {t(`feeds.${kind}`)}
          </h2>
          <div className="report-table-wrap">
            <table className="list-table">
              <thead>
                <tr>
                  <th scope="col">{t('feeds.language')}</th>
                  <th scope="col">{t('feeds.address')}</th>
                  <th scope="col" />
                </tr>
              </thead>
              <tbody>
                {row(kind)}
                {LANGUAGES.map((lang) => row(kind, lang))}
              </tbody>
            </table>
          </div>
        </section>
      ))}
    </>
  );
}
