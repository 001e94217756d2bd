/**
 * The lead (enquiry) form of spec 2.7 and 5: its fields per shop settings, the consent rule, the
 * title fallbacks and the product summary. Pure, so it is unit-tested without rendering.
 */
import type { LeadInput, ProductDto } from '../../lib/api-client';
import { type FormValues, field, group, list } from '../../lib/form-engine';
import { email, noEmpty } from '../../lib/validation';
import { phoneNumber } from '../phone/phone-number';

/** The lead popup's consent settings (ecommerce.leadsPopupPolicy), texts already in the page language. */
export type LeadPolicy = {
  show: boolean;
  enabledByDefault: boolean;
  text: string;
  additionalCheckboxes: readonly { text: string; isShown: boolean; isRequired: boolean }[];
};

export const INVALID_PRODUCT_ID = 'Invalid "id" on product';

/** What the form needs from the shop settings (ecommerce group, in the page language). */
export type LeadSettings = {
  policy: LeadPolicy | null;
  /** The owner's extra question (enquiryModalCustomField), sent as part of the text. */
  customField: { name: string; required: boolean } | null;
  /** The comment must be filled (enquiryModalCustomFieldIsRequired without an extra question). */
  commentRequired: boolean;
};

type EcommerceLeadSettings = {
  leadsPopupPolicy?: LeadPolicy | null;
  enquiryModalCustomField?: { name?: string | null; isNoEmpty?: boolean } | null;
  enquiryModalCustomFieldIsRequired?: boolean;
};

export function leadSettings(ecommerce: EcommerceLeadSettings | null | undefined): LeadSettings {
  const name = ecommerce?.enquiryModalCustomField?.name?.trim() ?? '';
  const required = ecommerce?.enquiryModalCustomFieldIsRequired === true;
  return {
    policy: ecommerce?.leadsPopupPolicy ?? null,
    customField: name ? { name, required: required || ecommerce?.enquiryModalCustomField?.isNoEmpty === true } : null,
    commentRequired: required && !name,
  };
}

export function leadFormDef({ policy, customField, commentRequired }: LeadSettings) {
  return group({
    name: field([noEmpty]),
    phone: field([noEmpty, phoneNumber]),
    email: field([email]),
    text: field(commentRequired ? [noEmpty] : []),
    custom: field(customField?.required ? [noEmpty] : []),
    // Policy starts from the enabled-by-default setting when shown, else true (spec 5).
    policy: field([], policy?.show ? policy.enabledByDefault : true),
    extras: list(
      field([], false),
      shownExtraCheckboxes(policy).map(() => false),
    ),
  });
}

/** The shown extra checkboxes, in the order of the `extras` values. */
export function shownExtraCheckboxes(policy: LeadPolicy | null) {
  return policy?.additionalCheckboxes.filter((box) => box.isShown) ?? [];
}

/** Submitting needs the policy ticked and every shown required extra checkbox ticked. */
export function consentMissing(policy: LeadPolicy | null, values: FormValues): boolean {
  if (!policy) return false;
  if (policy.show && values.policy !== true) return true;
  const extras = Array.isArray(values.extras) ? values.extras : [];
  return shownExtraCheckboxes(policy).some((box, index) => box.isRequired && extras[index] !== true);
}

/** The caller's title, else the configured leads popup title, else the default form title. */
export function leadTitle(callerTitle: unknown, configuredTitle: string | null | undefined, defaultTitle: string): string {
  if (typeof callerTitle === 'string' && callerTitle.trim()) return callerTitle.trim();
  return configuredTitle?.trim() || defaultTitle;
}

/**
 * The product the lead is about: undefined when none was given; INVALID_PRODUCT_ID when an id is
 * present but empty (spec 5); else the id.
 */
export function leadProductId(given: unknown): string | undefined | typeof INVALID_PRODUCT_ID {
  if (given === undefined || given === null) return undefined;
  if (typeof given !== 'string' || given.trim() === '') return INVALID_PRODUCT_ID;
  return given.trim();
}

/** Options of the chosen (else the displayed) variation as 'title: value unit', joined by commas. */
export function optionsText(product: Pick<ProductDto, 'options' | 'variations' | 'optionsTextValue'>, variationId?: string | null): string {
  const variation = variationId ? product.variations.find((v) => v.id === variationId) : undefined;
  const parts = variation
    ? product.options.flatMap((option) => {
        const value = option.values.find((v) => variation.productOptionValueIds.includes(v.id));
        return value ? [{ title: option.title, value: value.title, unit: option.unit }] : [];
      })
    : product.optionsTextValue;
  return parts.map(({ title, value, unit }) => `${title}: ${[value, unit].filter(Boolean).join(' ')}`).join(', ');
}

/** The price shown in the summary: the chosen variation's, else the product's. */
export function summaryPrice(product: Pick<ProductDto, 'variations' | 'price' | 'priceFull'>, variationId?: string | null) {
  const variation = variationId ? product.variations.find((v) => v.id === variationId) : undefined;
  return variation ? { price: variation.price, fullPrice: variation.fullPrice } : { price: product.price, fullPrice: product.priceFull };
}

/**
 * The POST /leads payload (spec 3.3); the extra question's answer follows the comment in `text`, and the
 * chosen variation goes beside its product.
 */
export function leadPayload(values: FormValues, settings: LeadSettings, product: string | undefined, variation?: string | null): LeadInput {
  const trimmed = (path: string) => (typeof values[path] === 'string' ? (values[path] as string).trim() : '');
  const custom = settings.customField && trimmed('custom') ? `${settings.customField.name}: ${trimmed('custom')}` : '';
  const text = [trimmed('text'), custom].filter(Boolean).join('\n\n');
  return {
    type: 'enquiry',
    ...(product !== undefined ? { product } : {}),
    ...(product !== undefined && variation ? { variation } : {}),
    name: trimmed('name'),
    phone: trimmed('phone'),
    email: trimmed('email') || null,
    text: text || null,
  };
}
