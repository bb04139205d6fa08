import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { type ResvgRenderOptions, renderAsync } from '@resvg/resvg-js';
import { type PosterShow, renderPosterSvg } from './poster.js';

/**
 * The link-preview picture of a show (decision 0048): posters are SVG, which most link previews
 * (messengers, social networks) do not show, so pages name a PNG in og:image and twitter:image.
 * The PNG is 1200×630 (the previews' 1.91:1 frame): the poster drawn whole in the middle, over
 * the poster's middle band (no letters) stretched across the frame, blurred and darkened. It is
 * rendered from the poster SVG by resvg, with the DejaVu fonts of the `dejavu-fonts-ttf` package
 * (the Bitstream Vera licence, which allows redistribution), never with the machine's own fonts,
 * so every server draws the same.
 *
 * Its address carries a version made from everything the poster prints (`?v=`): the answer is
 * cached for good (immutable), and a renamed show gets a new address. Rendered pictures are kept
 * in the process, bounded by their total size.
 */
export const OG_IMAGE = { width: 1200, height: 630 } as const;
/** Raised whenever the composition below changes, so that cached pictures are not reused. */
const RENDER_VERSION = 1;
/** The poster's own frame (poster.ts). */
const POSTER = { width: 600, height: 900 } as const;
/** The poster's band without text (the title's five lines at most start below 520): the backdrop. */
const BACKDROP = '0 110 600 400';

/** What the picture shows: the poster's fields (the genre's parent only picks the art style). */
export type OgImageShow = PosterShow & { venueName: string };

/** The version of a show's picture: changes whenever anything the poster prints changes. */
export function ogImageVersion(show: {
  id: number;
  name: string;
  ageMark: number;
  genreName: string;
  genreSlug: string;
  venueName: string;
}): string {
  const key = JSON.stringify([
    RENDER_VERSION,
    show.id,
    show.name,
    show.ageMark,
    show.genreName,
    show.genreSlug,
    show.venueName,
  ]);
  return createHash('sha256').update(key).digest('base64url').slice(0, 12);
}

/** The picture's address: /media/og/{showId}.png?v={version}. */
export function ogImagePath(show: Parameters<typeof ogImageVersion>[0]): string {
  return `/media/og/${show.id}.png?v=${ogImageVersion(show)}`;
}

/** The version of a loaded show's picture (its leaf genre is the first slug). */
export const versionOf = (show: OgImageShow) => ogImageVersion({ ...show, genreSlug: show.genreSlugs[0] ?? '' });

/** The picture's address of a loaded show. */
export const ogImagePathOf = (show: OgImageShow) => `/media/og/${show.id}.png?v=${versionOf(show)}`;

/** The picture's SVG: the stretched, blurred and darkened poster behind the whole poster. */
export function ogImageSvg(show: OgImageShow): string {
  const poster = renderPosterSvg(show);
  const inner = poster.slice(poster.indexOf('>') + 1, poster.lastIndexOf('</svg>'));
  const { width: W, height: H } = OG_IMAGE;
  const nested = (x: number, y: number, w: number, h: number, viewBox: string) =>
    `<svg x="${x}" y="${y}" width="${w}" height="${h}" viewBox="${viewBox}" preserveAspectRatio="xMidYMid slice">${inner}</svg>`;
  const margin = 24;
  const bleed = 80;
  const ph = H - 2 * margin;
  const pw = Math.round((ph * POSTER.width) / POSTER.height);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">`,
    // The poster's middle band (below its genre and age mark, above its title), blurred: its colours only.
    `<defs><filter id="og-blur" filterUnits="userSpaceOnUse" x="0" y="0" width="${W}" height="${H}"><feGaussianBlur stdDeviation="36"/></filter></defs>`,
    `<rect width="${W}" height="${H}" fill="#111"/>`,
    // Drawn past the frame, so that the blur's faded edge falls outside it.
    `<g filter="url(#og-blur)">${nested(-bleed, -bleed, W + 2 * bleed, H + 2 * bleed, BACKDROP)}</g>`,
    `<rect width="${W}" height="${H}" fill="#000" fill-opacity="0.6"/>`,
    `<rect x="${(W - pw) / 2 - 2}" y="${margin - 2}" width="${pw + 4}" height="${ph + 4}" fill="#fff" fill-opacity="0.25"/>`,
    nested((W - pw) / 2, margin, pw, ph, `0 0 ${POSTER.width} ${POSTER.height}`),
    '</svg>',
  ].join('');
}

let fonts: ResvgRenderOptions['font'] | undefined;

/**
 * The DejaVu faces the poster's 'serif' and 'sans-serif' resolve to (upright, regular and bold):
 * the condensed ones, narrower than the poster's line-breaking estimate (poster.ts, letterWidth).
 */
function fontOptions(): ResvgRenderOptions['font'] {
  if (!fonts) {
    const require = createRequire(import.meta.url);
    const at = (file: string) => require.resolve(`dejavu-fonts-ttf/ttf/${file}`);
    fonts = {
      fontFiles: [
        'DejaVuSansCondensed.ttf',
        'DejaVuSansCondensed-Bold.ttf',
        'DejaVuSerifCondensed.ttf',
        'DejaVuSerifCondensed-Bold.ttf',
      ].map(at),
      loadSystemFonts: false,
      defaultFontFamily: 'DejaVu Sans Condensed',
      sansSerifFamily: 'DejaVu Sans Condensed',
      serifFamily: 'DejaVu Serif Condensed',
    };
  }
  return fonts;
}

/**
 * Renders the picture as PNG, on libuv's worker threads (the blur alone takes a few hundred
 * milliseconds of CPU, which the event loop must not wait for). Callers keep the result.
 */
export async function renderOgImagePng(show: OgImageShow): Promise<Buffer> {
  const image = await renderAsync(ogImageSvg(show), { font: fontOptions(), fitTo: { mode: 'original' } });
  return image.asPng();
}

/**
 * Rendered pictures by show and version, in this process: bounded by total size (the oldest go
 * first), and a picture asked for again while it renders is rendered once.
 */
export class OgImageCache {
  private readonly entries = new Map<string, Buffer>();
  private readonly rendering = new Map<string, Promise<Buffer>>();
  private bytes = 0;

  constructor(
    private readonly maxBytes = 32 * 1024 * 1024,
    private readonly render: (show: OgImageShow) => Promise<Buffer> = renderOgImagePng,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  async get(show: OgImageShow): Promise<Buffer> {
    const key = `${show.id}:${versionOf(show)}`;
    const hit = this.entries.get(key);
    if (hit) {
      // Recently used last: a Map keeps insertion order.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit;
    }
    const pending = this.rendering.get(key);
    if (pending) return pending;
    const done = this.render(show);
    this.rendering.set(key, done);
    try {
      const png = await done;
      this.keep(key, png);
      return png;
    } finally {
      this.rendering.delete(key);
    }
  }

  private keep(key: string, png: Buffer): void {
    if (png.length > this.maxBytes) return;
    this.entries.set(key, png);
    this.bytes += png.length;
    for (const [k, v] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(k);
      this.bytes -= v.length;
    }
  }
}
