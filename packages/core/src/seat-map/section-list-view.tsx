/**
 * The list view of sections (spec 2.1 isOnlySections, 3.4, 7.3, 8.2): instead of a plan, the
 * sections with their price and a +/- per section and price. Entrance sections take entrance
 * tickets, sections with seats take tickets without a chosen seat (futureTicketAdd/Remove); a
 * refused change shows the server's message in a popup. Free counts above 100 read '100+'. It
 * needs no plan, so it also serves a hall that has none.
 */
import { listCount } from '@partera/contract';
import { useMemo } from 'react';
import { useSnapshot } from 'valtio/react';
import { countTickets, type HallContext } from '../store/hall-context.js';
import type { MapSection } from '../store/hall-store.js';
import { hallPicks } from '../store/picks.js';
import {
  addSectionTickets,
  removeSectionTickets,
  sectionCountProblem,
  sectionLineKey,
} from '../store/section-tickets.js';
import { formatPrice, toKopecks } from '../store/spec.js';
import { T } from './texts.js';

export interface SectionListViewProps {
  ctx: HallContext;
  /** The lines to list; by default every section of the map (a section may come at several prices). */
  sections?: readonly MapSection[];
}

export function SectionListView(props: SectionListViewProps) {
  const { ctx } = props;
  const sections = props.sections ?? [...ctx.data.sections.values()];
  return (
    <section className="pt-sections" aria-label={T.listViewTitle}>
      <h3>{T.listViewTitle}</h3>
      <ul>
        {sections.map((s) => (
          <SectionLine key={sectionLineKey(s)} ctx={ctx} section={s} />
        ))}
      </ul>
    </section>
  );
}

function SectionLine({ ctx, section: s }: { ctx: HallContext; section: MapSection }) {
  const snap = useSnapshot(ctx.state);
  const picks = useSnapshot(hallPicks(ctx.state));
  const held = s.seatlessSection ? (snap.entrance[s.sectionId] ?? 0) : (picks.future[sectionLineKey(s)] ?? 0);
  const free = s.seatlessSection ? (snap.entranceFree[s.sectionId] ?? s.placeCount) : s.placeCount - held;
  const busy = snap.busy[`s:${s.sectionId}`] === true;
  const inBasket = countTickets(snap.selected, snap.entrance, picks.future);
  // For the aria-disabled state; pressing + anyway says why (the limits of 5.1).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the counts are what the limits read
  const blocked = useMemo(() => sectionCountProblem(ctx, s, 1) !== null, [ctx, s, inBasket, free]);
  const price = formatPrice(toKopecks(s.price));
  return (
    <li className="pt-section-line">
      <span className="pt-section-name">{s.sectionName}</span>
      <span className="pt-section-price">{price}</span>
      <span className="pt-section-free">
        {T.free}: {listCount(Math.max(0, free))}
      </span>
      <fieldset className="pt-counter" aria-label={`${s.sectionName}, ${price}`}>
        <button
          type="button"
          aria-label={T.fewerIn(s.sectionName)}
          disabled={held < 1 || busy || !ctx.canAct}
          onClick={() => void removeSectionTickets(ctx, s, 1)}
        >
          −
        </button>
        <output aria-live="polite" aria-label={T.heldIn(s.sectionName)}>
          {held}
        </output>
        <button
          type="button"
          aria-label={T.moreIn(s.sectionName)}
          aria-disabled={blocked || busy || !ctx.canAct}
          disabled={!ctx.canAct}
          onClick={() => !busy && void addSectionTickets(ctx, s, 1)}
        >
          +
        </button>
      </fieldset>
    </li>
  );
}
