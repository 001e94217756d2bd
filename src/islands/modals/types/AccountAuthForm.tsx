import { useState } from 'react';
import { AUTH_MODES, type AuthMode, CreateAccountForm, DeleteAccountConfirm, ResetRequestForm, SignInForm } from '../../forms/AuthForms';
import { pageLanguage } from '../../forms/texts';
import type { ModalContentProps } from '../ModalRoot';

const modeOf = (type: unknown): AuthMode => (AUTH_MODES.includes(type as AuthMode) ? (type as AuthMode) : 'signin');

/**
 * Auth modal of spec 2.7: sign-in, create account, reset password and delete account, switching
 * between them in place. `details.redirectTo` is where a successful sign-in continues.
 */
export default function AccountAuthForm({ details, close }: ModalContentProps) {
  const lang = pageLanguage();
  const [mode, setMode] = useState<AuthMode>(() => modeOf(details.type));
  const redirectTo = typeof details.redirectTo === 'string' && details.redirectTo.startsWith('/') ? details.redirectTo : null;
  switch (mode) {
    case 'create':
      return <CreateAccountForm lang={lang} onMode={setMode} onClose={close} />;
    case 'reset':
      return <ResetRequestForm lang={lang} onMode={setMode} />;
    case 'delete':
      return <DeleteAccountConfirm lang={lang} onClose={close} />;
    default:
      return (
        <SignInForm
          lang={lang}
          onMode={setMode}
          onSignedIn={() => {
            close();
            if (redirectTo) window.location.assign(redirectTo);
          }}
        />
      );
  }
}
