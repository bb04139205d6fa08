import type { HallPlan } from './plan.js';
import { text } from './plan.js';

/** An exhibition: rooms drawn as decoration and a single entrance section (a day ticket). */
export function exhibitionPlan(opts: { capacity: number; rooms: string[] }): HallPlan {
  const width = 1000;
  const decor: string[] = ['<rect x="40" y="40" width="920" height="420" rx="8" fill="#f3f1ec" stroke="#cfc8bb"/>'];
  const roomWidth = 920 / opts.rooms.length;
  opts.rooms.forEach((name, i) => {
    const x = 40 + i * roomWidth;
    if (i > 0)
      decor.push(`<path d="M${Math.round(x)} 40V200M${Math.round(x)} 300V460" stroke="#cfc8bb" stroke-width="4"/>`);
    decor.push(text(x + roomWidth / 2, 250, name, 16, 'fill="#8a8f98"'));
  });
  decor.push(
    text(500, 590, 'Вход', 14, 'fill="#8a8f98"'),
    '<path d="M490 600l10 12 10-12" fill="none" stroke="#8a8f98"/>',
  );
  return {
    kind: 'exhibition',
    width,
    height: 640,
    radius: 8,
    sections: [
      {
        kind: 'entrance',
        name: 'Входной билет',
        capacity: opts.capacity,
        rank: 0,
        shape: '<rect x="300" y="480" width="400" height="90" rx="10"/>',
        labelX: 500,
        labelY: 532,
      },
    ],
    decor,
    rowLabels: false,
  };
}
