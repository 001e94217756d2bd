import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useState } from 'react';
import type { ProductDto, ShopConfigDto } from '../../../lib/api-client';
import { formatPrice } from '../../../lib/format-price';
import type { Language } from '../../../lib/localize';
import { trackLead } from '../../../stores/analytics';
import { $profile, userApi } from '../../../stores/user';
import { SuccessIcon } from '../../forms/AuthForms';
import { CheckboxField, FormMessage, SubmitButton, TextAreaField, TextField } from '../../forms/fields';
import {
  INVALID_PRODUCT_ID,
  consentMissing,
  leadFormDef,
  leadPayload,
  leadProductId,
  leadSettings,
  leadTitle,
  optionsText,
  shownExtraCheckboxes,
  summaryPrice,
} from '../../forms/lead-form';
import { useShopConfig } from '../../forms/shop-config';
import { formTexts, pageLanguage } from '../../forms/texts';
import { answerOf, useForm } from '../../forms/use-form';
import { PhoneField } from '../../phone/PhoneField';
import { ProductImage } from '../../shop/ProductImage';
import type { ModalContentProps } from '../ModalRoot';

/**
 * Lead (enquiry) modal of spec 2.7: `details.title`, `details.comment` (the caller's default comment),
 * `details.productId` and optionally `details.variationId` for the product summary.
 */
export default function LeadForm({ details, close }: ModalContentProps) {
  const lang = pageLanguage();
  const config = useShopConfig(lang);
  if (config === undefined) return <div className="modal__loading" aria-busy="true" />;
  return <LeadFormContent details={details} config={config} lang={lang} close={close} />;
}

type ContentProps = ModalContentProps & { config: ShopConfigDto | null; lang: Language };

function LeadFormContent({ details, config, lang, close }: ContentProps) {
  const t = formTexts(lang);
  const profile = useStore($profile);
  const settings = useMemo(() => leadSettings(config?.ecommerce), [config]);
  const def = useMemo(() => leadFormDef(settings), [settings]);
  const product = leadProductId(details.productId);
  const sentProduct = typeof details.productId === 'string' ? details.productId.trim() : undefined;
  const form = useForm(def, {
    lang,
    initial: {
      text: typeof details.comment === 'string' ? details.comment : '',
      name: profile ? `${profile.firstName} ${profile.lastName}`.trim() : '',
      email: profile?.email ?? '',
      phone: profile?.phone ?? '',
    },
    send: async (values) => answerOf(await userApi().sendLead(leadPayload(values, settings, sentProduct))),
    blocked: (values) => consentMissing(settings.policy, values),
    onSuccess: () => trackLead(sentProduct),
  });
  const title = leadTitle(details.title, config?.ecommerce.leadsPopupTitle, t('leadTitle'));

  if (form.submitted) {
    return (
      <div className="form-success" data-form="lead-sent">
        <SuccessIcon />
        <h2 className="form__title">{t('leadSentTitle')}</h2>
        <p role="status">{t('leadSentText')}</p>
        <button type="button" className="form-button form-button--secondary" onClick={close}>
          {t('close')}
        </button>
      </div>
    );
  }

  const extras = shownExtraCheckboxes(settings.policy);
  return (
    <form className="form" noValidate onSubmit={form.submit} data-form="lead">
      <h2 className="form__title">{title}</h2>
      {product === INVALID_PRODUCT_ID ? (
        <p className="form-message form-message--error" role="alert">
          {INVALID_PRODUCT_ID}
        </p>
      ) : (
        product && <ProductSummary productId={product} variationId={details.variationId} config={config} lang={lang} />
      )}
      <TextField form={form} path="name" label={t('name')} autoComplete="name" autoFocus />
      <PhoneField form={form} path="phone" label={t('phone')} shop={config?.common} />
      <TextField form={form} path="email" label={t('email')} type="email" autoComplete="email" />
      {settings.customField && <TextField form={form} path="custom" label={settings.customField.name} />}
      <TextAreaField form={form} path="text" label={t('comment')} rows={3} maxLength={5000} />
      {settings.policy?.show && <CheckboxField form={form} path="policy" html={settings.policy.text} required />}
      {extras.map((box, index) => (
        <CheckboxField key={index} form={form} path={`extras.${index}`} html={box.text} required={box.isRequired} />
      ))}
      <FormMessage form={form} />
      <SubmitButton form={form} className="form-button--block">
        {t('leadSend')}
      </SubmitButton>
    </form>
  );
}

function ProductSummary({ productId, variationId, config, lang }: { productId: string; variationId: unknown; config: ShopConfigDto | null; lang: Language }) {
  const t = formTexts(lang);
  const [product, setProduct] = useState<ProductDto | null>(null);
  useEffect(() => {
    let live = true;
    void userApi()
      .getProduct(productId)
      .then((result) => live && setProduct(result.data));
    return () => {
      live = false;
    };
  }, [productId]);
  if (!product) return null;
  const variation = typeof variationId === 'string' ? variationId : null;
  const chosen = variation ? product.variations.find((v) => v.id === variation) : undefined;
  const { price } = summaryPrice(product, variation);
  const options = optionsText(product, variation);
  const money = { currency: config?.ecommerce.currency, separator: config?.ecommerce.priceFormatSeparator };
  return (
    <div className="lead-product" data-lead-product={product.id}>
      <ProductImage image={chosen?.image ?? product.imagePreview} width={64} height={64} alt={product.title} className="lead-product__image" />
      <div className="lead-product__text">
        <strong className="lead-product__title">{product.title}</strong>
        {options && <span className="lead-product__options">{options}</span>}
        <span className="lead-product__price">
          {price > 0 ? `${config?.ecommerce.showPriceFrom ? `${t('from')} ` : ''}${formatPrice(price, money)}` : t('priceOnRequest')}
        </span>
      </div>
    </div>
  );
}
