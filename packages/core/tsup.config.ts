/**
 * Two builds of the widgets from one source (`npm run build` in this package):
 *
 * - dist/esm: ES modules for bundlers and React hosts. react and react-dom are the host's (peer
 *   dependencies) and the npm dependencies stay imports; the workspace's contract package, which
 *   has no build of its own, is compiled in. Types come from tsc (see package.json).
 * - dist/script: the script-tag bundle, loaded with `<script type="module">`. react is
 *   preact/compat (preact's own hooks and JSX where compat adds nothing: decision 0044),
 *   everything is bundled and minified, and the parts loaded on demand (each widget, the seat
 *   map's tools, the payment parts) are files of their own next to the entry.
 */
import { renameSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Options } from 'tsup';
import pkg from './package.json' with { type: 'json' };
import { preactWithoutCompat, pureContract } from './scripts/bundle-plugins.js';
import { preactAliases } from './scripts/preact-aliases.js';

const here = path.dirname(fileURLToPath(import.meta.url));

type Plugin = NonNullable<Options['esbuildPlugins']>[number];

/**
 * The contract's `import { z } from 'zod'` gets packages/contract/bundling/zod-slim.ts, a small
 * validator of our own with the part of zod's API the contract uses. Decision 0028.
 */
const slimZod: Plugin = {
  name: 'slim-zod',
  setup(build) {
    build.onResolve({ filter: /^zod$/ }, () => ({ path: path.join(here, '../contract/bundling/zod-slim.ts') }));
  },
};

/** Which file of the script-tag bundle imports which; scripts/size.mjs reads it. */
const SCRIPT_META = 'dist/script.meta.json';

const common: Options = {
  format: 'esm',
  platform: 'browser',
  target: 'es2020',
  splitting: true,
  clean: true,
  esbuildPlugins: [slimZod],
};

/** The workspace packages are read from their TypeScript sources (package.json "source"). */
const fromSource: Options['esbuildOptions'] = (options) => {
  options.conditions = ['source'];
};

export default defineConfig([
  {
    ...common,
    entry: { index: 'src/index.ts' },
    outDir: 'dist/esm',
    external: [...Object.keys(pkg.dependencies).filter((name) => name !== '@partera/contract'), 'react', 'react-dom'],
    noExternal: ['@partera/contract', /^zod/, 'dayjs'],
    esbuildOptions: fromSource,
  },
  {
    ...common,
    entry: { 'partera-widgets': 'src/script.ts' },
    outDir: 'dist/script',
    minify: true,
    // Kept out of the folder a host serves.
    metafile: true,
    async onSuccess() {
      renameSync(path.join(here, 'dist/script/metafile-esm.json'), path.join(here, SCRIPT_META));
    },
    noExternal: [/.*/],
    // Decision 0044: the contract's unused constants dropped, and preact without compat where it adds nothing.
    esbuildPlugins: [slimZod, pureContract, preactWithoutCompat],
    esbuildOptions(options, context) {
      fromSource?.(options, context);
      options.alias = preactAliases;
      options.legalComments = 'none';
      // Russian text as UTF-8 (two bytes a letter) rather than \u escapes (six): module scripts are
      // always read as UTF-8.
      options.charset = 'utf8';
    },
    define: {
      'process.env.NODE_ENV': '"production"',
      'import.meta.env': '{"MODE":"production"}',
    },
  },
]);
