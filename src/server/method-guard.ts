import type { IncomingMessage, ServerResponse } from 'node:http';
import { allowedMethods, isMethodAllowed } from '../lib/request-methods';
import { ApiError, errorBody } from './api/core/errors';

const METHOD_NOT_ALLOWED = 'Method not allowed';

/** The 405 answer: the API's error shape under /api, a short page elsewhere. */
export function methodNotAllowedResponse(pathname: string): Response {
  const allow = allowedMethods(pathname).join(', ');
  if (pathname === '/api' || pathname.startsWith('/api/')) {
    return Response.json(errorBody(new ApiError(405, METHOD_NOT_ALLOWED)), {
      status: 405,
      headers: { allow, 'cache-control': 'no-store' },
    });
  }
  return new Response(`<!doctype html><meta charset="utf-8"><title>405</title><h1>405 ${METHOD_NOT_ALLOWED}</h1>`, {
    status: 405,
    headers: { allow, 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
  });
}

/**
 * Wraps the Node server's request listener: a method the shop does not answer gets a 405 before the
 * framework turns the request into a web Request (which throws on TRACE, CONNECT and TRACK).
 */
export function guardMethods<L extends (req: IncomingMessage, res: ServerResponse) => unknown>(listener: L): L {
  return ((req: IncomingMessage, res: ServerResponse) => {
    const method = req.method ?? 'GET';
    let pathname = '/';
    try {
      pathname = new URL(req.url ?? '/', 'http://localhost').pathname;
    } catch {
      // an unparsable target is the framework's to refuse
    }
    if (isMethodAllowed(method, pathname)) return listener(req, res);
    const answer = methodNotAllowedResponse(pathname);
    res.writeHead(answer.status, Object.fromEntries(answer.headers));
    void answer.text().then((body) => res.end(method === 'HEAD' ? undefined : body));
    return undefined;
  }) as L;
}
