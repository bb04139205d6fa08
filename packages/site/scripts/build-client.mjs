/**
 * Builds the site's client bundles: one small entry per page kind (src/client/*.ts, *.tsx),
 * shared code split into chunks, and the site stylesheet; content-hashed names so the server
 * can cache them for a year, and a manifest the server reads to write the script tags.
 *
 *   node scripts/build-client.mjs                 production build into dist/public
 *   node scripts/build-client.mjs --dev           unminified, with source maps
 *   node scripts/build-client.mjs --outdir DIR    somewhere else (tests)
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outdirArg = process.argv.indexOf('--outdir');
const outdir = outdirArg > 0 ? path.resolve(process.argv[outdirArg + 1]) : path.join(root, 'dist/public');
const dev = process.argv.includes('--dev');

const clientDir = path.join(root, 'src/client');
const entryPoints = readdirSync(clientDir)
  .filter((f) => /\.tsx?$/.test(f) && !f.endsWith('.d.ts'))
  .map((f) => path.join(clientDir, f));

rmSync(outdir, { recursive: true, force: true });
mkdirSync(outdir, { recursive: true });

/**
 * The contract package is pure (schemas, constants, formatting; no DOM, no globals), but its
 * package.json does not say so, and esbuild then keeps every zod schema of the barrel in any
 * bundle that imports a single constant. This marks its modules side-effect free, so a page that
 * needs three numbers from it does not download the whole wire contract.
 */
const contractDir = path.resolve(root, '../contract/src') + path.sep;
const pureContract = {
  name: 'pure-contract',
  setup(build) {
    build.onResolve({ filter: /.*/ }, async (args) => {
      if (args.pluginData?.pureContract || args.kind === 'entry-point') return undefined;
      if (!args.path.startsWith('@partera/contract') && !args.importer.startsWith(contractDir)) return undefined;
      const resolved = await build.resolve(args.path, {
        kind: args.kind,
        importer: args.importer,
        resolveDir: args.resolveDir,
        pluginData: { pureContract: true },
      });
      if (resolved.errors.length > 0 || !resolved.path.startsWith(contractDir)) return undefined;
      return { path: resolved.path, sideEffects: false };
    });
  },
};

/** Decision 0010: the contract's `zod` is the slim one, which bundlers can trim to what is used. */
const slimZod = {
  name: 'slim-zod',
  setup(build) {
    const slim = path.resolve(root, '../contract/bundling/zod-slim.ts');
    build.onResolve({ filter: /^zod$/ }, () => ({ path: slim }));
  },
};

const common = {
  absWorkingDir: root,
  bundle: true,
  minify: !dev,
  sourcemap: dev ? 'linked' : false,
  target: 'es2020',
  outdir,
  metafile: true,
  logLevel: 'warning',
  legalComments: 'none',
  // The workspace packages are read from their TypeScript sources (package.json "source").
  conditions: ['source'],
};

const scripts = await esbuild.build({
  ...common,
  entryPoints,
  plugins: [pureContract, slimZod],
  format: 'esm',
  splitting: true,
  platform: 'browser',
  jsx: 'automatic',
  entryNames: '[name]-[hash]',
  chunkNames: 'chunk-[hash]',
  define: { 'process.env.NODE_ENV': JSON.stringify(dev ? 'development' : 'production') },
  // The map chunk (src/client/map, decision 0041) takes Leaflet's style sheet as text, injected
  // when a map opens, and its marker pictures as files beside the bundles, under /assets/.
  loader: { '.css': 'text', '.png': 'file' },
  assetNames: '[name]-[hash]',
  publicPath: '/assets/',
});

const styles = await esbuild.build({
  ...common,
  entryPoints: [path.join(root, 'src/styles/site.css')],
  entryNames: '[name]-[hash]',
  loader: { '.css': 'css' },
});

const rel = (file) => path.relative(outdir, path.resolve(root, file));
const entries = {};
for (const [file, out] of Object.entries(scripts.metafile.outputs)) {
  // Dynamic imports (the fingerprint library, the partner channel) are chunks too, but not page entries.
  if (!out.entryPoint || path.dirname(out.entryPoint) !== 'src/client' || file.endsWith('.map')) continue;
  const name = path.basename(out.entryPoint).replace(/\.tsx?$/, '');
  entries[name] = {
    js: rel(file),
    imports: out.imports.filter((i) => i.kind === 'import-statement').map((i) => rel(i.path)),
  };
}
const cssFile = Object.keys(styles.metafile.outputs).find((f) => f.endsWith('.css'));
const manifest = { entries, css: rel(cssFile) };
writeFileSync(path.join(outdir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);

for (const [file, out] of Object.entries({ ...scripts.metafile.outputs, ...styles.metafile.outputs })) {
  if (!file.endsWith('.map')) console.log(`${rel(file).padEnd(32)} ${(out.bytes / 1024).toFixed(1).padStart(7)} KiB`);
}
