import type { Queryable } from '../db/index.js';
import { createRandom, type Random } from '../seed/random.js';
import { escapeXml } from './xml.js';

/** What a poster shows: the show's name, age mark and genre. */
export interface PosterShow {
  id: number;
  name: string;
  ageMark: number;
  /** Sub-genre (or genre) name, printed small: 'Драма'. */
  genreName: string;
  /** Genre slugs, leaf first then its parent, to pick the art style: ['drama', 'teatr']. */
  genreSlugs: string[];
  venueName?: string;
}

type Style = 'stage' | 'kids' | 'classical' | 'jazz' | 'rock' | 'standup' | 'show' | 'exhibition' | 'sport';

const STYLE_BY_SLUG: Record<string, Style> = {
  teatr: 'stage',
  drama: 'stage',
  komediya: 'stage',
  myuzikl: 'stage',
  detyam: 'kids',
  'spektakli-dlya-detey': 'kids',
  kontserty: 'rock',
  klassika: 'classical',
  dzhaz: 'jazz',
  rok: 'rock',
  pop: 'rock',
  shou: 'show',
  stendap: 'standup',
  'ledovye-shou': 'show',
  illyuzion: 'show',
  vystavki: 'exhibition',
  zhivopis: 'exhibition',
  fotografiya: 'exhibition',
  sport: 'sport',
  khokkey: 'sport',
  futbol: 'sport',
};

/** Base hue, saturation and lightness of the two gradient ends, and the title's font family. */
const PALETTE: Record<Style, { hues: [number, number]; sat: number; light: [number, number]; serif: boolean }> = {
  stage: { hues: [350, 20], sat: 62, light: [22, 40], serif: true },
  kids: { hues: [190, 45], sat: 75, light: [55, 62], serif: false },
  classical: { hues: [220, 250], sat: 40, light: [16, 32], serif: true },
  jazz: { hues: [30, 260], sat: 55, light: [18, 34], serif: false },
  rock: { hues: [280, 330], sat: 70, light: [18, 42], serif: false },
  standup: { hues: [45, 15], sat: 80, light: [45, 30], serif: false },
  show: { hues: [200, 290], sat: 70, light: [25, 45], serif: false },
  exhibition: { hues: [35, 190], sat: 25, light: [70, 52], serif: true },
  sport: { hues: [140, 200], sat: 60, light: [22, 36], serif: false },
};

const W = 600;
const H = 900;

/**
 * Generated poster art: a gradient and shapes chosen by genre and varied by the show's id, the
 * name wrapped over up to five lines, the genre, the venue and the age-mark badge. Only SVG and
 * generic font families, so it renders the same everywhere with nothing to download.
 */
export function renderPosterSvg(show: PosterShow): string {
  const style = styleOf(show.genreSlugs);
  const palette = PALETTE[style];
  const random = createRandom(`poster/${show.id}`);
  const shift = random.int(-18, 18);
  const top = hslToHex(palette.hues[0] + shift, palette.sat, palette.light[0]);
  const bottom = hslToHex(palette.hues[1] + shift, palette.sat, palette.light[1]);
  const accent = hslToHex(palette.hues[0] + shift + 180, Math.min(90, palette.sat + 15), 62);
  const family = palette.serif ? 'serif' : 'sans-serif';
  const title = layoutTitle(show.name);
  const lineHeight = Math.round(title.size * 1.12);
  const lastBaseline = show.venueName ? 800 : 830;
  const firstBaseline = lastBaseline - (title.lines.length - 1) * lineHeight;
  const age = `${show.ageMark}+`;

  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" role="img" aria-label="${escapeXml(show.name)}">`,
    '<defs>',
    `<linearGradient id="bg" x1="0" y1="0" x2="0.3" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>`,
    '<linearGradient id="shade" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.6"/></linearGradient>',
    `<radialGradient id="glow"><stop offset="0" stop-color="#fff" stop-opacity="0.55"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>`,
    '</defs>',
    `<rect width="${W}" height="${H}" fill="url(#bg)"/>`,
    art(style, random, accent),
    `<rect y="${H * 0.52}" width="${W}" height="${H * 0.48}" fill="url(#shade)"/>`,
    `<text x="40" y="70" font-family="sans-serif" font-size="22" letter-spacing="3" fill="#fff" fill-opacity="0.85">${escapeXml(show.genreName.toUpperCase())}</text>`,
    `<g transform="translate(${W - 40 - 84} 34)"><rect width="84" height="50" rx="12" fill="#fff" fill-opacity="0.92"/>`,
    `<text x="42" y="35" text-anchor="middle" font-family="sans-serif" font-weight="700" font-size="28" fill="#1f2329">${age}</text></g>`,
    `<text font-family="${family}" font-weight="700" font-size="${title.size}" fill="#fff">`,
    ...title.lines.map((line, i) => `<tspan x="40" y="${firstBaseline + i * lineHeight}">${escapeXml(line)}</tspan>`),
    '</text>',
    show.venueName
      ? `<text x="40" y="852" font-family="sans-serif" font-size="22" fill="#fff" fill-opacity="0.85">${escapeXml(show.venueName)}</text>`
      : '',
    '</svg>',
  ]
    .filter((part) => part !== '')
    .join('\n');
}

function styleOf(slugs: string[]): Style {
  for (const slug of slugs) {
    const style = STYLE_BY_SLUG[slug];
    if (style) return style;
  }
  return 'stage';
}

/** Shapes of each style, placed by the show's own random stream. */
function art(style: Style, random: Random, accent: string): string {
  const out: string[] = [];
  const n = (v: number) => Math.round(v);
  switch (style) {
    case 'stage': {
      out.push(`<ellipse cx="${n(random.between(220, 380))}" cy="430" rx="230" ry="330" fill="url(#glow)"/>`);
      for (const side of [0, 1]) {
        const folds: string[] = [];
        for (let i = 0; i < 4; i++) {
          const x0 = side === 0 ? i * 30 : W - i * 30;
          const x1 = side === 0 ? x0 + 70 + i * 10 : x0 - 70 - i * 10;
          folds.push(`M${x0} 0L${x1} 0Q${(x0 + x1) / 2} ${n(random.between(500, 700))} ${x0} ${H}Z`);
        }
        out.push(`<path d="${folds.join('')}" fill="#5a0f1a" fill-opacity="0.45"/>`);
      }
      out.push(`<path d="M0 0H${W}V60Q${W / 2} 110 0 60Z" fill="#5a0f1a" fill-opacity="0.6"/>`);
      break;
    }
    case 'kids':
      for (let i = 0; i < 14; i++) {
        const r = random.between(14, 70);
        const colour = hslToHex(random.int(0, 359), 80, 70);
        out.push(
          `<circle cx="${n(random.between(0, W))}" cy="${n(random.between(90, 560))}" r="${n(r)}" fill="${colour}" fill-opacity="0.8"/>`,
        );
      }
      out.push(star(n(random.between(120, 480)), n(random.between(160, 400)), 60, '#fff3b0'));
      break;
    case 'classical': {
      const cx = n(random.between(150, 450));
      for (let i = 1; i <= 9; i++) {
        out.push(
          `<circle cx="${cx}" cy="330" r="${i * 38}" fill="none" stroke="${accent}" stroke-opacity="${(0.7 - i * 0.06).toFixed(2)}" stroke-width="2"/>`,
        );
      }
      for (let i = 0; i < 5; i++) {
        out.push(`<path d="M0 ${560 + i * 14}H${W}" stroke="#fff" stroke-opacity="0.25" stroke-width="2"/>`);
      }
      break;
    }
    case 'jazz': {
      const cx = n(random.between(200, 420));
      out.push(`<circle cx="${cx}" cy="320" r="190" fill="#111" fill-opacity="0.85"/>`);
      for (let i = 0; i < 6; i++) {
        out.push(
          `<circle cx="${cx}" cy="320" r="${170 - i * 22}" fill="none" stroke="#fff" stroke-opacity="0.12" stroke-width="2"/>`,
        );
      }
      out.push(`<circle cx="${cx}" cy="320" r="48" fill="${accent}"/>`);
      for (let i = 0; i < 5; i++) {
        const y = n(random.between(80, 620));
        out.push(
          `<path d="M-20 ${y}L${W + 20} ${y - 160}" stroke="${accent}" stroke-opacity="0.35" stroke-width="6"/>`,
        );
      }
      break;
    }
    case 'rock': {
      const cx = n(random.between(150, 450));
      const cy = n(random.between(200, 360));
      const rays = random.int(10, 16);
      const paths: string[] = [];
      for (let i = 0; i < rays; i++) {
        const a0 = (i / rays) * Math.PI * 2;
        const a1 = a0 + Math.PI / rays;
        paths.push(
          `M${cx} ${cy}L${n(cx + 900 * Math.cos(a0))} ${n(cy + 900 * Math.sin(a0))}L${n(cx + 900 * Math.cos(a1))} ${n(cy + 900 * Math.sin(a1))}Z`,
        );
      }
      out.push(`<path d="${paths.join('')}" fill="${accent}" fill-opacity="0.22"/>`);
      out.push(`<circle cx="${cx}" cy="${cy}" r="90" fill="url(#glow)"/>`);
      break;
    }
    case 'standup':
      out.push(`<ellipse cx="300" cy="640" rx="260" ry="60" fill="url(#glow)"/>`);
      out.push(`<path d="M300 0L120 640H480Z" fill="#fff" fill-opacity="0.12"/>`);
      out.push(
        '<g fill="#1f2329" fill-opacity="0.85"><rect x="292" y="360" width="16" height="270" rx="6"/><rect x="270" y="250" width="60" height="120" rx="30"/><rect x="240" y="620" width="120" height="14" rx="7"/></g>',
      );
      break;
    case 'show':
      for (let i = 0; i < 22; i++) {
        out.push(star(n(random.between(20, W - 20)), n(random.between(90, 600)), n(random.between(6, 26)), '#ffffff'));
      }
      out.push(`<ellipse cx="300" cy="380" rx="260" ry="200" fill="url(#glow)"/>`);
      break;
    case 'exhibition':
      for (let i = 0; i < 5; i++) {
        const w = n(random.between(120, 260));
        const h = n(random.between(140, 300));
        const x = n(random.between(20, W - w - 20));
        const y = n(random.between(90, 520 - h / 2));
        const colour = hslToHex(random.int(0, 359), 35, random.int(45, 75));
        out.push(
          `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${colour}" stroke="#f5f0e6" stroke-width="10" fill-opacity="0.9"/>`,
        );
      }
      break;
    case 'sport':
      for (let i = 0; i < 6; i++) {
        out.push(
          `<path d="M${-200 + i * 140} ${H}L${100 + i * 140} 0" stroke="#fff" stroke-opacity="0.08" stroke-width="60"/>`,
        );
      }
      out.push(
        `<circle cx="300" cy="330" r="150" fill="none" stroke="#fff" stroke-opacity="0.5" stroke-width="6"/><path d="M0 330H${W}" stroke="#fff" stroke-opacity="0.5" stroke-width="6"/>`,
      );
      break;
  }
  return out.join('\n');
}

function star(cx: number, cy: number, r: number, fill: string): string {
  const points: string[] = [];
  for (let i = 0; i < 10; i++) {
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    const rr = i % 2 === 0 ? r : r * 0.45;
    points.push(`${Math.round(cx + rr * Math.cos(a))},${Math.round(cy + rr * Math.sin(a))}`);
  }
  return `<polygon points="${points.join(' ')}" fill="${fill}" fill-opacity="0.85"/>`;
}

/**
 * How wide a letter of the title is, in em, for the widest faces a browser may pick for the
 * poster's generic 'serif' and 'sans-serif' in bold (DejaVu Serif and Sans Bold on Linux, their
 * glyphs measured once): the wide letters (Ж, Ш, Щ, Ю, М, Ф, Ы, ш, щ, ж, ю, ы, м, ф, W, m, w)
 * 1.37 and 1.1, other capitals 0.86, other letters and digits 0.74, '№' 1.24, dashes 1.03 and
 * 0.52, guillemets 0.67, other punctuation 0.6 at most, a space 0.36. Estimated, never measured at
 * run time, so a name fits between the poster's 40 px margins whatever the reader's fonts; the
 * link preview (og-image.ts) draws the condensed faces, narrower still.
 */
const LETTER_EM: Record<string, number> = {
  ' ': 0.36,
  '.': 0.4,
  ',': 0.4,
  ':': 0.42,
  ';': 0.42,
  '!': 0.48,
  '?': 0.6,
  '(': 0.48,
  ')': 0.48,
  '-': 0.44,
  '–': 0.52,
  '—': 1.03,
  '«': 0.67,
  '»': 0.67,
  '"': 0.54,
  "'": 0.54,
  '’': 0.54,
  '№': 1.24,
};
const WIDE_CAPITALS = new Set([...'ЖШЩЮМФЫWM']);
const WIDE_SMALL = new Set([...'шщжюымфwm']);

function letterWidth(ch: string): number {
  const known = LETTER_EM[ch];
  if (known !== undefined) return known;
  if (WIDE_CAPITALS.has(ch)) return 1.37;
  if (WIDE_SMALL.has(ch)) return 1.1;
  if (ch !== ch.toLowerCase()) return 0.86;
  return 0.74;
}

/** The estimated width of a line of the title at `size` px. */
export function titleWidth(line: string, size: number): number {
  let em = 0;
  for (const ch of line) em += letterWidth(ch);
  return em * size;
}

const TITLE_WIDTH = W - 80;

/**
 * The largest font size (72 down to 30 px) at which the name wraps into at most five lines (four
 * above 50 px), each line within the poster's width by the estimate above.
 */
export function layoutTitle(name: string): { size: number; lines: string[] } {
  for (let size = 72; size >= 30; size -= 4) {
    const lines = wrap(name, size);
    if (lines.length <= (size > 50 ? 4 : 5) && lines.every((l) => titleWidth(l, size) <= TITLE_WIDTH)) {
      return { size, lines };
    }
  }
  const lines = wrap(name, 30);
  return {
    size: 30,
    lines: lines.length > 5 ? [...lines.slice(0, 4), `${lines.slice(4).join(' ').slice(0, 24)}…`] : lines,
  };
}

/** The name's words in lines as wide as the poster allows at `size` px. */
function wrap(text: string, size: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line === '') line = word;
    else if (titleWidth(`${line} ${word}`, size) <= TITLE_WIDTH) line = `${line} ${word}`;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line !== '') lines.push(line);
  return lines;
}

function hslToHex(h: number, s: number, l: number): string {
  const hue = ((h % 360) + 360) % 360;
  const sat = s / 100;
  const light = l / 100;
  const k = (n: number) => (n + hue / 30) % 12;
  const a = sat * Math.min(light, 1 - light);
  const f = (n: number) => light - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return `#${[f(0), f(8), f(4)]
    .map((v) =>
      Math.round(v * 255)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

interface PosterRow {
  id: number;
  name: string;
  age_mark: number;
  genre_name: string;
  genre_slug: string;
  parent_slug: string | null;
  venue_name: string;
}

/** What a show's poster prints (its venue: the show's own building); null when there is no such show. */
export async function loadPosterShow(
  db: Queryable,
  showId: number,
): Promise<(PosterShow & { venueName: string }) | null> {
  const { rows } = await db.query<PosterRow>(
    `SELECT s.id, s.name, s.age_mark, g.name AS genre_name, g.slug AS genre_slug, p.slug AS parent_slug,
            b.name AS venue_name
       FROM shows s
       JOIN genres g ON g.id = s.genre_id
       LEFT JOIN genres p ON p.id = g.parent_id
       JOIN buildings b ON b.id = s.building_id
      WHERE s.id = $1`,
    [showId],
  );
  const r = rows[0];
  if (!r) return null;
  return {
    id: r.id,
    name: r.name,
    ageMark: r.age_mark,
    genreName: r.genre_name,
    genreSlugs: r.parent_slug ? [r.genre_slug, r.parent_slug] : [r.genre_slug],
    venueName: r.venue_name,
  };
}
