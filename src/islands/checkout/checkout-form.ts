/**
 * The checkout form (spec 3.2, 5, 7), its pure part besides its rules (./checkout-definition.ts): values,
 * shipping rates that fit the order, the POST /orders payload, and the server's errors about cart lines.
 */
import type { CartItem } from '../../lib/cart';
import type { PaymentMethodsDto, PlaceOrderInput, ProfileDto, ShippingRateDto, ShippingZoneDto } from '../../lib/api-client';
import { amountToCents } from '../../lib/money';
import { orderDeliveryWeight, rateApplies } from '../../lib/shipping';
import { isWithin } from '../../lib/form-engine';
import { variationOf } from '../../lib/cart';
import { isRecord } from '../../lib/is-record';

export type DeliveryMethod = 'pickup' | 'shipping';
export type ContactValues = { name: string; lastName: string; phone: string };
export type AddressValues = { country: string; region: string; locality: string; street: string; postalCode: string };

export type CheckoutValues = {
  customer: ContactValues & { email: string };
  otherReceiver: boolean;
  receiver: ContactValues;
  delivery: { method: DeliveryMethod | ''; locationId: string; zoneId: string; rateId: string; address: AddressValues };
  paymentMethod: string;
  comment: string;
  /** the checkout policy's own checkbox */
  agreement: boolean;
  /** the policy's additional checkboxes, by their index in the settings */
  extraChecks: boolean[];
  /** consent to a reminder by e-mail if the order is left unfinished (abandoned-checkout recovery); never ticked for the shopper */
  marketingConsent: boolean;
};

export type CheckoutPolicy = {
  show: boolean;
  enabledByDefault: boolean;
  text: string;
  additionalCheckboxes: { text: string; isShown: boolean; isRequired: boolean }[];
};

const EMPTY_CONTACT: ContactValues = { name: '', lastName: '', phone: '' };
const EMPTY_ADDRESS: AddressValues = { country: '', region: '', locality: '', street: '', postalCode: '' };

const text = (value: unknown) => (typeof value === 'string' ? value : '');
function textsOf<T extends Record<string, string>>(shape: T, stored: unknown): T {
  const source = isRecord(stored) ? stored : {};
  return Object.fromEntries(Object.keys(shape).map((key) => [key, text(source[key])])) as T;
}

/**
 * The form's starting values: what the shopper typed last time (kept with the cart), and the policy box
 * per its enabled-by-default setting (spec 5: ticked when the policy is not shown).
 */
export function initialCheckoutValues(saved: Record<string, unknown>, policy: CheckoutPolicy): CheckoutValues {
  const stored = isRecord(saved.checkout) ? saved.checkout : {};
  const delivery = isRecord(stored.delivery) ? stored.delivery : {};
  const method = delivery.method === 'pickup' || delivery.method === 'shipping' ? delivery.method : '';
  return {
    customer: textsOf({ ...EMPTY_CONTACT, email: '' }, stored.customer),
    otherReceiver: stored.otherReceiver === true,
    receiver: textsOf(EMPTY_CONTACT, stored.receiver),
    delivery: {
      method,
      locationId: text(delivery.locationId),
      zoneId: text(delivery.zoneId),
      rateId: text(delivery.rateId),
      address: textsOf(EMPTY_ADDRESS, delivery.address),
    },
    paymentMethod: text(stored.paymentMethod),
    comment: text(stored.comment),
    agreement: policy.show ? policy.enabledByDefault : true,
    extraChecks: policy.additionalCheckboxes.map(() => false),
    marketingConsent: false,
  };
}

/** The signed-in shopper's profile fills the contact and address fields that are still empty. */
export function fillFromProfile(values: CheckoutValues, profile: ProfileDto): CheckoutValues {
  const customer = { ...values.customer };
  customer.name ||= profile.firstName;
  customer.lastName ||= profile.lastName;
  customer.phone ||= profile.phone ?? '';
  customer.email ||= profile.email;
  const address = { ...values.delivery.address };
  for (const key of Object.keys(EMPTY_ADDRESS) as (keyof AddressValues)[]) address[key] ||= profile.address[key] ?? '';
  return { ...values, customer, delivery: { ...values.delivery, address } };
}

/** What is kept for the next visit: everything typed except the consent boxes. */
export function valuesToKeep(values: CheckoutValues): Record<string, unknown> {
  const { agreement: _agreement, extraChecks: _extraChecks, marketingConsent: _consent, ...kept } = values;
  return { checkout: kept };
}

// ---------------------------------------------------------------- delivery

/** Delivery weight of the cart: each line's delivery size (spec 3.1) times its quantity. */
export function cartDeliveryWeight(items: readonly CartItem[]): number {
  return orderDeliveryWeight(
    items.flatMap((item) => {
      const variation = variationOf(item);
      return item.product && variation ? [{ product: item.product, variation, quantity: item.quantity }] : [];
    }),
  );
}

/** The zone's rates that serve an order of this amount (after discount) and delivery weight. */
export function applicableRates(
  zone: Pick<ShippingZoneDto, 'rates'> | null | undefined,
  order: { amount: number; weight: number },
): ShippingRateDto[] {
  if (!zone) return [];
  return zone.rates.filter((rate) =>
    rateApplies(
      {
        kind: rate.kind,
        priceCents: amountToCents(rate.price),
        enabled: true,
        minOrderCents: rate.minOrderAmount === null ? null : amountToCents(rate.minOrderAmount),
        maxOrderCents: rate.maxOrderAmount === null ? null : amountToCents(rate.maxOrderAmount),
        minWeight: rate.minWeight,
        maxWeight: rate.maxWeight,
      },
      { amountCents: amountToCents(order.amount), weight: order.weight },
    ),
  );
}

export type DeliveryCharge = { kind: 'free' } | { kind: 'byManager' } | { kind: 'price'; amount: number };

export function deliveryCharge(rate: Pick<ShippingRateDto, 'kind' | 'price'>): DeliveryCharge {
  if (rate.kind === 'by_manager') return { kind: 'byManager' };
  return rate.kind === 'flat' && rate.price > 0 ? { kind: 'price', amount: rate.price } : { kind: 'free' };
}

/** `description`: a line under the name (the cash-on-delivery setting's description), only when there is one */
export type PaymentMethodOption = { code: string; name: string; kind: string; description?: string };

export function paymentMethodOptions(methods: PaymentMethodsDto): PaymentMethodOption[] {
  return Object.entries(methods).map(([code, method]) => ({
    code,
    name: method.methodName || code,
    kind: method.kind ?? '',
    ...(method.description ? { description: method.description } : {}),
  }));
}

// ---------------------------------------------------------------- the order

const optional = (value: string) => (value.trim() === '' ? null : value.trim());
const contact = (values: ContactValues) => ({ name: values.name.trim(), lastName: optional(values.lastName), phone: values.phone.trim() });

/** POST /orders: the lines and discount code of the cart and the form's fields (prices are the server's business). */
export function placeOrderInput(
  values: CheckoutValues,
  cart: { items: readonly { variationId: string; quantity: number }[]; discountCodeId: string | null },
  showReceiver: boolean,
  recoveryKey: string | null = null,
): PlaceOrderInput {
  const { delivery } = values;
  const address = delivery.address;
  return {
    items: cart.items.map(({ variationId, quantity }) => ({ variationId, quantity })),
    ...(cart.discountCodeId ? { discountCodeId: cart.discountCodeId } : {}),
    customer: { ...contact(values.customer), email: optional(values.customer.email) },
    receiver: showReceiver && values.otherReceiver ? contact(values.receiver) : null,
    delivery:
      delivery.method === 'pickup'
        ? { method: 'pickup', locationId: delivery.locationId }
        : {
            method: 'shipping',
            zoneId: delivery.zoneId,
            rateId: delivery.rateId,
            address: {
              country: address.country.trim(),
              region: optional(address.region),
              locality: address.locality.trim(),
              street: address.street.trim(),
              postalCode: optional(address.postalCode),
            },
          },
    paymentMethod: values.paymentMethod,
    comment: optional(values.comment),
    agreement: true,
    ...(recoveryKey ? { recoveryKey } : {}),
  };
}

/** The first path the server complained about on cart line `index` (its quantity or variation), shown by the line. */
export function linePath(serverErrors: Record<string, readonly string[]>, index: number): string | null {
  return Object.keys(serverErrors).find((path) => isWithin(path, `items.${index}`)) ?? null;
}

/** A server error path shows on the form: on its field, by its cart line, or at the discount code; any other stands above the form. */
export function shownOnForm(path: string, isField: (path: string) => boolean): boolean {
  return /^items\.\d+(\.|$)/.test(path) || path === 'discountCodeId' || isField(path);
}
