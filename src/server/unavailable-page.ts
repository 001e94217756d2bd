import { getTranslator } from '../lib/i18n';
import { isLanguage } from '../lib/localize';
import { ApiError, errorBody } from './api/core/errors';

/** what a 503 asks clients to wait before trying again */
const RETRY_AFTER_SECONDS = 5;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/**
 * The error page of a database outage, status 503: the plain error page (the shop's settings and menus
 * cannot be read either) with the message in the visitor's language and a link home.
 */
export function unavailablePageResponse(request: Request): Response {
  const url = new URL(request.url);
  const requested = url.searchParams.get('lang') ?? /(?:^|;\s*)lang=(en|ru)\b/.exec(request.headers.get('cookie') ?? '')?.[1];
  const lang = isLanguage(requested) ? requested : 'en';
  const t = getTranslator(lang);
  const message = escapeHtml(t('errorPage.unavailable'));
  const html = `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${message}</title>
</head>
<body style="font-family: system-ui, sans-serif; padding: 48px 20px; text-align: center">
<p>${message}</p>
<a href="/">${escapeHtml(t('errorPage.toHome'))}</a>
</body>
</html>`;
  return new Response(html, {
    status: 503,
    headers: { 'content-type': 'text/html; charset=utf-8', 'retry-after': String(RETRY_AFTER_SECONDS), 'cache-control': 'no-store' },
  });
}

const UNAVAILABLE_MESSAGE = 'The shop is temporarily unavailable, please try again shortly';

/** The API's answer during a database outage: 503 in the spec's error shape. */
export function unavailableApiResponse(): Response {
  return Response.json(errorBody(new ApiError(503, UNAVAILABLE_MESSAGE)), {
    status: 503,
    headers: { 'retry-after': String(RETRY_AFTER_SECONDS), 'cache-control': 'no-store' },
  });
}
