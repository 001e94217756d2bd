import { useStore } from '@nanostores/react';
import { type ReactNode, useEffect, useState } from 'react';
import type { Language } from '../../lib/localize';
import { $profile, $user, loadProfile, logout } from '../../stores/user';
import { type AuthMode, CreateAccountForm, ResetRequestForm, SignInForm } from '../forms/AuthForms';
import './account.css';
import { accountTexts } from './texts';

/**
 * Brings the account layout's server-rendered sidebar to life: the greeting's first name from the
 * profile, fetched afresh on each account page (the layout says "Your account" until there is one), and
 * the logout button, hidden when signed out.
 */
function useAccountSidebar(): void {
  const user = useStore($user);
  const firstName = useStore($profile)?.firstName.trim();
  useEffect(() => {
    if (user) void loadProfile();
  }, [user?.id]);
  useEffect(() => {
    document.querySelectorAll<HTMLElement>('[data-account-greeting]').forEach((greeting) => {
      const named = greeting.querySelector<HTMLElement>('[data-greeting-named]');
      const plain = greeting.querySelector<HTMLElement>('[data-greeting-plain]');
      const name = greeting.querySelector<HTMLElement>('[data-account-first-name]');
      if (!named || !plain || !name) return;
      name.textContent = firstName ?? '';
      named.hidden = !firstName;
      plain.hidden = Boolean(firstName);
    });
  }, [firstName]);
  useEffect(() => {
    const buttons = [...document.querySelectorAll<HTMLButtonElement>('[data-account-logout]')];
    buttons.forEach((button) => {
      // The layout's button styles set a display, which the hidden attribute alone would not beat.
      button.style.display = user ? '' : 'none';
      button.addEventListener('click', logout);
    });
    return () => buttons.forEach((button) => button.removeEventListener('click', logout));
  }, [user]);
}

/** Account content for a signed-in user; a visitor gets the sign-in (or create, or reset) form in its place. */
export function AccountGate({ lang, children }: { lang: Language; children: ReactNode }) {
  const user = useStore($user);
  useAccountSidebar();
  const [mode, setMode] = useState<Exclude<AuthMode, 'delete'>>('signin');
  if (user) return <>{children}</>;
  const t = accountTexts(lang);
  const onMode = (next: AuthMode) => setMode(next === 'delete' ? 'signin' : next);
  return (
    <div className="account-gate" data-account-gate>
      <p className="account-gate__text">{t('signedOutText')}</p>
      <div className="account-card">
        {mode === 'create' ? (
          <CreateAccountForm lang={lang} onMode={onMode} onClose={() => setMode('signin')} />
        ) : mode === 'reset' ? (
          <ResetRequestForm lang={lang} onMode={onMode} />
        ) : (
          <SignInForm lang={lang} onMode={onMode} onSignedIn={() => undefined} />
        )}
      </div>
    </div>
  );
}

/** Loading, failure (with retry) and empty states of account lists. */
export function LoadState({ lang, state, onRetry }: { lang: Language; state: 'loading' | 'failed'; onRetry: () => void }) {
  const t = accountTexts(lang);
  if (state === 'loading')
    return (
      <p className="account-muted" aria-busy="true">
        {t('loading')}
      </p>
    );
  return (
    <div className="account-empty" role="alert">
      <p>{t('loadFailed')}</p>
      <button type="button" className="form-button form-button--secondary" onClick={onRetry}>
        {t('retry')}
      </button>
    </div>
  );
}
