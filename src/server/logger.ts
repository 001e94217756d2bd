import pino from 'pino';
import { REDACTED, REDACTED_PATHS, redactError, redactPath } from './log-redaction';

export type Logger = pino.Logger;

/** The shop's logger; secrets and personal data are redacted (src/server/log-redaction.ts). */
export function createLogger(level: string = process.env.LOG_LEVEL ?? 'info', destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    base: undefined,
    redact: { paths: REDACTED_PATHS, censor: REDACTED },
    serializers: {
      err: (error: Error) => redactError(pino.stdSerializers.err(error) as unknown as Record<string, unknown>),
      path: (value: unknown) => (typeof value === 'string' ? redactPath(value) : value),
      url: (value: unknown) => (typeof value === 'string' ? redactPath(value) : value),
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
