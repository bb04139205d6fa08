// `npm start`: install, build, migrate, seed the demo catalogue into the embedded database and
// start the site on http://localhost:3000. A second run reuses the data folder (.data/), skips
// the install when no manifest changed and builds only the packages whose sources changed
// (stamps.mjs). The site runs as compiled JavaScript (packages/site/dist/main.js).
import { install, pnpm, run, step } from './lib.mjs';
import { installInputs, isFresh, packageBuilds, stamp } from './stamps.mjs';

const deps = installInputs();
if (isFresh('install', deps)) {
  step('Dependencies are installed (unchanged since the last install)');
} else {
  install();
  stamp('install', deps);
}
// Only the packages whose sources (or whose workspace dependencies' sources) changed are built.
const stale = packageBuilds().filter((p) => !p.fresh);
if (stale.length === 0) {
  step('The site is built (no source changed since the last build)');
} else {
  step(`Building ${stale.map((p) => p.name).join(', ')}`);
  pnpm(['-r', ...stale.flatMap((p) => ['--filter', p.name]), 'run', 'build']);
  for (const p of stale) stamp(p.stampName, p.inputs);
}
step('Starting (migrations and demo data run on first start)');
// The compiled JavaScript, no TypeScript compiler at run time.
run('node', ['packages/site/dist/main.js']);
