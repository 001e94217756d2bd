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
