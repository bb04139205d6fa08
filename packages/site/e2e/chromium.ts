/**
 * How every Playwright run of the repository starts Chromium: Debian's package, never a
 * downloaded browser, with nothing that reaches out to the network on its own.
 * Used by packages/site/playwright.config.ts and examples/playwright.config.ts.
 *
 * The tests run headless in Debian's `chromium-headless-shell` (the same Blink as `chromium`,
 * without the browser's own windows): the full browser's headless mode draws its top chrome
 * in a renderer of its own for every new page, and took 702 s of CPU-bound test time where the
 * shell takes 431 (decision 0057). A headed run (`--headed`, `--debug`) needs the full browser:
 * E2E_CHROMIUM=/usr/bin/chromium.
 */
export const chromiumLaunchOptions = {
  executablePath: process.env.E2E_CHROMIUM ?? '/usr/bin/chromium-headless-shell',
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
