import { describe, expect, it } from 'vitest';
import { checkoutForm, type CheckoutContext } from '../../src/islands/checkout/checkout-definition';
import {
  applicableRates,
  cartDeliveryWeight,
  deliveryCharge,
  fillFromProfile,
  initialCheckoutValues,
  linePath,
  paymentMethodOptions,
  placeOrderInput,
  shownOnForm,
  valuesToKeep,
  type CheckoutPolicy,
  type CheckoutValues,
} from '../../src/islands/checkout/checkout-form';
import type { ProfileDto, ShippingRateDto } from '../../src/lib/api-client';
import { defAt, fieldLabel, serverFieldErrors, validateForm } from '../../src/lib/form-engine';
import { DEFAULT_MESSAGES } from '../../src/lib/validation';
import { translateMessage } from '../../src/islands/forms/texts';
import { productDto, variationDto } from './fixtures/products';

const policy: CheckoutPolicy = {
  show: true,
  enabledByDefault: false,
  text: 'I agree',
  additionalCheckboxes: [
    { text: 'Delivery terms', isShown: true, isRequired: true },
    { text: 'News', isShown: true, isRequired: false },
    { text: 'Hidden but required', isShown: false, isRequired: true },
  ],
};
const methods = [{ code: 'cash', name: 'Cash', kind: 'cash' }];
// The checkout's own messages are its text keys here; the page passes them translated.
const context: CheckoutContext = {
  showReceiver: true,
  policy,
  hasRates: true,
  paymentMethods: methods,
  regionRequired: false,
  text: (key) => key,
};

/** What the form engine finds wrong with the values under the checkout's rules (the submit's check). */
function validateCheckout(values: CheckoutValues, given: CheckoutContext = context) {
  return validateForm(checkoutForm(values, given), values);
}

function filled(overrides: Partial<CheckoutValues> = {}): CheckoutValues {
  const values = initialCheckoutValues({}, policy);
  return {
    ...values,
    customer: { name: 'Ann', lastName: '', phone: '+1 212 555 0147', email: '' },
    delivery: { ...values.delivery, method: 'pickup', locationId: 'soho' },
    paymentMethod: 'cash',
    agreement: true,
    extraChecks: [true, false, false],
    ...overrides,
  };
}

describe('starting values', () => {
  it('start empty, with the policy box per its enabled-by-default setting, ticked when the policy is not shown', () => {
    const values = initialCheckoutValues({}, policy);
    expect(values.customer).toEqual({ name: '', lastName: '', phone: '', email: '' });
    expect(values.delivery.method).toBe('');
    expect(values.agreement).toBe(false);
    expect(values.extraChecks).toEqual([false, false, false]);
    expect(initialCheckoutValues({}, { ...policy, enabledByDefault: true }).agreement).toBe(true);
    expect(initialCheckoutValues({}, { ...policy, show: false }).agreement).toBe(true);
  });

  it('come back from what was kept, without the consent boxes, and ignore malformed stored data', () => {
    const typed = filled({ comment: 'Ring twice', otherReceiver: true, receiver: { name: 'Bob', lastName: 'B', phone: '+1 1' } });
    const kept = valuesToKeep(typed);
    expect(JSON.stringify(kept)).not.toContain('agreement');
    const back = initialCheckoutValues(JSON.parse(JSON.stringify(kept)), policy);
    expect(back).toEqual({ ...typed, agreement: false, extraChecks: [false, false, false] });
    expect(initialCheckoutValues({ checkout: { customer: { name: 5 }, delivery: { method: 'teleport' } } }, policy)).toEqual(
      initialCheckoutValues({}, policy),
    );
  });

  it("fill the empty fields from a signed-in shopper's profile, never what was typed", () => {
    const profile: ProfileDto = {
      id: 'u',
      email: 'ann@example.com',
      firstName: 'Ann',
      lastName: 'Lee',
      phone: '+1 212 555 0100',
      birthDate: null,
      address: { country: 'US', region: 'NY', locality: 'New York', street: '1 Main St', postalCode: null },
    };
    const values = fillFromProfile(filled({ customer: { name: 'Annie', lastName: '', phone: '', email: '' } }), profile);
    expect(values.customer).toEqual({ name: 'Annie', lastName: 'Lee', phone: '+1 212 555 0100', email: 'ann@example.com' });
    expect(values.delivery.address).toEqual({ country: 'US', region: 'NY', locality: 'New York', street: '1 Main St', postalCode: '' });
  });
});

describe('validation (spec 5)', () => {
  it('passes a complete pick-up order', () => {
    expect(validateCheckout(filled(), context)).toEqual({});
  });

  it('requires a name and a valid phone, and checks a filled e-mail', () => {
    const errors = validateCheckout(filled({ customer: { name: ' ', lastName: '', phone: 'call me', email: 'ann@' } }), context);
    // The phone and e-mail rules are the API contract's: the server's words, which the form engine translates.
    expect(errors).toEqual({
      'customer.name': 'forms.errors.noEmpty',
      'customer.phone': DEFAULT_MESSAGES['forms.errors.phone'],
      'customer.email': DEFAULT_MESSAGES['forms.errors.email'],
    });
    expect(validateCheckout(filled({ customer: { name: 'Ann', lastName: '', phone: '', email: '' } }), context)).toEqual({
      'customer.phone': 'forms.errors.noEmpty',
    });
  });

  it('checks the receiver only when the shop shows it and the shopper asked for another receiver', () => {
    const other = filled({ otherReceiver: true });
    expect(validateCheckout(other, context)).toEqual({ 'receiver.name': 'forms.errors.noEmpty', 'receiver.phone': 'forms.errors.noEmpty' });
    expect(validateCheckout(other, { ...context, showReceiver: false })).toEqual({});
  });

  it('needs a delivery: a pick-up point, or a zone, a fitting rate and the address', () => {
    const none = filled({ delivery: { ...filled().delivery, method: '' } });
    expect(validateCheckout(none, context)).toEqual({ 'delivery.method': 'chooseDelivery' });
    const shipping = filled({ delivery: { ...filled().delivery, method: 'shipping', zoneId: 'us', rateId: '' } });
    expect(validateCheckout(shipping, context)).toEqual({
      'delivery.rateId': 'forms.errors.noEmpty',
      'delivery.address.country': 'forms.errors.noEmpty',
      'delivery.address.locality': 'forms.errors.noEmpty',
      'delivery.address.street': 'forms.errors.noEmpty',
    });
    expect(validateCheckout(shipping, { ...context, hasRates: false })['delivery.rateId']).toBe('noRates');
    expect(validateCheckout(filled({ delivery: { ...filled().delivery, locationId: '' } }), context)).toEqual({
      'delivery.locationId': 'forms.errors.noEmpty',
    });
  });

  it('needs a loaded payment method', () => {
    expect(validateCheckout(filled({ paymentMethod: '' }), context)).toEqual({ paymentMethod: 'forms.errors.noEmpty' });
    expect(validateCheckout(filled(), { ...context, paymentMethods: 'failed' })).toEqual({ paymentMethod: 'paymentMethodsFailed' });
  });

  it('needs the policy and every shown required extra checkbox ticked', () => {
    expect(validateCheckout(filled({ agreement: false, extraChecks: [false, false, false] }), context)).toEqual({
      agreement: 'agreementRequired',
      'extraChecks.0': 'agreementRequired',
    });
    expect(
      validateCheckout(filled({ agreement: false, extraChecks: [false, false, false] }), {
        ...context,
        policy: { ...policy, show: false },
      }),
    ).toEqual({
      'extraChecks.0': 'agreementRequired',
    });
  });
});

describe('shipping rates', () => {
  const rate = (id: string, overrides: Partial<ShippingRateDto> = {}): ShippingRateDto => ({
    id,
    title: id,
    kind: 'flat',
    price: 7.99,
    minOrderAmount: null,
    maxOrderAmount: null,
    minWeight: null,
    maxWeight: null,
    speed: null,
    ...overrides,
  });
  const zone = {
    rates: [
      rate('free', { kind: 'free', price: 0, minOrderAmount: 100, maxWeight: 20 }),
      rate('standard', { maxOrderAmount: 99.99, maxWeight: 20 }),
      rate('freight', { kind: 'by_manager', price: 0, minWeight: 20 }),
      rate('unknown-kind', { kind: 'teleport' }),
    ],
  };

  it('offer the rates whose order amount and weight bounds (inclusive) fit the order', () => {
    const ids = (amount: number, weight: number) => applicableRates(zone, { amount, weight }).map((r) => r.id);
    expect(ids(99.99, 1)).toEqual(['standard']);
    expect(ids(100, 1)).toEqual(['free']);
    expect(ids(100, 20)).toEqual(['free', 'freight']);
    expect(ids(50, 25)).toEqual(['freight']);
    expect(applicableRates(null, { amount: 1, weight: 1 })).toEqual([]);
  });

  it('charge flat rates their price; free and by-manager rates nothing now', () => {
    expect(deliveryCharge(rate('a'))).toEqual({ kind: 'price', amount: 7.99 });
    expect(deliveryCharge(rate('b', { kind: 'free', price: 0 }))).toEqual({ kind: 'free' });
    expect(deliveryCharge(rate('c', { kind: 'by_manager', price: 0 }))).toEqual({ kind: 'byManager' });
  });

  it('weigh the cart by each line’s delivery size times its quantity', () => {
    const box = productDto('box', { weight: 1, length: 50, width: 40, height: 30, variations: [variationDto('box-1')] });
    const light = productDto('light', { weight: 0.3, variations: [variationDto('light-1', { weight: 0.5 })] });
    expect(
      cartDeliveryWeight([
        { variationId: 'box-1', quantity: 2, product: box },
        { variationId: 'light-1', quantity: 3, product: light },
        { variationId: 'gone', quantity: 1 },
      ]),
    ).toBeCloseTo(12 * 2 + 0.5 * 3);
  });
});

describe('the order payload', () => {
  const items = [{ variationId: 'v1', quantity: 2 }];

  it('sends lines, contacts, pick-up and payment, with blanks as null and the agreement', () => {
    expect(placeOrderInput(filled({ comment: '  ' }), { items, discountCodeId: null }, true)).toEqual({
      items,
      customer: { name: 'Ann', lastName: null, phone: '+1 212 555 0147', email: null },
      receiver: null,
      delivery: { method: 'pickup', locationId: 'soho' },
      paymentMethod: 'cash',
      comment: null,
      agreement: true,
    });
  });

  it('sends the shipping address, the receiver when asked for and the discount code id, never a price', () => {
    const values = filled({
      otherReceiver: true,
      receiver: { name: ' Bob ', lastName: '', phone: '+1 212 555 0199' },
      delivery: {
        method: 'shipping',
        locationId: 'soho',
        zoneId: 'us',
        rateId: 'standard',
        address: { country: 'US', region: '', locality: 'New York', street: '1 Main St', postalCode: '10001' },
      },
    });
    const input = placeOrderInput(values, { items, discountCodeId: 'code-1' }, true);
    expect(input.discountCodeId).toBe('code-1');
    expect(input.receiver).toEqual({ name: 'Bob', lastName: null, phone: '+1 212 555 0199' });
    expect(input.delivery).toEqual({
      method: 'shipping',
      zoneId: 'us',
      rateId: 'standard',
      address: { country: 'US', region: null, locality: 'New York', street: '1 Main St', postalCode: '10001' },
    });
    expect(JSON.stringify(input)).not.toMatch(/price/i);
    expect(placeOrderInput(values, { items, discountCodeId: null }, false).receiver).toBeNull();
  });

  it('lists payment methods by code with their names', () => {
    expect(paymentMethodOptions({ card: { methodName: 'Card online', kind: 'online' }, cash: {} })).toEqual([
      { code: 'card', name: 'Card online', kind: 'online' },
      { code: 'cash', name: 'cash', kind: '' },
    ]);
  });

  it('carries the description of a method (cash on delivery) when it has one', () => {
    expect(
      paymentMethodOptions({
        cash: { methodName: 'Pay on receipt', kind: 'cash', description: 'Cash to the courier.' },
        card: { methodName: 'Card', kind: 'online', description: '' },
      }),
    ).toEqual([
      { code: 'cash', name: 'Pay on receipt', kind: 'cash', description: 'Cash to the courier.' },
      { code: 'card', name: 'Card', kind: 'online' },
    ]);
  });
});

describe('the rules follow the values and the contract', () => {
  it('mark the fields that must be filled, the receiver only when asked for', () => {
    const label = (values: CheckoutValues, path: string) => fieldLabel(checkoutForm(values, context), path, 'X');
    expect(label(filled(), 'customer.name')).toBe('X *');
    expect(label(filled(), 'customer.phone')).toBe('X *');
    expect(label(filled(), 'customer.lastName')).toBe('X');
    expect(label(filled(), 'customer.email')).toBe('X');
    expect(label(filled(), 'receiver.name')).toBe('X');
    expect(label(filled({ otherReceiver: true }), 'receiver.name')).toBe('X *');
    const shipping = filled({ delivery: { ...filled().delivery, method: 'shipping' } });
    expect(['country', 'region', 'locality', 'street', 'postalCode'].map((name) => label(shipping, `delivery.address.${name}`))).toEqual([
      'X *',
      'X',
      'X *',
      'X *',
      'X',
    ]);
  });

  it('need a region when the zone serves only some regions of the country', () => {
    const values = filled({
      delivery: {
        method: 'shipping',
        locationId: '',
        zoneId: 'west',
        rateId: 'standard',
        address: { country: 'US', region: '', locality: 'LA', street: '1 Main St', postalCode: '' },
      },
    });
    expect(validateCheckout(values)).toEqual({});
    expect(validateCheckout(values, { ...context, regionRequired: true })).toEqual({ 'delivery.address.region': 'forms.errors.noEmpty' });
  });

  it("check lengths the server checks, with the server's message", () => {
    const errors = validateCheckout(filled({ comment: 'x'.repeat(2001) }));
    expect(Object.keys(errors)).toEqual(['comment']);
    expect(validateCheckout(filled({ comment: 'x'.repeat(2000) }))).toEqual({});
  });

  it("say a length in the page's language, not in zod's English", () => {
    const { comment } = validateCheckout(filled({ comment: 'x'.repeat(2001) }));
    // what useForm shows under the field: the engine's message translated into the form's language
    expect(translateMessage(comment as string, 'ru')).toBe('Слишком длинное значение: не более 2000 символов.');
    expect(translateMessage(comment as string, 'en')).toBe('This value is too long: at most 2000 characters.');
  });

  it("keep the contract's own words, translated where the storefront knows them", () => {
    const errors = validateCheckout(filled({ comment: 'a\u0000b', customer: { ...filled().customer, phone: 'call me' } }));
    expect(errors).toEqual({
      'customer.phone': DEFAULT_MESSAGES['forms.errors.phone'],
      comment: 'This value contains characters that are not allowed.',
    });
    expect(translateMessage(errors['customer.phone'] as string, 'ru', 'customer.phone')).toBe(
      'Введите номер телефона полностью, например +7 912 345-67-89.',
    );
    expect(translateMessage(errors.comment as string, 'ru')).toBe('Значение содержит недопустимые символы.');
  });
});

describe('server errors on the form', () => {
  const answer = {
    success: false,
    status: 400,
    message: 'Validation Failed',
    errorPath: 'items.1.quantity',
    errors: {
      errors: [],
      children: {
        items: {
          errors: [],
          children: {
            1: {
              errors: [],
              children: {
                quantity: { errors: ['Only 2 items are available'], children: {} },
                variationId: { errors: ['gone'], children: {} },
              },
            },
          },
        },
        delivery: { errors: [], children: { rateId: { errors: ['Not available'], children: {} } } },
        body: { errors: ['Malformed'], children: {} },
      },
    },
  };
  const isField = (path: string) => defAt(checkoutForm(filled(), context), path)?.kind === 'field';

  it('put each server path next to its field, the cart line or the discount code', () => {
    for (const path of [
      'customer.phone',
      'delivery.address.country',
      'delivery.rateId',
      'items.1.quantity',
      'discountCodeId',
      'paymentMethod',
    ]) {
      expect(shownOnForm(path, isField)).toBe(true);
    }
    expect(shownOnForm('body', isField)).toBe(false);
  });

  it('keep the first message per cart line', () => {
    const errors = serverFieldErrors(answer);
    expect(linePath(errors, 1)).toBe('items.1.quantity');
    expect(errors['items.1.quantity']).toEqual(['Only 2 items are available']);
    expect(errors['delivery.rateId']).toEqual(['Not available']);
    expect(linePath(errors, 0)).toBeNull();
  });
});
