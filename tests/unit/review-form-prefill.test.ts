import { afterEach, describe, expect, it } from 'vitest';
import { signedInValues } from '../../src/islands/product/ReviewForm';
import { $profile, $user, signOut } from '../../src/stores/user';

const profile = (firstName: string, lastName: string, email = 'ada@example.com') =>
  ({ id: 'u1', email, firstName, lastName, phone: null, birthDate: null }) as unknown as NonNullable<ReturnType<typeof $profile.get>>;

describe('the review form of a signed-in shopper', () => {
  afterEach(() => signOut());

  it('starts with the name and e-mail the shop knows', () => {
    $user.set({ id: 'u1', email: 'ada@example.com', token: 't' });
    $profile.set(profile('Ada', 'Lovelace'));
    expect(signedInValues()).toEqual({ name: 'Ada Lovelace', email: 'ada@example.com' });
  });

  it('takes the account e-mail while the profile is not loaded, and asks a signed-out shopper for everything', () => {
    $user.set({ id: 'u1', email: 'ada@example.com', token: 't' });
    expect(signedInValues()).toEqual({ name: '', email: 'ada@example.com' });
    signOut();
    expect(signedInValues()).toBeUndefined();
  });
});
