import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/server/auth/password';
import { signUserToken } from '../../src/server/api/core/auth';
import { userProfiles, users } from '../../src/server/db/schema';
import { createTestApp, databaseKinds, type TestApp } from '../helpers/test-app';
import { createUser, fieldMessages, uniqueEmail, type TestUser } from '../helpers/users-fixtures';

const TODAY = '2026-03-15';

describe.each(databaseKinds)('user profile on %s', (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind);
  });
  afterAll(async () => {
    await app.close();
  });
  afterEach(() => {
    app.deps.now = () => new Date();
  });

  const getProfile = (user: TestUser) => app.request('/users/profile', { token: user.token });
  const putProfile = (user: TestUser, json: unknown) => app.request('/users/profile', { method: 'PUT', token: user.token, json });
  const storedProfile = async (user: TestUser) =>
    (await app.deps.db.select().from(userProfiles).where(eq(userProfiles.userId, user.id)))[0];

  const fullProfile = {
    firstName: '  Marie ',
    lastName: 'Curie',
    phone: ' +33 (1) 23-45-67-89 ',
    birthDate: '1867-11-07',
    address: { country: 'fr', region: 'Île-de-France', locality: 'Paris', street: '11 Rue Pierre et Marie Curie', postalCode: '75005' },
  };

  it('answers the signed-in user’s profile with every field', async () => {
    const user = await createUser(app, { firstName: 'Ada', lastName: 'Lovelace' });
    const res = await getProfile(user);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      id: user.id,
      email: user.email,
      firstName: 'Ada',
      lastName: 'Lovelace',
      phone: null,
      birthDate: null,
      address: { country: null, region: null, locality: null, street: null, postalCode: null },
    });
  });

  it('stores a full profile, trimmed, and answers it', async () => {
    const user = await createUser(app);
    const res = await putProfile(user, fullProfile);
    expect(res.status).toBe(200);
    const expected = {
      id: user.id,
      email: user.email,
      firstName: 'Marie',
      lastName: 'Curie',
      phone: '+33 (1) 23-45-67-89',
      birthDate: '1867-11-07',
      address: { ...fullProfile.address, country: 'FR' },
    };
    expect(await res.json()).toEqual(expected);
    expect(await (await getProfile(user)).json()).toEqual(expected);
  });

  it('changes only the fields given; null or empty clears optional ones', async () => {
    const user = await createUser(app);
    await putProfile(user, fullProfile);
    const res = await putProfile(user, {
      lastName: 'Skłodowska-Curie',
      phone: null,
      birthDate: '',
      address: { street: 'Rue Cuvier', postalCode: null },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      firstName: 'Marie',
      lastName: 'Skłodowska-Curie',
      phone: null,
      birthDate: null,
      address: { country: 'FR', region: 'Île-de-France', locality: 'Paris', street: 'Rue Cuvier', postalCode: null },
    });
    expect((await storedProfile(user))!.address).toEqual({
      country: 'FR',
      region: 'Île-de-France',
      locality: 'Paris',
      street: 'Rue Cuvier',
    });
  });

  it('clears the whole address with null', async () => {
    const user = await createUser(app);
    await putProfile(user, fullProfile);
    const body = await (await putProfile(user, { address: null })).json();
    expect(body.address).toEqual({ country: null, region: null, locality: null, street: null, postalCode: null });
    expect(body.firstName).toBe('Marie');
  });

  it('keeps both of two simultaneous changes to different address parts', async () => {
    const user = await createUser(app);
    await Promise.all([putProfile(user, { address: { locality: 'Lyon' } }), putProfile(user, { address: { street: 'Rue A' } })]);
    expect((await (await getProfile(user)).json()).address).toMatchObject({ locality: 'Lyon', street: 'Rue A' });
  });

  it('never changes the e-mail or the id, even when sent', async () => {
    const user = await createUser(app);
    const res = await putProfile(user, { email: uniqueEmail(), id: randomUUID(), firstName: 'Irène' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: user.id, email: user.email, firstName: 'Irène' });
  });

  it('accepts a birth date of yesterday and refuses today and later', async () => {
    app.deps.now = () => new Date(`${TODAY}T12:00:00Z`);
    const user = await createUser(app);
    expect((await putProfile(user, { birthDate: '2026-03-14' })).status).toBe(200);
    for (const birthDate of [TODAY, '2026-03-16', '2999-01-01']) {
      const res = await putProfile(user, { birthDate });
      expect(res.status).toBe(400);
      expect((await res.json()).errors.children.birthDate.errors).toEqual(['Birth date must be before today']);
    }
    expect((await storedProfile(user))!.birthDate).toBe('2026-03-14');
  });

  it.each([
    ['firstName', { firstName: '' }, 'This value should not be blank.'],
    ['firstName', { firstName: '   ' }, 'This value should not be blank.'],
    ['firstName', { firstName: null }, 'This value should not be blank.'],
    ['lastName', { lastName: 'x'.repeat(101) }, 'This value is too long.'],
    ['phone', { phone: 'call me' }, 'incorrect phone number format'],
    ['phone', { phone: '+7 999 123--45' }, 'incorrect phone number format'],
    ['phone', { phone: '1'.repeat(40) }, 'This value is too long.'],
    ['birthDate', { birthDate: '1990-02-30' }, 'Birth date must be before today'],
    ['birthDate', { birthDate: '31.12.1990' }, 'Birth date must be before today'],
    ['address.country', { address: { country: 'FRA' } }, 'Country must be a 2-letter code'],
    ['address.country', { address: { country: '12' } }, 'Country must be a 2-letter code'],
    ['address.street', { address: { street: 'x'.repeat(301) } }, 'This value is too long.'],
  ])('answers 400 on %s for %j and changes nothing', async (field, json, message) => {
    const user = await createUser(app);
    await putProfile(user, fullProfile);
    const before = await storedProfile(user);
    // A valid change next to the invalid one must not be stored either.
    const res = await putProfile(user, { lastName: 'Changed', ...json });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body).toMatchObject({ success: false, status: 400, message: 'Validation Failed', errorPath: field });
    expect(fieldMessages(body, field)).toContain(message);
    expect(await storedProfile(user)).toEqual(before);
  });

  it.each([
    ['a list', []],
    ['text', 'hello'],
    ['an address that is text', { address: 'Paris' }],
  ])('answers 400 to a body that is %s', async (_, json) => {
    const user = await createUser(app);
    const res = await putProfile(user, json);
    expect(res.status).toBe(400);
    expect((await res.json()).success).toBe(false);
  });

  it('answers 401 without a token, to reading and to changing', async () => {
    expect((await app.request('/users/profile')).status).toBe(401);
    expect((await app.request('/users/profile', { method: 'PUT', json: { firstName: 'Eve' } })).status).toBe(401);
  });

  it('only ever touches the signed-in user’s own profile', async () => {
    const [user, other] = await Promise.all([createUser(app), createUser(app, { firstName: 'Other' })]);
    await putProfile(user, fullProfile);
    expect(await (await getProfile(other)).json()).toMatchObject({ id: other.id, firstName: 'Other', phone: null });
    expect((await app.request(`/users/profile/${other.id}`, { token: user.token })).status).toBe(404);
  });

  it('answers and creates a profile for an account that has none yet', async () => {
    const id = randomUUID();
    const email = uniqueEmail();
    await app.deps.db.insert(users).values({ id, email, passwordHash: await hashPassword('secret1') });
    const user = { id, email, password: 'secret1', token: await signUserToken(app.deps, { id, email, tokenVersion: 0 }) };
    expect(await (await getProfile(user)).json()).toMatchObject({ id, firstName: '', lastName: '', phone: null });
    const res = await putProfile(user, { firstName: 'Lise', address: { country: 'at' } });
    expect(await res.json()).toMatchObject({ firstName: 'Lise', lastName: '', address: { country: 'AT' } });
  });
});
