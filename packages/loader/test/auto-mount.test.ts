// @vitest-environment-options {"url":"https://partner.example/"}
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { widgetOf } from '../src/index.js';
import { frameOf, PARTNER_HASH, START_URL, sendFromSite, spyOnSite } from './site.js';

// The script-tag path: one element with data attributes, one async script, no code of the partner's.

const snippet = `
  <div id="shop" data-partera-widget data-partner="${PARTNER_HASH}" data-src="${START_URL}"></div>
  <div id="broken" data-partera-widget data-src="${START_URL}"></div>`;

type Partera = typeof import('../src/global.js');
let loaded: Partera | undefined;
const shop = () => document.getElementById('shop')!;

beforeEach(() => {
  vi.resetModules();
  document.body.innerHTML = snippet;
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  widgetOf(shop())?.unmount();
  loaded?.widgetOf(shop())?.unmount();
  loaded = undefined;
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

describe('auto-mount from data attributes', () => {
  it('mounts every [data-partera-widget] when the script runs after parsing', async () => {
    loaded = await import('../src/global.js');
    const frame = frameOf(shop());
    expect(new URL(frame.src).searchParams.get('iframe_hash')).toBe(PARTNER_HASH);
    // An element without data-partner is reported, not mounted, and does not stop the others.
    expect(document.querySelector('#broken iframe')).toBeNull();
    expect(console.error).toHaveBeenCalledWith(expect.any(TypeError));
    // A second pass leaves mounted elements alone.
    expect(loaded.mountAll()).toEqual([]);
    expect(shop().querySelectorAll('iframe')).toHaveLength(1);
  });

  it('waits for DOMContentLoaded when the script runs while the page is parsed', async () => {
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    loaded = await import('../src/global.js');
    expect(shop().querySelector('iframe')).toBeNull();
    document.dispatchEvent(new Event('DOMContentLoaded'));
    expect(shop().querySelector('iframe')).not.toBeNull();
  });

  it('lets the partner page answer through DOM events alone', async () => {
    loaded = await import('../src/global.js');
    const frame = frameOf(shop());
    const posted = spyOnSite(frame);
    const seen: string[] = [];
    document.addEventListener('partera:ready', () => seen.push('ready'), { once: true });
    document.addEventListener(
      'partera:pushkin-card-terms-of-use',
      (event) => (event as CustomEvent<{ agree(): void }>).detail.agree(),
      { once: true },
    );
    sendFromSite(frame, 'giveMeHash');
    sendFromSite(frame, 'showIframe');
    sendFromSite(frame, 'pushkin_card_terms_of_use');
    expect(seen).toEqual(['ready']);
    expect(posted.mock.calls.filter(([message]) => typeof message === 'string')).toEqual([
      ['sendMyHash:demo-partner-hash', 'https://tickets.example'],
      ['pushkin_card_user_agrees_to_terms', 'https://tickets.example'],
    ]);
  });
});

describe('the built script', () => {
  it('defines the global Partera and mounts on its own', () => {
    const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
    execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: root });
    const code = readFileSync(resolve(root, 'dist/partera-loader.js'), 'utf8');
    const Partera = new Function(`${code};return Partera;`)() as Partera;
    expect(Object.keys(Partera).sort()).toEqual(['PROTOCOL_VERSION', 'mount', 'mountAll', 'widgetOf']);
    const widget = Partera.widgetOf(shop());
    expect(widget?.iframe.src).toContain('iframe_hash=demo-partner-hash');
    widget?.unmount();
  });
});
