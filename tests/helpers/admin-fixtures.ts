import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { StaffRole } from '../../src/contract/admin';
import { createStaff } from '../../src/server/api/admin/staff';
import type { TestApp } from './test-app';

export type TestStaff = { id: string; email: string; password: string; role: StaffRole; name: string; cookie: string };

let sequence = 0;

export const staffEmail = (role: string) => `${role}.${(sequence += 1)}.${randomUUID().slice(0, 8)}@staff.test`;

/** The headers of a back office write from the back office itself. */
export const ADMIN_WRITE_HEADERS = { 'x-shop-admin': '1', origin: 'http://localhost:4321' } as const;

/** The `shop_admin=…` pair of a response's Set-Cookie, or null. */
export function sessionCookieOf(response: Response): string | null {
  const header = response.headers.getSetCookie().find((c) => c.startsWith('shop_admin='));
  const pair = header?.split(';')[0];
  return pair && pair !== 'shop_admin=' ? pair : null;
}

/** Signs a staff member in through the API; answers the session cookie. */
export async function signInStaff(app: TestApp, email: string, password: string): Promise<string> {
  const response = await app.request('/admin/session', {
    method: 'POST',
    headers: { ...ADMIN_WRITE_HEADERS, 'x-shop-client-ip': `198.51.100.${(sequence += 1) % 250}-${randomUUID().slice(0, 6)}` },
    json: { email, password },
  });
  expect(response.status).toBe(200);
  const cookie = sessionCookieOf(response);
  expect(cookie).toBeTruthy();
  return cookie!;
}

/** A new staff member of `role`, signed in. */
export async function createSignedInStaff(app: TestApp, role: StaffRole = 'owner', name?: string): Promise<TestStaff> {
  const email = staffEmail(role);
  const password = `pw-${randomUUID()}`;
  const row = await createStaff(app.deps.db, { email, password, role, name: name ?? `${role} ${sequence}` }, { cost: 1024 });
  const cookie = await signInStaff(app, email, password);
  return { id: row!.id, email, password, role, name: row!.name, cookie };
}

type AdminInit = RequestInit & { json?: unknown; cookie?: string | null; csrf?: boolean };

/** Calls `/api/admin{path}` as the back office would: with the session cookie and, for writes, the CSRF header. */
export function adminRequest(app: TestApp, path: string, init: AdminInit = {}): Promise<Response> {
  const { cookie, csrf = true, headers, ...rest } = init;
  const h = new Headers(headers);
  if (cookie) h.set('cookie', cookie);
  const method = (rest.method ?? 'GET').toUpperCase();
  if (csrf && method !== 'GET') for (const [k, v] of Object.entries(ADMIN_WRITE_HEADERS)) if (!h.has(k)) h.set(k, v);
  // as the admin app sends them: API bodies are JSON only
  if (typeof rest.body === 'string' && !h.has('content-type')) h.set('content-type', 'application/json');
  return app.request(`/admin${path}`, { ...rest, headers: h });
}

/** JSON of a response expected to have `status`. */
export async function expectJson<T = any>(response: Response, status: number): Promise<T> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  return (text ? JSON.parse(text) : null) as T;
}
