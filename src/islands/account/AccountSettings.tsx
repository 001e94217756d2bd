import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { ProfileDto } from '../../lib/api-client';
import { addressFormFields, formatAddress, regionAfterCountryChange } from '../../lib/countries';
import type { FormValues } from '../../lib/form-engine';
import type { Language } from '../../lib/localize';
import { $profile, $user, changeCredentials, loadProfile, saveProfile } from '../../stores/user';
import { addressForm, contactInfoForm, credentialsForm } from '../forms/definitions';
import { FormMessage, PasswordField, SelectField, SubmitButton, TextField } from '../forms/fields';
import { formTexts } from '../forms/texts';
import { type FormApi, answerOf, useForm } from '../forms/use-form';
import { PhoneField, type ShopPhoneDefaults } from '../phone/PhoneField';
import { AccountGate, LoadState } from './AccountGate';
import { accountTexts } from './texts';

type Props = { lang: Language; shop: ShopPhoneDefaults };

/** /account/settings: contact information, the address, sign-in details and account deletion. */
export default function AccountSettings(props: Props) {
  return (
    <AccountGate lang={props.lang}>
      <Settings {...props} />
    </AccountGate>
  );
}

function Settings({ lang, shop }: Props) {
  const t = accountTexts(lang);
  const user = useStore($user);
  const profile = useStore($profile);
  const [state, setState] = useState<'loading' | 'failed' | 'ready'>(profile ? 'ready' : 'loading');
  const load = async () => {
    const loaded = await loadProfile();
    setState(loaded ? 'ready' : 'failed');
  };
  useEffect(() => {
    void load();
  }, [user?.id]);

  if (!profile || profile.id !== user?.id)
    return <LoadState lang={lang} state={state === 'failed' ? 'failed' : 'loading'} onRetry={() => void load()} />;
  return (
    <div className="account-settings">
      <section className="account-card" aria-labelledby="contact-info-title">
        <h2 className="account-subtitle" id="contact-info-title">
          {t('contactInfo')}
        </h2>
        <ContactInfo key={`contact-${profile.id}`} lang={lang} profile={profile} shop={shop} />
      </section>
      <section className="account-card" aria-labelledby="address-title">
        <h2 className="account-subtitle" id="address-title">
          {t('addressTitle')}
        </h2>
        <p className="account-muted" data-address-line>
          {formatAddress(profile.address, lang) || t('noAddress')}
        </p>
        <AddressForm key={`address-${profile.id}`} lang={lang} profile={profile} />
      </section>
      <section className="account-card" aria-labelledby="credentials-title">
        <h2 className="account-subtitle" id="credentials-title">
          {t('credentials')}
        </h2>
        <p className="account-muted">
          {t('credentialsHint')} {t('newPasswordOptional')}
        </p>
        <Credentials key={`credentials-${profile.id}`} lang={lang} email={profile.email} />
      </section>
      <section className="account-card">
        <h2 className="account-subtitle">{t('reviews')}</h2>
        <p className="account-muted">
          <a href="/account/reviews">{t('reviewsLinkText')}</a>
        </p>
      </section>
      <section className="account-card account-card--danger" aria-labelledby="delete-title">
        <h2 className="account-subtitle" id="delete-title">
          {t('deleteTitle')}
        </h2>
        <p className="account-muted">{t('deleteText')}</p>
        <button type="button" className="form-button form-button--secondary account-delete" data-auth-form="delete">
          {t('deleteButton')}
        </button>
      </section>
    </div>
  );
}

/** "Saved" after a successful submit, until the form is edited again. */
function SavedNote({ form, lang }: { form: FormApi; lang: Language }) {
  if (!form.submitted) return null;
  return (
    <span className="account-saved" role="status">
      ✓ {accountTexts(lang)('saved')}
    </span>
  );
}

function ContactInfo({ lang, profile, shop }: { lang: Language; profile: ProfileDto; shop: ShopPhoneDefaults }) {
  const f = formTexts(lang);
  const form = useForm(contactInfoForm, {
    lang,
    initial: { firstName: profile.firstName, lastName: profile.lastName, phone: profile.phone ?? '', birthDate: profile.birthDate ?? '' },
    send: async (values) =>
      answerOf(
        await saveProfile({
          firstName: (values.firstName as string).trim(),
          lastName: (values.lastName as string).trim(),
          phone: (values.phone as string) || null,
          birthDate: (values.birthDate as string) || null,
        }),
      ),
  });
  return (
    <form className="form" noValidate onSubmit={form.submit} data-form="contact-info">
      <div className="form__row">
        <TextField form={form} path="firstName" label={f('firstName')} autoComplete="given-name" />
        <TextField form={form} path="lastName" label={f('lastName')} autoComplete="family-name" />
      </div>
      <div className="form__row">
        <PhoneField form={form} path="phone" label={f('phone')} shop={shop} />
        <TextField form={form} path="birthDate" label={f('birthDate')} type="date" autoComplete="bday" />
      </div>
      <FormMessage form={form} />
      <div className="form__actions">
        <SubmitButton form={form}>{accountTexts(lang)('save')}</SubmitButton>
        <SavedNote form={form} lang={lang} />
      </div>
    </form>
  );
}

function AddressForm({ lang, profile }: { lang: Language; profile: ProfileDto }) {
  const t = accountTexts(lang);
  const form = useForm(addressForm, {
    lang,
    initial: Object.fromEntries(Object.entries(profile.address).map(([name, value]) => [`address.${name}`, value ?? ''])),
    send: async (values) => {
      const address = values.address as Record<string, string>;
      return answerOf(
        await saveProfile({ address: Object.fromEntries(Object.entries(address).map(([name, value]) => [name, value.trim() || null])) }),
      );
    },
  });
  const country = (form.value('address.country') as string) || null;
  return (
    <form className="form" noValidate onSubmit={form.submit} data-form="address">
      <div className="form__grid account-address">
        {addressFormFields(country, lang).map((field) => {
          const path = `address.${field.name}`;
          if (field.name === 'country') {
            return (
              <SelectField
                key={path}
                form={form}
                path={path}
                label={field.label}
                options={field.options ?? []}
                placeholder={t('chooseCountry')}
                autoComplete="country"
                onChange={(next) => {
                  form.setValue('address.region', regionAfterCountryChange(form.value('address.region') as string, country, next));
                  form.setValue(path, next);
                }}
              />
            );
          }
          return field.options ? (
            <SelectField
              key={path}
              form={form}
              path={path}
              label={field.label}
              options={field.options}
              placeholder={t('chooseZone')}
              autoComplete="address-level1"
            />
          ) : (
            <TextField key={path} form={form} path={path} label={field.label} autoComplete={ADDRESS_AUTOCOMPLETE[field.name]} />
          );
        })}
      </div>
      <FormMessage form={form} />
      <div className="form__actions">
        <SubmitButton form={form}>{t('save')}</SubmitButton>
        <SavedNote form={form} lang={lang} />
      </div>
    </form>
  );
}

const ADDRESS_AUTOCOMPLETE: Record<string, string> = {
  region: 'address-level1',
  locality: 'address-level2',
  street: 'address-line1',
  postalCode: 'postal-code',
};

function credentialsChange(values: FormValues, currentEmail: string) {
  const email = (values.email as string).trim().toLowerCase();
  const password = values.password as string;
  return {
    currentPassword: values.currentPassword as string,
    ...(email !== currentEmail ? { email } : {}),
    ...(password ? { password } : {}),
  };
}

function Credentials({ lang, email }: { lang: Language; email: string }) {
  const f = formTexts(lang);
  const t = accountTexts(lang);
  // The passwords are emptied after a change, so "Saved" shows while the values are those of that moment.
  const [savedValues, setSavedValues] = useState<FormValues | null>(null);
  const form = useForm(credentialsForm, {
    lang,
    initial: { email },
    send: async (values) => answerOf(await changeCredentials(credentialsChange(values, email))),
    onSuccess: (_, values) => setSavedValues(form.reset({ email: (values.email as string).trim().toLowerCase() })),
  });
  return (
    <form className="form" noValidate onSubmit={form.submit} data-form="credentials">
      <TextField form={form} path="email" label={f('email')} type="email" autoComplete="email" />
      <div className="form__row">
        <PasswordField form={form} path="password" label={f('newPassword')} autoComplete="new-password" />
        <PasswordField form={form} path="repeat" label={f('repeatPassword')} autoComplete="new-password" />
      </div>
      <PasswordField form={form} path="currentPassword" label={f('currentPassword')} />
      <FormMessage form={form} />
      <div className="form__actions">
        <SubmitButton form={form}>{t('save')}</SubmitButton>
        {savedValues === form.values && (
          <span className="account-saved" role="status">
            ✓ {t('saved')}
          </span>
        )}
      </div>
    </form>
  );
}
