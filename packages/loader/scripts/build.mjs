// Builds the loader: dist/partera-loader.js, the script tag's IIFE (global `Partera`, auto-mount),
// dist/partera-loader-channel.js, the message channel it loads from the site after the handshake,
// and dist/index.js, the side-effect-free ESM entry for bundlers (penpal left as a dependency).
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const at = (path) => fileURLToPath(new URL(`../${path}`, import.meta.url));
export const SCRIPT_FILE = at('dist/partera-loader.js');
/** penpal and the connection, loaded by the script from the site once the site shows itself. */
export const CHANNEL_FILE = at('dist/partera-loader-channel.js');

/** In the script build, './channel.js' is the stand-in that imports CHANNEL_FILE on first use. */
const lazyChannel = {
  name: 'lazy-channel',
  setup(build) {
    build.onResolve({ filter: /^\.\/channel\.js$/ }, (args) =>
      args.importer.endsWith('mount.ts') ? { path: at('src/channel-lazy.ts') } : undefined,
    );
  },
};

export const buildLoader = () =>
  Promise.all([
    build({
      entryPoints: [at('src/global.ts')],
      outfile: SCRIPT_FILE,
      bundle: true,
      format: 'iife',
      globalName: 'Partera',
      minify: true,
      target: 'es2020',
      logLevel: 'warning',
      plugins: [lazyChannel],
    }),
    build({
      entryPoints: [at('src/channel.ts')],
      outfile: CHANNEL_FILE,
      bundle: true,
      format: 'esm',
      minify: true,
      target: 'es2020',
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
