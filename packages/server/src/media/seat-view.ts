import { escapeXml } from './xml.js';

/**
 * Views from the seats (hall-basket-checkout.md 2.1 and 3.1 hallPlaceImages: the seat photo
 * toggle and overlay), drawn rather than photographed (decision 0029): the stage as it is seen
 * from a band of rows of a section, computed from the hall's geometry alone (the stage's box and
 * the places' positions on the plan), so every hall with a stage gets views without any picture
 * being made or stored. Deterministic: equal geometry, equal SVG.
 *
 * One view serves a band of BAND_ROWS rows of a section: all its places share it (one URL, cached
 * once by the browser), named by the band's lowest place id.
 */

/** Rows per band: one view for rows 1–4, another for 5–8, … of each section. */
export const BAND_ROWS = 4;

export const seatViewPath = (placeId: number) => `/media/seat-view/${placeId}.svg`;

export interface ViewPlace {
  id: number;
  row: string;
  x: number;
  y: number;
}

/** A band: its places and where in the section it is. */
export interface RowBand {
  /** 0 for the rows nearest the front of the section's row order. */
  index: number;
  /** The band's first and last row labels. */
  rows: [string, string];
  places: ViewPlace[];
  /** The id its view is served under: the lowest place id of the band. */
  viewId: number;
}

const naturally = new Intl.Collator('ru', { numeric: true });

/** THE bands of a section's places: its rows in natural order ('2' before '10'), BAND_ROWS each. */
export function rowBands(places: readonly ViewPlace[]): RowBand[] {
  const byRow = new Map<string, ViewPlace[]>();
  for (const p of places) {
    const row = byRow.get(p.row);
    if (row) row.push(p);
    else byRow.set(p.row, [p]);
  }
  const rows = [...byRow.keys()].sort(naturally.compare);
  const bands: RowBand[] = [];
  rows.forEach((row, i) => {
    const index = Math.floor(i / BAND_ROWS);
    const members = byRow.get(row)!;
    const band = bands[index];
    if (band) {
      band.places.push(...members);
      band.rows[1] = row;
    } else bands.push({ index, rows: [row, row], places: [...members], viewId: 0 });
  });
  for (const band of bands) band.viewId = band.places.reduce((min, p) => Math.min(min, p.id), Infinity);
  return bands;
}

/** The stage on the plan: [x, y, width, height], the edge facing the audience at y + height. */
export type StageBox = readonly [number, number, number, number];

export interface SeatViewInput {
  stage: StageBox;
  sectionName: string;
  band: RowBand;
}

const W = 800;
const H = 500;
/** The lens: how many pixels one plan unit at one plan unit away spans. */
const FOCAL = 170;
/** Plan units between rows, for the heads of the rows in front. */
const ROW_STEP = 26;
const HEAD_RADIUS = 9;

interface Eye {
  x: number;
  y: number;
  /** Height above the stage floor, plan units. */
  z: number;
  /** How far the stage's front edge is, plan units. */
  distance: number;
  /** Looking direction on the plan (unit vector) and the right hand. */
  dx: number;
  dy: number;
}

interface Point3 {
  x: number;
  y: number;
  z: number;
}

/** The eye of a band: the middle of its places, raised with the distance (stalls rake, tiers). */
function eyeOf(stage: StageBox, places: readonly ViewPlace[]): Eye {
  const x = places.reduce((s, p) => s + p.x, 0) / places.length;
  const y = places.reduce((s, p) => s + p.y, 0) / places.length;
  const [sx, sy, sw, sh] = stage;
  const cx = sx + sw / 2;
  const front = sy + sh;
  const len = Math.hypot(cx - x, front - y) || 1;
  // Seats near the stage sit about level with its floor; the far ones (amphitheatre, balcony)
  // look down on it.
  const z = Math.max(8, (len - 60) * 0.32);
  return { x, y, z, distance: len, dx: (cx - x) / len, dy: (front - y) / len };
}

/** Screen position of a point, with the view shifted so the stage's middle sits at `horizon`. */
function projector(eye: Eye, horizon: number) {
  return (p: Point3): [number, number] => {
    const rx = p.x - eye.x;
    const ry = p.y - eye.y;
    const depth = Math.max(6, rx * eye.dx + ry * eye.dy);
    const lateral = rx * -eye.dy + ry * eye.dx;
    return [W / 2 + (FOCAL * lateral) / depth, horizon - (FOCAL * (p.z - eye.z)) / depth];
  };
}

const r1 = (n: number) => Math.round(n * 10) / 10;

function polygon(points: Array<[number, number]>, attrs: string): string {
  return `<polygon points="${points.map(([x, y]) => `${r1(x)},${r1(y)}`).join(' ')}" ${attrs}/>`;
}

/** The band's rows as people say them: 'ряд 3', 'ряды 1–4'. */
function rowsText(rows: [string, string]): string {
  return rows[0] === rows[1] ? `ряд ${rows[0]}` : `ряды ${rows[0]}–${rows[1]}`;
}

/** The view from a band of rows as an SVG document (800 × 500). */
export function renderSeatView({ stage, sectionName, band }: SeatViewInput): string {
  const [sx, sy, sw, sh] = stage;
  const eye = eyeOf(stage, band.places);
  const portal = sw * 0.42;
  const front = sy + sh;
  // Aim: the middle of the portal opening a little above the image's middle.
  const aim = projector(eye, 0)({ x: sx + sw / 2, y: front, z: portal / 2 })[1];
  const at = projector(eye, H * 0.42 - aim);
  const p = (x: number, y: number, z: number) => at({ x, y, z });
  const x0 = sx;
  const x1 = sx + sw;
  const drape = sw * 0.11;
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" font-family="sans-serif">`,
    `<title>${escapeXml(`Вид на сцену: ${sectionName}, ${rowsText(band.rows)}`)}</title>`,
    '<defs><linearGradient id="hall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#2a1d24"/><stop offset="1" stop-color="#120c10"/></linearGradient>',
    '<linearGradient id="scene" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f1c27d"/><stop offset="1" stop-color="#b5714a"/></linearGradient>',
    '<linearGradient id="curtain" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#7d1424"/><stop offset=".5" stop-color="#b3243a"/><stop offset="1" stop-color="#6a0f1d"/></linearGradient></defs>',
    `<rect width="${W}" height="${H}" fill="url(#hall)"/>`,
    // The portal's frame, then the stage box seen through it: back wall (the scenery) and floor.
    polygon(
      [
        p(x0 - drape, front, -10),
        p(x1 + drape, front, -10),
        p(x1 + drape, front, portal * 1.25),
        p(x0 - drape, front, portal * 1.25),
      ],
      'fill="#3b2a31"',
    ),
    polygon([p(x0, sy, 0), p(x1, sy, 0), p(x1, sy, portal), p(x0, sy, portal)], 'fill="url(#scene)"'),
    polygon([p(x0, sy, 0), p(x1, sy, 0), p(x1, front, 0), p(x0, front, 0)], 'fill="#8a5a3a"'),
    polygon([p(x0, sy, portal), p(x1, sy, portal), p(x1, front, portal), p(x0, front, portal)], 'fill="#1d1418"'),
    polygon([p(x0, sy, 0), p(x0, front, 0), p(x0, front, portal), p(x0, sy, portal)], 'fill="#4a3038"'),
    polygon([p(x1, sy, 0), p(x1, front, 0), p(x1, front, portal), p(x1, sy, portal)], 'fill="#4a3038"'),
    // Curtains at the sides and the valance above.
    polygon(
      [p(x0, front, 0), p(x0 + drape, front, 0), p(x0 + drape, front, portal), p(x0, front, portal)],
      'fill="url(#curtain)"',
    ),
    polygon(
      [p(x1 - drape, front, 0), p(x1, front, 0), p(x1, front, portal), p(x1 - drape, front, portal)],
      'fill="url(#curtain)"',
    ),
    polygon(
      [p(x0, front, portal * 0.86), p(x1, front, portal * 0.86), p(x1, front, portal), p(x0, front, portal)],
      'fill="url(#curtain)"',
    ),
    // The apron's edge and the orchestra's dark pit line below it.
    polygon(
      [
        p(x0 - drape, front, 0),
        p(x1 + drape, front, 0),
        p(x1 + drape, front + 14, -24),
        p(x0 - drape, front + 14, -24),
      ],
      'fill="#2b1f24"',
    ),
  ];
  out.push(...stalls(eye, at, stage), ...heads(eye, at, band.index));
  out.push(
    `<rect x="0" y="${H - 44}" width="${W}" height="44" fill="#000" fill-opacity=".55"/>`,
    `<text x="20" y="${H - 16}" font-size="18" fill="#fff">${escapeXml(`${sectionName}, ${rowsText(band.rows)}`)}</text>`,
    `<text x="${W - 20}" y="${H - 16}" font-size="14" fill="#d8cdd2" text-anchor="end">Схематичный вид с места</text>`,
    '</svg>',
  );
  return out.join('\n');
}

/** The stalls' floor between the stage and the eye, rising away from the stage: rows of seat backs. */
function stalls(eye: Eye, at: (p: Point3) => [number, number], [sx, sy, sw, sh]: StageBox): string[] {
  const front = sy + sh;
  const floor = (y: number) => -40 + (y - front) * 0.2;
  const left = sx - sw * 0.6;
  const right = sx + sw * 1.6;
  const out: string[] = [];
  for (let y = front + 40; y < eye.y - 2 * ROW_STEP; y += ROW_STEP) {
    const z = floor(y) + 20;
    out.push(
      polygon(
        [at({ x: left, y, z }), at({ x: right, y, z }), at({ x: right, y: y + 8, z }), at({ x: left, y: y + 8, z })],
        'fill="#5a1a28"',
      ),
    );
  }
  return out;
}

/**
 * The rows in front as the backs of the heads, the nearer the bigger: one row for a section's
 * first band, three for the bands behind it.
 */
function heads(eye: Eye, at: (p: Point3) => [number, number], bandIndex: number): string[] {
  const rows = bandIndex === 0 ? 1 : 3;
  // The rows are raked: a head in front reaches up to the line from the eye to the stage's edge.
  const slope = eye.z / eye.distance;
  const out: string[] = [];
  for (let k = rows; k >= 1; k--) {
    const ahead = k * ROW_STEP;
    const top = eye.z - ahead * slope + 3;
    for (let s = -12; s <= 12; s++) {
      const lateral = s * 22 + (k % 2) * 11;
      const hx = eye.x + eye.dx * ahead - eye.dy * lateral;
      const hy = eye.y + eye.dy * ahead + eye.dx * lateral;
      const centre = at({ x: hx, y: hy, z: top - HEAD_RADIUS });
      const edge = at({ x: hx, y: hy, z: top });
      const radius = Math.abs(centre[1] - edge[1]);
      if (centre[0] < -radius || centre[0] > W + radius || centre[1] - radius > H) continue;
      out.push(
        `<ellipse cx="${r1(centre[0])}" cy="${r1(centre[1] + radius * 0.4)}" rx="${r1(radius * 0.82)}" ry="${r1(radius)}" fill="#0b0709" fill-opacity="${(0.92 - k * 0.12).toFixed(2)}"/>`,
      );
    }
  }
  return out;
}
