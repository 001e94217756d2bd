import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leads, users } from '../../src/server/db/schema';
import { createTestApp, type TestApp } from '../helpers/test-app';

const lead = JSON.stringify({ name: 'Mallory', phone: '8 (999) 111-22-33', text: 'cross-site' });

describe('JSON endpoints accept only JSON bodies', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp('pglite');
  });
  afterAll(async () => {
    await app.close();
  });

  const post = (path: string, contentType: string | null, body: string) =>
    app.api.request(`/api${path}`, { method: 'POST', headers: contentType ? { 'content-type': contentType } : {}, body });

  it.each([['text/plain;charset=UTF-8'], ['application/x-www-form-urlencoded'], ['multipart/form-data; boundary=x'], [null]])(
    'refuses a lead posted as %s with 415 in the error shape, writing nothing',
    async (contentType) => {
      const before = (await app.deps.db.select().from(leads)).length;
      const res = await post('/leads', contentType, lead);
      expect(res.status).toBe(415);
      const message = 'The request body must be JSON (Content-Type: application/json)';
      expect(await res.json()).toMatchObject({ success: false, status: 415, message, detail: { message } });
      expect(await app.deps.db.select().from(leads)).toHaveLength(before);
    },
  );

  it('refuses a registration posted as a form', async () => {
    const body = JSON.stringify({ email: 'x@example.com', password: 'violet kettle 42', profile: { firstName: 'A', lastName: 'B' } });
    expect((await post('/register', 'text/plain', body)).status).toBe(415);
    expect(await app.deps.db.select().from(users)).toHaveLength(0);
  });

  it('accepts application/json with a charset', async () => {
    expect((await post('/leads', 'application/json; charset=utf-8', lead)).status).toBe(201);
  });
});
