/**
 * How every Playwright run of the repository starts Chromium: Debian's package, never a
 * downloaded browser, with nothing that reaches out to the network on its own.
 * Used by packages/site/playwright.config.ts and examples/playwright.config.ts.
 */
export const chromiumLaunchOptions = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
    '--disable-sync',
    '--disable-quic',
  ],
};
