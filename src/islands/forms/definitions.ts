/**
 * The site's forms as form-engine definitions, with the rules of spec 5. Pure, so every rule use is
 * unit-tested. The lead form depends on shop settings and lives in ./lead-form.ts.
 */
import { type FieldRule, field, group } from '../../lib/form-engine';
import { birthDate, email, noEmpty, password } from '../../lib/validation';
import { phoneNumber } from '../phone/phone-number';

/** The field equals the one at `otherPath` (a repeated password). */
export const sameAs =
  (other: string): FieldRule =>
  (value, values) =>
    value === values[other] ? null : 'forms.errors.passwordMismatch';

const RATINGS = new Set([1, 2, 3, 4, 5]);
export const rating: FieldRule = (value) => (RATINGS.has(Number(value)) ? null : 'forms.errors.rating');

/** Sign-in: username is an e-mail; the password must satisfy the password rule. */
export const signInForm = group({
  username: field([noEmpty, email]),
  password: field([noEmpty, password]),
});

/** Registration payload shape: the names sit in `profile`, so the server's errors land on the same paths. */
export const createAccountForm = group({
  profile: group({ firstName: field([noEmpty]), lastName: field([noEmpty]) }),
  email: field([noEmpty, email]),
  password: field([noEmpty, password]),
});

export const resetRequestForm = group({ email: field([noEmpty, email]) });

export const resetConfirmForm = group({
  password: field([noEmpty, password]),
  repeat: field([noEmpty, sameAs('password')]),
});

export const contactInfoForm = group({
  firstName: field([noEmpty]),
  lastName: field([noEmpty]),
  phone: field([phoneNumber]),
  birthDate: field([(value) => birthDate(value)]),
});

export const addressForm = group({
  address: group({
    country: field([]),
    region: field([]),
    locality: field([]),
    street: field([]),
    postalCode: field([]),
  }),
});

export const credentialsForm = group({
  email: field([noEmpty, email]),
  currentPassword: field([noEmpty]),
  password: field([password]),
  repeat: field([sameAs('password')]),
});

export const reviewForm = group({
  name: field([noEmpty]),
  email: field([email]),
  rating: field([rating], 0),
  text: field([noEmpty]),
});

export const commentForm = group({
  name: field([noEmpty]),
  email: field([email]),
  text: field([noEmpty]),
});
