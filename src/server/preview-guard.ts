import type { AppDeps } from './api/core/context';
import { ApiError, errorBody } from './api/core/errors';
import { checkRateLimit } from './api/core/rate-limit';
import { clientAddressOf } from './client-address';
import { BUSY, createConcurrencyLimit } from './concurrency';

/**
 * POST /_preview/render costs much CPU and needs no sign-in yet: each client address is rate limited
 * (previewRender in RATE_LIMITS, counted in the database across instances) and each instance renders at most
 * two previews at once, with a short queue; beyond it the answer is 503 with Retry-After.
 */
export const PREVIEW_RENDER_CONCURRENCY = { max: 2, maxWaiting: 8 } as const;
const renders = createConcurrencyLimit(PREVIEW_RENDER_CONCURRENCY.max, PREVIEW_RENDER_CONCURRENCY.maxWaiting);

/** Renders running and waiting in this instance. */
export const previewRenderLoad = () => ({ active: renders.active, waiting: renders.waiting });

const errorResponse = (error: ApiError) =>
  Response.json(errorBody(error), { status: error.status, headers: { 'cache-control': 'no-store', ...error.extra.headers } });

/** Runs `render` (which must answer with its whole body read) within the preview's limits. */
export async function guardPreviewRender(
  deps: AppDeps,
  request: Request,
  socketAddress: string | undefined,
  render: () => Promise<Response>,
): Promise<Response> {
  try {
    await checkRateLimit(deps, 'en', 'previewRender', [clientAddressOf(request, socketAddress, deps.config.trustProxy)]);
  } catch (error) {
    if (error instanceof ApiError) return errorResponse(error);
    throw error;
  }
  const answer = await renders.run(async () => {
    const response = await render();
    // Rendering happens while the body is produced, so the slot is held until it is read whole.
    const body = await response.arrayBuffer();
    return new Response(body, response);
  });
  if (answer !== BUSY) return answer;
  return errorResponse(new ApiError(503, 'The preview is busy, try again in a moment', { headers: { 'retry-after': '1' } }));
}
