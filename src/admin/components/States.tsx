import type { ReactNode } from 'react';
import { AdminApiError, NO_ANSWER } from '../api/client';
import { useT } from '../i18n';

/** Loading, empty and failed states, the same on every screen. */
export function LoadingState({ label }: { label?: string }) {
  const t = useT();
  return (
    <div className="state state-loading" role="status">
      <span className="spinner" aria-hidden="true" />
      <span>{label ?? t('state.loading')}</span>
    </div>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return <div className="state state-empty">{children}</div>;
}

export function errorText(error: unknown, t: ReturnType<typeof useT>): string {
  if (error instanceof AdminApiError) {
    if (error.status === NO_ANSWER) return t('errors.offline');
    // a step-up write refused for the password (missing or wrong) says so, not that the role forbids it
    if (error.status === 403) return error.errors.fields['currentPassword']?.join(' ') || t('errors.forbidden');
    if (error.status === 404) return t('errors.notFound');
    if (error.status === 409) return t('errors.conflict');
    if (error.status === 429) return t('errors.throttled');
    if (error.status >= 500) return t('errors.server');
    return error.message;
  }
  return t('errors.server');
}

export function ErrorState({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const t = useT();
  // a refusal answers the same again: no Retry for it
  const refused = error instanceof AdminApiError && error.status === 403;
  return (
    <div className="state state-error" role="alert">
      <p>{errorText(error, t)}</p>
      {onRetry && !refused ? (
        <button type="button" className="btn" onClick={onRetry}>
          {t('state.retry')}
        </button>
      ) : null}
    </div>
  );
}
