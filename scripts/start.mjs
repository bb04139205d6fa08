// `npm start`: install, build, migrate, seed the demo catalogue into the embedded database and
// start the site on http://localhost:3000. A second run reuses the data folder (.data/).
import { install, pnpm, run, step } from './lib.mjs';

install();
step('Building the site');
pnpm(['run', 'build']);
step('Starting (migrations and demo data run on first start)');
run('node', ['--conditions=source', '--import', 'tsx', 'packages/site/src/main.ts']);
