// `npm test`: install, then every check and test: lint, types, the generated API doc, unit and
// server integration tests (PGlite, and PostgreSQL too when DATABASE_URL is set), then the
// browser tests in Debian's Chromium.
import { ensureChromium, install, pnpm, step } from './lib.mjs';
import { installInputs, packageBuilds, stamp } from './stamps.mjs';

const started = Date.now();
const deps = installInputs();
install();
stamp('install', deps);
ensureChromium();
step('Lint and format (Biome)');
pnpm(['exec', 'biome', 'check', '.']);
step('Type check');
pnpm(['run', 'typecheck']);
step('API doc is up to date');
pnpm(['run', 'docs:api:check']);
step('Build');
const builds = packageBuilds();
pnpm(['run', 'build']);
// A later `npm start` on the same sources needs no build of its own.
for (const p of builds) stamp(p.stampName, p.inputs);
step('Bundle size budgets');
pnpm(['--filter', '@partera/loader', 'run', 'size']);
pnpm(['--filter', '@partera/core', 'run', 'size']);
step(`Unit and integration tests${process.env.DATABASE_URL ? ' (PGlite and PostgreSQL)' : ' (PGlite)'}`);
pnpm(['exec', 'vitest', 'run']);
step('Browser tests (Playwright, Chromium)');
pnpm(['--filter', '@partera/site', 'exec', 'playwright', 'test']);
step('Embedding examples across two origins (Playwright, Chromium)');
pnpm(['exec', 'playwright', 'test', '-c', 'examples/playwright.config.ts']);
console.log(`\nAll checks passed in ${Math.round((Date.now() - started) / 1000)} s`);
