import type { Language } from '../../lib/localize';
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
  return (
    <LeadEnquiry
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
