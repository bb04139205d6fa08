import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The client bundles and the site stylesheet, as scripts/build-client.mjs leaves them in
 * dist/public: content-hashed files plus manifest.json (entry name → file names).
 */
export interface AssetManifest {
  /** Entry name ('home', 'hall', …) → its script and the chunks it imports (preloaded). */
  entries: Record<string, { js: string; imports: string[] }>;
  /** The site stylesheet. */
  css: string;
}

export interface LoadedAssets {
  manifest: AssetManifest | null;
  /** File name → contents and type, served under /assets/. */
  files: Map<string, { body: Buffer; type: string; immutable: boolean }>;
  /** Where the files were read from, for the startup log. */
  dir: string;
}

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
};

const here = path.dirname(fileURLToPath(import.meta.url));

/** dist/public next to the sources (src/server → ../../dist/public) or next to the built bundle. */
export function defaultPublicDir(): string {
  const candidates = [path.resolve(here, '../../dist/public'), path.resolve(here, 'public')];
  return candidates.find((dir) => existsSync(path.join(dir, 'manifest.json'))) ?? (candidates[0] as string);
}

/** The hand-written stylesheet in the sources, served as-is when the client build has not run. */
export const sourceStylesheet = path.resolve(here, '../styles/site.css');

/**
 * Reads every built asset into memory once (they are small), so a request never touches the
 * disk. Without a build the pages still work: the stylesheet comes from the sources, and the
 * pages run without scripts (every page is usable as plain HTML, apart from the widgets).
 */
export function loadAssets(dir: string = defaultPublicDir()): LoadedAssets {
  const files: LoadedAssets['files'] = new Map();
  const manifestFile = path.join(dir, 'manifest.json');
  if (existsSync(manifestFile)) {
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as AssetManifest;
    for (const name of readdirSync(dir)) {
      const type = TYPES[path.extname(name)];
      if (!type || name === 'manifest.json') continue;
      files.set(name, {
        body: readFileSync(path.join(dir, name)),
        type,
        immutable: /-[A-Za-z0-9_-]{8}\.\w+$/.test(name),
      });
    }
    return { manifest, files, dir };
  }
  files.set('site.css', { body: readFileSync(sourceStylesheet), type: TYPES['.css'] as string, immutable: false });
  return { manifest: null, files, dir: path.dirname(sourceStylesheet) };
}

/** The tags a page needs: the stylesheet, its entry script and the chunks to preload. */
export function pageAssets(assets: LoadedAssets, entry: string): { css: string; js: string | null; preload: string[] } {
  const m = assets.manifest;
  if (!m) return { css: '/assets/site.css', js: null, preload: [] };
  const e = m.entries[entry];
  return {
    css: `/assets/${m.css}`,
    js: e ? `/assets/${e.js}` : null,
    preload: e ? e.imports.map((f) => `/assets/${f}`) : [],
  };
}

/**
 * Scripts partner pages load from this site, under /static/: the loader (packages/loader) with the
 * message channel it loads after the handshake, and the
 * widgets' script-tag bundle with its on-demand parts (packages/core dist/script), each built by
 * its package's build step. Read when the server starts; a file that is not built is answered 404.
 */
export function loadPartnerScripts(): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  for (const name of ['partera-loader.js', 'partera-loader-channel.js']) {
    const file = path.resolve(here, '../../../loader/dist', name);
    if (existsSync(file)) files.set(name, readFileSync(file));
  }
  const widgets = path.resolve(here, '../../../core/dist/script');
  if (existsSync(widgets)) {
    for (const name of readdirSync(widgets)) {
      if (name.endsWith('.js')) files.set(name, readFileSync(path.join(widgets, name)));
    }
  }
  return files;
}
