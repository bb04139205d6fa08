import type { HallPlan } from './plan.js';

/**
 * A venue without a plan: standing areas only, each sold by count at its own price, and no
 * drawing of the hall at all (no SVG is stored). Its performances are sold from the list of
 * sections (spec 2.1 isOnlySections, decision 0029).
 */
export function standingPlan(areas: ReadonlyArray<{ name: string; capacity: number; rank: number }>): HallPlan {
  return {
    kind: 'club',
    width: 0,
    height: 0,
    radius: 0,
    sections: areas.map((a) => ({ kind: 'entrance', ...a, shape: '', labelX: 0, labelY: 0 })),
    decor: [],
    rowLabels: false,
    drawn: false,
  };
}
