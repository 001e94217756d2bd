import { describe, expect, it } from 'vitest';
import { type GroupDef, fieldLabel, initialValues, validateForm } from '../../src/lib/form-engine';
import {
  addressForm,
  commentForm,
  contactInfoForm,
  createAccountForm,
  credentialsForm,
  resetConfirmForm,
  resetRequestForm,
  reviewForm,
  signInForm,
} from '../../src/islands/forms/definitions';
import {
  INVALID_PRODUCT_ID,
  type LeadPolicy,
  consentMissing,
  leadFormDef,
  leadPayload,
  leadProductId,
  leadSettings,
  leadTitle,
  optionsText,
  summaryPrice,
} from '../../src/islands/forms/lead-form';

const errorsOf = (def: GroupDef, given: Record<string, unknown>) => validateForm(def, { ...initialValues(def), ...given });

describe('sign-in', () => {
  it('needs an e-mail as username and a password of at least 6 characters', () => {
    expect(errorsOf(signInForm, {})).toEqual({ username: 'forms.errors.noEmpty', password: 'forms.errors.noEmpty' });
    expect(errorsOf(signInForm, { username: 'ada', password: '12345' })).toEqual({
      username: 'forms.errors.email',
      password: 'forms.errors.password',
    });
    expect(errorsOf(signInForm, { username: 'ada@example.com', password: '123456' })).toEqual({});
  });

  it('marks both fields required', () => {
    expect(fieldLabel(signInForm, 'username', 'E-mail')).toBe('E-mail *');
    expect(fieldLabel(signInForm, 'password', 'Password')).toBe('Password *');
  });
});

describe('account creation', () => {
  it('needs first and last name, an e-mail and a password, nested like the registration payload', () => {
    expect(errorsOf(createAccountForm, {})).toEqual({
      'profile.firstName': 'forms.errors.noEmpty',
      'profile.lastName': 'forms.errors.noEmpty',
      email: 'forms.errors.noEmpty',
      password: 'forms.errors.noEmpty',
    });
    expect(errorsOf(createAccountForm, { profile: { firstName: ' ', lastName: 'Lovelace' }, email: 'ada@', password: 'short' })).toEqual({
      'profile.firstName': 'forms.errors.noEmpty',
      email: 'forms.errors.email',
      password: 'forms.errors.password',
    });
    expect(
      errorsOf(createAccountForm, { profile: { firstName: 'Ada', lastName: 'Lovelace' }, email: 'ada@example.com', password: 'secret' }),
    ).toEqual({});
  });
});

describe('password reset', () => {
  it('asks for an e-mail', () => {
    expect(errorsOf(resetRequestForm, {})).toEqual({ email: 'forms.errors.noEmpty' });
    expect(errorsOf(resetRequestForm, { email: 'nope' })).toEqual({ email: 'forms.errors.email' });
  });

  it('sets a new password typed twice alike', () => {
    expect(errorsOf(resetConfirmForm, { password: '12345', repeat: '' })).toEqual({
      password: 'forms.errors.password',
      repeat: 'forms.errors.noEmpty',
    });
    expect(errorsOf(resetConfirmForm, { password: 'secret1', repeat: 'secret2' })).toEqual({ repeat: 'forms.errors.passwordMismatch' });
    expect(errorsOf(resetConfirmForm, { password: 'secret1', repeat: 'secret1' })).toEqual({});
  });
});

describe('account settings', () => {
  it('contact information: names required, phone in stored form, birth date before today', () => {
    expect(errorsOf(contactInfoForm, {})).toEqual({ firstName: 'forms.errors.noEmpty', lastName: 'forms.errors.noEmpty' });
    expect(errorsOf(contactInfoForm, { firstName: 'Ada', lastName: 'L', phone: '212 555', birthDate: '2999-01-01' })).toEqual({
      phone: 'forms.errors.phone',
      birthDate: 'forms.errors.birthDate',
    });
    expect(errorsOf(contactInfoForm, { firstName: 'Ada', lastName: 'L', phone: '+12125550147', birthDate: '1815-12-10' })).toEqual({});
  });

  it('the address parts are all optional', () => {
    expect(errorsOf(addressForm, {})).toEqual({});
  });

  it('sign-in details: the current password always, a new password only when given and then repeated', () => {
    expect(errorsOf(credentialsForm, { email: 'ada@example.com' })).toEqual({ currentPassword: 'forms.errors.noEmpty' });
    expect(errorsOf(credentialsForm, { email: 'x', currentPassword: 'old', password: '123' })).toEqual({
      email: 'forms.errors.email',
      password: 'forms.errors.password',
      repeat: 'forms.errors.passwordMismatch',
    });
    expect(errorsOf(credentialsForm, { email: 'ada@example.com', currentPassword: 'old', password: 'secret', repeat: 'secret' })).toEqual(
      {},
    );
  });
});

describe('reviews and comments', () => {
  it('a review needs a name, a rating from 1 to 5 and a text; the e-mail is checked when given', () => {
    expect(errorsOf(reviewForm, {})).toEqual({ name: 'forms.errors.noEmpty', rating: 'forms.errors.rating', text: 'forms.errors.noEmpty' });
    expect(errorsOf(reviewForm, { name: 'Ada', rating: 6, text: 'Nice', email: 'bad' })).toEqual({
      rating: 'forms.errors.rating',
      email: 'forms.errors.email',
    });
    expect(errorsOf(reviewForm, { name: 'Ada', rating: 5, text: 'Nice' })).toEqual({});
  });

  it('a comment needs a name and a text', () => {
    expect(errorsOf(commentForm, { email: 'a@b' })).toEqual({
      name: 'forms.errors.noEmpty',
      email: 'forms.errors.email',
      text: 'forms.errors.noEmpty',
    });
    expect(errorsOf(commentForm, { name: 'Ada', text: 'Thanks' })).toEqual({});
  });
});

describe('the lead form', () => {
  const policy: LeadPolicy = {
    show: true,
    enabledByDefault: false,
    text: 'I agree to the <a href="/privacy">policy</a>',
    additionalCheckboxes: [
      { text: 'News', isShown: true, isRequired: false },
      { text: 'Hidden', isShown: false, isRequired: true },
      { text: 'Terms', isShown: true, isRequired: true },
    ],
  };
  const settings = leadSettings({ leadsPopupPolicy: policy });
  const def = leadFormDef(settings);

  it('needs a name and a valid phone; checks the e-mail only when filled; the comment is optional', () => {
    expect(errorsOf(def, {})).toEqual({ name: 'forms.errors.noEmpty', phone: 'forms.errors.noEmpty' });
    expect(errorsOf(def, { name: 'Ada', phone: '555', email: 'ada@' })).toEqual({
      phone: 'forms.errors.phone',
      email: 'forms.errors.email',
    });
    expect(errorsOf(def, { name: 'Ada', phone: '+12125550147' })).toEqual({});
  });

  it('requires the comment when the enquiry setting says so, or the owner’s extra question instead', () => {
    const commentRequired = leadSettings({ enquiryModalCustomFieldIsRequired: true });
    expect(errorsOf(leadFormDef(commentRequired), { name: 'Ada', phone: '+12125550147' })).toEqual({ text: 'forms.errors.noEmpty' });
    const question = leadSettings({ enquiryModalCustomField: { name: 'Best time to call', isNoEmpty: true } });
    expect(question.customField).toEqual({ name: 'Best time to call', required: true });
    expect(errorsOf(leadFormDef(question), { name: 'Ada', phone: '+12125550147' })).toEqual({ custom: 'forms.errors.noEmpty' });
  });

  it('starts the policy from its default when shown, else ticked', () => {
    expect(initialValues(def).policy).toBe(false);
    expect(initialValues(leadFormDef(leadSettings({ leadsPopupPolicy: { ...policy, enabledByDefault: true } }))).policy).toBe(true);
    expect(initialValues(leadFormDef(leadSettings({ leadsPopupPolicy: { ...policy, show: false } }))).policy).toBe(true);
    expect(initialValues(leadFormDef(leadSettings({}))).policy).toBe(true);
  });

  it('blocks sending until the policy and every shown required extra checkbox are ticked', () => {
    expect(initialValues(def).extras).toEqual([false, false]);
    expect(consentMissing(policy, { policy: false, extras: [true, true] })).toBe(true);
    expect(consentMissing(policy, { policy: true, extras: [true, false] })).toBe(true);
    expect(consentMissing(policy, { policy: true, extras: [false, true] })).toBe(false);
    expect(consentMissing(null, {})).toBe(false);
  });

  it('takes the caller’s title, else the configured one, else the default', () => {
    expect(leadTitle(' Ask about delivery ', 'Configured', 'Send an enquiry')).toBe('Ask about delivery');
    expect(leadTitle(undefined, 'Configured', 'Send an enquiry')).toBe('Configured');
    expect(leadTitle('', ' ', 'Send an enquiry')).toBe('Send an enquiry');
  });

  it('refuses a present but empty product id', () => {
    expect(leadProductId(undefined)).toBeUndefined();
    expect(leadProductId(null)).toBeUndefined();
    expect(leadProductId('')).toBe(INVALID_PRODUCT_ID);
    expect(leadProductId('  ')).toBe(INVALID_PRODUCT_ID);
    expect(leadProductId(' abc ')).toBe('abc');
  });

  it('sends the enquiry payload with the extra answer after the comment', () => {
    const withQuestion = leadSettings({ enquiryModalCustomField: { name: 'Best time to call' } });
    const values = { name: ' Ada ', phone: '+12125550147', email: ' ', text: 'Hello', custom: 'evening' };
    expect(leadPayload(values, withQuestion, 'p1')).toEqual({
      type: 'enquiry',
      product: 'p1',
      name: 'Ada',
      phone: '+12125550147',
      email: null,
      text: 'Hello\n\nBest time to call: evening',
    });
    expect(leadPayload({ ...values, text: '', custom: '' }, withQuestion, undefined)).toEqual({
      type: 'enquiry',
      name: 'Ada',
      phone: '+12125550147',
      email: null,
      text: null,
    });
  });

  it('sends the chosen variation beside its product, and none without a product', () => {
    const values = { name: 'Ada', phone: '+12125550147', email: '', text: '' };
    expect(leadPayload(values, leadSettings({}), 'p1', 'v2')).toMatchObject({ product: 'p1', variation: 'v2' });
    expect(leadPayload(values, leadSettings({}), undefined, 'v2')).not.toHaveProperty('variation');
    expect(leadPayload(values, leadSettings({}), 'p1', null)).not.toHaveProperty('variation');
  });
});

describe('the lead form’s product summary', () => {
  const product = {
    price: 69,
    priceFull: 79,
    optionsTextValue: [
      { title: 'Colour', value: 'White', unit: '' },
      { title: 'Length', value: '70', unit: 'cm' },
    ],
    options: [
      {
        id: 'o1',
        title: 'Colour',
        type: 'string',
        view: 'select',
        unit: '',
        values: [
          { id: 'white', title: 'White' },
          { id: 'blue', title: 'Blue' },
        ],
      },
      {
        id: 'o2',
        title: 'Length',
        type: 'string',
        view: 'select',
        unit: 'cm',
        values: [
          { id: 'l70', title: '70' },
          { id: 'l80', title: '80' },
        ],
      },
    ],
    variations: [{ id: 'v-blue-80', productOptionValueIds: ['blue', 'l80'], price: 75, fullPrice: 75 }],
  } as unknown as Parameters<typeof optionsText>[0] & Parameters<typeof summaryPrice>[0];

  it('writes the options as "title: value unit" joined by commas, for the chosen variation when there is one', () => {
    expect(optionsText(product)).toBe('Colour: White, Length: 70 cm');
    expect(optionsText(product, 'v-blue-80')).toBe('Colour: Blue, Length: 80 cm');
    expect(optionsText(product, 'unknown')).toBe('Colour: White, Length: 70 cm');
  });

  it('prices the chosen variation, else the product', () => {
    expect(summaryPrice(product)).toEqual({ price: 69, fullPrice: 79 });
    expect(summaryPrice(product, 'v-blue-80')).toEqual({ price: 75, fullPrice: 75 });
  });
});

describe('form messages a shopper reads', () => {
  it('never shows the engine’s “Validation Failed”, in either language', async () => {
    const { translateMessage } = await import('../../src/islands/forms/texts');
    const { VALIDATION_FAILED, VALIDATION_FAILED_KEY } = await import('../../src/lib/form-engine');
    for (const message of [VALIDATION_FAILED, VALIDATION_FAILED_KEY]) {
      expect(translateMessage(message, 'en')).toBe('Please correct the fields marked below.');
      expect(translateMessage(message, 'ru')).toBe('Исправьте отмеченные поля.');
    }
  });

  it('say what to do: a missing value names its field, in both languages, from the rule and from the server', async () => {
    const { translateMessage } = await import('../../src/islands/forms/texts');
    const { DEFAULT_MESSAGES } = await import('../../src/lib/validation');
    for (const message of ['forms.errors.noEmpty', DEFAULT_MESSAGES['forms.errors.noEmpty']]) {
      expect(translateMessage(message, 'en', 'profile.firstName')).toBe('Enter a first name');
      expect(translateMessage(message, 'ru', 'profile.firstName')).toBe('Введите имя');
      expect(translateMessage(message, 'en', 'delivery.address.locality')).toBe('Enter a city');
      expect(translateMessage(message, 'ru', 'paymentMethod')).toBe('Выберите способ оплаты');
      // a field without its own words, or no field: still an instruction
      expect(translateMessage(message, 'en', 'extraChecks.0')).toBe('Fill in this field.');
      expect(translateMessage(message, 'ru')).toBe('Заполните это поле.');
    }
    expect(translateMessage(DEFAULT_MESSAGES['forms.errors.email'], 'en', 'email')).toBe(
      'Enter an e-mail address such as name@example.com.',
    );
    expect(translateMessage('forms.errors.phone', 'ru', 'phone')).toBe('Введите номер телефона полностью, например +7 912 345-67-89.');
  });
});
