import type { AppDeps } from './api/core/context';
import { ADMIN_SESSION_COOKIE } from '../contract/admin/common';
import { adminMessage } from './api/admin/messages';
import { findSessionStaff, hashSessionId } from './api/admin/session';
import { ApiError, errorBody, unauthorized } from './api/core/errors';
import { checkRateLimit } from './api/core/rate-limit';
import { clientAddressOf } from './client-address';
import { BUSY, createConcurrencyLimit } from './concurrency';

/**
 * POST /_preview/render and POST /api/preview/section-data answer a signed-in staff member only (the back
 * office's session cookie; 401 in the API's error shape otherwise). It costs much CPU: each client address is rate limited
 * (previewRender in RATE_LIMITS, counted in the database across instances) and each instance renders at most
 * two previews at once, with a short queue; beyond it the answer is 503 with Retry-After.
 */
export const PREVIEW_RENDER_CONCURRENCY = { max: 2, maxWaiting: 8 } as const;
/** The largest answer a preview (a render, or the widget data of POST /api/preview/section-data) may send. */
export const PREVIEW_ANSWER_MAX_BYTES = 4 * 1024 * 1024;
const renders = createConcurrencyLimit(PREVIEW_RENDER_CONCURRENCY.max, PREVIEW_RENDER_CONCURRENCY.maxWaiting);

/** Renders running and waiting in this instance. */
export const previewRenderLoad = () => ({ active: renders.active, waiting: renders.waiting });

const errorResponse = (error: ApiError) =>
  Response.json(errorBody(error), { status: error.status, headers: { 'cache-control': 'no-store', ...error.extra.headers } });

/** The back office session cookie's value of a request, or null. */
function sessionCookieOf(request: Request): string | null {
  const cookies = request.headers.get('cookie') ?? '';
  for (const pair of cookies.split(';')) {
    const at = pair.indexOf('=');
    if (at > 0 && pair.slice(0, at).trim() === ADMIN_SESSION_COOKIE) return pair.slice(at + 1).trim() || null;
  }
  return null;
}

/** True when the request carries a live staff session. */
export async function isStaffRequest(deps: AppDeps, request: Request): Promise<boolean> {
  const id = sessionCookieOf(request);
  return id !== null && (await findSessionStaff(deps, hashSessionId(id))) !== null;
}

/** Runs `render` (which must answer with its whole body read) for a signed-in staff member, within the preview's limits. */
export function guardPreviewRender(
  deps: AppDeps,
  request: Request,
  socketAddress: string | undefined,
  render: () => Promise<Response>,
): Promise<Response> {
  return guardPreview(deps, request, clientAddressOf(request, socketAddress, deps.config.trustProxy), render);
}

/**
 * The preview's guard, for the render and for the widget data asked over HTTP: a staff session, the per-address
 * rate limit, at most two at once per instance, and an answer of at most PREVIEW_ANSWER_MAX_BYTES (413 beyond).
 */
export async function guardPreview(
  deps: AppDeps,
  request: Request,
  clientAddress: string,
  render: () => Promise<Response>,
): Promise<Response> {
  if (!(await isStaffRequest(deps, request))) return errorResponse(unauthorized(adminMessage('signInRequired', 'en')));
  try {
    await checkRateLimit(deps, 'en', 'previewRender', [clientAddress]);
  } catch (error) {
    if (error instanceof ApiError) return errorResponse(error);
    throw error;
  }
  const answer = await renders.run(async () => {
    const response = await render();
    // Rendering happens while the body is produced, so the slot is held until it is read whole.
    const body = await response.arrayBuffer();
    if (body.byteLength > PREVIEW_ANSWER_MAX_BYTES) return errorResponse(previewTooLarge());
    return new Response(body, response);
  });
  if (answer !== BUSY) return answer;
  return errorResponse(new ApiError(503, 'The preview is busy, try again in a moment', { headers: { 'retry-after': '1' } }));
}

const previewTooLarge = () =>
  new ApiError(413, `The preview would answer more than ${PREVIEW_ANSWER_MAX_BYTES / 1024 / 1024} MB: preview fewer sections at once`);
