import { useStore } from '@nanostores/react';
import type { Language } from '../../lib/localize';
import { $profile } from '../../stores/user';
import { useHydrated } from '../shop/hooks';
import type { ShopPhoneDefaults } from '../phone/PhoneField';
import { LeadEnquiry } from './LeadEnquiry';
import type { LeadSettings } from './lead-form';

type Props = {
  lang: Language;
  settings: LeadSettings;
  shop: ShopPhoneDefaults;
  comment: string;
  button: string;
  successTitle: string;
  successText: string;
};

/** The enquiry form of the form sections: the lead modal's form, in the page (spec 2.7, 5). */
export default function InlineLeadForm({ lang, settings, shop, comment, button, successTitle, successText }: Props) {
  // Hydration matches the server's empty fields; a signed-in customer's details fill them right after.
  const hydrated = useHydrated();
  const signedIn = useStore($profile) !== null;
  return (
    <LeadEnquiry
      key={hydrated && signedIn ? 'customer' : 'visitor'}
      prefill={hydrated}
      lang={lang}
      settings={settings}
      shop={shop}
      comment={comment}
      submitLabel={button}
      successTitle={successTitle}
      successText={successText}
      name="inline-lead"
    />
  );
}
