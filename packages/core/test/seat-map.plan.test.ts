/**
 * The canvas plan's parts (decision 0025): the spatial grid against a brute-force search, the
 * compact map decoded into places the flow can use, and the spec's formats read into the same.
 */
import { CATEGORY_ALPHABET, type CompactHallState, deltaEncode, type HallLayout, runsEncode } from '@partera/contract';
import { describe, expect, it } from 'vitest';
import { pointInPolygon } from '../src/seat-map/plan/canvas-plan.js';
import { hallDataOf } from '../src/seat-map/plan/hall-data.js';
import { cypherAt, decodePlan, indexOfPlace } from '../src/seat-map/plan/model.js';
import { SpatialGrid } from '../src/seat-map/plan/spatial.js';
import { layoutFromSpec } from '../src/seat-map/plan/spec-model.js';
import { config, hallMap } from './support/hall.js';

/** A deterministic pseudo-random sequence (the test must fail the same way every time). */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

describe('SpatialGrid', () => {
  const rnd = random(7);
  const n = 5000;
  const xs = new Float32Array(n).map(() => Math.round(rnd() * 3000));
  const ys = new Float32Array(n).map(() => Math.round(rnd() * 2000));
  const grid = new SpatialGrid(xs, ys, 5);

  it('finds exactly the places in a rectangle', () => {
    for (const [x0, y0, x1, y1] of [
      [0, 0, 3000, 2000],
      [100, 200, 400, 260],
      [2990, 1990, 4000, 4000],
      [-50, -50, 10, 10],
    ] as const) {
      const found: number[] = [];
      grid.query(x0, y0, x1, y1, (i) => found.push(i));
      const expected = [...xs.keys()].filter((i) => xs[i]! >= x0 && xs[i]! <= x1 && ys[i]! >= y0 && ys[i]! <= y1);
      expect(found.sort((a, b) => a - b)).toEqual(expected);
      expect(grid.countAbout(x0, y0, x1, y1)).toBeGreaterThanOrEqual(expected.length);
    }
  });

  it('finds the nearest place within reach, and none beyond it', () => {
    for (let k = 0; k < 200; k++) {
      const x = rnd() * 3000;
      const y = rnd() * 2000;
      const i = grid.nearest(x, y, 12);
      let best = -1;
      let bestD = 144;
      for (let j = 0; j < n; j++) {
        const d = (xs[j]! - x) ** 2 + (ys[j]! - y) ** 2;
        if (d <= bestD) {
          bestD = d;
          best = j;
        }
      }
      if (best < 0) expect(i).toBe(-1);
      else expect((xs[i]! - x) ** 2 + (ys[i]! - y) ** 2).toBe(bestD);
    }
  });
});

describe('the compact map decoded', () => {
  const layout: HallLayout = {
    hallId: 3,
    width: 100,
    height: 50,
    radius: 4,
    svg: '<svg viewBox="0 0 100 50"></svg>',
    sections: [{ id: 9, name: 'Партер', kind: 'seated', hull: [0, 0, 100, 0, 100, 50, 0, 50], box: [0, 0, 100, 50] }],
    places: {
      count: 4,
      id: deltaEncode([11, 12, 13, 20]),
      x: deltaEncode([10, 20, 30, 40]),
      y: deltaEncode([10, 10, 10, 30]),
      section: runsEncode([0, 0, 0, 0]),
      rows: ['1', '2'],
      row: runsEncode([0, 0, 0, 1]),
      number: deltaEncode([1, 2, 3, 0]),
      numberText: [[3, '12А']],
      group: [
        [1, 5],
        [2, 5],
      ],
      pair: [],
      type: [[3, 'sofa']],
      description: [],
    },
  };
  const state: CompactHallState = {
    hallId: 3,
    categories: [
      {
        color: '#E53935',
        price: 1500,
        countTax: 2,
        tariff: 70,
        taxes: { '70': { name: 'Полный', price: 2000 }, '71': { name: 'Льготный', price: 1500 } },
        privileged: 'default',
      },
    ],
    avail: `${CATEGORY_ALPHABET[0]}.${CATEGORY_ALPHABET[0]}${CATEGORY_ALPHABET[0]}`,
    cypher: deltaEncode([501, 503, 510]),
    mine: [[3, 71]],
    gifts: [[0, 2]],
  };

  it('gives the spec-shaped place of each place for sale, and nothing for the others', () => {
    const model = decodePlan(layout, state);
    const data = hallDataOf(model, { ...hallMap(), places: [] });
    expect(data.places.size).toBe(3);
    expect(data.places.has(12)).toBe(false);
    expect(data.places.get(12)).toBeUndefined();
    expect(data.places.get(11)).toMatchObject({
      id: 11,
      state: 0,
      cypher: '501',
      price: 1500,
      countTax: 2,
      row: '1',
      place: '1',
      hasgifts: true,
      availableGifts: 2,
      section: { id: 9 },
    });
    // The buyer's own place: held at the 'Льготный' tariff, numbered in text.
    expect(data.places.get(20)).toMatchObject({ state: 1, tariff: 71, price: 1500, place: '12А', type: 'sofa' });
    expect(data.held).toEqual([20]);
    expect(data.byCypher.get('503')).toBe(13);
    expect(data.groups.get(5)).toEqual([13]);
    expect(indexOfPlace(model, 13)).toBe(2);
    expect(indexOfPlace(model, 14)).toBe(-1);
    expect([...data.places.keys()]).toEqual([11, 13, 20]);
  });

  it('reads the spec map and its SVG circles into the same model, seat codes kept as text', () => {
    const markup =
      '<svg viewBox="0 0 300 200"><circle class="place" data-place-id="101" cx="10" cy="20" r="6"/>' +
      '<circle class="place" data-place-id="999" cx="50" cy="20" r="6"/><rect class="stage"/></svg>';
    const map = hallMap();
    const { layout: l, state: s, cypherTexts } = layoutFromSpec(map, markup, config().hallBasisId);
    expect(l.svg).not.toContain('circle');
    expect(l.svg).toContain('class="stage"');
    expect(l.radius).toBe(6);
    const model = decodePlan(l, s, cypherTexts);
    const i = indexOfPlace(model, 101);
    expect(model.xs[i]).toBe(10);
    expect(cypherAt(model, i)).toBe(map.places.find((p) => p.id === 101)!.cypher);
    expect(model.category[indexOfPlace(model, 999)]).toBe(-1);
  });
});

it('tells whether a point is inside a section outline', () => {
  const square = [0, 0, 10, 0, 10, 10, 0, 10];
  expect(pointInPolygon(5, 5, square)).toBe(true);
  expect(pointInPolygon(15, 5, square)).toBe(false);
  expect(pointInPolygon(-1, -1, square)).toBe(false);
});
