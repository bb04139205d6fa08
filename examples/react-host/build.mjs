// Bundles the app (src/main.tsx) into dist/ (app.js and its lazily loaded parts) with esbuild. `@partera/core` is resolved as an
// npm package would be: through its package.json exports, without the workspace's `source`
// condition, so the app runs on the published ESM build (packages/core/dist/esm: react is a peer,
// the app's own React). Build core first: `pnpm --filter @partera/core build` (or `pnpm -r build`).
//
//   node examples/react-host/build.mjs [--watch]
import { existsSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import * as esbuild from 'esbuild';

const here = import.meta.dirname;
const require = createRequire(path.join(here, 'package.json'));

// What a bundler finds for `import '@partera/core'` with the default conditions.
let coreEntry;
try {
  coreEntry = require.resolve('@partera/core');
} catch {
  coreEntry = null;
}
if (!coreEntry || !existsSync(coreEntry)) {
  console.error('react-host: @partera/core has no ESM build yet; run `pnpm --filter @partera/core build` first.');
  process.exit(1);
}

const options = {
  entryPoints: { app: path.join(here, 'src/main.tsx') },
  outdir: path.join(here, 'dist'),
  bundle: true,
  format: 'esm',
  // The seat map and the payment frame, which core imports on demand, become files of their own.
  splitting: true,
  chunkNames: '[name]-[hash]',
  platform: 'browser',
  target: 'es2020',
  jsx: 'automatic',
  minify: true,
  sourcemap: true,
  // The default conditions (browser, import, default): no `source`, so core's "default" export.
  conditions: [],
  define: { 'process.env.NODE_ENV': '"production"' },
  logLevel: 'info',
};

if (process.argv.includes('--watch')) {
  const context = await esbuild.context(options);
  await context.watch();
} else {
  rmSync(options.outdir, { recursive: true, force: true });
  const result = await esbuild.build({ ...options, metafile: true });
  const inputs = Object.keys(result.metafile.inputs);
  const fromCore = inputs.filter((file) => file.includes('packages/core/'));
  if (fromCore.some((file) => file.includes('packages/core/src/'))) {
    console.error('react-host: core was bundled from its sources, not from its ESM build');
    process.exit(1);
  }
  console.log(`react-host: core from ${path.relative(process.cwd(), coreEntry)}`);
}
