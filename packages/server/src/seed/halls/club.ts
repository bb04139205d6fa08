import { blockOutline, type HallPlan, type PlanPlace, type PlanSection, type Point, place, text } from './plan.js';

const SPACING = 22;
const RADIUS = 8;

/**
 * A club: standing fan zone in front of the stage and a dance floor behind it (entrance
 * sections, sold by count), a small seated balcony and VIP tables sold whole.
 */
export function clubPlan(opts: { danceFloor: number; fanZone: number; balconyRows: number }): HallPlan {
  const width = 1000;
  const decor: string[] = [
    '<rect x="250" y="30" width="500" height="80" rx="6" fill="#d9d4cc"/>',
    text(500, 80, 'СЦЕНА', 20, 'fill="#6d6a65" letter-spacing="4"'),
    '<rect x="20" y="300" width="70" height="200" rx="6" fill="#e6e1ea"/>',
    text(55, 405, 'БАР', 14, 'fill="#8a8f98"'),
    '<rect x="910" y="300" width="70" height="200" rx="6" fill="#e6e1ea"/>',
    text(945, 405, 'БАР', 14, 'fill="#8a8f98"'),
  ];
  const sections: PlanSection[] = [
    {
      kind: 'entrance',
      name: 'Фан-зона',
      capacity: opts.fanZone,
      rank: 0,
      shape: '<rect x="260" y="130" width="480" height="130" rx="10"/>',
      labelX: 500,
      labelY: 202,
    },
    {
      kind: 'entrance',
      name: 'Танцпол',
      capacity: opts.danceFloor,
      rank: 0.4,
      shape: '<path d="M120 280H880V520H120Z"/>',
      labelX: 500,
      labelY: 408,
    },
  ];

  const balcony: PlanPlace[] = [];
  const rows: Point[][] = [];
  const firstY = 590;
  for (let r = 0; r < opts.balconyRows; r++) {
    const count = 26;
    const points = Array.from({ length: count }, (_, i) => ({
      x: 500 + (i - (count - 1) / 2) * SPACING,
      y: firstY + r * 26,
    }));
    rows.push(points);
    points.forEach((p, i) => {
      balcony.push(place(r + 1, i + 1, p, 0.5 + r * 0.05));
    });
  }
  decor.push(blockOutline(rows, RADIUS + 6), text(500, firstY - 22, 'БАЛКОН', 13, 'fill="#8a8f98" letter-spacing="2"'));
  sections.push({ kind: 'seated', name: 'Балкон', places: balcony });

  // Four tables of four on the balcony's wings; each table is one group.
  const tables: PlanPlace[] = [];
  const centres: Point[] = [
    { x: 110, y: 600 },
    { x: 110, y: 690 },
    { x: 890, y: 600 },
    { x: 890, y: 690 },
  ];
  centres.forEach((c, t) => {
    decor.push(`<circle cx="${c.x}" cy="${c.y}" r="15" fill="#e0d6c4"/>`);
    for (let i = 0; i < 4; i++) {
      const a = Math.PI / 4 + (i * Math.PI) / 2;
      tables.push(
        place(t + 1, i + 1, { x: c.x + 28 * Math.cos(a), y: c.y + 28 * Math.sin(a) }, 0.2, {
          type: 'table',
          premium: true,
          group: t + 1,
          description: `Столик ${t + 1} на 4 гостя: продаётся целиком`,
        }),
      );
    }
  });
  decor.push(text(110, 555, 'VIP', 12, 'fill="#8a8f98"'), text(890, 555, 'VIP', 12, 'fill="#8a8f98"'));
  sections.push({ kind: 'seated', name: 'VIP-столы', places: tables });

  const lastY = Math.max(firstY + (opts.balconyRows - 1) * 26, 690 + 28);
  return { kind: 'club', width, height: lastY + 50, radius: RADIUS, sections, decor, rowLabels: true };
}
