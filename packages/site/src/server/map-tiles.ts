/**
 * The maps' tile source (decision 0041): configuration, never built in. MAP_TILES_URL is a
 * Leaflet URL template ('https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png'), with
 * MAP_TILES_ATTRIBUTION the credit the tile provider requires and MAP_TILES_SUBDOMAINS the
 * letters of {s} (default 'abc'). Unset, or not an http(s) template, the maps draw their
 * placemarks on a plain background: no request leaves the site, and the pages' Content-Security-
 * Policy allows images from the tile host only when one is configured.
 */
export interface MapTiles {
  url: string;
  attribution: string;
  subdomains: string;
}

/** scheme://host[:port] of a template, the host may hold {s} (any subdomain). */
const TEMPLATE = /^(https?):\/\/([a-z0-9.{}-]+(?::\d{1,5})?)\/[^\s"'<>\\]*$/i;

export function mapTilesOf(env: NodeJS.ProcessEnv = process.env): MapTiles | null {
  const url = env.MAP_TILES_URL?.trim() ?? '';
  if (!url.includes('{z}') || tileSourceOf(url) === null) return null;
  const subdomains = env.MAP_TILES_SUBDOMAINS ?? '';
  return {
    url,
    attribution: env.MAP_TILES_ATTRIBUTION?.trim() ?? '',
    subdomains: /^[a-z0-9]{1,10}$/i.test(subdomains) ? subdomains : 'abc',
  };
}

/**
 * The CSP source of a template's host: 'https://tile.example.org', or 'https://*.tile.example.org'
 * when the first label is a variable ({s}); null when the host cannot be written as a source
 * (a variable elsewhere in it), and then the template is not used.
 */
function tileSourceOf(url: string): string | null {
  const m = TEMPLATE.exec(url);
  if (!m) return null;
  const [first = '', ...rest] = (m[2] as string).toLowerCase().split('.');
  if (rest.some((label) => /[{}]/.test(label)) || (rest.length === 0 && /[{}]/.test(first))) return null;
  const label = /[{}]/.test(first) ? (/^\{[a-z]+\}$/.test(first) ? '*' : null) : first;
  return label === null ? null : `${(m[1] as string).toLowerCase()}://${[label, ...rest].join('.')}`;
}

/** The img-src sources the configured tiles need (none without tiles). */
export function tileImageSources(tiles: MapTiles | null): string[] {
  const source = tiles ? tileSourceOf(tiles.url) : null;
  return source ? [source] : [];
}
