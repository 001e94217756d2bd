import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { optionalEmailField, phoneField } from '../../src/contract/storefront/commerce';
import {
  INTERNAL_ERROR_KEY,
  VALIDATION_FAILED_KEY,
  addListItem,
  beginSubmit,
  checkField,
  editField,
  field,
  fieldLabel,
  fieldMessage,
  finishSubmit,
  getIn,
  group,
  initialState,
  initialValues,
  list,
  removeListItem,
  schemaRules,
  serverFieldErrors,
  setIn,
  submitOutcome,
  validateForm,
} from '../../src/lib/form-engine';
import { readMessage } from '../../src/lib/issue-messages';
import { email, noEmpty } from '../../src/lib/validation';

const contactForm = group({
  name: field([noEmpty]),
  email: field([email]),
  profile: group({ firstName: field([noEmpty]), lastName: field([]) }),
  addresses: list(group({ street: field([noEmpty]), postalCode: field([], '00000') })),
});

describe('values', () => {
  it('start from the definition, nested groups and lists included', () => {
    expect(initialValues(contactForm)).toEqual({ name: '', email: '', profile: { firstName: '', lastName: '' }, addresses: [] });
  });

  it('are read and written by dotted paths without mutating', () => {
    const values = { profile: { firstName: 'Ada' }, addresses: [{ street: 'A' }, { street: 'B' }] };
    const changed = setIn(values, 'addresses.1.street', 'C');
    expect(getIn(changed, 'addresses.1.street')).toBe('C');
    expect(getIn(values, 'addresses.1.street')).toBe('B');
    expect(changed.profile).toBe(values.profile);
    expect(getIn(values, 'missing.deeper')).toBeUndefined();
  });

  it('take given values over the initial ones', () => {
    expect(initialState(contactForm, { 'profile.firstName': 'Ada' }).values.profile).toEqual({ firstName: 'Ada', lastName: '' });
  });
});

describe('validation', () => {
  it('checks every field, in sub-forms and in every list item', () => {
    let state = initialState(contactForm, { email: 'nope' });
    state = addListItem(state, contactForm, 'addresses');
    state = addListItem(state, contactForm, 'addresses', { street: 'Main St 1' });
    expect(state.values.addresses).toEqual([
      { street: '', postalCode: '00000' },
      { street: 'Main St 1', postalCode: '00000' },
    ]);
    expect(validateForm(contactForm, state.values)).toEqual({
      name: 'forms.errors.noEmpty',
      email: 'forms.errors.email',
      'profile.firstName': 'forms.errors.noEmpty',
      'addresses.0.street': 'forms.errors.noEmpty',
    });
  });

  it('marks required labels with a star', () => {
    expect(fieldLabel(contactForm, 'name', 'Name')).toBe('Name *');
    expect(fieldLabel(contactForm, 'email', 'Email')).toBe('Email');
    expect(fieldLabel(contactForm, 'addresses.3.street', 'Street')).toBe('Street *');
  });

  it('checks one field at a time after edits, leaving the others', () => {
    let state = initialState(contactForm);
    state = editField(state, 'email', 'bad');
    state = checkField(state, contactForm, 'email');
    expect(state.errors).toEqual({ email: 'forms.errors.email' });
    state = checkField(editField(state, 'email', 'ada@example.com'), contactForm, 'email');
    expect(state.errors).toEqual({});
  });

  it('gives rules the whole form, so a field can depend on another', () => {
    const form = group({
      password: field([noEmpty]),
      confirm: field([(value, values) => (value === values.password ? null : 'mismatch')]),
    });
    expect(validateForm(form, { password: 'secret', confirm: 'secreT' })).toEqual({ confirm: 'mismatch' });
    expect(validateForm(form, { password: 'secret', confirm: 'secret' })).toEqual({});
  });

  it('moves the errors of later list items up when an item is removed', () => {
    let state = initialState(contactForm);
    for (let i = 0; i < 3; i++) state = addListItem(state, contactForm, 'addresses');
    state = { ...state, errors: { 'addresses.0.street': 'a', 'addresses.1.street': 'b', 'addresses.2.street': 'c', name: 'n' } };
    state = removeListItem(state, 'addresses', 1);
    expect(state.values.addresses).toHaveLength(2);
    expect(state.errors).toEqual({ 'addresses.0.street': 'a', 'addresses.1.street': 'c', name: 'n' });
  });
});

describe('submitting', () => {
  it('refuses an invalid form with Validation Failed and sends nothing', () => {
    const { state, valid } = beginSubmit(initialState(contactForm), contactForm);
    expect(valid).toBe(false);
    expect(state.status).toBe('editing');
    expect(state.message).toBe(VALIDATION_FAILED_KEY);
  });

  it('lets a valid form go', () => {
    const { state, valid } = beginSubmit(initialState(contactForm, { name: 'Ada', 'profile.firstName': 'Ada' }), contactForm);
    expect(valid).toBe(true);
    expect(state.status).toBe('submitting');
  });

  it('reads no answer at all as the internal error', () => {
    expect(submitOutcome(undefined)).toEqual({ ok: false, message: INTERNAL_ERROR_KEY, fieldErrors: {} });
  });

  it.each([
    ['status 400', { status: 400, detail: { message: 'Bad' } }],
    ['an errorPath', { errorPath: 'email', status: 409, message: 'Bad' }],
    ['errors without success', { errors: { errors: ['Bad'], children: {} }, message: 'Bad' }],
    ['errors with success false', { success: false, errors: { errors: [], children: {} }, detail: { message: 'Bad' } }],
  ])('counts an answer with %s as a failure showing its message', (_, answer) => {
    const outcome = submitOutcome(answer);
    expect(outcome.ok).toBe(false);
    expect(outcome.ok === false && outcome.message).toBe('Bad');
  });

  it.each([{ success: true, id: 'x' }, { success: true, errors: { errors: [], children: {} } }, [], null])(
    'counts %j as a success',
    (answer) => {
      expect(submitOutcome(answer).ok).toBe(true);
    },
  );

  it('maps nested server errors and the errorPath back onto the fields', () => {
    const answer = {
      success: false,
      status: 400,
      message: 'Validation Failed',
      errorPath: 'profile.firstName',
      errors: {
        errors: [],
        children: {
          email: { errors: ['A user with this email already exists'], children: {} },
          profile: { errors: [], children: { firstName: { errors: ['This value should not be blank.'], children: {} } } },
        },
      },
      detail: { message: 'Validation Failed' },
    };
    expect(serverFieldErrors(answer)).toEqual({
      email: ['A user with this email already exists'],
      'profile.firstName': ['This value should not be blank.'],
    });
    expect(serverFieldErrors({ errorPath: 'password', detail: { message: 'Wrong password' } })).toEqual({ password: ['Wrong password'] });
  });

  it('shows a server field error until that field is edited', () => {
    const answer = { status: 401, errorPath: 'password', message: 'The username or password you entered is incorrect' };
    const signIn = group({ username: field(), password: field() });
    let state = finishSubmit(beginSubmit(initialState(signIn), signIn).state, submitOutcome(answer));
    expect(fieldMessage(state, 'password')).toBe('The username or password you entered is incorrect');
    expect(state.message).toBe('The username or password you entered is incorrect');
    state = editField(state, 'username', 'other@example.com');
    expect(fieldMessage(state, 'password')).toBe('The username or password you entered is incorrect');
    state = editField(state, 'password', 'x');
    expect(fieldMessage(state, 'password')).toBeNull();
    expect(state.message).toBeNull();
  });

  it('marks the form submitted on success and editing again on the next edit', () => {
    let state = finishSubmit(initialState(contactForm), submitOutcome({ success: true }));
    expect(state.status).toBe('submitted');
    state = editField(state, 'name', 'x');
    expect(state.status).toBe('editing');
  });
});

describe('rules from the API contract', () => {
  it("check a field with the server's schema: required when it refuses a blank, then its own message", () => {
    const phone = schemaRules(phoneField);
    expect(phone[0]).toBe(noEmpty);
    const def = group({ phone: field(phone), email: field(schemaRules(optionalEmailField)) });
    expect(fieldLabel(def, 'phone', 'Phone')).toBe('Phone *');
    expect(fieldLabel(def, 'email', 'E-mail')).toBe('E-mail');
    expect(validateForm(def, { phone: '', email: '' })).toEqual({ phone: 'forms.errors.noEmpty' });
    expect(validateForm(def, { phone: 'call me', email: 'ann@' })).toEqual({
      phone: 'incorrect phone number format',
      email: 'incorrect email format',
    });
    expect(validateForm(def, { phone: '+1 212 555 0147', email: 'ann@example.com' })).toEqual({});
  });

  it("give zod's default issues as the engine's message keys with their values, never zod's English text", () => {
    const message = (schema: z.ZodType, value: unknown) => {
      const rules = schemaRules(schema);
      return rules[rules.length - 1]?.(value, {}) ?? null;
    };
    const read = (schema: z.ZodType, value: unknown) => readMessage(message(schema, value) as string);
    expect(read(z.string().max(3), 'abcd')).toEqual({ key: 'forms.errors.tooLong', values: { count: 3 } });
    expect(read(z.string().min(2), 'a')).toEqual({ key: 'forms.errors.tooShort', values: { count: 2 } });
    expect(read(z.int().max(5), 9)).toEqual({ key: 'forms.errors.numberTooBig', values: { max: 5 } });
    expect(read(z.number().lt(5), 7)).toEqual({ key: 'forms.errors.numberLessThan', values: { max: 5 } });
    expect(read(z.number().min(1), 0)).toEqual({ key: 'forms.errors.numberTooSmall', values: { min: 1 } });
    expect(read(z.number().gt(1), 0)).toEqual({ key: 'forms.errors.numberGreaterThan', values: { min: 1 } });
    expect(read(z.array(z.string()).max(1), ['a', 'b'])).toEqual({ key: 'forms.errors.tooManyItems', values: { count: 1 } });
    expect(message(z.string().regex(/^a$/), 'b')).toBe('forms.errors.invalidFormat');
    expect(message(z.email(), 'ann@')).toBe('forms.errors.email');
    expect(message(z.string(), undefined)).toBe('forms.errors.noEmpty');
    expect(message(z.string(), 5)).toBe('forms.errors.invalid');
    expect(message(z.enum(['a']), 'b')).toBe('forms.errors.invalid');
    // the contract's own words stay: refinements and the spec's texts
    expect(
      message(
        z.string().refine(() => false, 'Not here'),
        'x',
      ),
    ).toBe('Not here');
    expect(message(z.string().max(1, { error: 'incorrect phone number format' }), 'xx')).toBe('incorrect phone number format');
    expect(readMessage('plain {text}')).toEqual({ key: 'plain {text}', values: {} });
  });
});
