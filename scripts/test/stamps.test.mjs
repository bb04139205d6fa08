// `npm start` skips the install and the build when nothing they depend on changed (issue 9: a
// second start within 5 s). A workspace of a few files in a temporary folder stands in for ours.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { buildInputs, buildOutputsPresent, installInputs, isFresh, stamp } from '../stamps.mjs';

let base;
const write = (file, text) => {
  mkdirSync(path.dirname(path.join(base, file)), { recursive: true });
  writeFileSync(path.join(base, file), text);
};

beforeEach(() => {
  base = mkdtempSync(path.join(tmpdir(), 'partera-stamps-'));
  write('package.json', '{"name":"root"}');
  write('pnpm-lock.yaml', 'lockfileVersion: 9\n');
  write('packages/site/package.json', '{"name":"site","scripts":{"build":"x"}}');
  write('packages/site/src/main.ts', 'export {};\n');
  write('packages/site/dist/main.js', '');
});
afterEach(() => rmSync(base, { recursive: true, force: true }));

it('a build is fresh until a source changes, and not for a test, a build output or node_modules', () => {
  const before = buildInputs(base);
  stamp('build', before, base);
  expect(isFresh('build', buildInputs(base), base)).toBe(true);
  write('packages/site/test/main.test.ts', 'it();\n');
  write('packages/site/dist/other.js', 'x');
  write('packages/site/node_modules/dep/index.js', 'x');
  expect(isFresh('build', buildInputs(base), base)).toBe(true);
  write('packages/site/src/main.ts', 'export const changed = 1;\n');
  expect(isFresh('build', buildInputs(base), base)).toBe(false);
});

it('an install is fresh until the lockfile or a manifest changes, not when a source does', () => {
  stamp('install', installInputs(base), base);
  write('packages/site/src/main.ts', 'export const changed = 1;\n');
  expect(isFresh('install', installInputs(base), base)).toBe(true);
  write('packages/site/package.json', '{"name":"site","scripts":{"build":"y"}}');
  expect(isFresh('install', installInputs(base), base)).toBe(false);
});

it('asks for a build when a package that builds has no dist/', () => {
  expect(buildOutputsPresent(base)).toBe(true);
  rmSync(path.join(base, 'packages/site/dist'), { recursive: true });
  expect(buildOutputsPresent(base)).toBe(false);
});
