import { escapeXml, type HallPlan, type PlanPlace, text } from './plan.js';

/** Dark text with a white halo: readable whatever colour the widget gives the shape. */
const LABEL_ON_ANY_FILL = 'fill="#1f2329" stroke="#ffffff" stroke-width="3" paint-order="stroke"';

/** Database ids given to a plan: one per section, and per place of each seated section. */
export interface PlanIds {
  hallId: number;
  sectionIds: number[];
  /** placeIds[s][i] is the id of plan.sections[s].places[i] (empty for entrance sections). */
  placeIds: number[][];
}

/**
 * The hall SVG of decision 0001: decoration in g.hall-decor, one g.section per seated section
 * with a circle.place per place (no fill: the widget colours places), one g.entrance-section per
 * free-seating section with its shape and label. Coordinates are the places' own x, y.
 */
export function renderHallSvg(plan: HallPlan, ids: PlanIds): string {
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${plan.width} ${plan.height}" data-hall-id="${ids.hallId}" font-family="sans-serif">`,
    `<g class="hall-decor">`,
    ...plan.decor,
  ];
  if (plan.rowLabels) out.push(`<g fill="#9aa0a6">${rowLabels(plan).join('')}</g>`);
  out.push('</g>');
  plan.sections.forEach((section, s) => {
    const id = ids.sectionIds[s]!;
    const name = escapeXml(section.name);
    if (section.kind === 'entrance') {
      out.push(
        `<g class="entrance-section" data-section-id="${id}" data-section-name="${name}">`,
        section.shape,
        text(section.labelX, section.labelY, section.name, 18, LABEL_ON_ANY_FILL),
        '</g>',
      );
      return;
    }
    const placeIds = ids.placeIds[s]!;
    out.push(`<g class="section" data-section-id="${id}" data-section-name="${name}">`);
    const r = plan.radius;
    section.places.forEach((p, i) => {
      out.push(`<circle class="place" data-place-id="${placeIds[i]}" cx="${p.x}" cy="${p.y}" r="${r}"/>`);
    });
    out.push('</g>');
  });
  out.push('</svg>');
  return out.join('\n');
}

/** Row numbers just beyond both ends of every row with at least four seats. */
function rowLabels(plan: HallPlan): string[] {
  const labels: string[] = [];
  for (const section of plan.sections) {
    if (section.kind !== 'seated') continue;
    const rows = new Map<string, PlanPlace[]>();
    for (const p of section.places) {
      // Boxes, sofas and tables are labelled by the decoration, not as rows.
      if (p.pair !== null || p.group > 0) continue;
      const row = rows.get(p.row);
      if (row) row.push(p);
      else rows.set(p.row, [p]);
    }
    for (const [row, places] of rows) {
      if (places.length < 4) continue;
      const ends: Array<[PlanPlace, PlanPlace]> = [
        [places[0]!, places[1]!],
        [places[places.length - 1]!, places[places.length - 2]!],
      ];
      for (const [end, next] of ends) {
        const dx = end.x - next.x;
        const dy = end.y - next.y;
        const len = Math.hypot(dx, dy) || 1;
        const gap = plan.radius + 10;
        labels.push(text(end.x + (dx / len) * gap, end.y + (dy / len) * gap + 4, row, 11));
      }
    }
  }
  return labels;
}
