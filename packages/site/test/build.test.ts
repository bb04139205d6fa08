import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LoadedAssets, loadAssets, pageAssets } from '../src/server/assets.js';

const site = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** First-load JS of a page: its entry and every chunk it imports, gzipped. */
function firstLoadBytes(assets: LoadedAssets, entry: string): number {
  const e = assets.manifest?.entries[entry];
  if (!e) throw new Error(`no entry ${entry}`);
  return [e.js, ...e.imports].reduce((n, f) => n + gzipSync(assets.files.get(f)?.body ?? Buffer.alloc(0)).length, 0);
}

describe('client build', () => {
  let out: string;
  let assets: LoadedAssets;

  beforeAll(() => {
    out = mkdtempSync(path.join(tmpdir(), 'partera-assets-'));
    execFileSync(process.execPath, ['scripts/build-client.mjs', '--outdir', out], { cwd: site, stdio: 'pipe' });
    assets = loadAssets(out);
  }, 120_000);

  afterAll(() => rmSync(out, { recursive: true, force: true }));

  it('writes one hashed entry per page kind, the stylesheet and a manifest', () => {
    expect(Object.keys(assets.manifest?.entries ?? {}).sort()).toEqual([
      'account',
      'bank',
      'basket',
      'cabinet',
      'complete',
      'genre',
      'hall',
      'home',
      'kassa',
      'lists',
      'loyalty',
      'page',
      'restore',
      'schedule',
      'search',
      'show',
    ]);
    expect(assets.manifest?.css).toMatch(/^site-[A-Z0-9]{8}\.css$/);
    for (const entry of Object.values(assets.manifest?.entries ?? {})) {
      for (const file of [entry.js, ...entry.imports]) expect(assets.files.get(file)?.immutable).toBe(true);
    }
    expect(pageAssets(assets, 'hall').js).toMatch(/^\/assets\/hall-[A-Z0-9]{8}\.js$/);
  });

  it('keeps the first-load JS of the browsing pages tiny (no React, no schemas)', () => {
    for (const entry of ['home', 'show', 'page']) expect(firstLoadBytes(assets, entry)).toBeLessThan(4 * 1024);
  });
});
