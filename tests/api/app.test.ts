import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseKinds, type TestApp } from '../helpers/test-app';

describe.each(databaseKinds)('API core on %s', (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind);
  });
  afterAll(async () => {
    await app.close();
  });

  it('answers unknown paths with 404 in the error shape', async () => {
    const res = await app.request('/no-such-thing');
    expect(res.status).toBe(404);
    const body = await res.json();
    expect(body).toMatchObject({
      success: false,
      status: 404,
      message: 'This page could not be found',
      detail: { message: 'This page could not be found' },
      errors: { errors: ['This page could not be found'], children: {} },
    });
  });
});

describe.each(databaseKinds)('input with NUL characters on %s', (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind);
  });
  afterAll(async () => {
    await app.close();
  });

  it('refuses NUL in bodies, queries and paths with a 400, never a 500', async () => {
    const body = await app.request('/register', {
      method: 'POST',
      json: { email: 'a\u0000@b.co', password: 'secret12', profile: { firstName: 'A', lastName: 'B' } },
    });
    expect(body.status).toBe(400);
    expect(await body.json()).toMatchObject({
      message: 'Validation Failed',
      errorPath: 'email',
      errors: { children: { email: { errors: ['This value contains an invalid character.'] } } },
    });
    const query = await app.request('/search?q=%00abc');
    expect(query.status).toBe(400);
    const path = await app.request('/products/%00x');
    expect(path.status).toBe(400);
  });
});
