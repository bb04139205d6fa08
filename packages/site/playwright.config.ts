import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './e2e/chromium.js';

const PORT = Number(process.env.E2E_PORT ?? 3210);
const dataDir = path.join(os.tmpdir(), `partera-e2e-${process.pid}`);

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
    { name: 'mobile-575', use: { viewport: { width: 575, height: 900 } }, grep: /pays as a guest|account:/ },
  ],
  webServer: {
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
      SEED: 'small',
      CLOCK_CONTROL: '1',
      SECRET: 'e2e-secret',
    },
  },
});
