import { describe, expect, it } from 'vitest';
import { sitePagePolicy } from '../src/server/content-security.js';
import { mapTilesOf, tileImageSources } from '../src/server/map-tiles.js';

/** The maps' tile source is configuration (decision 0041); the pages allow its host only when set. */
describe('map tiles', () => {
  const imgSrc = (policy: string) =>
    policy
      .split(';')
      .map((d) => d.trim())
      .find((d) => d.startsWith('img-src'));

  it('has no tiles, and allows no other image host, when nothing is configured', () => {
    expect(mapTilesOf({})).toBeNull();
    expect(tileImageSources(null)).toEqual([]);
    expect(imgSrc(sitePagePolicy("frame-ancestors 'self'", tileImageSources(mapTilesOf({}))))).toBe(
      "img-src 'self' data:",
    );
  });

  it('allows the configured host, any subdomain of it for a {s} template', () => {
    const tiles = mapTilesOf({
      MAP_TILES_URL: 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png',
      MAP_TILES_ATTRIBUTION: '© OpenStreetMap contributors',
    });
    expect(tiles).toEqual({
      url: 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png',
      attribution: '© OpenStreetMap contributors',
      subdomains: 'abc',
    });
    expect(imgSrc(sitePagePolicy("frame-ancestors 'self'", tileImageSources(tiles)))).toBe(
      "img-src 'self' data: https://*.tile.openstreetmap.org",
    );
    const local = mapTilesOf({
      MAP_TILES_URL: 'http://localhost:8080/tiles/{z}/{x}/{y}.png',
      MAP_TILES_SUBDOMAINS: '1234',
    });
    expect(local?.subdomains).toBe('1234');
    expect(tileImageSources(local)).toEqual(['http://localhost:8080']);
  });

  it('refuses a template that is no http(s) tile address or whose host cannot be a CSP source', () => {
    for (const url of [
      'javascript:alert(1)/{z}',
      'https://tiles.example.org/static.png',
      'ftp://tiles.example.org/{z}/{x}/{y}.png',
      'https://tile{s}.example.org/{z}/{x}/{y}.png',
      'https://a.{s}.example.org/{z}/{x}/{y}.png',
      "https://tiles.example.org/{z}/{x}/{y}.png' ; script-src *",
      '//tiles.example.org/{z}/{x}/{y}.png',
    ]) {
      expect(mapTilesOf({ MAP_TILES_URL: url }), url).toBeNull();
    }
    expect(
      mapTilesOf({ MAP_TILES_URL: 'https://t.example.org/{z}/{x}/{y}.png', MAP_TILES_SUBDOMAINS: 'a b' })?.subdomains,
    ).toBe('abc');
  });
});
