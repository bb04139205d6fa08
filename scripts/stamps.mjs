// `npm start` skips what is already done: it installs only when the dependency manifests changed
// since the last install, and builds only the packages with a source changed since their last
// build. Each step leaves a stamp (a SHA-256 of its inputs) in node_modules/.cache/partera/, so
// deleting node_modules forgets them all. Plain Node, no dependencies (lib.mjs says why).
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { root } from './lib.mjs';

const stampsOf = (base) => path.join(base, 'node_modules', '.cache', 'partera');
/** Folders that hold no input of an install or a build. */
const SKIPPED = new Set(['node_modules', 'dist', 'test', 'e2e', 'test-results', '.data', '.git', '.tmp', 'coverage']);

/** Every file below `dir` (relative to `base`), skipping the folders above. */
function filesBelow(base, dir) {
  const full = path.join(base, dir);
  if (!existsSync(full)) return [];
  return readdirSync(full, { withFileTypes: true }).flatMap((entry) => {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) return SKIPPED.has(entry.name) ? [] : filesBelow(base, rel);
    return entry.isFile() ? [rel] : [];
  });
}

/** The workspace's package folders: packages/* and examples/* (pnpm-workspace.yaml). */
function workspaceFolders(base) {
  return ['packages', 'examples']
    .filter((top) => existsSync(path.join(base, top)))
    .flatMap((top) =>
      readdirSync(path.join(base, top), { withFileTypes: true })
        .filter((e) => e.isDirectory())
        .map((e) => path.join(top, e.name)),
    );
}

function hashOf(base, files) {
  const hash = createHash('sha256').update(`node ${process.version}\n`);
  for (const file of [...files].sort()) {
    hash.update(`${file}\n`);
    hash.update(readFileSync(path.join(base, file)));
  }
  return hash.digest('hex');
}

/** What an install depends on: the lockfile and every package manifest. */
export function installInputs(base = root) {
  const files = [
    'package.json',
    'pnpm-lock.yaml',
    'pnpm-workspace.yaml',
    ...workspaceFolders(base).map((dir) => path.join(dir, 'package.json')),
  ];
  return hashOf(
    base,
    files.filter((file) => existsSync(path.join(base, file))),
  );
}

const rootConfigFiles = (base) =>
  readdirSync(base).filter((f) => /^(package\.json|pnpm-lock\.yaml|tsconfig.*\.json)$/.test(f));

/**
 * Each workspace package that builds, with what its build depends on: the root's configuration,
 * its own files and those of every workspace package it depends on, directly or not (a change
 * of the contract rebuilds the widgets and the site that bundle it, not the loader). `fresh`
 * says whether its last build ran on exactly these inputs and left its dist/ behind.
 */
export function packageBuilds(base = root) {
  const packages = new Map();
  for (const dir of workspaceFolders(base)) {
    const manifest = path.join(base, dir, 'package.json');
    if (!existsSync(manifest)) continue;
    const json = JSON.parse(readFileSync(manifest, 'utf8'));
    const deps = { ...json.dependencies, ...json.devDependencies };
    packages.set(json.name, {
      dir,
      builds: Boolean(json.scripts?.build),
      workspaceDeps: Object.keys(deps).filter((d) => String(deps[d]).startsWith('workspace:')),
    });
  }
  const closure = (name, seen = new Set()) => {
    if (seen.has(name) || !packages.has(name)) return seen;
    seen.add(name);
    for (const dep of packages.get(name).workspaceDeps) closure(dep, seen);
    return seen;
  };
  return [...packages]
    .filter(([, p]) => p.builds)
    .map(([name, p]) => {
      const dirs = [...closure(name)].map((n) => packages.get(n).dir);
      const inputs = hashOf(base, [...rootConfigFiles(base), ...dirs.flatMap((dir) => filesBelow(base, dir))]);
      const dist = path.join(base, p.dir, 'dist');
      const stampName = `build-${name.replace(/[^\w.-]/g, '+')}`;
      const built = existsSync(dist) && statSync(dist).isDirectory();
      return { name, dir: p.dir, inputs, stampName, fresh: built && isFresh(stampName, inputs, base) };
    });
}

/** Whether step `name` last ran on exactly these inputs. */
export function isFresh(name, inputs, base = root) {
  const file = path.join(stampsOf(base), name);
  return existsSync(file) && readFileSync(file, 'utf8') === inputs;
}

/** Records that step `name` ran on these inputs. */
export function stamp(name, inputs, base = root) {
  mkdirSync(stampsOf(base), { recursive: true });
  writeFileSync(path.join(stampsOf(base), name), inputs);
}
