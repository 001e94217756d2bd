import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { isMethodAllowed } from '../../lib/request-methods';
import { isDatabaseUnavailable, isLockTimeout, isWriteConflict } from '../db/errors';
import { methodNotAllowedResponse } from '../method-guard';
import { unavailableApiResponse } from '../unavailable-page';
import { cookieLanguage, requestedLanguage, type Language } from '../../lib/localize';
import { adminRoutes } from './admin/routes';
import { authenticate } from './core/auth';
import type { AppDeps, AppEnv } from './core/context';
import { ApiError, errorBody } from './core/errors';
import { loadShopSettings } from './core/settings-store';
import { handAnswersOver } from './core/handed-answers';
import { pageLoadsOf } from './core/page-loads';
import { catalogRoutes } from './catalog/routes';
import { commerceMessage } from './commerce/messages';
import { commerceRoutes } from './commerce/routes';
import { contentRoutes } from './content/routes';
import { usersRoutes } from './users/routes';

export const API_BASE = '/api';

/** POST routes that limit their body themselves (media uploads and replaced files, product CSV imports). */
const OWN_BODY_LIMIT_PATHS = new Set([
  `${API_BASE}/admin/media`,
  `${API_BASE}/admin/products/import`,
  `${API_BASE}/admin/products/import-job`,
]);
const ownBodyLimit = (path: string) => OWN_BODY_LIMIT_PATHS.has(path) || /^\/api\/admin\/media\/[^/]+\/file$/.test(path);

/** Shop language of a request (`requestedLanguage`), else the shop's language setting. */
async function resolveLanguage(deps: AppDeps, req: Request): Promise<Language> {
  const explicit = new URL(req.url).searchParams.get('lang') ?? req.headers.get('x-shop-language');
  return (
    requestedLanguage({ explicit, cookie: cookieLanguage(req.headers.get('cookie')) }) ?? (await loadShopSettings(deps.db)).language.current
  );
}

export function createApi(deps: AppDeps) {
  const app = new Hono<AppEnv>().basePath(API_BASE);

  // Cheap refusals first, before the body or the database is touched.
  app.use(async (c, next) => {
    if (!isMethodAllowed(c.req.method, c.req.path)) return methodNotAllowedResponse(c.req.path);
    await next();
    return undefined;
  });
  const globalBodyLimit = bodyLimit({
    maxSize: deps.config.apiBodyLimitBytes,
    onError: () => {
      throw new ApiError(413, `The request body is larger than ${deps.config.apiBodyLimitBytes} bytes`);
    },
  });
  // uploads and imports check their own (larger) limit, after the staff session is checked
  app.use((c, next) => (c.req.method === 'POST' && ownBodyLimit(c.req.path) ? next() : globalBodyLimit(c, next)));

  app.use(async (c, next) => {
    if (pageLoadsOf(c)) handAnswersOver(c);
    c.set('deps', deps);
    c.set('lang', await resolveLanguage(deps, c.req.raw));
    c.set('user', await authenticate(deps, c.req.header('authorization')));
    await next();
  });

  app.route('/', contentRoutes);
  app.route('/', catalogRoutes);
  app.route('/', commerceRoutes);
  app.route('/', usersRoutes);
  app.route('/admin', adminRoutes);

  app.notFound((c) => c.json(errorBody(new ApiError(404, 'This page could not be found')), 404));
  app.onError((err, c) => {
    if (err instanceof ApiError) {
      return c.json(errorBody(err), err.status as 400, err.extra.headers);
    }
    if (isLockTimeout(err)) {
      deps.logger.info({ path: c.req.path }, 'lock wait timed out');
      return c.json(errorBody(new ApiError(409, commerceMessage('busy', c.var.lang ?? 'en'))), 409);
    }
    if (isDatabaseUnavailable(err)) {
      deps.logger.warn({ err, path: c.req.path }, 'database unavailable');
      return unavailableApiResponse();
    }
    if (isWriteConflict(err)) {
      deps.logger.info({ path: c.req.path }, 'write conflict');
      return c.json(errorBody(new ApiError(409, commerceMessage('writeConflict', c.var.lang ?? 'en'))), 409);
    }
    deps.logger.error({ err, path: c.req.path }, 'unhandled API error');
    return c.json(errorBody(new ApiError(500, 'Internal server error, notify administrator')), 500);
  });

  return app;
}

export type Api = ReturnType<typeof createApi>;
