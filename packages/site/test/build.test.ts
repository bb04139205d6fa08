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
    expect(pageAssets(assets, 'hall').js).toMatch(/^\/assets\/hall-[A-Za-z0-9_-]{8}\.js$/);
  });

  it('loads a widget page (the hall, the basket, the bank page) from its entry and one shared chunk, all preloaded', () => {
    const [hall, basket, bank] = ['hall', 'basket', 'bank'].map((entry) => assets.manifest?.entries[entry]);
    // The shared chunk and Rolldown's runtime helpers (a few hundred bytes, shared with the
    // widgets' on-demand chunks); esbuild's code splitting made about 60 files of the same code.
    expect(hall?.imports).toHaveLength(2);
    // The same chunk for all three: a buyer going from the hall to the basket and the bank has it already.
    expect(basket?.imports).toEqual(hall?.imports);
    expect(bank?.imports).toEqual(hall?.imports);
    // What an entry imports, directly or through another chunk, is in its list: the page asks for
    // every file at once instead of finding each import only after the last file arrived.
    for (const entry of Object.values(assets.manifest?.entries ?? {})) {
      for (const file of [entry.js, ...entry.imports]) {
        const body = assets.files.get(file)?.body.toString('utf8') ?? '';
        for (const m of body.matchAll(/(?:^|[;}])import(?:[^"'()]*?from)?\s*["']\.\/([^"']+\.js)["']/g)) {
          expect(entry.imports, `${file} imports ${m[1]}`).toContain(m[1]);
        }
      }
    }
  });

  it('keeps the first-load JS of the browsing pages tiny (no React, no schemas)', () => {
    for (const entry of ['home', 'show', 'page']) expect(firstLoadBytes(assets, entry)).toBeLessThan(4 * 1024);
  });
});
