/**
 * Above the plan: the package bar (package mode), the list toggle and the legend's badges, and
 * the folded tools: the section list and best available. Folded by default: a stadium has dozens
 * of sections, and the plan comes first. Best available picks seats: a hall with none for sale
 * (an exhibition, a standing floor) has no use for it.
 */
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
  package: { previousUrl?: string; nextUrl?: string; basketUrl: string };
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
          basketUrl={props.package.basketUrl}
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
            <details className="pt-tool">
              <summary>{T.sectionsTitle}</summary>
              {tools && ctx && navigation ? <tools.SectionList ctx={ctx} navigation={navigation} /> : null}
            </details>
          ) : null}
          {hall.data.places.size > 0 ? (
            <details className="pt-tool">
              <summary>{T.bestAvailable}</summary>
              {tools && ctx ? <tools.BestAvailableForm ctx={ctx} badges={hall.badges} /> : null}
            </details>
          ) : null}
        </div>
      ) : null}
    </>
  );
}
