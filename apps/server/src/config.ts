import { DEFAULT_HEARTBEAT_WINDOW_DAYS, loadZodEnglishMessages } from '@store/core';
import { z } from 'zod/mini';
import { parseKeyPems } from './lib/key-pems';
import { parseTrustProxy, type TrustProxy } from './lib/trust-proxy';

// The environment's errors say zod's English where a variable's schema sets no message.
loadZodEnglishMessages();

const url = (name: string) => z.url({ message: `${name} must be a URL` });

const EnvSchema = z.object({
  PORT: z._default(
    z.coerce.number({ message: 'PORT must be a number' }).check(z.int(), z.gte(1), z.lte(65535)),
    3000,
  ),
  HOST: z._default(z.string(), '0.0.0.0'),
  DATA_DIR: z._default(z.string(), './data'),
  DATABASE_URL: z.optional(url('DATABASE_URL')),
  DEMO: z.optional(z.enum(['0', '1', 'true', 'false'], { message: 'DEMO must be 1 or 0' })),
  SMTP_URL: z.optional(url('SMTP_URL')),
  MAIL_FROM: z._default(z.string(), 'Licensed Software Store <store@localhost>'),
  PUBLIC_URL: z.optional(url('PUBLIC_URL')),
  STRIPE_SECRET_KEY: z.optional(
    z.string().check(z.startsWith('sk_', { message: 'STRIPE_SECRET_KEY must start with sk_' })),
  ),
  STRIPE_PUBLISHABLE_KEY: z.optional(
    z.string().check(z.startsWith('pk_', { message: 'STRIPE_PUBLISHABLE_KEY must start with pk_' })),
  ),
  // Only for tests: where the Stripe adapter sends its requests.
  STRIPE_API_BASE: z.optional(url('STRIPE_API_BASE')),
  // Calls a second to Stripe at most: below the account's rate limit (100 a second live, 25 in test mode).
  GATEWAY_RATE_PER_SECOND: z._default(
    z.coerce
      .number({ message: 'GATEWAY_RATE_PER_SECOND must be a number' })
      .check(
        z.int({ message: 'GATEWAY_RATE_PER_SECOND must be a whole number' }),
        z.gte(1, { message: 'GATEWAY_RATE_PER_SECOND must be at least 1' }),
      ),
    25,
  ),
  // By default the product's own pages (SPA routes of the web app); set either to link elsewhere.
  STORE_GUIDE_URL: z._default(url('STORE_GUIDE_URL'), '/guide'),
  PRIVACY_POLICY_URL: z._default(url('PRIVACY_POLICY_URL'), '/privacy'),
  LOG_LEVEL: z._default(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']), 'info'),
  // How often the billing scheduler looks for due work; 0 turns it off (tests drive it directly).
  BILLING_INTERVAL_SECONDS: z._default(z.coerce.number().check(z.int(), z.gte(0)), 60),
  // How often expired sessions, spent links and ended throttle windows are deleted; 0 turns it off.
  HOUSEKEEPING_INTERVAL_SECONDS: z._default(z.coerce.number().check(z.int(), z.gte(0)), 600),
  WEB_DIST: z.optional(z.string()),
  // 0: this process serves HTTP only; billing, settling, the outbox sender and housekeeping run in
  // `npm run worker` (decision 018). 1 (the default, the one-command demo): they run here too.
  RUN_JOBS: z._default(z.enum(['0', '1'], { message: 'RUN_JOBS must be 1 or 0' }), '1'),
  READ_CACHES: z._default(z.enum(['0', '1'], { message: 'READ_CACHES must be 1 or 0' }), '1'),
  // Only for tests: how long the read caches' listener may go without hearing its own heartbeat
  // before it counts as lost (db/listen.ts; 15 s in production).
  LISTEN_SILENCE_MS: z.optional(z.coerce.number().check(z.int(), z.gte(150), z.lte(60_000))),
  // How often the outbox sender looks for mail when it found none (milliseconds).
  OUTBOX_POLL_MS: z._default(z.coerce.number().check(z.int(), z.gte(10), z.lte(60_000)), 1000),
  // Stripe's signing secret of the webhook endpoint (POST /api/stripe/webhook), whsec_…
  STRIPE_WEBHOOK_SECRET: z.optional(
    z.string().check(z.startsWith('whsec_', { message: 'STRIPE_WEBHOOK_SECRET must start with whsec_' })),
  ),
  // Where the operator's alerts (a disputed charge) are mailed.
  OPERATOR_ALERT_EMAIL: z.optional(z.email({ message: 'OPERATOR_ALERT_EMAIL must be an e-mail address' })),
  // Bearer token of GET /metrics; unset, /metrics answers 404.
  METRICS_TOKEN: z.optional(
    z.string().check(z.minLength(16, { message: 'METRICS_TOKEN must be at least 16 characters' })),
  ),
  // The proxies whose X-Forwarded-For names the client: a hop count or a list of addresses/CIDRs.
  // Unset: no proxy is trusted and the client is the socket's address (docs/design.md §4).
  TRUST_PROXY: z.optional(z.string()),
  // 32 bytes (base64 or 64 hex digits) that encrypt two-factor secrets at rest.
  TWO_FACTOR_KEY: z.optional(
    z.string().check(
      z.refine((v) => twoFactorKeyBytes(v) !== null, {
        message: 'TWO_FACTOR_KEY must be 32 bytes, as base64 or 64 hex digits',
      }),
    ),
  ),
  // The Ed25519 private key (PEM) that signs offline license files, and the public keys (PEM) of
  // earlier signing keys still published so that files they signed keep verifying.
  LICENSE_SIGNING_KEY: z.optional(z.string()),
  LICENSE_PREVIOUS_PUBLIC_KEYS: z.optional(z.string()),
  // docs/design.md §5: days a machine may go without a heartbeat before its seat is released (a plan
  // may set its own).
  // The seller on invoices and credit notes (docs/decisions/016): legal name, postal address (lines
  // separated by line breaks or `\n`) and tax id. Demo values stand in outside production.
  SELLER_NAME: z.optional(
    z.string().check(z.maxLength(200, { message: 'SELLER_NAME must be at most 200 characters' })),
  ),
  SELLER_ADDRESS: z.optional(
    z.string().check(z.maxLength(1000, { message: 'SELLER_ADDRESS must be at most 1000 characters' })),
  ),
  SELLER_TAX_ID: z.optional(
    z.string().check(z.maxLength(100, { message: 'SELLER_TAX_ID must be at most 100 characters' })),
  ),
  HEARTBEAT_WINDOW_DAYS: z._default(
    z.coerce
      .number({ message: 'HEARTBEAT_WINDOW_DAYS must be a number of days' })
      .check(
        z.int({ message: 'HEARTBEAT_WINDOW_DAYS must be a whole number of days' }),
        z.gte(1, { message: 'HEARTBEAT_WINDOW_DAYS must be at least 1' }),
        z.lte(365, { message: 'HEARTBEAT_WINDOW_DAYS must be at most 365' }),
      ),
    DEFAULT_HEARTBEAT_WINDOW_DAYS,
  ),
});

/** The 32 key bytes of TWO_FACTOR_KEY, or null when it is not 32 bytes in either spelling. */
export function twoFactorKeyBytes(value: string): Buffer | null {
  const bytes = /^[0-9a-f]{64}$/i.test(value) ? Buffer.from(value, 'hex') : Buffer.from(value, 'base64');
  return bytes.length === 32 ? bytes : null;
}

export interface Config {
  mode: 'demo' | 'production';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  smtpUrl?: string;
  mailFrom: string;
  publicUrl: string;
  stripe?: { secretKey: string; publishableKey: string; apiBase?: string; ratePerSecond?: number };
  storeGuideUrl: string;
  privacyPolicyUrl: string;
  logLevel: string;
  billingIntervalSeconds: number;
  housekeepingIntervalSeconds: number;
  webDist?: string;
  runJobs: boolean;
  /** Sessions, lists and validations answered from memory (docs/decisions/021). */
  readCaches: boolean;
  /** The listener's bound of silence (db/listen.ts); unset, its default. */
  listenSilenceMs?: number;
  outboxPollMs: number;
  stripeWebhookSecret?: string;
  operatorAlertEmail?: string;
  metricsToken?: string;
  trustProxy: TrustProxy;
  twoFactorKey?: Buffer;
  licenseSigning?: { privateKeyPem: string; previousPublicKeyPems: string[] };
  heartbeatWindowDays: number;
  seller: Seller;
}

/** Who sells, as every invoice and credit note names it. */
export interface Seller {
  name: string;
  addressLines: string[];
  taxId: string;
}

const DEMO_SELLER: Seller = {
  name: 'Licensed Software Store, Inc.',
  addressLines: ['1200 Larimer Street, Suite 300', 'Denver, CO 80204', 'United States'],
  taxId: 'EIN 84-0000000',
};

export class ConfigError extends Error {}

/** Reads the environment; every bad or missing value is named in one readable message. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const blanksRemoved = Object.fromEntries(
    Object.entries(env).filter(([, v]) => v !== undefined && v !== ''),
  );
  const parsed = EnvSchema.safeParse(blanksRemoved);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const demo =
    e.DEMO === '1' || e.DEMO === 'true' || (!e.DATABASE_URL && e.DEMO !== '0' && e.DEMO !== 'false');
  const mode = demo ? 'demo' : 'production';
  if (mode === 'production') {
    const missing = [
      'STRIPE_SECRET_KEY',
      'STRIPE_PUBLISHABLE_KEY',
      'SMTP_URL',
      'PUBLIC_URL',
      'TWO_FACTOR_KEY',
      'LICENSE_SIGNING_KEY',
      'STRIPE_WEBHOOK_SECRET',
      'SELLER_NAME',
      'SELLER_ADDRESS',
      'SELLER_TAX_ID',
    ].filter((k) => !e[k as keyof typeof e]);
    if (!e.DATABASE_URL) missing.unshift('DATABASE_URL');
    if (missing.length > 0) {
      throw new ConfigError(
        `Production mode needs these settings: ${missing.join(', ')}. Set them, or run the demo with DEMO=1.`,
      );
    }
  }
  // The demo publishes its accounts and charges nothing real: a key for real Stripe means a mistake.
  const stripeKeys = ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY'].filter((k) => e[k as keyof typeof e]);
  if (mode === 'demo' && stripeKeys.length > 0) {
    throw new ConfigError(
      `Demo mode refuses ${stripeKeys.join(' and ')}: the demo charges only its sandbox gateway. Unset them for the demo, or unset DEMO (with DATABASE_URL) to run production mode.`,
    );
  }
  // PUBLIC_URL is the address people reach behind the TLS proxy: tokens and cookies travel over it.
  if (mode === 'production' && !e.PUBLIC_URL?.startsWith('https://')) {
    throw new ConfigError(
      'Invalid configuration:\n  PUBLIC_URL must start with https:// in production (the address behind your TLS proxy).',
    );
  }
  const trustProxy = parseTrustProxy(e.TRUST_PROXY);
  if (trustProxy instanceof Error)
    throw new ConfigError(`Invalid configuration:\n  TRUST_PROXY: ${trustProxy.message}`);
  const licenseSigning = licenseSigningConfig(e.LICENSE_SIGNING_KEY, e.LICENSE_PREVIOUS_PUBLIC_KEYS);
  if (Boolean(e.STRIPE_SECRET_KEY) !== Boolean(e.STRIPE_PUBLISHABLE_KEY)) {
    throw new ConfigError(
      'Invalid configuration:\n  STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY go together.',
    );
  }
  return {
    mode,
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_PUBLISHABLE_KEY
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            publishableKey: e.STRIPE_PUBLISHABLE_KEY,
            apiBase: e.STRIPE_API_BASE,
            ratePerSecond: e.GATEWAY_RATE_PER_SECOND,
          }
        : undefined,
    storeGuideUrl: e.STORE_GUIDE_URL,
    privacyPolicyUrl: e.PRIVACY_POLICY_URL,
    logLevel: e.LOG_LEVEL,
    billingIntervalSeconds: e.BILLING_INTERVAL_SECONDS,
    housekeepingIntervalSeconds: e.HOUSEKEEPING_INTERVAL_SECONDS,
    webDist: e.WEB_DIST,
    runJobs: e.RUN_JOBS === '1',
    readCaches: e.READ_CACHES === '1',
    listenSilenceMs: e.LISTEN_SILENCE_MS,
    outboxPollMs: e.OUTBOX_POLL_MS,
    stripeWebhookSecret: e.STRIPE_WEBHOOK_SECRET,
    operatorAlertEmail: e.OPERATOR_ALERT_EMAIL,
    metricsToken: e.METRICS_TOKEN,
    trustProxy,
    twoFactorKey: e.TWO_FACTOR_KEY ? (twoFactorKeyBytes(e.TWO_FACTOR_KEY) ?? undefined) : undefined,
    licenseSigning,
    heartbeatWindowDays: e.HEARTBEAT_WINDOW_DAYS,
    seller: {
      name: e.SELLER_NAME?.trim() || DEMO_SELLER.name,
      addressLines: e.SELLER_ADDRESS
        ? e.SELLER_ADDRESS.split(/\r?\n|\\n/)
            .map((l) => l.trim())
            .filter(Boolean)
        : DEMO_SELLER.addressLines,
      taxId: e.SELLER_TAX_ID?.trim() || DEMO_SELLER.taxId,
    },
  };
}

function licenseSigningConfig(privateKey: string | undefined, previous: string | undefined) {
  if (!privateKey) {
    if (previous)
      throw new ConfigError(
        'Invalid configuration:\n  LICENSE_PREVIOUS_PUBLIC_KEYS needs LICENSE_SIGNING_KEY.',
      );
    return undefined;
  }
  const privatePems = parseKeyPems(privateKey, 'PRIVATE KEY');
  if (privatePems instanceof Error || privatePems.length !== 1) {
    throw new ConfigError(
      `Invalid configuration:\n  LICENSE_SIGNING_KEY: ${privatePems instanceof Error ? privatePems.message : 'must hold exactly one Ed25519 private key in PEM'}`,
    );
  }
  const previousPems = previous ? parseKeyPems(previous, 'PUBLIC KEY') : [];
  if (previousPems instanceof Error) {
    throw new ConfigError(`Invalid configuration:\n  LICENSE_PREVIOUS_PUBLIC_KEYS: ${previousPems.message}`);
  }
  return { privateKeyPem: privatePems[0]!, previousPublicKeyPems: previousPems };
}

/** The configuration of a process entry point (server, worker): a bad setting is said and ends it. */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
