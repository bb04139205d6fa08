/**
 * Above the plan: the package bar (package mode), the list toggle and the legend's badges, and
 * the folded tools: the section list and best available. Folded by default: a stadium has dozens
 * of sections, and the plan comes first; their contents are drawn once first opened. Best
 * available picks seats: a hall with none for sale (an exhibition, a standing floor) has no use
 * for it.
 */
import { type ReactNode, useEffect, useRef, useState } from 'react';
import type { Http } from '../api/http.js';
import type { HallContext } from '../store/hall-context.js';
import type { SectionNavigation } from '../store/section-nav.js';
import { LegendBar } from './legend-bar.js';
import type { SeatMapTools } from './load-tools.js';
import { PLAN_T as T } from './plan-texts.js';
import type { LoadedHall } from './use-hall-load.js';

export interface HallToolbarProps {
  hall: LoadedHall | null;
  ctx: HallContext | null;
  tools: SeatMapTools | null;
  showPlan: boolean;
  listMode: boolean;
  onListToggle: () => void;
  filter: string | null;
  onFilter: (badgeId: string) => void;
  navigation: SectionNavigation | null;
  /** The session the basket link carries. */
  package: { previousUrl?: string; nextUrl?: string; http: Http };
}

export function HallToolbar(props: HallToolbarProps) {
  const { hall, ctx, tools, showPlan, navigation } = props;
  return (
    <>
      {ctx?.package && tools ? (
        <tools.PackageBar
          ctx={ctx}
          previousUrl={props.package.previousUrl}
          nextUrl={props.package.nextUrl}
          basketUrl={tools.hallBasketUrl(props.package.http)}
        />
      ) : null}
      <div className="pt-hall-bar">
        {showPlan ? (
          <button
            type="button"
            className="pt-list-toggle"
            aria-pressed={props.listMode}
            disabled={!hall}
            onClick={props.onListToggle}
          >
            {T.listToggle}
          </button>
        ) : null}
        {hall && showPlan ? <LegendBar badges={hall.badges} active={props.filter} onToggle={props.onFilter} /> : null}
      </div>
      {hall && showPlan ? (
        <div className="pt-hall-tools">
          {hall.data.sections.size > 0 ? (
            <FoldedTool title={T.sectionsTitle}>
              {() => (tools && ctx && navigation ? <tools.SectionList ctx={ctx} navigation={navigation} /> : null)}
            </FoldedTool>
          ) : null}
          {hall.data.places.size > 0 ? (
            <FoldedTool title={T.bestAvailable}>
              {() => (tools && ctx ? <tools.BestAvailableForm ctx={ctx} badges={hall.badges} /> : null)}
            </FoldedTool>
          ) : null}
        </div>
      ) : null}
    </>
  );
}

/**
 * A folded tool: its contents are drawn from the first time it is opened, then kept. The section
 * list reads every section's places for its price ranges, work that has no place between the
 * plan's arrival and the buyer's first click (decision 0044).
 */
function FoldedTool(props: { title: string; children: () => ReactNode }) {
  const ref = useRef<HTMLDetailsElement>(null);
  const [opened, setOpened] = useState(false);
  useEffect(() => {
    const details = ref.current;
    if (!details || opened) return;
    const follow = () => setOpened(details.open);
    details.addEventListener('toggle', follow);
    return () => details.removeEventListener('toggle', follow);
  }, [opened]);
  return (
    <details ref={ref} className="pt-tool">
      <summary>{props.title}</summary>
      {opened ? props.children() : null}
    </details>
  );
}
