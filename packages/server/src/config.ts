import path from 'node:path';

export interface ServerConfig {
  /** PostgreSQL URL; when absent the embedded PGlite database in dataDir is used. */
  databaseUrl: string | undefined;
  dataDir: string;
  port: number;
  host: string;
  /** Public origin of the site, used in payment return URLs and e-mails. */
  publicUrl: string;
  holdMinutes: number;
  production: boolean;
  /** Development helpers (outbox page, clock control). Never on in production. */
  devTools: boolean;
  /** Test-only switch that removes the hold guard, to prove the concurrency test catches double holds. */
  unsafeDisableHoldGuard: boolean;
  supportPhone: string;
  supportEmail: string;
  /** Signs CSRF tokens and provider callbacks. Set SECRET in production. */
  csrfSecret: string;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = Number(env.PORT ?? 3000);
  const production = env.NODE_ENV === 'production';
  return {
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: path.resolve(env.DATA_DIR ?? path.join(process.cwd(), '.data', 'pglite')),
    port,
    host: env.HOST ?? '0.0.0.0',
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${port}`,
    holdMinutes: Number(env.HOLD_MINUTES ?? 15),
    production,
    devTools: !production || env.DEV_TOOLS === '1',
    unsafeDisableHoldGuard: env.UNSAFE_DISABLE_HOLD_GUARD === '1' && !production,
    supportPhone: env.SUPPORT_PHONE ?? '+7 495 123-45-67',
    supportEmail: env.SUPPORT_EMAIL ?? 'support@partera.example',
    csrfSecret: env.SECRET ?? 'development-secret-change-me',
  };
}
