// Shared by start.mjs and test.mjs: plain Node, no dependencies, so a fresh machine with only
// Node.js can run them before anything is installed.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PNPM = 'pnpm@10.34.8';

export function step(title) {
  console.log(`\n\u25b6 ${title}`);
}

export function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...opts.env } });
  if (r.status !== 0 && !opts.allowFailure) {
    console.error(`\n\u2716 ${cmd} ${args.join(' ')} failed (exit ${r.status ?? r.signal})`);
    process.exit(r.status ?? 1);
  }
  return r.status ?? 1;
}

/** pnpm through npx, pinned, so nothing has to be installed globally. */
export function pnpm(args, opts) {
  return run('npx', ['--yes', PNPM, ...args], opts);
}

export function install() {
  step('Installing dependencies');
  pnpm(['install', '--frozen-lockfile', '--prefer-offline', '--reporter=append-only']);
}

/**
 * Debian's Chromium: the headless shell the browser tests run in (packages/site/e2e/chromium.ts),
 * and the full browser for the screenshots, the seat-map benchmark and headed debugging.
 */
const CHROMIUM_PACKAGES = {
  chromium: '/usr/bin/chromium',
  'chromium-headless-shell': '/usr/bin/chromium-headless-shell',
};

export function ensureChromium() {
  const missing = Object.entries(CHROMIUM_PACKAGES).filter(([, bin]) => !existsSync(bin));
  if (missing.length === 0) return;
  step(`Installing ${missing.map(([name]) => name).join(' and ')} from Debian packages (browser tests)`);
  const sudo = process.getuid && process.getuid() !== 0 ? ['sudo'] : [];
  const apt = (args) => (sudo.length ? run('sudo', ['apt-get', ...args]) : run('apt-get', args));
  apt(['update', '-q']);
  apt(['install', '-y', '-q', '--no-install-recommends', ...missing.map(([name]) => name)]);
}
