/**
 * Database failures that say "the database is unreachable or too busy right now", not "this request is
 * wrong": they answer 503 (try again) instead of 500. Drizzle wraps driver errors, so causes are followed.
 */

/**
 * SQLSTATEs: connection exceptions (08), admin shutdown or crash (57P0x), cannot connect now, too many connections,
 * query canceled by statement timeout, a database not accepting connections (55000: `ALLOW_CONNECTIONS false`, a
 * database being dropped or renamed) and a read-only transaction (25006: a replica after a failover, or
 * `default_transaction_read_only`). A lock timeout is a write conflict, not an outage (`isLockTimeout`).
 */
const UNAVAILABLE_SQLSTATES = new Set([
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '57P01',
  '57P02',
  '57P03',
  '53300',
  '57014',
  '55000',
  '25006',
]);
/** Node socket errors when the server cannot be reached. */
const UNAVAILABLE_SYSCALL_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);
/** node-postgres reports a lost or timed-out connection with these messages and no code. */
const UNAVAILABLE_MESSAGES = [
  /Connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /Query read timeout/i,
  /Client has encountered a connection error/i,
  /Connection ended unexpectedly/i,
];

/** The SQLSTATEs after which the statement certainly did not run to completion: the server ended the session. */
const SESSION_ENDED_SQLSTATES = new Set(['57P01', '57P02', '57P03']);

function* causes(error: unknown): Generator<unknown> {
  const seen = new Set<unknown>();
  let current = error;
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    yield current;
    current = (current as { cause?: unknown }).cause;
  }
}

const codeOf = (error: unknown) => (error as { code?: unknown }).code;

export function isDatabaseUnavailable(error: unknown): boolean {
  for (const e of causes(error)) {
    const code = codeOf(e);
    if (typeof code === 'string' && (UNAVAILABLE_SQLSTATES.has(code) || UNAVAILABLE_SYSCALL_CODES.has(code))) return true;
    const message = (e as { message?: unknown }).message;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message))) return true;
    if (e instanceof AggregateError && e.errors.some((inner) => isDatabaseUnavailable(inner))) return true;
  }
  return false;
}

/** The server terminated the session (failover, restart, pg_terminate_backend): a single statement can safely run again. */
export function isSessionTerminated(error: unknown): boolean {
  for (const e of causes(error)) {
    const code = codeOf(e);
    if (typeof code === 'string' && SESSION_ENDED_SQLSTATES.has(code)) return true;
  }
  return false;
}

/**
 * SQLSTATEs of writes that collided with another write at the same moment: a unique value taken in between
 * (23505), a serialization failure (40001) or a deadlock (40P01). Checks before the write refuse the usual
 * cases with field errors; a race past them answers 409 (try again) instead of 500.
 */
const CONFLICT_SQLSTATES = new Set(['23505', '40001', '40P01']);

export function isWriteConflict(error: unknown): boolean {
  for (const e of causes(error)) {
    const code = codeOf(e);
    if (typeof code === 'string' && CONFLICT_SQLSTATES.has(code)) return true;
  }
  return false;
}

/**
 * A statement gave up waiting for a row another transaction holds (55P03, after DATABASE_LOCK_TIMEOUT_MS): a long
 * write such as a CSV import is under way. The request answers 409 "busy, try again", not 503: the database is up.
 */
export function isLockTimeout(error: unknown): boolean {
  for (const e of causes(error)) if (codeOf(e) === '55P03') return true;
  return false;
}
