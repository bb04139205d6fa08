import { availableParallelism } from 'node:os';
import path from 'node:path';
import { normalizeLangPrefix } from './http/lang-prefix.js';

export interface ServerConfig {
  /** PostgreSQL URL; when absent the embedded PGlite database in dataDir is used. */
  databaseUrl: string | undefined;
  dataDir: string;
  port: number;
  host: string;
  /** Public origin of the site, used in payment return URLs and e-mails. */
  publicUrl: string;
  /**
   * The language prefix (LANG_PREFIX, e.g. 'en'; spec 2.1: when it is configured, paths become
   * /{langPrefix}/{path}). '' (the default) serves the site at the root (decision 0054).
   */
  langPrefix: string;
  holdMinutes: number;
  production: boolean;
  /** Development helpers (outbox page, clock control). Never on in production. */
  devTools: boolean;
  /** Test-only switch that removes the hold guard, to prove the concurrency test catches double holds. */
  unsafeDisableHoldGuard: boolean;
  supportPhone: string;
  supportEmail: string;
  /**
   * The server secret: signs session ids, CSRF tokens and the sandbox bank's callbacks, and is
   * the key material for partner secrets at rest. Production refuses to start without a real one.
   */
  csrfSecret: string;
  /**
   * Proxies whose X-Forwarded-* headers are believed (TRUST_PROXY: addresses or CIDR ranges,
   * comma-separated). Off by default: a header anyone can send must not pick the client address,
   * the scheme or the host of a request.
   */
  trustProxy: string[];
  /**
   * Load the demo catalogue on an empty database: 'full', 'small' or 'two-cities' (seed/demo.ts
   * SeedScale), or 'none'. Development default 'full'; production loads it only when the
   * operator sets DEMO_DATA (or SEED).
   */
  demoData: 'full' | 'small' | 'two-cities' | 'none';
  /**
   * Redis for the rate-limit counters (REDIS_URL), shared by every server process. Without it
   * each process counts in its own memory (right for one process).
   */
  redisUrl: string | undefined;
  /**
   * Seats one client address may hold in one performance, over all its sessions:
   * max(basket limit, min(`max`, `percent` % of the performance's places)). HOLDS_PER_CLIENT
   * (default 40) and HOLDS_PER_CLIENT_PERCENT (default 10); raise them for an audience that
   * mostly shares a few addresses (one office proxy, one carrier NAT).
   */
  clientHoldCap: { max: number; percent: number };
  /**
   * PostgreSQL's lock_timeout and statement_timeout (DB_LOCK_TIMEOUT_MS, DB_STATEMENT_TIMEOUT_MS):
   * a request never hangs on a lock; it is told to try again.
   */
  dbTimeouts: DatabaseTimeouts;
  /**
   * Server processes behind the one port (WORKERS): by default one per core with PostgreSQL, and
   * one with the embedded database, which only one process can open.
   */
  workers: number;
  /**
   * The admission gate (admission/): buyers admitted per second per performance once a burst is
   * spent (ADMISSION_RATE, default 200; 0 turns the gate off) and the burst (ADMISSION_BURST,
   * default 50: what the holds drain within the admitted buyers' p99 budget, decision 0018).
   * Queues live in Redis with REDIS_URL, in memory otherwise.
   */
  admission: { rate: number; burst: number };
  /**
   * E-mail through an SMTP server (SMTP_URL: smtp:// or smtps://, with the credentials in it) from
   * the address MAIL_FROM (required in production; elsewhere SUPPORT_EMAIL). Unset: no e-mail
   * gateway; production keeps e-mails waiting in the outbox, development marks them sent and
   * shows them on /dev/outbox/.
   */
  mail: MailSettings | undefined;
  /**
   * SMS through SMS.ru (SMS_RU_API_ID, the account's API key; SMS_RU_FROM, an approved sender
   * name, else the account's default; SMS_RU_URL, the API's address, default https://sms.ru, set
   * only to point tests at a simulator). Unset: no SMS gateway, as for e-mail.
   */
  sms: SmsSettings | undefined;
  /**
   * The site's cap on SMS confirmation codes per hour, all numbers together (SMS_HOURLY_BUDGET,
   * default 2000) and for numbers outside Russia (SMS_HOURLY_BUDGET_ABROAD, default 200): the
   * bound on what SMS pumping can cost. Size them to the busiest hour of a sale that asks for a
   * confirmed phone.
   */
  smsBudget: { perHour: number; perHourAbroad: number };
  /**
   * Sign-in with an outside account (decision 0022). A provider is on only when both of its
   * variables are set: VK ID (OAUTH_VK_CLIENT_ID, OAUTH_VK_CLIENT_SECRET: the application's ID and
   * its protected key) and Yandex ID (OAUTH_YANDEX_CLIENT_ID, OAUTH_YANDEX_CLIENT_SECRET). Each
   * application must allow the redirect address `${PUBLIC_URL}/login/oauth/{vk|yandex}/callback`.
   * `test` is any OpenID Connect provider found by discovery at OAUTH_TEST_ISSUER (with
   * OAUTH_TEST_CLIENT_ID and OAUTH_TEST_CLIENT_SECRET): the tests' local provider, refused in
   * production.
   */
  oauth: OAuthSettings;
  /** The acquirers and the 54-ФЗ receipt data they are sent (paymentsOf below, decision 0030). */
  payments: PaymentSettings;
}

/** One outside provider's registered application. */
export interface OAuthClientSettings {
  clientId: string;
  clientSecret: string;
}

/**
 * VK ID and Yandex ID at their real addresses; `standIn` (tests only, never read from the
 * environment) points every endpoint of the provider at one local server that answers as it does.
 */
export type HostedOAuthSettings = OAuthClientSettings & { standIn?: string };

export interface OAuthSettings {
  vk?: HostedOAuthSettings;
  yandex?: HostedOAuthSettings;
  test?: OAuthClientSettings & { issuer: string };
}

export interface MailSettings {
  smtpUrl: string;
  from: string;
}

export interface SmsSettings {
  provider: 'smsru';
  apiId: string;
  from: string | undefined;
  baseUrl: string;
}

/** The providers PAYMENT_PROVIDER may name; the sandbox bank is built in. */
export const PAYMENT_PROVIDERS = ['sandbox', 'yookassa', 'tbank', 'sber'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

/**
 * VAT of a receipt line (54-ФЗ), in the names of T-Bank's API: 'none' is 'без НДС' (tickets to
 * cultural events are commonly exempt), vat110/vat120 the calculated rates 10/110 and 20/120.
 */
export const VAT_CODES = [
  'none',
  'vat0',
  'vat5',
  'vat7',
  'vat10',
  'vat20',
  'vat105',
  'vat107',
  'vat110',
  'vat120',
] as const;
export type VatCode = (typeof VAT_CODES)[number];
/** The shop's taxation system: ОСН, УСН доходы, УСН доходы минус расходы, ЕСХН, патент. */
export const TAX_SYSTEMS = ['osn', 'usn_income', 'usn_income_outcome', 'esn', 'patent'] as const;
export type TaxSystem = (typeof TAX_SYSTEMS)[number];
/** The receipt's settlement method: full prepayment (a ticket for a later event) or full payment. */
export const SETTLEMENT_METHODS = ['full_prepayment', 'full_payment'] as const;
export type SettlementMethod = (typeof SETTLEMENT_METHODS)[number];

/** What the receipts sent with payments and refunds say besides the lines themselves. */
export interface ReceiptSettings {
  /** RECEIPT_VAT: the VAT of a ticket line (default none, 'без НДС'). */
  ticketVat: VatCode;
  /** RECEIPT_GIFT_VAT: the VAT of a gift line (a programme, flowers: goods), default RECEIPT_VAT. */
  giftVat: VatCode;
  /** RECEIPT_TAXATION (default osn). */
  taxation: TaxSystem;
  /** RECEIPT_PAYMENT_METHOD (default full_prepayment). */
  method: SettlementMethod;
}

export interface YooKassaSettings {
  shopId: string;
  secretKey: string;
  /** API v3's address, https://api.yookassa.ru/v3 unless YOOKASSA_API_URL says otherwise. */
  apiUrl: string;
  /** YOOKASSA_NOTIFY_IPS: addresses and ranges notifications may come from; empty: any. */
  notifyIps: string[];
  /**
   * YOOKASSA_CONFIRMATION: where the buyer confirms a card payment: on YooKassa's page
   * ('redirect', the default) or in its checkout widget on the shop's payment page ('embedded').
   */
  confirmation?: 'redirect' | 'embedded';
  /** YOOKASSA_WIDGET_URL: the checkout widget's script (YooKassa's own unless set). */
  widgetUrl?: string;
}

export interface TBankSettings {
  terminalKey: string;
  password: string;
  /** https://securepay.tinkoff.ru/v2 unless TBANK_API_URL says otherwise. */
  apiUrl: string;
}

export interface SberSettings {
  userName: string;
  password: string;
  /** The symmetric key of the callbacks' checksum. */
  callbackKey: string;
  /** https://securepayments.sberbank.ru/payment/rest unless SBER_API_URL says otherwise. */
  apiUrl: string;
  /**
   * SBER_PAGE_URL: the merchant's payment page without mdOrder, for an order whose register.do
   * answer was lost (decision 0045); the standard page under the API's host unless set.
   */
  pageUrl?: string;
  /** SBER_MERCHANT: the merchant login the wallet payments name; the API login without '-api' unless set. */
  merchant?: string;
}

export interface PaymentSettings {
  /** PAYMENT_PROVIDER: who takes new card payments (default sandbox). */
  provider: PaymentProviderName;
  /** The sandbox bank is on: always outside production, in production only with PAYMENT_SANDBOX=1. */
  sandbox: boolean;
  /** Each acquirer whose credentials are set; its callbacks and refunds work even when it is not the default. */
  yookassa: YooKassaSettings | undefined;
  tbank: TBankSettings | undefined;
  sber: SberSettings | undefined;
  /** undefined with PAYMENT_RECEIPTS=0: the acquirers are sent no receipt (the shop fiscalises elsewhere). */
  receipt: ReceiptSettings | undefined;
  /** GOOGLE_PAY_MERCHANT_ID: the shop's id in the browser wallet, for T-Bank's and Sber's wallet payments. */
  googlePayMerchantId?: string;
}

/** YooKassa's checkout widget script (decision 0045). */
export const YOOKASSA_WIDGET_DEFAULT_URL = 'https://yookassa.ru/checkout-widget/v1/checkout-widget.js';

export const ACQUIRER_DEFAULT_URLS = {
  yookassa: 'https://api.yookassa.ru/v3',
  tbank: 'https://securepay.tinkoff.ru/v2',
  sber: 'https://securepayments.sberbank.ru/payment/rest',
} as const;

/** SMS.ru's API address (SMS_RU_URL overrides it for tests). */
export const SMS_RU_DEFAULT_URL = 'https://sms.ru';

/** How long a statement may wait for a lock, and run at all, before PostgreSQL cancels it. */
export interface DatabaseTimeouts {
  lockTimeoutMs: number;
  statementTimeoutMs: number;
}

/**
 * A lock is held for one short transaction (a basket change, an order), so a wait of seconds
 * means something is wrong: the buyer is better told to try again than left waiting. Statements
 * get longer, for the demo seed's bulk inserts.
 */
export const DEFAULT_DB_TIMEOUTS: DatabaseTimeouts = { lockTimeoutMs: 3_000, statementTimeoutMs: 60_000 };

/** The value a development machine uses when SECRET is not set; never accepted in production. */
export const DEVELOPMENT_SECRET = 'development-secret-change-me';
/** A production secret is at least this long (openssl rand -base64 32 gives 44 characters). */
export const MIN_SECRET_LENGTH = 32;

/** A configuration that must not start; the message says what to set. */
export class ConfigError extends Error {}

const DEMO_SCALES = new Set(['full', 'small', 'two-cities', 'none']);

function demoDataOf(env: NodeJS.ProcessEnv, production: boolean): ServerConfig['demoData'] {
  const asked = env.DEMO_DATA ?? env.SEED;
  if (asked === undefined || asked === '') return production ? 'none' : 'full';
  if (asked === '1' || asked === 'true') return 'full';
  if (asked === '0' || asked === 'false') return 'none';
  if (!DEMO_SCALES.has(asked)) throw new ConfigError(`DEMO_DATA must be full, small, two-cities or none, not ${asked}`);
  return asked as ServerConfig['demoData'];
}

function trustProxyOf(text: string | undefined): string[] {
  return (text ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

function secretOf(env: NodeJS.ProcessEnv, production: boolean): string {
  const secret = env.SECRET;
  if (!production) return secret || DEVELOPMENT_SECRET;
  if (!secret || secret === DEVELOPMENT_SECRET || secret.length < MIN_SECRET_LENGTH) {
    throw new ConfigError(
      `Production needs SECRET: a random value of at least ${MIN_SECRET_LENGTH} characters ` +
        '(for example the output of `openssl rand -base64 32`). It signs sessions and payment callbacks.',
    );
  }
  return secret;
}

function positiveNumber(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const text = env[name];
  if (text === undefined || text === '') return fallback;
  const n = Number(text);
  if (!Number.isFinite(n) || n <= 0) throw new ConfigError(`${name} must be a positive number, not ${text}`);
  return n;
}

function workersOf(env: NodeJS.ProcessEnv, databaseUrl: string | undefined): number {
  const text = env.WORKERS;
  if (text === undefined || text === '') return databaseUrl ? availableParallelism() : 1;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1) throw new ConfigError(`WORKERS must be a whole number from 1, not ${text}`);
  if (n > 1 && !databaseUrl) {
    throw new ConfigError('WORKERS above 1 needs DATABASE_URL: the embedded database serves one process');
  }
  return n;
}

function mailOf(env: NodeJS.ProcessEnv, production: boolean): MailSettings | undefined {
  const smtpUrl = env.SMTP_URL || undefined;
  if (!smtpUrl) return undefined;
  // The value carries a password: no message here repeats it.
  let protocol: string;
  try {
    protocol = new URL(smtpUrl).protocol;
  } catch {
    throw new ConfigError('SMTP_URL is not a URL: write smtp://user:password@host:587 or smtps://…@host:465');
  }
  if (protocol !== 'smtp:' && protocol !== 'smtps:') {
    throw new ConfigError('SMTP_URL must start with smtp:// or smtps://');
  }
  const from = env.MAIL_FROM || undefined;
  if (!from && production) {
    throw new ConfigError(
      'MAIL_FROM is required with SMTP_URL in production: the sender of the e-mails, for example "Партера <tickets@example.ru>"',
    );
  }
  return { smtpUrl, from: from ?? env.SUPPORT_EMAIL ?? 'support@partera.example' };
}

function smsOf(env: NodeJS.ProcessEnv): SmsSettings | undefined {
  const apiId = env.SMS_RU_API_ID?.trim() || undefined;
  if (!apiId) return undefined;
  const baseUrl = (env.SMS_RU_URL || SMS_RU_DEFAULT_URL).replace(/\/+$/, '');
  let protocol: string | undefined;
  try {
    protocol = new URL(baseUrl).protocol;
  } catch {}
  if (protocol !== 'https:' && protocol !== 'http:') {
    throw new ConfigError(`SMS_RU_URL must be an http(s) address, not ${baseUrl}`);
  }
  return { provider: 'smsru', apiId, from: env.SMS_RU_FROM?.trim() || undefined, baseUrl };
}

function oauthClientOf(env: NodeJS.ProcessEnv, prefix: string): OAuthClientSettings | undefined {
  const clientId = env[`${prefix}_CLIENT_ID`]?.trim() || undefined;
  const clientSecret = env[`${prefix}_CLIENT_SECRET`]?.trim() || undefined;
  if (!clientId && !clientSecret) return undefined;
  if (!clientId || !clientSecret) {
    throw new ConfigError(`${prefix}_CLIENT_ID and ${prefix}_CLIENT_SECRET go together: set both or neither`);
  }
  return { clientId, clientSecret };
}

function oauthOf(env: NodeJS.ProcessEnv, production: boolean): OAuthSettings {
  const settings: OAuthSettings = {};
  const vk = oauthClientOf(env, 'OAUTH_VK');
  if (vk) settings.vk = vk;
  const yandex = oauthClientOf(env, 'OAUTH_YANDEX');
  if (yandex) settings.yandex = yandex;
  const issuer = env.OAUTH_TEST_ISSUER?.trim() || undefined;
  if (issuer) {
    if (production) throw new ConfigError('OAUTH_TEST_ISSUER is for tests and development only, never in production');
    const test = oauthClientOf(env, 'OAUTH_TEST');
    if (!test) throw new ConfigError('OAUTH_TEST_ISSUER needs OAUTH_TEST_CLIENT_ID and OAUTH_TEST_CLIENT_SECRET');
    settings.test = { ...test, issuer };
  }
  return settings;
}

function oneOf<T extends string>(env: NodeJS.ProcessEnv, name: string, values: readonly T[], fallback: T): T {
  const text = env[name]?.trim() || undefined;
  if (text === undefined) return fallback;
  if (!(values as readonly string[]).includes(text)) {
    throw new ConfigError(`${name} must be one of ${values.join(', ')}, not ${text}`);
  }
  return text as T;
}

/**
 * An acquirer's variables: all of them or none (its API address is optional). A half
 * configuration refuses to start rather than fail at the first buyer's payment. Messages name
 * the variables, never their values: these are credentials.
 */
function credentialsOf<K extends string>(
  env: NodeJS.ProcessEnv,
  names: Record<K, string>,
): Record<K, string> | undefined {
  const entries = Object.entries(names) as Array<[K, string]>;
  const values = entries.map(([key, name]) => [key, env[name]?.trim() || undefined] as const);
  if (values.every(([, v]) => v === undefined)) return undefined;
  const missing = entries.filter((_, i) => values[i]![1] === undefined).map(([, name]) => name);
  if (missing.length > 0) {
    throw new ConfigError(`${entries.map(([, n]) => n).join(', ')} go together: ${missing.join(', ')} not set`);
  }
  return Object.fromEntries(values) as Record<K, string>;
}

function apiUrlOf(env: NodeJS.ProcessEnv, name: string, fallback: string, production: boolean): string {
  const url = (env[name]?.trim() || fallback).replace(/\/+$/, '');
  let protocol: string | undefined;
  try {
    protocol = new URL(url).protocol;
  } catch {}
  // Credentials travel in these requests: plain HTTP only for a simulator on a test machine.
  if (protocol !== 'https:' && (production || protocol !== 'http:')) {
    throw new ConfigError(`${name} must be an https address${production ? '' : ' (http only outside production)'}`);
  }
  return url;
}

function paymentsOf(env: NodeJS.ProcessEnv, production: boolean): PaymentSettings {
  const provider = oneOf(env, 'PAYMENT_PROVIDER', PAYMENT_PROVIDERS, 'sandbox');
  const yk = credentialsOf(env, { shopId: 'YOOKASSA_SHOP_ID', secretKey: 'YOOKASSA_SECRET_KEY' });
  const tb = credentialsOf(env, { terminalKey: 'TBANK_TERMINAL_KEY', password: 'TBANK_PASSWORD' });
  const sb = credentialsOf(env, {
    userName: 'SBER_USERNAME',
    password: 'SBER_PASSWORD',
    callbackKey: 'SBER_CALLBACK_KEY',
  });
  const settings: PaymentSettings = {
    provider,
    sandbox: !production || env.PAYMENT_SANDBOX === '1',
    yookassa: yk && {
      ...yk,
      apiUrl: apiUrlOf(env, 'YOOKASSA_API_URL', ACQUIRER_DEFAULT_URLS.yookassa, production),
      notifyIps: trustProxyOf(env.YOOKASSA_NOTIFY_IPS),
      confirmation: oneOf(env, 'YOOKASSA_CONFIRMATION', ['redirect', 'embedded'] as const, 'redirect'),
      widgetUrl: apiUrlOf(env, 'YOOKASSA_WIDGET_URL', YOOKASSA_WIDGET_DEFAULT_URL, production),
    },
    tbank: tb && { ...tb, apiUrl: apiUrlOf(env, 'TBANK_API_URL', ACQUIRER_DEFAULT_URLS.tbank, production) },
    sber: sb && {
      ...sb,
      apiUrl: apiUrlOf(env, 'SBER_API_URL', ACQUIRER_DEFAULT_URLS.sber, production),
      ...(env.SBER_PAGE_URL ? { pageUrl: apiUrlOf(env, 'SBER_PAGE_URL', '', production) } : {}),
      ...(env.SBER_MERCHANT ? { merchant: env.SBER_MERCHANT } : {}),
    },
    receipt: undefined,
    ...(env.GOOGLE_PAY_MERCHANT_ID?.trim() ? { googlePayMerchantId: env.GOOGLE_PAY_MERCHANT_ID.trim() } : {}),
  };
  if (provider !== 'sandbox' && !settings[provider]) {
    const names = {
      yookassa: 'YOOKASSA_SHOP_ID and YOOKASSA_SECRET_KEY',
      tbank: 'TBANK_TERMINAL_KEY and TBANK_PASSWORD',
      sber: 'SBER_USERNAME, SBER_PASSWORD and SBER_CALLBACK_KEY',
    };
    throw new ConfigError(`PAYMENT_PROVIDER=${provider} needs ${names[provider]}`);
  }
  if (env.PAYMENT_RECEIPTS !== '0') {
    const ticketVat = oneOf(env, 'RECEIPT_VAT', VAT_CODES, 'none');
    settings.receipt = {
      ticketVat,
      giftVat: oneOf(env, 'RECEIPT_GIFT_VAT', VAT_CODES, ticketVat),
      taxation: oneOf(env, 'RECEIPT_TAXATION', TAX_SYSTEMS, 'osn'),
      method: oneOf(env, 'RECEIPT_PAYMENT_METHOD', SETTLEMENT_METHODS, 'full_prepayment'),
    };
  }
  return settings;
}

/** Reads the environment; throws ConfigError for a production setting that would be unsafe. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = Number(env.PORT ?? 3000);
  const production = env.NODE_ENV === 'production';
  const databaseUrl = env.DATABASE_URL || undefined;
  return {
    databaseUrl,
    dataDir: path.resolve(env.DATA_DIR ?? path.join(process.cwd(), '.data', 'pglite')),
    port,
    host: env.HOST ?? '0.0.0.0',
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${port}`,
    langPrefix: normalizeLangPrefix(env.LANG_PREFIX),
    holdMinutes: Number(env.HOLD_MINUTES ?? 15),
    production,
    devTools: !production || env.DEV_TOOLS === '1',
    unsafeDisableHoldGuard: env.UNSAFE_DISABLE_HOLD_GUARD === '1' && !production,
    supportPhone: env.SUPPORT_PHONE ?? '+7 495 123-45-67',
    supportEmail: env.SUPPORT_EMAIL ?? 'support@partera.example',
    csrfSecret: secretOf(env, production),
    trustProxy: trustProxyOf(env.TRUST_PROXY),
    demoData: demoDataOf(env, production),
    redisUrl: env.REDIS_URL || undefined,
    clientHoldCap: {
      max: positiveNumber(env, 'HOLDS_PER_CLIENT', 40),
      percent: positiveNumber(env, 'HOLDS_PER_CLIENT_PERCENT', 10),
    },
    dbTimeouts: {
      lockTimeoutMs: positiveNumber(env, 'DB_LOCK_TIMEOUT_MS', DEFAULT_DB_TIMEOUTS.lockTimeoutMs),
      statementTimeoutMs: positiveNumber(env, 'DB_STATEMENT_TIMEOUT_MS', DEFAULT_DB_TIMEOUTS.statementTimeoutMs),
    },
    workers: workersOf(env, databaseUrl),
    admission: {
      rate: env.ADMISSION_RATE === '0' ? 0 : positiveNumber(env, 'ADMISSION_RATE', 200),
      burst: positiveNumber(env, 'ADMISSION_BURST', 50),
    },
    mail: mailOf(env, production),
    sms: smsOf(env),
    smsBudget: {
      perHour: positiveNumber(env, 'SMS_HOURLY_BUDGET', 2000),
      perHourAbroad: positiveNumber(env, 'SMS_HOURLY_BUDGET_ABROAD', 200),
    },
    oauth: oauthOf(env, production),
    payments: paymentsOf(env, production),
  };
}
