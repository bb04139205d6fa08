/**
 * The read-only hall data the flow works with (store/hall-store.ts HallData), over the plan
 * model: places by id made on demand, seat codes indexed only when first asked for.
 */
import type { HallMapAnswer } from '../../api/hall.js';
import type { HallData, MapSection } from '../../store/hall-store.js';
import { cypherAt, PlaceTable, type PlanModel } from './model.js';

export function hallDataOf(
  model: PlanModel,
  answer: HallMapAnswer,
): HallData & { table: PlaceTable; pairs: ReadonlyMap<number, number> } {
  const sections = new Map<number, MapSection>();
  for (const s of answer.sections) sections.set(s.sectionId, s);
  const table = new PlaceTable(model, sections);
  const groups = new Map<number, number[]>();
  for (const [i, group] of model.groupOf) {
    if (model.category[i]! < 0) continue;
    const members = groups.get(group);
    if (members) members.push(model.ids[i]!);
    else groups.set(group, [model.ids[i]!]);
  }
  // Exclusive pairs (4.1): place id → its counterpart, both for sale.
  const pairs = new Map<number, number>();
  for (const [i, partner] of model.pairOf) {
    if (model.category[i]! >= 0 && model.category[partner]! >= 0) pairs.set(model.ids[i]!, model.ids[partner]!);
  }
  let byCypher: Map<string, number> | undefined;
  return {
    table,
    pairs,
    places: table,
    get byCypher() {
      if (!byCypher) {
        byCypher = new Map();
        for (let i = 0; i < model.count; i++) {
          if (model.category[i]! >= 0) byCypher.set(cypherAt(model, i), model.ids[i]!);
        }
      }
      return byCypher;
    },
    sections,
    groups,
    legend: answer.legend,
    premium: answer.anyPremiumTicketFound.premium === 'true',
    held: [...model.mine.keys()].map((i) => model.ids[i]!),
  };
}
