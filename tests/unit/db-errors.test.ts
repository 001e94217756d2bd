import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, isLockTimeout, isSessionTerminated, isWriteConflict } from '../../src/server/db/errors';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('database errors', () => {
  it('counts unreachable servers, ended sessions and timeouts as "unavailable", following causes', () => {
    for (const error of [
      withCode('ECONNREFUSED'),
      withCode('57P01', 'terminating connection due to administrator command'),
      withCode('57P03', 'the database system is starting up'),
      withCode('55000', 'database "shop" is not currently accepting connections'),
      new Error('Failed query: insert', { cause: withCode('25006', 'cannot execute INSERT in a read-only transaction') }),
      withCode('57014', 'canceling statement due to statement timeout'),
      withCode('53300', 'too many connections'),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      new Error('Failed query: select 1', { cause: withCode('08006') }),
      new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')]),
    ]) {
      expect(isDatabaseUnavailable(error), String(error)).toBe(true);
    }
  });

  it('does not hide bugs or bad data as outages', () => {
    for (const error of [
      new Error('boom'),
      withCode('23505', 'duplicate key'),
      withCode('22P02', 'invalid input syntax'),
      new TypeError('x is undefined'),
      null,
      'text',
    ]) {
      expect(isDatabaseUnavailable(error)).toBe(false);
    }
  });

  it('retries only statements whose session the server ended', () => {
    expect(isSessionTerminated(new Error('Failed query', { cause: withCode('57P01') }))).toBe(true);
    expect(isSessionTerminated(new Error('Connection terminated unexpectedly'))).toBe(false);
    expect(isSessionTerminated(withCode('55P03'))).toBe(false);
  });

  it('tells a lock wait that gave up (a long import holds the row: 409, try again) from an outage', () => {
    const lockTimeout = new Error('Failed query: update', { cause: withCode('55P03', 'canceling statement due to lock timeout') });
    expect(isLockTimeout(lockTimeout)).toBe(true);
    expect(isDatabaseUnavailable(lockTimeout)).toBe(false);
    for (const error of [withCode('57014'), withCode('55000'), new Error('boom'), null]) expect(isLockTimeout(error)).toBe(false);
  });

  it('survives a cause cycle', () => {
    const a = new Error('a') as Error & { cause?: unknown };
    const b = new Error('b', { cause: a });
    a.cause = b;
    expect(isDatabaseUnavailable(a)).toBe(false);
  });

  it('tells writes that collided with another (a unique value taken meanwhile, serialization, deadlock) from bugs', () => {
    for (const code of ['23505', '40001', '40P01'])
      expect(isWriteConflict(new Error('Failed query', { cause: withCode(code) }))).toBe(true);
    for (const error of [new Error('boom'), withCode('23503'), withCode('22P02'), withCode('57P01'), null])
      expect(isWriteConflict(error)).toBe(false);
  });
});
