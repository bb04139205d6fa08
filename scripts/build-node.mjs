// Transpiles a package's TypeScript sources (src/**/*.ts and .tsx) to dist/ as ES modules for
// Node, file by file, keeping the folders: the production start runs them with plain `node`, no
// TypeScript compiler at run time. Run from the package's folder (its `build` script). Browser
// code (src/client) is built by the package's own client build, into dist/public, kept here.
import { existsSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const pkg = process.cwd();
const src = path.join(pkg, 'src');
const dist = path.join(pkg, 'dist');
const KEEP = new Set(['public']);

function sources(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return full === path.join(src, 'client') ? [] : sources(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

for (const entry of existsSync(dist) ? readdirSync(dist, { withFileTypes: true }) : []) {
  if (!KEEP.has(entry.name)) rmSync(path.join(dist, entry.name), { recursive: true, force: true });
}

await build({
  entryPoints: sources(src),
  outdir: dist,
  outbase: src,
  bundle: false,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  jsx: 'automatic',
  sourcemap: 'linked',
  logLevel: 'warning',
});
console.log(`${path.basename(pkg)}: ${path.relative(process.cwd(), dist) || 'dist'} built for Node`);
