import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './e2e/chromium.js';

const PORT = Number(process.env.E2E_PORT ?? 3210);
const dataDir = path.join(os.tmpdir(), `partera-e2e-${process.pid}`);
/** The local OpenID provider of the outside sign-in test (e2e/local-oidc.ts), next to the site's port. */
const OIDC_PORT = PORT + 1;
export const OIDC_ISSUER = `http://127.0.0.1:${OIDC_PORT}`;
/**
 * A second site with the language prefix (LANG_PREFIX, decision 0054) and the older header search
 * (SEARCH_SUGGESTIONS=list): e2e/lang-prefix.spec.ts browses it. Its own port and data folder.
 */
export const PREFIX_PORT = PORT + 2;
export const LANG_PREFIX = 'en';

/** Browser tests drive Debian's Chromium; browsers are never downloaded. */
export default defineConfig({
  testDir: 'e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    locale: 'ru-RU',
    timezoneId: 'Europe/Moscow',
    launchOptions: chromiumLaunchOptions,
    trace: 'retain-on-failure',
  },
  projects: [
    { name: 'desktop', use: { viewport: { width: 1280, height: 900 } } },
    // The mobile breakpoint (575 px): the whole guest purchase once more.
    {
      name: 'mobile-575',
      use: { viewport: { width: 575, height: 900 } },
      grep: /pays as a guest|account:|hall:|search:|home:|show:|lists:|maps:|region:|checkout:/,
    },
  ],
  webServer: [
    {
      command: 'node --conditions=source --import tsx src/main.ts',
      url: `http://localhost:${PORT}/`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      env: {
        PORT: String(PORT),
        PUBLIC_URL: `http://localhost:${PORT}`,
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        // The small catalogue in both cities: the city choice's test (e2e/cities.spec.ts) needs the second.
        SEED: 'two-cities',
        CLOCK_CONTROL: '1',
        SECRET: 'e2e-secret',
        // The region question's test (e2e/region.spec.ts) comes 'from' a Petersburg address through this proxy.
        TRUST_PROXY: '127.0.0.1,::1',
        SUPPORT_BOT_URL: 'https://t.me/partera_example_bot',
        OAUTH_TEST_ISSUER: OIDC_ISSUER,
        OAUTH_TEST_CLIENT_ID: 'partera-test',
        OAUTH_TEST_CLIENT_SECRET: 'a local secret of the test provider, long enough',
      },
    },
    {
      command: 'node --conditions=source --import tsx src/main.ts',
      url: `http://localhost:${PREFIX_PORT}/${LANG_PREFIX}/`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      env: {
        PORT: String(PREFIX_PORT),
        PUBLIC_URL: `http://localhost:${PREFIX_PORT}`,
        DATA_DIR: `${dataDir}-prefix`,
        DATABASE_URL: '',
        SEED: 'two-cities',
        SECRET: 'e2e-secret',
        LANG_PREFIX,
        SEARCH_SUGGESTIONS: 'list',
      },
    },
    {
      command: 'node --conditions=source --import tsx e2e/local-oidc.ts',
      url: `${OIDC_ISSUER}/.well-known/openid-configuration`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      env: { OIDC_PORT: String(OIDC_PORT), OIDC_REDIRECT_URI: `http://localhost:${PORT}/login/oauth/test/callback` },
    },
  ],
});
