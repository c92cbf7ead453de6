import { join, resolve } from 'node:path';
import { z } from 'zod';
import { BINANCE_DEFAULT_URL, MARKET_DATA_PROVIDERS, PROVIDER_DEFAULT_TIMEOUT_MS, parseAdminEmails, type PlanId } from '@myeai/domain';

/** The only place that reads process.env: everything else receives an AppConfig. */
const EnvSchema = z.object({
  NODE_ENV: z.string().default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  /** Uploaded learning videos and documents (DESIGN.md decision 33); default: `uploads` in DATA_DIR. */
  UPLOADS_DIR: z.string().min(1).optional(),
  DATABASE_URL: z.string().optional(),
  PUBLIC_URL: z.string().optional(),
  MYEAI_DEMO: z.string().optional(),
  OIDC_ISSUER: z.string().optional(),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'SMTP_URL must look like smtp://user:pass@host:587' }).optional(),
  MAIL_FROM: z.string().min(3).default('MYEAI <no-reply@myeai.local>'),
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().min(1).optional(),
  STRIPE_PRICE_WEEKLY: z.string().min(1).optional(),
  STRIPE_PRICE_4WEEKS: z.string().min(1).optional(),
  STRIPE_PRICE_12WEEKS: z.string().min(1).optional(),
  STRIPE_PRICE_52WEEKS: z.string().min(1).optional(),
  STRIPE_API_BASE: z.url({ protocol: /^https?$/ }).optional(),
  /** 1: pay payout batches through Stripe Connect (decision 069); needs STRIPE_SECRET_KEY. */
  STRIPE_CONNECT: z.enum(['0', '1'], { error: 'STRIPE_CONNECT is 1 (pay payouts through Stripe Connect) or 0' }).optional(),
  /** The signing secret of the Connect webhook endpoint (connected accounts' events) at the same URL (decision 069). */
  STRIPE_CONNECT_WEBHOOK_SECRET: z.string().min(1).optional(),
  ADMIN_EMAILS: z.string().optional(),
  TRUST_PROXY: z.string().trim().min(1).optional(),
  READ_CACHES: z.enum(['on', 'off']).default('on'),
  AI_BASE_URL: z.url({ protocol: /^https?$/, error: 'AI_BASE_URL must look like https://api.example.com/v1' }).optional(),
  AI_API_KEY: z.string().min(1).optional(),
  AI_MODEL: z.string().min(1).optional(),
  AI_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(20_000),
  AI_DAILY_QUOTA: z.coerce.number().int().min(1).max(100_000).optional(),
  REQUIRE_ADMIN_2FA: z.enum(['on', 'off'], { error: 'REQUIRE_ADMIN_2FA is on or off' }).optional(),
  TWO_FACTOR_ENCRYPTION_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, 'TWO_FACTOR_ENCRYPTION_KEY must be 64 hex characters (32 bytes), e.g. from `openssl rand -hex 32`')
    .optional(),
  GEOIP_DATABASE: z.string().min(1).optional(),
  SELLER_NAME: z.string().trim().min(1).default('MYEAI'),
  SELLER_DETAILS: z.string().optional(),
  PAYOUT_DETAILS_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, 'PAYOUT_DETAILS_KEY must be 64 hex characters (32 bytes), e.g. from `openssl rand -hex 32`')
    .optional(),
  PAYOUT_DETAILS_KEY_PREVIOUS: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, 'PAYOUT_DETAILS_KEY_PREVIOUS must be 64 hex characters (32 bytes): the key the details were sealed under before')
    .optional(),
  MARKET_DATA_PROVIDER: z.enum(MARKET_DATA_PROVIDERS, { error: 'MARKET_DATA_PROVIDER is none or binance' }).default('none'),
  MARKET_DATA_URL: z.url({ protocol: /^https?$/, error: 'MARKET_DATA_URL must look like https://api.binance.com' }).optional(),
  MARKET_DATA_API_KEY: z.string().min(1).optional(),
});

/** Every environment variable the server reads: the README's configuration table lists each (a test checks it). */
export const SERVER_ENVIRONMENT_VARIABLES: readonly string[] = Object.keys(EnvSchema.shape);

/** An OpenAI-compatible chat-completions service that writes goal messages (DESIGN.md decision 30). */
export type AiSettings = {
  baseUrl: string;
  apiKey: string;
  model: string;
  timeoutMs: number;
  /** Messages each admin may have written per UTC day (catalogue T-87); AI_DAILY_MESSAGE_QUOTA_DEFAULT when unset. */
  dailyQuota?: number | undefined;
};

/** A market data provider polled for the catalogue's prices (issue 32, decision 071). */
export type MarketDataSettings = { provider: 'binance'; baseUrl: string; apiKey: string | undefined; timeoutMs: number };

export type OidcSettings = { issuer: string; clientId: string; clientSecret: string | undefined; allowInsecureHttp: boolean };

/** Stripe (payments adapter); without it the embedded local checkout is used. */
export type StripeSettings = {
  secretKey: string;
  webhookSecret: string;
  publishableKey: string | undefined;
  /** Stripe price id of each plan (STRIPE_PRICE_<PLAN>). */
  prices: Record<PlanId, string>;
  /** Another API origin (tests: a local Stripe-shaped server). */
  apiBase: string | undefined;
  /**
   * STRIPE_CONNECT_WEBHOOK_SECRET: Stripe signs the events of connected accounts (account.updated,
   * their payout.*) for a Connect endpoint, with that endpoint's own secret; the webhook accepts
   * either (decision 069).
   */
  connectWebhookSecret?: string | undefined;
};

export type AppConfig = {
  isProduction: boolean;
  demoMode: boolean;
  publicUrl: string | undefined;
  sessionTtlDays: number;
  oidc: OidcSettings | undefined;
  webDistDir: string | undefined;
  logger: boolean;
  /** SMTP server for outgoing mail; unset keeps mail in the outbox (admin mailbox in demo mode). */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Unset: the embedded payment provider (local test checkout). */
  stripe?: StripeSettings;
  /** STRIPE_CONNECT=1 (with STRIPE_SECRET_KEY): payees connect an Express account and batches pay them by transfer (decision 069). */
  stripeConnect?: boolean;
  /**
   * Usage events one session may post per minute (default TRACK_EVENTS_PER_MINUTE). The bench
   * raises it: it measures the write path from one session, the limiter still counting each event.
   */
  trackEventsPerMinute?: number;
  /** Lets `npm run backup` fetch GET /api/admin/backup (written into the data folder at start). */
  backupKey?: string;
  /**
   * ADMIN_EMAILS: accounts with these e-mails (lowercased) hold the admin role from their next
   * sign-in (DESIGN.md decision 28; docs/decisions/035). Unset: none.
   */
  adminEmails?: readonly string[];
  /**
   * TRUST_PROXY: the proxies (load balancers) in front of the app whose X-Forwarded-For and
   * X-Forwarded-Proto are believed: comma-separated addresses or CIDR ranges (or loopback,
   * linklocal, uniquelocal), true for any sender, false for none. A hop count is not offered:
   * Fastify refuses it, since it cannot tell a proxy from a client sending the header itself.
   * Unset: any sender in production, none otherwise. The address feeds rate limits and, as a keyed
   * hash only, the referral fraud flags (DESIGN.md decision 44).
   */
  trustProxy?: boolean | string;
  /**
   * The in-process read caches (sessions, per-user pages and figures, the compass grid), kept
   * correct by the database's change feed (decisions 018, 031). On unless READ_CACHES=off, which
   * sends every read to the database.
   */
  readCaches: boolean;
  /** AI_BASE_URL, AI_API_KEY and AI_MODEL: unset, goal messages come from the stored templates. */
  ai?: AiSettings;
  /** UPLOADS_DIR: where uploaded learning files are kept (DESIGN.md decision 33); unset: `data/uploads`. */
  uploadsDir?: string;
  /** Largest learning upload in bytes (LEARNING_UPLOAD_MAX_BYTES unless a test lowers it). */
  learningUploadMaxBytes?: number;
  /**
   * Tests only (createTestApp sets it; the environment never does): each request first waits
   * until every change committed before it has reached this instance's caches, as a user asking a
   * moment after a write would find them. Production answers without that round trip.
   */
  awaitChangesBeforeEachRequest?: boolean;
  /**
   * REQUIRE_ADMIN_2FA: an admin without two-factor sign-in gets TWO_FACTOR_REQUIRED from every
   * admin API until they enrol (decision record 058). Default on outside demo mode; unset is off.
   */
  requireAdminTwoFactor?: boolean;
  /** TWO_FACTOR_ENCRYPTION_KEY (64 hex): authenticator secrets are stored AES-256-GCM encrypted under it. */
  twoFactorEncryptionKey?: string;
  /** PAYOUT_DETAILS_KEY (64 hex): payees' payout details are stored AES-256-GCM encrypted under it (decision 060). */
  payoutDetailsKey?: string;
  /** PAYOUT_DETAILS_KEY_PREVIOUS: during a key rotation, details still sealed under the old key are read with it (decision 070). */
  payoutDetailsKeyPrevious?: string;
  /** GEOIP_DATABASE: a MaxMind GeoLite2/GeoIP2 City .mmdb file; my sessions then shows a place per session. */
  geoipDatabase?: string;
  /** SELLER_NAME and SELLER_DETAILS (lines separated by |: address, tax id): the seller on receipts (decision 065). */
  seller?: { name: string; details: string[] };
  /** MARKET_DATA_PROVIDER, MARKET_DATA_URL, MARKET_DATA_API_KEY: unset (none), prices come from imports only (decision 071). */
  marketData?: MarketDataSettings;
};

function readStripeSettings(parsed: z.infer<typeof EnvSchema>): StripeSettings | undefined {
  if (!parsed.STRIPE_SECRET_KEY) return undefined;
  const prices = { weekly: parsed.STRIPE_PRICE_WEEKLY, '4weeks': parsed.STRIPE_PRICE_4WEEKS, '12weeks': parsed.STRIPE_PRICE_12WEEKS, '52weeks': parsed.STRIPE_PRICE_52WEEKS };
  const missing = Object.entries(prices).filter(([, price]) => !price).map(([plan]) => `STRIPE_PRICE_${plan.toUpperCase()}`);
  if (!parsed.STRIPE_WEBHOOK_SECRET) missing.unshift('STRIPE_WEBHOOK_SECRET');
  if (missing.length > 0) throw new Error(`STRIPE_SECRET_KEY is set, so these must be set too: ${missing.join(', ')}`);
  return {
    secretKey: parsed.STRIPE_SECRET_KEY,
    webhookSecret: parsed.STRIPE_WEBHOOK_SECRET!,
    publishableKey: parsed.STRIPE_PUBLISHABLE_KEY,
    prices: prices as Record<PlanId, string>,
    apiBase: parsed.STRIPE_API_BASE,
    connectWebhookSecret: parsed.STRIPE_CONNECT_WEBHOOK_SECRET,
  };
}

function readStripeConnect(parsed: z.infer<typeof EnvSchema>): boolean {
  if (parsed.STRIPE_CONNECT !== '1') return false;
  if (!parsed.STRIPE_SECRET_KEY) throw new Error('STRIPE_CONNECT=1 pays payouts through Stripe Connect: set STRIPE_SECRET_KEY (and the other Stripe settings) too');
  return true;
}

function readAiSettings(parsed: z.infer<typeof EnvSchema>): AiSettings | undefined {
  const set = [parsed.AI_BASE_URL, parsed.AI_API_KEY, parsed.AI_MODEL].filter((value) => value !== undefined).length;
  if (set === 0) return undefined;
  if (set < 3) throw new Error('AI_BASE_URL, AI_API_KEY and AI_MODEL are set together (or none of them, for the template writer)');
  return { baseUrl: parsed.AI_BASE_URL!.replace(/\/+$/, ''), apiKey: parsed.AI_API_KEY!, model: parsed.AI_MODEL!, timeoutMs: parsed.AI_TIMEOUT_MS, dailyQuota: parsed.AI_DAILY_QUOTA };
}

function readAdminEmails(raw: string | undefined): string[] {
  const { emails, invalid } = parseAdminEmails(raw);
  if (invalid.length > 0) throw new Error(`ADMIN_EMAILS holds something that is not an e-mail address: ${invalid.join(', ')}`);
  return emails;
}

function readTrustProxy(raw: string): boolean | string {
  if (raw === 'true') return true;
  if (raw === 'false') return false;
  return raw;
}

function readMarketData(parsed: z.infer<typeof EnvSchema>): MarketDataSettings | undefined {
  if (parsed.MARKET_DATA_PROVIDER === 'none') return undefined;
  return { provider: parsed.MARKET_DATA_PROVIDER, baseUrl: (parsed.MARKET_DATA_URL ?? BINANCE_DEFAULT_URL).replace(/\/+$/, ''), apiKey: parsed.MARKET_DATA_API_KEY, timeoutMs: PROVIDER_DEFAULT_TIMEOUT_MS };
}

export type ServerEnv = { config: AppConfig; port: number; host: string; dataDir: string; databaseUrl: string | undefined };

export function readServerEnv(env: NodeJS.ProcessEnv = process.env): ServerEnv {
  const parsed = EnvSchema.parse(env);
  const isProduction = parsed.NODE_ENV === 'production';
  const demoMode = !isProduction && parsed.MYEAI_DEMO !== '0';
  const oidc =
    parsed.OIDC_ISSUER && parsed.OIDC_CLIENT_ID
      ? {
          issuer: parsed.OIDC_ISSUER,
          clientId: parsed.OIDC_CLIENT_ID,
          clientSecret: parsed.OIDC_CLIENT_SECRET,
          allowInsecureHttp: !isProduction && parsed.OIDC_ISSUER.startsWith('http://'),
        }
      : undefined;
  return {
    port: parsed.PORT,
    host: parsed.HOST,
    dataDir: resolve(parsed.DATA_DIR),
    databaseUrl: parsed.DATABASE_URL,
    config: {
      isProduction,
      demoMode,
      publicUrl: parsed.PUBLIC_URL,
      sessionTtlDays: parsed.SESSION_TTL_DAYS,
      oidc,
      webDistDir: resolve(import.meta.dirname, '../../web/dist'),
      uploadsDir: resolve(parsed.UPLOADS_DIR ?? join(parsed.DATA_DIR, 'uploads')),
      logger: parsed.NODE_ENV !== 'test',
      smtpUrl: parsed.SMTP_URL,
      mailFrom: parsed.MAIL_FROM,
      stripe: readStripeSettings(parsed),
      stripeConnect: readStripeConnect(parsed),
      adminEmails: readAdminEmails(parsed.ADMIN_EMAILS),
      ...(parsed.TRUST_PROXY === undefined ? {} : { trustProxy: readTrustProxy(parsed.TRUST_PROXY) }),
      readCaches: parsed.READ_CACHES === 'on',
      ai: readAiSettings(parsed),
      requireAdminTwoFactor: parsed.REQUIRE_ADMIN_2FA === undefined ? !demoMode : parsed.REQUIRE_ADMIN_2FA === 'on',
      twoFactorEncryptionKey: parsed.TWO_FACTOR_ENCRYPTION_KEY,
      payoutDetailsKey: parsed.PAYOUT_DETAILS_KEY,
      payoutDetailsKeyPrevious: parsed.PAYOUT_DETAILS_KEY_PREVIOUS,
      geoipDatabase: parsed.GEOIP_DATABASE,
      marketData: readMarketData(parsed),
      seller: { name: parsed.SELLER_NAME, details: (parsed.SELLER_DETAILS ?? '').split('|').map((line) => line.trim()).filter(Boolean) },
    },
  };
}
