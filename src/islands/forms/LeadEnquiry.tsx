import { useStore } from '@nanostores/react';
import { type ReactNode, useMemo, useRef } from 'react';
import type { Language } from '../../lib/localize';
import { trackLead } from '../../stores/analytics';
import { $profile, shopApi } from '../../stores/user';
import { PhoneField, type ShopPhoneDefaults } from '../phone/PhoneField';
import { SuccessIcon } from './AuthForms';
import { CheckboxField, FormMessage, SubmitButton, TextAreaField, TextField } from './fields';
import { type LeadSettings, consentMissing, leadFormDef, leadPayload, shownExtraCheckboxes } from './lead-form';
import { formTexts } from './texts';
import { useTypedBeforeHydration } from './typed-before-hydration';
import { answerOf, useForm } from './use-form';

export type LeadEnquiryProps = {
  lang: Language;
  settings: LeadSettings;
  /** the shop's contact phones and country: the phone field's starting country */
  shop: ShopPhoneDefaults;
  /** the comment the form starts with */
  comment?: string;
  /** product and chosen variation ids the enquiry is about (spec 3.3) */
  product?: string;
  variation?: string;
  /** shown above the fields (the modal's title and product summary) */
  header?: ReactNode;
  submitLabel?: string;
  successTitle?: string;
  successText?: string;
  /** the success view's close button (in the modal) */
  onClose?: () => void;
  /** unique per page: names the form for tests and the page's scripts */
  name?: string;
  /** start from the signed-in customer's name, e-mail and phone (false while hydrating server-rendered HTML) */
  prefill?: boolean;
};

/**
 * The enquiry (lead) form of spec 2.7 and 5 on the form engine, sending POST /leads: the one form behind
 * the lead modal and the inline form sections (homepage, /about, /contacts).
 */
export function LeadEnquiry(props: LeadEnquiryProps) {
  const {
    lang,
    settings,
    shop,
    comment,
    product,
    variation,
    header,
    submitLabel,
    successTitle,
    successText,
    onClose,
    name = 'lead',
    prefill = true,
  } = props;
  const t = formTexts(lang);
  const stored = useStore($profile);
  const profile = prefill ? stored : null;
  const def = useMemo(() => leadFormDef(settings), [settings]);
  const formRef = useRef<HTMLFormElement>(null);
  useTypedBeforeHydration(formRef);
  const form = useForm(def, {
    lang,
    initial: {
      text: comment ?? '',
      name: profile ? `${profile.firstName} ${profile.lastName}`.trim() : '',
      email: profile?.email ?? '',
      phone: profile?.phone ?? '',
    },
    send: async (values) => answerOf(await shopApi().sendLead(leadPayload(values, settings, product, variation))),
    blocked: (values) => consentMissing(settings.policy, values),
    onSuccess: () => trackLead(product),
  });

  if (form.submitted) {
    return (
      <div className="form-success" data-form={`${name}-sent`}>
        <SuccessIcon />
        <h2 className="form__title">{successTitle || t('leadSentTitle')}</h2>
        <p role="status">{successText || t('leadSentText')}</p>
        {onClose && (
          <button type="button" className="form-button form-button--secondary" onClick={onClose}>
            {t('close')}
          </button>
        )}
      </div>
    );
  }

  const extras = shownExtraCheckboxes(settings.policy);
  return (
    <form ref={formRef} className="form" noValidate onSubmit={form.submit} data-form={name}>
      {header}
      <TextField form={form} path="name" label={t('name')} autoComplete="name" autoFocus={Boolean(onClose)} />
      <PhoneField form={form} path="phone" label={t('phone')} shop={shop} />
      <TextField form={form} path="email" label={t('email')} type="email" autoComplete="email" />
      {settings.customField && <TextField form={form} path="custom" label={settings.customField.name} />}
      <TextAreaField form={form} path="text" label={t('comment')} rows={3} maxLength={5000} />
      {settings.policy?.show && <CheckboxField form={form} path="policy" html={settings.policy.text} required />}
      {extras.map((box, index) => (
        <CheckboxField key={index} form={form} path={`extras.${index}`} html={box.text} required={box.isRequired} />
      ))}
      <FormMessage form={form} />
      <SubmitButton form={form} className={onClose ? 'form-button--block' : ''}>
        {submitLabel || t('leadSend')}
      </SubmitButton>
    </form>
  );
}
