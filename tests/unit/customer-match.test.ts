import { describe, expect, it } from 'vitest';
import { customerTags, customerUpdate, matchCustomer, normalEmail, phoneKey, type CustomerCandidate } from '../../src/lib/customer-match';

const at = (day: number) => new Date(Date.UTC(2026, 0, day));
const record = (id: string, fields: Partial<CustomerCandidate> = {}): CustomerCandidate => ({
  id,
  userId: null,
  email: null,
  phoneKey: null,
  createdAt: at(1),
  ...fields,
});

describe('matching a buyer to a customer record', () => {
  it('normalises e-mails and phones', () => {
    expect(normalEmail('  Anna@Example.COM ')).toBe('anna@example.com');
    expect(normalEmail('   ')).toBeNull();
    expect(phoneKey('+7 (999) 123-45-67')).toBe('79991234567');
    expect(phoneKey('—')).toBeNull();
  });

  it('takes the account first, then the e-mail, then the phone', () => {
    const account = record('account', { userId: 'u1', email: 'a@x.test' });
    const byEmail = record('email', { email: 'b@x.test', phoneKey: '100' });
    const byPhone = record('phone', { phoneKey: '200' });
    const all = [byPhone, byEmail, account];
    expect(matchCustomer({ userId: 'u1', email: 'b@x.test', phone: '200' }, all)?.id).toBe('account');
    expect(matchCustomer({ userId: null, email: 'B@x.test', phone: '200' }, all)?.id).toBe('email');
    expect(matchCustomer({ userId: null, email: null, phone: '+200' }, all)?.id).toBe('phone');
    expect(matchCustomer({ userId: null, email: 'new@x.test', phone: '300' }, all)).toBeNull();
  });

  it('never takes a record by phone that names another e-mail or another account', () => {
    const other = record('other', { email: 'other@x.test', phoneKey: '555' });
    expect(matchCustomer({ userId: null, email: 'me@x.test', phone: '555' }, [other])).toBeNull();
    expect(matchCustomer({ userId: null, email: null, phone: '555' }, [other])?.id).toBe('other');
    const someonesAccount = record('acc', { userId: 'u2', phoneKey: '555' });
    expect(matchCustomer({ userId: 'u3', email: null, phone: '555' }, [someonesAccount])).toBeNull();
  });

  it('a guest record found by e-mail joins the account that registers with it; another account does not take it', () => {
    const guest = record('guest', { email: 'g@x.test' });
    expect(matchCustomer({ userId: 'u9', email: 'g@x.test', phone: null }, [guest])?.id).toBe('guest');
    const owned = record('owned', { email: 'g@x.test', userId: 'u1' });
    expect(matchCustomer({ userId: 'u9', email: 'g@x.test', phone: null }, [owned])).toBeNull();
  });

  it('picks the oldest of several records sharing a phone', () => {
    const late = record('late', { phoneKey: '1', createdAt: at(5) });
    const early = record('early', { phoneKey: '1', createdAt: at(2) });
    expect(matchCustomer({ userId: null, email: null, phone: '1' }, [late, early])?.id).toBe('early');
  });

  it('fills what the record lacks and keeps the latest name and phone', () => {
    const current = { userId: null, email: null, phone: '+1 200', name: 'Ann', lastName: '' };
    expect(customerUpdate(current, { userId: 'u1', email: ' A@X.test', phone: '+1 200', name: 'Anna', lastName: 'Smith' }, false)).toEqual({
      userId: 'u1',
      email: 'a@x.test',
      name: 'Anna',
      lastName: 'Smith',
    });
    expect(customerUpdate(current, { userId: null, email: 'a@x.test', phone: '+1 300', name: 'Ann', lastName: null }, true)).toEqual({
      phone: '+1 300',
      phoneKey: '1300',
    });
  });

  it('stores tags trimmed, once each whatever their case', () => {
    expect(customerTags([' VIP ', 'vip', 'wholesale  buyer', '', 'Wholesale buyer'])).toEqual(['VIP', 'wholesale buyer']);
  });
});
