import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { onUnauthorized } from './api/client';
import { endSession, queryClient, useSession } from './api/session';
import { ErrorState, LoadingState } from './components/States';
import { ToastProvider } from './components/Toasts';
import { I18nProvider, storedLanguage, useI18n } from './i18n';
import { isLanguage } from '../lib/localize';
import './admin.css';

/**
 * The back office at /admin/: one client-only React application. The sign-in screen is all a visitor
 * without a session loads (no router, no form schema library); the signed-in app and each of its screens
 * are chunks of their own, loaded when first needed.
 */
const SignIn = lazy(() => import('./screens/SignIn'));
const SignedIn = lazy(() => import('./SignedIn'));
const AcceptInvite = lazy(() => import('./screens/AcceptInvite'));

/** The token of an invitation link (/admin/invite?token=…), or null on any other address. */
function invitationToken(): string | null {
  return window.location.pathname.replace(/\/+$/, '') === '/admin/invite'
    ? (new URLSearchParams(window.location.search).get('token') ?? '')
    : null;
}

function Gate() {
  const [inviteToken, setInviteToken] = useState(invitationToken);
  const session = useSession();
  const { setLang } = useI18n();
  const staffLang = session.data?.lang;
  useEffect(() => {
    // the staff member's own language, unless they picked one in this browser
    if (isLanguage(staffLang) && !storedLanguage()) setLang(staffLang, false);
  }, [staffLang, setLang]);
  if (inviteToken !== null) {
    // an invitation link works with or without a session: accepting it signs its new owner in
    const accepted = () => {
      window.history.replaceState(null, '', '/admin/');
      setInviteToken(null);
    };
    return (
      <Suspense fallback={<LoadingState />}>
        <AcceptInvite token={inviteToken} onAccepted={accepted} />
      </Suspense>
    );
  }
  if (session.isPending) return <LoadingState />;
  if (session.isError) return <ErrorState error={session.error} onRetry={() => void session.refetch()} />;
  return <Suspense fallback={<LoadingState />}>{session.data ? <SignedIn /> : <SignIn />}</Suspense>;
}

export default function AdminApp() {
  useEffect(() => {
    onUnauthorized(() => endSession());
    return () => onUnauthorized(null);
  }, []);
  return (
    <I18nProvider>
      <QueryClientProvider client={queryClient}>
        <ToastProvider>
          <Gate />
        </ToastProvider>
      </QueryClientProvider>
    </I18nProvider>
  );
}
