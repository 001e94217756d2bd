/**
 * What the logs must never carry: secrets (passwords, bearer and session tokens, order secret tokens, reset links,
 * signatures) and personal data (names, phones, e-mails, addresses). Fields with such names are censored by pino's
 * redaction; request paths and URLs are scrubbed of tokens and contacts; errors lose the query parameters a
 * database error carries (they hold whatever was being written) and e-mail addresses in their messages.
 */

export const REDACTED = '[redacted]';

const SENSITIVE_FIELDS = [
  'password',
  'currentPassword',
  'passwordHash',
  'token',
  'secretToken',
  'accessToken',
  'refreshToken',
  'jwt',
  'authorization',
  'cookie',
  'set-cookie',
  'secret',
  'signature',
  'apiKey',
  'secretKey',
  'webhookSecret',
  'email',
  'to',
  'phone',
  'name',
  'firstName',
  'lastName',
  'middleName',
  'authorName',
  'fullName',
  'address',
  'street',
  'customer',
  'receiver',
  'profile',
  'birthDate',
];

/** pino `redact.paths`: each field at the top, one level down, and in request headers and bodies. */
export const REDACTED_PATHS = [
  ...SENSITIVE_FIELDS.flatMap((field) => {
    const key = /^[A-Za-z_$][\w$]*$/.test(field) ? field : `["${field}"]`;
    const nested = key.startsWith('[') ? key : `.${key}`;
    return [key, `*${nested}`, `req.headers${nested}`, `body${nested}`];
  }),
];

const SECRET_QUERY_KEY = /token|secret|password|key|sig|signature|code|email|phone|name|hash/i;
const EMAIL = /[^\s/?&=<>"'@]+@[^\s/?&=<>"'@]+\.[A-Za-z]{2,}/g;
/** A long random-looking path segment: order secret tokens, reset tokens, signatures. */
const LONG_TOKEN = /^[A-Za-z0-9_-]{24,}$/;
const PHONE_DIGITS = /^\+?[\d\s().-]{7,}$/;

/** A path or URL with secrets and contacts replaced; the route's shape stays readable. */
export function redactPath(value: string): string {
  const queryAt = value.indexOf('?');
  const path = queryAt === -1 ? value : value.slice(0, queryAt);
  const query = queryAt === -1 ? '' : value.slice(queryAt + 1);
  const segments = path.split('/').map((segment, index, all) => {
    let decoded = segment;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      // keep the raw segment
    }
    if (all[index - 1] === 'reset_password_confirm' && segment !== '') return REDACTED;
    if (LONG_TOKEN.test(decoded) || PHONE_DIGITS.test(decoded)) return REDACTED;
    return decoded.replace(EMAIL, REDACTED) === decoded ? segment : REDACTED;
  });
  if (!query) return segments.join('/');
  const params = query.split('&').map((pair) => {
    const [key = '', ...rest] = pair.split('=');
    return rest.length === 0 || !SECRET_QUERY_KEY.test(key) ? pair.replace(EMAIL, REDACTED) : `${key}=${REDACTED}`;
  });
  return `${segments.join('/')}?${params.join('&')}`;
}

/** Drops what a database error quotes from the failed statement, and e-mails in any message. */
export function redactError(serialized: Record<string, unknown>): Record<string, unknown> {
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(serialized)) {
    if (key === 'params' || key === 'parameters' || key === 'detail' || key === 'query') copy[key] = REDACTED;
    else if (typeof value === 'string') copy[key] = value.replace(EMAIL, REDACTED);
    else if (value && typeof value === 'object' && !Array.isArray(value)) copy[key] = redactError(value as Record<string, unknown>);
    else copy[key] = value;
  }
  return copy;
}
