// Builds the loader: dist/partera-loader.js, the script tag's IIFE (global `Partera`, auto-mount),
// and dist/index.js, the side-effect-free ESM entry for bundlers (penpal left as a dependency).
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const at = (path) => fileURLToPath(new URL(`../${path}`, import.meta.url));
export const SCRIPT_FILE = at('dist/partera-loader.js');

export const buildLoader = () =>
  Promise.all([
    build({
      entryPoints: [at('src/global.ts')],
      outfile: SCRIPT_FILE,
      bundle: true,
      format: 'iife',
      globalName: 'Partera',
      minify: true,
      target: 'es2018',
      logLevel: 'warning',
    }),
    build({
      entryPoints: [at('src/index.ts')],
      outfile: at('dist/index.js'),
      bundle: true,
      format: 'esm',
      packages: 'external',
      target: 'es2018',
      logLevel: 'warning',
    }),
  ]);

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildLoader();
