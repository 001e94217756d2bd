import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import type { SettingsAnswer } from '../../../contract/admin';
import { SETTINGS_GROUPS, type SettingsGroup } from '../../../lib/settings';
import { api } from '../../api/client';
import { EmptyState, ErrorState, LoadingState } from '../../components/States';
import { useI18n } from '../../i18n';
import { SettingsGroupForm } from './SettingsGroupForm';

const isGroup = (value: string): value is SettingsGroup => (SETTINGS_GROUPS as string[]).includes(value);

export function useSettings() {
  return useQuery({ queryKey: ['settings'], queryFn: () => api.get<SettingsAnswer>('/settings') });
}

/** /settings lists the groups of the shop's settings; /settings/:group edits one of them. */
export default function Settings() {
  const { group } = useParams();
  const { t } = useI18n();
  const query = useSettings();
  if (group !== undefined && !isGroup(group)) {
    return (
      <>
        <p className="back-link">
          <Link to="/settings">← {t('settings.back')}</Link>
        </p>
        <EmptyState>{t('settings.unknownGroup')}</EmptyState>
      </>
    );
  }
  const title = group ? t(`settings.groups.${group}.title`) : t('settings.title');
  const answer = group ? query.data?.groups.find((g) => g.group === group) : undefined;
  return (
    <>
      {group ? (
        <p className="back-link">
          <Link to="/settings">← {t('settings.back')}</Link>
        </p>
      ) : null}
      <div className="page-head">
        <div>
          <h1>{title}</h1>
          <p className="muted">{group ? t(`settings.groups.${group}.description`) : t('settings.intro')}</p>
        </div>
      </div>
      {query.isPending ? (
        <LoadingState />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : answer ? (
        // a new version (saved here or elsewhere) starts the form again from the stored value
        <SettingsGroupForm key={`${answer.group}:${answer.version}`} answer={answer} />
      ) : (
        <ul className="settings-groups">
          {SETTINGS_GROUPS.map((g) => (
            <li key={g}>
              <Link to={`/settings/${g}`} className="card">
                <h2>{t(`settings.groups.${g}.title`)}</h2>
                <p className="muted small">{t(`settings.groups.${g}.description`)}</p>
              </Link>
            </li>
          ))}
          <li>
            <Link to="/mail-templates" className="card">
              <h2>{t('mailTemplates.title')}</h2>
              <p className="muted small">{t('mailTemplates.intro')}</p>
            </Link>
          </li>
        </ul>
      )}
    </>
  );
}
