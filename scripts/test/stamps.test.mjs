// `npm start` skips the install and the build when nothing they depend on changed (issue 9: a
// second start within 5 s). A workspace of a few files in a temporary folder stands in for ours.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { installInputs, isFresh, packageBuilds, stamp } from '../stamps.mjs';

let base;
const write = (file, text) => {
  mkdirSync(path.dirname(path.join(base, file)), { recursive: true });
  writeFileSync(path.join(base, file), text);
};

beforeEach(() => {
  base = mkdtempSync(path.join(tmpdir(), 'partera-stamps-'));
  write('package.json', '{"name":"root"}');
  write('pnpm-lock.yaml', 'lockfileVersion: 9\n');
  const pkg = (name, deps = {}) =>
    write(`packages/${name}/package.json`, JSON.stringify({ name, scripts: { build: 'x' }, dependencies: deps }));
  pkg('contract');
  pkg('core', { contract: 'workspace:*', react: '^19' });
  pkg('site', { core: 'workspace:*' });
  pkg('loader');
  for (const name of ['contract', 'core', 'site', 'loader']) {
    write(`packages/${name}/src/index.ts`, 'export {};\n');
    write(`packages/${name}/dist/index.js`, '');
  }
});
afterEach(() => rmSync(base, { recursive: true, force: true }));

const stale = () =>
  packageBuilds(base)
    .filter((p) => !p.fresh)
    .map((p) => p.name)
    .sort();
const stampAll = () => {
  for (const p of packageBuilds(base)) stamp(p.stampName, p.inputs, base);
};

it('builds only the packages whose sources, or whose workspace dependencies’ sources, changed', () => {
  expect(stale()).toEqual(['contract', 'core', 'loader', 'site']);
  stampAll();
  expect(stale()).toEqual([]);
  // Not a build input: tests, build outputs, installed modules.
  write('packages/site/test/main.test.ts', 'it();\n');
  write('packages/site/dist/other.js', 'x');
  write('packages/site/node_modules/dep/index.js', 'x');
  expect(stale()).toEqual([]);
  write('packages/contract/src/index.ts', 'export const changed = 1;\n');
  expect(stale()).toEqual(['contract', 'core', 'site']);
  stampAll();
  write('packages/site/src/index.ts', 'export const changed = 1;\n');
  expect(stale()).toEqual(['site']);
});

it('an install is fresh until the lockfile or a manifest changes, not when a source does', () => {
  stamp('install', installInputs(base), base);
  write('packages/site/src/index.ts', 'export const changed = 1;\n');
  expect(isFresh('install', installInputs(base), base)).toBe(true);
  write('packages/site/package.json', '{"name":"site","scripts":{"build":"y"}}');
  expect(isFresh('install', installInputs(base), base)).toBe(false);
});

it('builds a package again when its dist/ is gone', () => {
  stampAll();
  rmSync(path.join(base, 'packages/loader/dist'), { recursive: true });
  expect(stale()).toEqual(['loader']);
});
