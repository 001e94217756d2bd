import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MESSAGES,
  birthDate,
  email,
  noEmpty,
  password,
  phone,
  phoneDigits,
  requiredLabel,
  validateValue,
} from '../../src/lib/validation';

describe('noEmpty', () => {
  it.each([undefined, null, '', '   ', false, []])('fails for %j', (value) => {
    expect(noEmpty(value)).toBe('forms.errors.noEmpty');
  });

  it.each(['a', ' a ', 0, true, ['x'], {}])('passes for %j', (value) => {
    expect(noEmpty(value)).toBeNull();
  });

  it('has the English default message', () => {
    expect(DEFAULT_MESSAGES['forms.errors.noEmpty']).toBe('This value should not be blank.');
    expect(DEFAULT_MESSAGES['forms.errors.email']).toBe('incorrect email format');
  });
});

describe('email', () => {
  it.each(['user@example.com', 'first.last-name_1@mail.example.co', 'A@b.museum', 'x@y.abcdefgh'])('accepts %s', (value) => {
    expect(email(value)).toBeNull();
  });

  it.each([
    'plain',
    'user@',
    '@example.com',
    'user@example',
    'user@example.c',
    'user@example.abcdefghi',
    'user+tag@example.com',
    'us er@example.com',
    'user@example.c0m',
    ' user@example.com',
  ])('rejects %s', (value) => {
    expect(email(value)).toBe('forms.errors.email');
  });

  it('is optional on its own and required together with noEmpty', () => {
    expect(email('')).toBeNull();
    expect(email(undefined)).toBeNull();
    expect(validateValue('', [noEmpty, email])).toBe('forms.errors.noEmpty');
    expect(validateValue('bad', [noEmpty, email])).toBe('forms.errors.email');
    expect(validateValue('a@b.cd', [noEmpty, email])).toBeNull();
  });

  it('rejects non-string values', () => {
    expect(email(42)).toBe('forms.errors.email');
  });
});

describe('phone', () => {
  it.each(['+7 (999) 123-45-67', '89991234567', '+971 50 123 4567', '8(999)1234567', '+1-800-555-0100', '123'])('accepts %s', (value) => {
    expect(phone(value)).toBeNull();
  });

  it.each(['+', 'phone', '+7 999 abc', '12--34', '12  34', '+7 (999', '(999) 123', '+7 (99 9) 1', '1 2 ', '++7 999'])(
    'rejects %s',
    (value) => {
      expect(phone(value)).toBe('forms.errors.phone');
    },
  );

  it('answers for a long run of digits with a stray character (no catastrophic backtracking: it would never finish)', () => {
    expect(phone(`${'1'.repeat(40)}x`)).toBe('forms.errors.phone');
    expect(phone(`${'1 '.repeat(5000)}x`)).toBe('forms.errors.phone');
  });

  it('rejects numbers longer than 32 characters', () => {
    expect(phone('1'.repeat(32))).toBeNull();
    expect(phone('1'.repeat(33))).toBe('forms.errors.phone');
  });

  it('is optional unless required', () => {
    expect(phone('')).toBeNull();
    expect(validateValue('', [noEmpty, phone])).toBe('forms.errors.noEmpty');
  });
});

describe('password', () => {
  it('needs at least 6 characters', () => {
    expect(password('12345')).toBe('forms.errors.password');
    expect(password('123456')).toBeNull();
    expect(password('пароль')).toBeNull();
  });

  it('counts characters, not UTF-16 units', () => {
    expect(password('😀😀😀')).toBe('forms.errors.password');
  });

  it('is optional unless combined with noEmpty', () => {
    expect(password('')).toBeNull();
    expect(validateValue('', [noEmpty, password])).toBe('forms.errors.noEmpty');
  });
});

describe('birthDate', () => {
  const today = new Date(2026, 2, 5, 10, 0); // 5 March 2026, local time

  it('accepts yesterday and earlier', () => {
    expect(birthDate('2026-03-04', today)).toBeNull();
    expect(birthDate('1990-12-31', today)).toBeNull();
    expect(birthDate(new Date(2026, 2, 4, 23, 59), today)).toBeNull();
  });

  it('rejects today and later', () => {
    expect(birthDate('2026-03-05', today)).toBe('forms.errors.birthDate');
    expect(birthDate('2027-01-01', today)).toBe('forms.errors.birthDate');
    expect(birthDate(new Date(2026, 2, 5, 0, 1), today)).toBe('forms.errors.birthDate');
  });

  it('handles the first of a month', () => {
    expect(birthDate('2026-02-28', new Date(2026, 2, 1))).toBeNull();
    expect(birthDate('2026-03-01', new Date(2026, 2, 1))).toBe('forms.errors.birthDate');
  });

  it('rejects malformed or impossible dates', () => {
    expect(birthDate('2026-02-30', today)).toBe('forms.errors.birthDate');
    expect(birthDate('05.03.2000', today)).toBe('forms.errors.birthDate');
    expect(birthDate(new Date('nope'), today)).toBe('forms.errors.birthDate');
    expect(birthDate(19900101, today)).toBe('forms.errors.birthDate');
  });

  it('is optional', () => {
    expect(birthDate('', today)).toBeNull();
    expect(birthDate(null, today)).toBeNull();
  });

  it('defaults to the current day', () => {
    expect(birthDate('2000-01-01')).toBeNull();
    expect(birthDate('2999-01-01')).toBe('forms.errors.birthDate');
  });
});

describe('validateValue', () => {
  it('returns the first failing rule and null when all pass', () => {
    expect(validateValue('x', [noEmpty, email, phone])).toBe('forms.errors.email');
    expect(validateValue('x', [])).toBeNull();
  });
});

describe('phoneDigits and requiredLabel', () => {
  it('strips every non-digit from a phone number', () => {
    expect(phoneDigits('+7 (999) 123-45-67')).toBe('79991234567');
    expect(phoneDigits(undefined)).toBe('');
  });

  it('marks required labels with a star', () => {
    expect(requiredLabel('Name')).toBe('Name *');
  });
});
