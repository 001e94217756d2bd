import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_DATABASE_TIMEOUTS, type DatabaseTimeouts } from './db/timeouts';
import { readRateLimitSettings, type RateLimitSettings } from './api/core/rate-limit-rules';
import type { MediaS3Settings, MediaStoreKind } from './media/store';

const envSchema = z.object({
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().positive().default(10),
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().positive().default(DEFAULT_DATABASE_TIMEOUTS.connectMs),
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().positive().default(DEFAULT_DATABASE_TIMEOUTS.statementMs),
  DATABASE_LOCK_TIMEOUT_MS: z.coerce.number().int().positive().default(DEFAULT_DATABASE_TIMEOUTS.lockMs),
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce.number().int().positive().default(DEFAULT_DATABASE_TIMEOUTS.idleInTransactionMs),
  API_BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(1024 * 1024),
  MIGRATIONS_DIR: z.string().optional(),
  PUBLIC_URL: z.string().url().optional(),
  PORT: z.coerce.number().int().min(1).max(65535).default(4321),
  HOST: z.string().default('127.0.0.1'),
  JWT_SECRET: z.string().min(32).optional(),
  JWT_TTL_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(60 * 60 * 24 * 30),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Shop <no-reply@localhost>'),
  PAYMENT_SANDBOX_SECRET: z.string().min(16).optional(),
  PAYMENT_SANDBOX: z.enum(['allow']).optional(),
  STRIPE_API_URL: z.string().url().default('https://api.stripe.com'),
  YOOKASSA_API_URL: z.string().url().default('https://api.yookassa.ru/v3'),
  SEED_ON_START: z.enum(['true', 'false']).default('true'),
  SEED_DEMO_ORDERS: z.enum(['true', 'false']).default('true'),
  TRUST_PROXY: z
    .string()
    .regex(/^(true|false|\d+)$/, 'true, false or the number of trusted proxies in front of the shop')
    .default('false'),
  RATE_LIMITS: z.string().optional(),
  MEDIA_CACHE_MAX_MB: z.coerce.number().int().positive().default(512),
  MEDIA_STORE: z.enum(['fs', 'postgres', 's3']).default('fs'),
  MEDIA_S3_BUCKET: z.string().optional(),
  MEDIA_S3_ENDPOINT: z.string().url().optional(),
  MEDIA_S3_REGION: z.string().default('us-east-1'),
  MEDIA_S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('false'),
  MEDIA_S3_PREFIX: z.string().default('originals/'),
  ADMIN_SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .positive()
    .default(8 * 60),
  ADMIN_SESSION_MAX_DAYS: z.coerce.number().positive().default(7),
  PASSWORD_HASH_COST: z.coerce
    .number()
    .int()
    .refine((n) => n >= 1024 && n <= 1 << 20 && (n & (n - 1)) === 0, 'a power of two from 1024 to 1048576')
    .default(16384),
  SHOP_NOTIFY_EMAILS: z.string().optional(),
  MAIL_WORKER: z.enum(['true', 'false']).default('true'),
  JOB_WORKER: z.enum(['true', 'false']).default('true'),
  BACK_IN_STOCK_ALERTS_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(60),
  INTEGRATIONS_WORKER: z.enum(['true', 'false']).default('true'),
  WEBHOOKS_ALLOW_PRIVATE: z.enum(['true', 'false']).default('false'),
  TELEGRAM_API_URL: z.string().url().default('https://api.telegram.org'),
  UNPAID_RESERVATION_MINUTES: z.coerce.number().int().min(1).max(43_200).optional(),
  RESERVATION_SWEEP_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  RECOVERY_MINUTE_MS: z.coerce.number().int().min(100).max(60_000).default(60_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type ServerConfig = {
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  databaseTimeouts: DatabaseTimeouts;
  /** the largest request body /api reads (413 above it) */
  apiBodyLimitBytes: number;
  migrationsDir: string;
  publicUrl: string;
  /** said at start when PUBLIC_URL is not set: the address e-mails and payment pages send shoppers to is a guess */
  publicUrlWarning: string | null;
  jwtSecret: string | undefined;
  jwtTtlSeconds: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  paymentSandboxSecret: string | undefined;
  /** PAYMENT_SANDBOX=allow lets the sandbox provider run in a shop served over https */
  paymentSandboxAllowed: boolean;
  /** where the Stripe SDK sends its API calls (the test suites point it at a loopback fake) */
  stripeApiUrl: string;
  /** the ЮKassa API's base address, up to and with /v3 */
  yookassaApiUrl: string;
  seedOnStart: boolean;
  /** the demo seed adds its past orders (the tests' shops leave them out) */
  seedDemoOrders: boolean;
  /** how many proxies in front of the shop append to X-Forwarded-For (0: use the socket address) */
  trustProxy: number;
  rateLimits: RateLimitSettings;
  /** bound of the resized image cache on disk */
  mediaCacheMaxBytes: number;
  /** the store a new shop keeps its image originals in (a shop's store then changes only by `npm run media:move`) */
  mediaStore: MediaStoreKind;
  /** the S3-compatible bucket of the `s3` store; credentials come from the SDK's usual environment variables */
  mediaS3: MediaS3Settings | undefined;
  /** overrides the ecommerce setting unpaidReservationMinutes when set */
  unpaidReservationMinutes: number | undefined;
  /** how often each instance looks for unpaid online orders whose stock must return */
  reservationSweepSeconds: number;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /** back office sessions end after this long without a request */
  adminSessionIdleMinutes: number;
  /** and after this long in any case */
  adminSessionMaxDays: number;
  /** scrypt cost (N) for new staff password hashes; tests lower it */
  passwordHashCost: number;
  /** where the shop's own notifications go (new order, lead, review); empty: the contact e-mail of the settings */
  shopNotifyEmails: string[];
  /** whether this instance runs the mail queue worker (and the checkout reminders' pass) */
  mailWorker: boolean;
  /**
   * the length of a minute for checkout reminders' delays and how often each instance looks for due ones: a minute,
   * but shorter on a test server so a journey sees a reminder without waiting for one
   */
  recoveryMinuteMs: number;
  /** whether this instance runs the back office's jobs (bulk edits); every instance may, each job runs on one at a time */
  jobWorker: boolean;
  /** back-in-stock alerts queued per minute at most, across every instance */
  backInStockAlertsPerMinute: number;
  /** whether this instance delivers webhooks and Telegram alerts */
  integrationsWorker: boolean;
  /** whether webhooks may go to this machine and private networks (development and tests); off, they are refused */
  webhooksAllowPrivate: boolean;
  /** the Telegram Bot API's base address */
  telegramApiUrl: string;
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

/**
 * Without PUBLIC_URL, links in e-mails and the payment pages' return addresses use the listening address, which
 * may not be the one shoppers use (localhost and 127.0.0.1 are different origins: a shopper coming back from a
 * payment on the other one appears signed out, with an empty cart).
 */
function publicUrlWarning(origin: string): string {
  return `PUBLIC_URL is not set: e-mail and payment links will point at ${origin}. Set PUBLIC_URL to the address shoppers use (for example https://shop.example.com).`;
}

export function readConfig(env: Record<string, string | undefined> = process.env): ServerConfig {
  const parsed = envSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== '')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.MEDIA_STORE === 's3' && !e.MEDIA_S3_BUCKET) throw new Error('Invalid environment:\nMEDIA_S3_BUCKET: required when MEDIA_STORE=s3');
  return {
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    databaseTimeouts: {
      connectMs: e.DATABASE_CONNECT_TIMEOUT_MS,
      statementMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
      lockMs: e.DATABASE_LOCK_TIMEOUT_MS,
      idleInTransactionMs: e.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
    },
    apiBodyLimitBytes: e.API_BODY_LIMIT_BYTES,
    migrationsDir: path.resolve(e.MIGRATIONS_DIR ?? 'drizzle'),
    publicUrl: (e.PUBLIC_URL ?? listeningOrigin(e.HOST, e.PORT)).replace(/\/$/, ''),
    publicUrlWarning: e.PUBLIC_URL ? null : publicUrlWarning(listeningOrigin(e.HOST, e.PORT)),
    jwtSecret: e.JWT_SECRET,
    jwtTtlSeconds: e.JWT_TTL_SECONDS,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    paymentSandboxSecret: e.PAYMENT_SANDBOX_SECRET,
    paymentSandboxAllowed: e.PAYMENT_SANDBOX === 'allow',
    stripeApiUrl: e.STRIPE_API_URL.replace(/\/$/, ''),
    yookassaApiUrl: e.YOOKASSA_API_URL.replace(/\/$/, ''),
    seedOnStart: e.SEED_ON_START === 'true',
    seedDemoOrders: e.SEED_DEMO_ORDERS === 'true',
    trustProxy: trustedProxyCount(e.TRUST_PROXY),
    rateLimits: readRateLimitSettings(e.RATE_LIMITS),
    mediaCacheMaxBytes: e.MEDIA_CACHE_MAX_MB * 1024 * 1024,
    mediaStore: e.MEDIA_STORE,
    mediaS3: e.MEDIA_S3_BUCKET
      ? {
          bucket: e.MEDIA_S3_BUCKET,
          endpoint: e.MEDIA_S3_ENDPOINT,
          region: e.MEDIA_S3_REGION,
          forcePathStyle: e.MEDIA_S3_FORCE_PATH_STYLE === 'true',
          prefix: e.MEDIA_S3_PREFIX,
        }
      : undefined,
    unpaidReservationMinutes: e.UNPAID_RESERVATION_MINUTES,
    reservationSweepSeconds: e.RESERVATION_SWEEP_SECONDS,
    logLevel: e.LOG_LEVEL,
    adminSessionIdleMinutes: e.ADMIN_SESSION_IDLE_MINUTES,
    adminSessionMaxDays: e.ADMIN_SESSION_MAX_DAYS,
    passwordHashCost: e.PASSWORD_HASH_COST,
    shopNotifyEmails: (e.SHOP_NOTIFY_EMAILS ?? '')
      .split(',')
      .map((a) => a.trim())
      .filter(Boolean),
    mailWorker: e.MAIL_WORKER === 'true',
    recoveryMinuteMs: e.RECOVERY_MINUTE_MS,
    jobWorker: e.JOB_WORKER === 'true',
    backInStockAlertsPerMinute: e.BACK_IN_STOCK_ALERTS_PER_MINUTE,
    integrationsWorker: e.INTEGRATIONS_WORKER === 'true',
    webhooksAllowPrivate: e.WEBHOOKS_ALLOW_PRIVATE === 'true',
    telegramApiUrl: e.TELEGRAM_API_URL.replace(/\/$/, ''),
  };
}

/** TRUST_PROXY: a number of proxies; the older boolean form still works (true = one proxy, false = none). */
function trustedProxyCount(value: string): number {
  if (value === 'true') return 1;
  if (value === 'false') return 0;
  return Number(value);
}
