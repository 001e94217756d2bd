/**
 * The checkout form on the form engine (spec 5, 7). Fields POST /orders validates take the contract's
 * own schemas (src/contract/storefront/commerce.ts), so each rule is written once; the page adds what
 * only it knows: a chosen delivery, a fitting rate, loaded payment methods, the policy boxes. Rules follow
 * the values: the receiver only when asked for, the pick-up point or the address per delivery method.
 */
import { addressSchema, contactSchema, deliveryInputSchema, placeOrderBody } from '../../contract/storefront/commerce';
import { type ContractSchema, type FieldRule, type FormValues, field, group, schemaRules } from '../../lib/form-engine';
import { noEmpty } from '../../lib/validation';
import type { CheckoutPolicy, CheckoutValues, PaymentMethodOption } from './checkout-form';

export type CheckoutMessage = 'chooseDelivery' | 'noRates' | 'paymentMethodsFailed' | 'agreementRequired';

export type CheckoutContext = {
  showReceiver: boolean;
  policy: CheckoutPolicy;
  /** the chosen zone has rates that fit the order */
  hasRates: boolean;
  paymentMethods: 'loading' | 'failed' | PaymentMethodOption[];
  /** the chosen zone serves only some regions of the country, offered as a list */
  regionRequired: boolean;
  /** the checkout's own messages, in the page language */
  text: (key: CheckoutMessage) => string;
};

const [pickup, shipping] = deliveryInputSchema.options;

/** A field per schema, checked with it only when it applies. */
const fieldsOf = (schemas: Record<string, ContractSchema>, applies: boolean) =>
  Object.fromEntries(Object.entries(schemas).map(([name, schema]) => [name, field(applies ? schemaRules(schema) : [])]));

const failing =
  (message: string): FieldRule =>
  () =>
    message;
const ticked =
  (message: string): FieldRule =>
  (value) =>
    value === true ? null : message;

export function checkoutForm(
  values: FormValues,
  { showReceiver, policy, hasRates, paymentMethods, regionRequired, text }: CheckoutContext,
) {
  const { delivery, otherReceiver } = values as Partial<CheckoutValues>;
  const method = delivery?.method ?? '';
  const ships = method === 'shipping';
  return group({
    customer: group(fieldsOf(placeOrderBody.shape.customer.shape, true)),
    otherReceiver: field([], false),
    receiver: group(fieldsOf(contactSchema.shape, showReceiver && otherReceiver === true)),
    delivery: group({
      method: field([(value) => (value ? null : text('chooseDelivery'))]),
      locationId: field(method === 'pickup' ? schemaRules(pickup.shape.locationId) : []),
      zoneId: field(ships ? schemaRules(shipping.shape.zoneId) : []),
      rateId: field(!ships ? [] : delivery?.zoneId && !hasRates ? [failing(text('noRates'))] : schemaRules(shipping.shape.rateId)),
      address: group({
        ...fieldsOf(addressSchema.shape, ships),
        ...(ships && regionRequired ? { region: field([noEmpty, ...schemaRules(addressSchema.shape.region)]) } : {}),
      }),
    }),
    paymentMethod: field(
      paymentMethods === 'failed' ? [failing(text('paymentMethodsFailed'))] : method ? schemaRules(placeOrderBody.shape.paymentMethod) : [],
    ),
    comment: field(schemaRules(placeOrderBody.shape.comment)),
    agreement: field(policy.show ? [ticked(text('agreementRequired'))] : [], false),
    marketingConsent: field([], false),
    extraChecks: group(
      Object.fromEntries(
        policy.additionalCheckboxes.map((box, index) => [
          index,
          field(box.isShown && box.isRequired ? [ticked(text('agreementRequired'))] : [], false),
        ]),
      ),
    ),
  });
}
