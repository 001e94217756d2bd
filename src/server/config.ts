import path from 'node:path';
import { z } from 'zod';

const envSchema = z.object({
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().positive().default(10),
  MIGRATIONS_DIR: z.string().optional(),
  PUBLIC_URL: z.string().url().optional(),
  PORT: z.coerce.number().int().min(1).max(65535).default(4321),
  HOST: z.string().default('127.0.0.1'),
  JWT_SECRET: z.string().min(32).optional(),
  JWT_TTL_SECONDS: z.coerce.number().int().positive().default(60 * 60 * 24 * 30),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Shop <no-reply@localhost>'),
  PAYMENT_SANDBOX_SECRET: z.string().min(16).optional(),
  SEED_ON_START: z.enum(['true', 'false']).default('true'),
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type ServerConfig = {
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  migrationsDir: string;
  publicUrl: string;
  jwtSecret: string | undefined;
  jwtTtlSeconds: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  paymentSandboxSecret: string | undefined;
  seedOnStart: boolean;
  /** take the client address from X-Forwarded-For (only behind a trusted load balancer) */
  trustProxy: boolean;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
};

const LOOPBACK_OR_ANY = new Set(['127.0.0.1', 'localhost', '0.0.0.0', '::', '::1', '[::]', '[::1]']);

/**
 * The shop's origin when PUBLIC_URL is unset: the address the server listens on (PORT, HOST), with
 * loopback and every-interface addresses as localhost, so e-mailed and payment links reach this server.
 */
export function listeningOrigin(host: string, port: number): string {
  const name = LOOPBACK_OR_ANY.has(host) ? 'localhost' : host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

export function readConfig(env: Record<string, string | undefined> = process.env): ServerConfig {
  const parsed = envSchema.safeParse(
    Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== '')),
  );
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    migrationsDir: path.resolve(e.MIGRATIONS_DIR ?? 'drizzle'),
    publicUrl: (e.PUBLIC_URL ?? listeningOrigin(e.HOST, e.PORT)).replace(/\/$/, ''),
    jwtSecret: e.JWT_SECRET,
    jwtTtlSeconds: e.JWT_TTL_SECONDS,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    paymentSandboxSecret: e.PAYMENT_SANDBOX_SECRET,
    seedOnStart: e.SEED_ON_START === 'true',
    trustProxy: e.TRUST_PROXY === 'true',
    logLevel: e.LOG_LEVEL,
  };
}
