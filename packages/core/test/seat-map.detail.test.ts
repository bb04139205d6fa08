/**
 * The canvas plan's level of detail (decision 0025; issue 11, section 2): a hall seen whole at
 * arena or stadium size shows its sections, not its seats, because its seats are too small on
 * screen to aim at (under SEAT_MIN_PX) or more would be in view than a frame can draw
 * (SEAT_BUDGET); zoomed into a section, the plan shows the section's seats. On the overview a
 * click answers the section under it (the plan then opens that section), on the seats the place.
 *
 * happy-dom lays nothing out: the plan's host is given its size, and the SVG the screen matrix a
 * browser's getScreenCTM answers for panzoom's transform (user units → client pixels).
 */
import { CATEGORY_ALPHABET, type CompactHallState, deltaEncode, type HallLayout, runsEncode } from '@partera/contract';
import { describe, expect, it } from 'vitest';
import { CanvasPlan, Look, SEAT_BUDGET, SEAT_MIN_PX } from '../src/seat-map/plan/canvas-plan.js';
import { decodePlan } from '../src/seat-map/plan/model.js';
import { SpatialGrid } from '../src/seat-map/plan/spatial.js';
import { sectionLooks } from '../src/seat-map/plan/use-plan.js';

const NBSP = '\u00a0';

const RADIUS = 4;
const STEP = 10;

/**
 * An arena of two seated sections side by side, `rows` × `seats` places each, STEP units apart:
 * 'Сектор A' from x 50, 'Сектор B' 100 units to its right.
 */
function arena(
  rows: number,
  seats: number,
  {
    outlined = true,
    sale = () => CATEGORY_ALPHABET[0]!,
  }: { outlined?: boolean; sale?: (section: number, i: number) => string } = {},
): { layout: HallLayout; state: CompactHallState } {
  const xs: number[] = [];
  const ys: number[] = [];
  const section: number[] = [];
  const row: number[] = [];
  const number: number[] = [];
  const avail: string[] = [];
  const sectionWidth = seats * STEP;
  const boxes: Array<[number, number, number, number]> = [];
  for (let s = 0; s < 2; s++) {
    const left = 50 + s * (sectionWidth + 100);
    boxes.push([left - RADIUS, 50 - RADIUS, left + (seats - 1) * STEP + RADIUS, 50 + (rows - 1) * STEP + RADIUS]);
    for (let r = 0; r < rows; r++) {
      for (let n = 0; n < seats; n++) {
        xs.push(left + n * STEP);
        ys.push(50 + r * STEP);
        section.push(s);
        row.push(r);
        number.push(n + 1);
        avail.push(sale(s, r * seats + n));
      }
    }
  }
  const count = xs.length;
  const hull = ([x0, y0, x1, y1]: [number, number, number, number]) =>
    outlined ? [x0, y0, x1, y0, x1, y1, x0, y1] : [];
  const layout: HallLayout = {
    hallId: 7,
    width: 100 + 2 * sectionWidth + 100,
    height: 100 + rows * STEP,
    radius: RADIUS,
    svg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
    sections: boxes.map((box, s) => ({
      id: 100 + s,
      name: `Сектор ${'AB'[s]}`,
      kind: 'seated' as const,
      hull: hull(box),
      box,
    })),
    places: {
      count,
      id: deltaEncode(xs.map((_, i) => 1000 + i)),
      x: deltaEncode(xs),
      y: deltaEncode(ys),
      section: runsEncode(section),
      rows: Array.from({ length: rows }, (_, r) => String(r + 1)),
      row: runsEncode(row),
      number: deltaEncode(number),
      numberText: [],
      group: [],
      pair: [],
      type: [],
      description: [],
    },
  };
  const state: CompactHallState = {
    hallId: 7,
    categories: [
      {
        color: '#E53935',
        price: 2500,
        countTax: 1,
        tariff: 1,
        taxes: { '1': { name: 'Полный', price: 2500 } },
        privileged: 'default',
      },
      {
        color: '#1E88E5',
        price: 1500,
        countTax: 1,
        tariff: 2,
        taxes: { '2': { name: 'Полный', price: 1500 } },
        privileged: 'default',
      },
    ],
    avail: avail.join(''),
    cypher: deltaEncode(avail.flatMap((c, i) => (c === '.' ? [] : [5000 + i]))),
    mine: [],
    gifts: [],
  };
  return { layout, state };
}

/** The plan on a host of `width` × `height` px at the client's corner, its SVG moved by `matrix`. */
function planOf(hall: ReturnType<typeof arena>, width: number, height: number) {
  const model = decodePlan(hall.layout, hall.state);
  const looks = sectionLooks(model);
  /** The buyer's places (drawn as theirs). */
  const mine = new Set<number>();
  const host = document.createElement('div');
  Object.defineProperty(host, 'clientWidth', { value: width });
  Object.defineProperty(host, 'clientHeight', { value: height });
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  host.append(svg);
  document.body.append(host);
  const matrix = { a: 1, d: 1, e: 0, f: 0 };
  Object.defineProperty(svg, 'getScreenCTM', { value: () => ({ ...matrix, b: 0, c: 0 }) });
  const plan = new CanvasPlan(host, svg, {
    model,
    grid: new SpatialGrid(model.xs, model.ys, model.layout.radius),
    look: (i) => (mine.has(i) ? Look.Mine : Look.Free),
    color: () => '#e53935',
    section: (s) => looks[s]!,
  });
  /** Panzoom's transform as the browser would report it: `scale` px a unit, the plan point (x, y) at the host's corner. */
  const moveTo = (scale: number, x = 0, y = 0) => {
    Object.assign(matrix, { a: scale, d: scale, e: -x * scale, f: -y * scale });
    plan.draw();
  };
  return { plan, model, looks, mine, moveTo };
}

describe('the plan’s level of detail', () => {
  it('a stadium seen whole shows its sections: its seats are too small to aim at; zoomed in, they show', () => {
    // 2 × 200 × 200 = 80 000 places, the plan 4 200 units wide on 1 240 px: 0.295 px a unit.
    const hall = arena(200, 200);
    const { plan, moveTo } = planOf(hall, 1240, 800);
    const whole = 1240 / hall.layout.width;
    expect(RADIUS * whole).toBeLessThan(SEAT_MIN_PX);
    moveTo(whole);
    expect(plan.currentMode()).toBe('sections');
    expect(plan.mode).toBe('sections');

    // Zoomed into Сектор A's corner at 2 px a unit: seats of 8 px radius, some 9 000 in view.
    moveTo(2, 40, 40);
    expect(plan.currentMode()).toBe('seats');
    expect(plan.mode).toBe('seats');
  });

  it('an arena seen whole shows its sections while more seats than a frame’s budget would be in view', () => {
    // 2 × 110 × 100 = 22 000 places at 0.52 px a unit: each seat 2 px across is big enough, but
    // all of them are in view.
    const hall = arena(110, 100);
    const { plan, moveTo } = planOf(hall, 1240, 900);
    const whole = 1240 / hall.layout.width;
    expect(RADIUS * whole).toBeGreaterThanOrEqual(SEAT_MIN_PX);
    expect(hall.layout.places.count).toBeGreaterThan(SEAT_BUDGET);
    moveTo(whole);
    expect(plan.currentMode()).toBe('sections');

    // Сектор B alone in view (its 11 000 places): its seats.
    const [x0, y0] = hall.layout.sections[1]!.box;
    moveTo(whole * 1.6, x0 - 10, y0 - 10);
    expect(plan.currentMode()).toBe('seats');
  });

  it('on the overview a click answers the section under it; on the seats, the place', () => {
    const hall = arena(200, 200);
    const { plan, model, moveTo } = planOf(hall, 1240, 800);
    const whole = 1240 / hall.layout.width;
    moveTo(whole);
    // A point inside Сектор B's outline, then one a few pixels outside its edge seats.
    const [bx0, by0, bx1, by1] = hall.layout.sections[1]!.box;
    const inside = { x: ((bx0 + bx1) / 2) * whole, y: ((by0 + by1) / 2) * whole };
    expect(plan.pick(inside.x, inside.y)).toEqual({ kind: 'section', index: 1 });
    expect(plan.pick((bx1 + 10) * whole, inside.y)).toEqual({ kind: 'section', index: 1 });
    expect(plan.pick(1, 1)).toBeNull();

    moveTo(2, 40, 40);
    const seat = model.ids.indexOf(1000 + 205); // Сектор A, row 2, seat 6
    const at = plan.screenPoint(seat);
    expect(at.r).toBe(RADIUS * 2);
    expect(plan.pick(at.x, at.y)).toEqual({ kind: 'place', index: seat });
  });

  it('a plan without section outlines (a spec map from elsewhere) always shows its seats', () => {
    const hall = arena(200, 200, { outlined: false });
    const { plan, moveTo } = planOf(hall, 1240, 800);
    moveTo(1240 / hall.layout.width);
    expect(plan.currentMode()).toBe('seats');
  });

  it('the overview names each section with its free places and its price range', () => {
    // Сектор A: every seat free, its first 50 rows at 2 500 ₽ and the rest at 1 500 ₽; Сектор B:
    // sold out but for its first row at 1 500 ₽; a third of that row sold too.
    const hall = arena(100, 30, {
      sale: (s, i) => {
        if (s === 0) return CATEGORY_ALPHABET[i < 50 * 30 ? 0 : 1]!;
        return i < 30 && i % 3 !== 0 ? CATEGORY_ALPHABET[1]! : '.';
      },
    });
    const { looks } = planOf(hall, 1240, 800);
    expect(looks.map((l) => [l.label, l.sub, l.shortSub])).toEqual([
      ['Сектор A', `3000 свободных мест · 1${NBSP}500${NBSP}₽ – 2${NBSP}500${NBSP}₽`, `3000 · от 1${NBSP}500${NBSP}₽`],
      ['Сектор B', `20 свободных мест · 1${NBSP}500${NBSP}₽`, `20 · от 1${NBSP}500${NBSP}₽`],
    ]);
    const none = planOf(arena(10, 10, { sale: (s) => (s === 0 ? CATEGORY_ALPHABET[0]! : '.') }), 1240, 800);
    expect(none.looks[1]).toMatchObject({ label: 'Сектор B', sub: 'нет мест' });
  });

  it('a place whose state changed is repainted alone, in its own square; the overview is drawn whole', async () => {
    const hall = arena(200, 200);
    const { plan, model, mine, moveTo } = planOf(hall, 1240, 800);
    moveTo(2, 40, 40);
    // What the plan draws from now on (the test canvas keeps the functions it is given).
    const ctx = plan.canvas.getContext('2d') as unknown as Record<string, unknown>;
    const cleared: number[][] = [];
    const circles: number[][] = [];
    ctx.clearRect = (...a: number[]) => void cleared.push(a);
    ctx.arc = (x: number, y: number) => void circles.push([x, y]);

    const seat = model.ids.indexOf(1000 + 205);
    const [x, y] = [model.xs[seat]!, model.ys[seat]!];
    mine.add(seat);
    plan.repaint([seat]);
    // Its square: the radius and 2 px (1 unit at 2 px a unit) each side; only it is drawn again,
    // as the buyer's (filled, then its ring).
    expect(cleared).toEqual([[x - 5, y - 5, 10, 10]]);
    expect(circles).toEqual([
      [x, y],
      [x, y],
    ]);

    // On the overview the change is drawn with the whole picture, at the next frame.
    moveTo(1240 / hall.layout.width);
    expect(plan.mode).toBe('sections');
    cleared.length = 0;
    mine.delete(seat);
    plan.repaint([seat]);
    expect(cleared).toEqual([]);
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(cleared).toEqual([[0, 0, 1240, 800]]);
  });
});
