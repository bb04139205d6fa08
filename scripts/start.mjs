// `npm start`: install, build, migrate, seed the demo catalogue into the embedded database and
// start the site on http://localhost:3000. A second run reuses the data folder (.data/) and skips
// the install and the build when nothing they depend on changed (stamps.mjs).
import { install, pnpm, run, step } from './lib.mjs';
import { buildInputs, buildOutputsPresent, installInputs, isFresh, stamp } from './stamps.mjs';

const deps = installInputs();
if (isFresh('install', deps)) {
  step('Dependencies are installed (unchanged since the last install)');
} else {
  install();
  stamp('install', deps);
}
const sources = buildInputs();
if (isFresh('build', sources) && buildOutputsPresent()) {
  step('The site is built (no source changed since the last build)');
} else {
  step('Building the site');
  pnpm(['run', 'build']);
  stamp('build', sources);
}
step('Starting (migrations and demo data run on first start)');
run('node', ['--conditions=source', '--import', 'tsx', 'packages/site/src/main.ts']);
