import { describe, expect, it } from 'vitest';
import { isValidPhone } from '../../src/lib/phone-format';
import { phone } from '../../src/lib/validation';

const valid = ['+7 (999) 123-45-67', '8(999)1234567', '+1 555 123 4567', '12345', '+971-50-123-4567', '8 (800) 2000'];
const invalid = ['', 'abc', '+', '+7 999 123--45', '7 (999', '(999) 123', '12 34a', '+7  999', '1'.repeat(33)];

describe('isValidPhone', () => {
  it.each(valid)('accepts %s, like the storefront rule', (value) => {
    expect(isValidPhone(value)).toBe(true);
    expect(phone(value)).toBeNull();
  });

  it.each(invalid)('rejects %j', (value) => {
    expect(isValidPhone(value)).toBe(false);
  });

  it('answers for a long run of digits with a stray character (a backtracking pattern would never finish)', () => {
    expect(isValidPhone(`${'1'.repeat(31)}x`)).toBe(false);
    expect(isValidPhone(`${'1'.repeat(5000)}x`)).toBe(false);
  });
});
