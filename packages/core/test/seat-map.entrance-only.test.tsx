/**
 * A hall with no seats for sale, only entrance sections (an exhibition's day ticket, a standing
 * floor): the tools that need seats are not offered, and each section with tickets is drawn in its
 * price category's colour, from the compact map (decision 0025) the ticket site answers.
 */
import { type CompactHallState, deltaEncode, type HallLayout, runsEncode } from '@partera/contract';
import { HallView } from '@partera/core';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { config, hallMap } from './support/hall.js';
import { http, serve } from './support/server.js';

const RED = '#E53935';

const layout: HallLayout = {
  hallId: 5,
  width: 1000,
  height: 640,
  radius: 8,
  svg: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1000 640">
  <g class="hall-decor"><rect x="40" y="40" width="920" height="420"/></g>
  <g class="entrance-section" data-section-id="30" data-section-name="Входной билет"><rect x="300" y="480" width="400" height="90"/><text x="500" y="532">Входной билет</text></g>
  <g class="entrance-section" data-section-id="40" data-section-name="Экскурсия"><rect x="740" y="480" width="200" height="90"/><text x="840" y="532">Экскурсия</text></g>
</svg>`,
  sections: [
    { id: 30, name: 'Входной билет', kind: 'entrance', hull: [], box: [300, 480, 700, 570] },
    { id: 40, name: 'Экскурсия', kind: 'entrance', hull: [], box: [740, 480, 940, 570] },
  ],
  places: {
    count: 0,
    id: deltaEncode([]),
    x: deltaEncode([]),
    y: deltaEncode([]),
    section: runsEncode([]),
    rows: [],
    row: runsEncode([]),
    number: deltaEncode([]),
    numberText: [],
    group: [],
    pair: [],
    type: [],
    description: [],
  },
};

// The category's own price (the legend's) is its full tariff; the section is sold from its cheapest.
const compact: CompactHallState = {
  hallId: 5,
  categories: [
    {
      color: RED,
      price: 300,
      countTax: 2,
      tariff: 1,
      taxes: { '1': { name: 'Полный', price: 600 }, '2': { name: 'Льготный', price: 300 } },
      privileged: 'default',
    },
  ],
  avail: '',
  cypher: deltaEncode([]),
  mine: [],
  gifts: [],
};

const entrance = (sectionId: number, sectionName: string, placeCount: number) => ({
  sectionId,
  sectionName,
  placeCount,
  price: 300,
  tariffId: 1,
  fundId: 1,
  seatlessSection: true,
});

function exhibition() {
  serve({
    'GET /hallview/layout/5/': () => layout,
    'GET /hallview/map/77/': () => ({
      ...hallMap({
        places: [],
        legend: [{ c: RED, p: 600 }],
        sections: [entrance(30, 'Входной билет', 178), entrance(40, 'Экскурсия', 0)],
      }),
      compact,
    }),
  });
  const view = render(<HallView config={config()} http={http} />);
  return view.container;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('a hall of entrance sections only', () => {
  it('offers no best available, and keeps the sections and the list (its keyboard path to the tickets)', async () => {
    const root = exhibition();
    await screen.findByRole('button', { name: 'Увеличить' });
    expect(screen.getByText('Секторы', { selector: 'summary' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Списком' })).toHaveProperty('disabled', false);
    expect(screen.queryByText('Лучшие места')).toBeNull();
    const tools = [...root.querySelectorAll('.pt-hall-tools summary')].map((s) => s.textContent);
    expect(tools).toEqual(['Секторы']);
  });

  it('draws a section with tickets in its category’s colour, and one without them grey', async () => {
    const root = exhibition();
    await screen.findByRole('button', { name: 'Увеличить' });
    const section = (id: number) => root.querySelector<SVGGElement>(`.entrance-section[data-section-id="${id}"]`)!;
    expect(section(30).getAttribute('fill')).toBe('#e53935');
    expect(section(30).style.getPropertyValue('--pt-c')).toBe('#e53935');
    expect(section(30).classList.contains('pt-none')).toBe(false);
    expect(section(40).classList.contains('pt-none')).toBe(true);
  });
});
