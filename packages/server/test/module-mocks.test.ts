import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, it } from 'vitest';
import { moduleMocks } from './support/module-mocks.js';

const root = path.resolve(import.meta.dirname, '..');

it('lists every server test file that mocks a module, so that it runs in a module graph of its own', async () => {
  const files = (await readdir(path.join(root, 'test'), { recursive: true }))
    .filter((f) => /\.test\.tsx?$/.test(f))
    .map((f) => `test/${f.split(path.sep).join('/')}`);
  const mocking: string[] = [];
  for (const file of files) {
    if (/\bvi\.(mock|doMock)\(/.test(await readFile(path.join(root, file), 'utf8'))) mocking.push(file);
  }
  expect(mocking.sort()).toEqual([...moduleMocks].sort());
});
