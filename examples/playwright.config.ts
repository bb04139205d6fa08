import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from '../packages/site/e2e/chromium.js';

/**
 * The examples' browser tests: one ticket site and each example's partner page, on two origins
 * (the site on 127.0.0.1, the partner pages on localhost: different sites, so the frame is
 * third-party and its cookies are blocked by the browser). Debian's Chromium; nothing downloaded.
 *
 *   pnpm exec playwright test -c examples/playwright.config.ts
 */
export const SITE_PORT = Number(process.env.EXAMPLES_SITE_PORT ?? 3211);
export const SITE_URL = `http://127.0.0.1:${SITE_PORT}`;
/** The demo partners' registered origins (packages/server/src/seed/extras.ts). */
export const SCRIPT_TAG_URL = 'http://localhost:4000';
export const TELECOM_URL = 'http://localhost:4100';
export const REACT_HOST_URL = 'http://localhost:4200';
/** Registered nowhere: the foreign page of the refusal tests and the spoofing third origin. */
export const FOREIGN_URL = 'http://localhost:4300';
/** Registered nowhere either: the React host's app served from a foreign origin, and its spoofing third origin. */
export const FOREIGN_REACT_HOST_URL = 'http://localhost:4301';

const dataDir = path.join(os.tmpdir(), `partera-examples-${process.pid}`);
const root = path.resolve(import.meta.dirname, '..');

/** A static partner server of an example: `node <example>/server.mjs` with the site's address. */
const partnerServer = (example: string, url: string) => ({
  command: `node examples/${example}/server.mjs`,
  cwd: root,
  url: `${url}/`,
  timeout: 60_000,
  reuseExistingServer: false,
  stdout: 'pipe' as const,
  env: { PORT: new URL(url).port, SITE_URL },
});

export default defineConfig({
  testDir: '.',
  testMatch: '*/e2e/*.spec.ts',
  timeout: 90_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    locale: 'ru-RU',
    timezoneId: 'Europe/Moscow',
    launchOptions: chromiumLaunchOptions,
    trace: 'retain-on-failure',
  },
  projects: [
    { name: 'desktop', use: { viewport: { width: 1280, height: 900 } } },
    // The mobile breakpoint (575 px): the telecom frame's checkout once more (issue 12's proof:
    // the cashback's accumulate and spend choices and the culture-card purchase).
    {
      name: 'mobile-575',
      use: { viewport: { width: 575, height: 900 } },
      testMatch: 'telecom-partner/e2e/checkout-telecom.spec.ts',
    },
  ],
  webServer: [
    {
      command: 'node --conditions=source --import tsx packages/site/src/main.ts',
      cwd: root,
      url: `${SITE_URL}/`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      env: {
        PORT: String(SITE_PORT),
        HOST: '127.0.0.1',
        PUBLIC_URL: SITE_URL,
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        SEED: 'small',
        CLOCK_CONTROL: '1',
        SECRET: 'examples-secret',
      },
    },
    partnerServer('partner-script-tag', SCRIPT_TAG_URL),
    // The same partner page on an origin nobody registered: the refusal and spoofing tests.
    partnerServer('partner-script-tag', FOREIGN_URL),
    partnerServer('telecom-partner', TELECOM_URL),
    partnerServer('react-host', REACT_HOST_URL),
    // The same React app on an origin nobody registered: no widget session, and the spoofing frame.
    partnerServer('react-host', FOREIGN_REACT_HOST_URL),
  ],
});
