/**
 * The source trees a benchmark compares: this checkout, and the commit named by BENCH_BASELINE
 * (checked out once as a git worktree under the system's temporary folder, its dependencies
 * installed from the local store). Each run measures both trees one after the other, so the
 * ratio between them comes from one sitting on one machine.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface Tree {
  /** 'now', or the baseline's short commit id. */
  label: string;
  root: string;
}

function git(args: string[], cwd = repoRoot): string {
  return execFileSync('git', args, { cwd, encoding: 'utf8' }).trim();
}

/** A worktree of `ref` with its dependencies installed; made on first use, reused after. */
function baselineTree(ref: string): Tree {
  const sha = git(['rev-parse', '--verify', `${ref}^{commit}`]);
  const short = sha.slice(0, 7);
  const root = path.join(os.tmpdir(), `partera-baseline-${short}`);
  if (!existsSync(path.join(root, 'package.json'))) {
    git(['worktree', 'prune']);
    git(['worktree', 'add', '--detach', '--force', root, sha]);
  }
  if (!existsSync(path.join(root, 'node_modules'))) {
    const r = spawnSync(
      'npx',
      ['--yes', 'pnpm@10.34.8', 'install', '--frozen-lockfile', '--prefer-offline', '--reporter=silent'],
      { cwd: root, stdio: 'inherit' },
    );
    if (r.status !== 0) throw new Error(`installing the baseline's dependencies failed in ${root}`);
  }
  return { label: short, root };
}

/** This checkout first, then the baseline when BENCH_BASELINE names one. */
export function benchTrees(): Tree[] {
  const trees: Tree[] = [{ label: 'now', root: repoRoot }];
  const ref = process.env.BENCH_BASELINE;
  if (ref) trees.push(baselineTree(ref));
  return trees;
}

/** Imports a module of a tree by its path inside the tree (TypeScript sources, through tsx). */
export function importFrom<T>(tree: Tree, file: string): Promise<T> {
  return import(path.join(tree.root, file)) as Promise<T>;
}

/** "×12.3" (higher is better when `higherIsBetter`, so the ratio is now / baseline, else baseline / now). */
export function ratio(now: number, before: number, higherIsBetter: boolean): string {
  if (!(now > 0) || !(before > 0)) return '–';
  const r = higherIsBetter ? now / before : before / now;
  return `×${r >= 10 ? r.toFixed(0) : r.toFixed(1)}`;
}
