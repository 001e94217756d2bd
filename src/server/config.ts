import path from 'node:path';
import { z } from 'zod';
import { PASSWORD_HASH_COST } from './auth/password';

const envSchema = z.object({
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().positive().default(10),
  MIGRATIONS_DIR: z.string().optional(),
  PUBLIC_URL: z.string().url().default('http://localhost:4321'),
  JWT_SECRET: z.string().min(32).optional(),
  JWT_TTL_SECONDS: z.coerce.number().int().positive().default(60 * 60 * 24 * 30),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Shop <no-reply@localhost>'),
  PAYMENT_SANDBOX_SECRET: z.string().min(16).optional(),
  SEED_ON_START: z.enum(['true', 'false']).default('true'),
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  NODE_ENV: z.string().optional(),
  PASSWORD_HASH_COST: z.coerce
    .number()
    .int()
    .refine((n) => n > 1 && (n & (n - 1)) === 0 && n <= 1 << 20, 'must be a power of two up to 1048576')
    .optional(),
})
  // Cheap hashes make the tests fast; a live shop must never store them.
  .refine((e) => e.PASSWORD_HASH_COST === undefined || e.PASSWORD_HASH_COST >= PASSWORD_HASH_COST || e.NODE_ENV === 'test', {
    path: ['PASSWORD_HASH_COST'],
    message: `below ${PASSWORD_HASH_COST} only when NODE_ENV=test`,
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
  /** scrypt cost N of new password hashes */
  passwordHashCost: number;
};

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
    publicUrl: e.PUBLIC_URL.replace(/\/$/, ''),
    jwtSecret: e.JWT_SECRET,
    jwtTtlSeconds: e.JWT_TTL_SECONDS,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    paymentSandboxSecret: e.PAYMENT_SANDBOX_SECRET,
    seedOnStart: e.SEED_ON_START === 'true',
    trustProxy: e.TRUST_PROXY === 'true',
    logLevel: e.LOG_LEVEL,
    passwordHashCost: e.PASSWORD_HASH_COST ?? PASSWORD_HASH_COST,
  };
}
