/**
 * Builds the site's client bundles: one small entry per page kind (src/client/*.ts, *.tsx),
 * shared code split into chunks, and the site stylesheet; content-hashed names so the server
 * can cache them for a year, and a manifest the server reads to write the script tags.
 *
 *   node scripts/build-client.mjs                 production build into dist/public
 *   node scripts/build-client.mjs --dev           unminified, with source maps
 *   node scripts/build-client.mjs --outdir DIR    somewhere else (tests)
 *
 * Scripts are bundled by Rolldown, the stylesheet by esbuild (decision 0058). The pages are
 * bundled in two groups, each with its own chunks:
 *
 * - WIDGET_PAGES, the pages that mount the core widgets with React (the hall, the basket, the
 *   bank page): everything they import at load goes into one shared chunk, so each of them loads
 *   its entry, that chunk and Rolldown's runtime helpers (a few hundred bytes), and a buyer going
 *   from the hall to the basket and the bank finds it cached. What the widgets load on demand
 *   (dynamic imports) stays in chunks of its own.
 * - every other page (home, show, listings, the account's pages): light scripts without React,
 *   split by what they share.
 *
 * A page loads the scripts of one group only, so the two groups never run two copies of one module
 * on a page. Shared by many entries and many on-demand imports, the widgets' code came out of one
 * build with code splitting (esbuild's, a chunk for each set of importers) as about 60 files for
 * each widget page: 60 requests before a seat map could be drawn.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { rolldown } from 'rolldown';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outdirArg = process.argv.indexOf('--outdir');
const outdir = outdirArg > 0 ? path.resolve(process.argv[outdirArg + 1]) : path.join(root, 'dist/public');
const dev = process.argv.includes('--dev');

/** The pages that mount the core widgets (React): one chunk holds what they load at once. */
const WIDGET_PAGES = ['hall', 'basket', 'bank'];

const clientDir = path.join(root, 'src/client');
const pages = Object.fromEntries(
  readdirSync(clientDir)
    .filter((f) => /\.tsx?$/.test(f) && !f.endsWith('.d.ts'))
    .map((f) => [f.replace(/\.tsx?$/, ''), path.join(clientDir, f)]),
);
for (const name of WIDGET_PAGES) if (!pages[name]) throw new Error(`no page script src/client/${name}.ts(x)`);

rmSync(outdir, { recursive: true, force: true });
mkdirSync(outdir, { recursive: true });

/** A content hash in file names: 8 letters, digits, '-' or '_' (server/assets.ts marks such files immutable). */
const contentHash = (bytes) => createHash('sha256').update(bytes).digest('base64url').slice(0, 8);

/**
 * The map chunk (src/client/map, decision 0041) shows Leaflet's marker pictures: each is written
 * beside the bundles under its content-hashed name and imported as its address under /assets/.
 */
const pictures = {
  name: 'pictures',
  load(id) {
    if (!id.endsWith('.png')) return null;
    const source = readFileSync(id);
    const fileName = `${path.basename(id, '.png')}-${contentHash(source)}.png`;
    this.emitFile({ type: 'asset', fileName, source });
    return { code: `export default ${JSON.stringify(`/assets/${fileName}`)};`, moduleType: 'js' };
  },
};

/** Decision 0010: the contract's `zod` is the slim one, which bundlers can trim to what is used. */
const slimZod = path.resolve(root, '../contract/bundling/zod-slim.ts');

/** The modules of a group's pages that they import at load, in one chunk; the pages' own entries apart. */
const loadedAtOnce = (entries) => ({
  groups: [{ name: 'widgets', tags: ['$initial'], test: (id) => !entries.includes(id) }],
});

async function bundleScripts(names, codeSplitting) {
  const input = Object.fromEntries(names.map((name) => [name, pages[name]]));
  const bundle = await rolldown({
    input,
    cwd: root,
    platform: 'browser',
    plugins: [pictures],
    // The workspace packages are read from their TypeScript sources (package.json "source").
    resolve: { conditionNames: ['source', 'browser', 'import', 'default'], alias: { zod: slimZod } },
    // Leaflet's style sheet is taken as text, injected when a map opens.
    moduleTypes: { '.css': 'text' },
    transform: {
      target: 'es2020',
      jsx: { runtime: 'automatic' },
      define: { 'process.env.NODE_ENV': JSON.stringify(dev ? 'development' : 'production') },
    },
    onLog(level, log, handle) {
      // The site imports the core widgets through their index, which names the parts they load
      // on demand too; Rolldown says so for each of them, and the page loads them at once.
      if (log.code === 'INEFFECTIVE_DYNAMIC_IMPORT') return;
      handle(level, log);
    },
  });
  const { output } = await bundle.write({
    dir: outdir,
    format: 'es',
    minify: !dev,
    sourcemap: dev,
    comments: { legal: false },
    entryFileNames: '[name]-[hash].js',
    chunkFileNames: 'chunk-[hash].js',
    ...(codeSplitting ? { codeSplitting } : {}),
  });
  await bundle.close();
  return output;
}

const otherPages = Object.keys(pages).filter((name) => !WIDGET_PAGES.includes(name));
const outputs = [
  ...(await bundleScripts(WIDGET_PAGES, loadedAtOnce(WIDGET_PAGES.map((name) => pages[name])))),
  ...(await bundleScripts(otherPages)),
];

const styles = await esbuild.build({
  absWorkingDir: root,
  bundle: true,
  minify: !dev,
  sourcemap: dev ? 'linked' : false,
  outdir,
  metafile: true,
  logLevel: 'warning',
  legalComments: 'none',
  entryPoints: [path.join(root, 'src/styles/site.css')],
  entryNames: '[name]-[hash]',
  loader: { '.css': 'css' },
});

const chunks = new Map(outputs.filter((o) => o.type === 'chunk').map((c) => [c.fileName, c]));
/** Every chunk a chunk imports, directly or through another: the page preloads them all at once. */
function staticImports(fileName, seen = new Set()) {
  for (const f of chunks.get(fileName)?.imports ?? []) {
    if (seen.has(f)) continue;
    seen.add(f);
    staticImports(f, seen);
  }
  return seen;
}
const entries = {};
for (const chunk of chunks.values()) {
  if (!chunk.isEntry || !pages[chunk.name] || chunk.facadeModuleId !== pages[chunk.name]) continue;
  entries[chunk.name] = { js: chunk.fileName, imports: [...staticImports(chunk.fileName)].sort() };
}
const rel = (file) => path.relative(outdir, path.resolve(root, file));
const cssFile = Object.keys(styles.metafile.outputs).find((f) => f.endsWith('.css'));
const sorted = Object.fromEntries(Object.entries(entries).sort(([a], [b]) => a.localeCompare(b)));
const manifest = { entries: sorted, css: rel(cssFile) };
writeFileSync(path.join(outdir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);

for (const o of outputs) {
  if (o.fileName.endsWith('.map')) continue;
  const bytes = o.type === 'chunk' ? Buffer.byteLength(o.code) : o.source.length;
  console.log(`${o.fileName.padEnd(32)} ${(bytes / 1024).toFixed(1).padStart(7)} KiB`);
}
console.log(`${rel(cssFile).padEnd(32)} ${(styles.metafile.outputs[cssFile].bytes / 1024).toFixed(1).padStart(7)} KiB`);
