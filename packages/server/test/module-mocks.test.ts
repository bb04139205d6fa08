import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, it } from 'vitest';
import { moduleMocks } from './support/module-mocks.js';

const packages = path.resolve(import.meta.dirname, '../..');

/** The test files under a package's test/ that replace a module with vi.mock, as `test/…` paths. */
async function mockingFiles(pkg: string): Promise<string[]> {
  const root = path.join(packages, pkg);
  const files = (await readdir(path.join(root, 'test'), { recursive: true }))
    .filter((f) => /\.test\.tsx?$/.test(f))
    .map((f) => `test/${f.split(path.sep).join('/')}`);
  const mocking: string[] = [];
  for (const file of files) {
    if (/\bvi\.(mock|doMock)\(/.test(await readFile(path.join(root, file), 'utf8'))) mocking.push(file);
  }
  return mocking.sort();
}

// The server's and the site's test files share one module graph per worker (vitest.config.ts):
// a module mocked there would already be loaded unmocked.
it('lists every server test file that mocks a module, so that it runs in a module graph of its own', async () => {
  expect(await mockingFiles('server')).toEqual([...moduleMocks].sort());
});

it('finds no site test file that mocks a module (the site has no project for one)', async () => {
  expect(await mockingFiles('site')).toEqual([]);
});
