/**
 * The section selector of the navigation plan (spec 2.1, older variant): the hall overview and
 * every section with its free tickets ('{num} билет' / 'билета' / 'билетов') and prices. The
 * buyer's choice goes through the section navigation, so the URL hash follows and back/forward
 * work; the plan shows whatever view the navigation names.
 */
import { useMemo, useSyncExternalStore } from 'react';
import { useSnapshot } from 'valtio/react';
import type { HallContext } from '../store/hall-context.js';
import { type SectionNavigation, type SectionView, sectionHint, sectionSummaries } from '../store/section-nav.js';
import { formatPrice } from '../store/spec.js';
import { T } from './texts.js';

/** The view the navigation names, following it. */
export function useSectionView(navigation: SectionNavigation): SectionView | null {
  return useSyncExternalStore(navigation.subscribe, navigation.current, navigation.current);
}

export interface SectionListProps {
  ctx: HallContext;
  navigation: SectionNavigation;
}

export function SectionList({ ctx, navigation }: SectionListProps) {
  const snap = useSnapshot(ctx.state);
  const view = useSectionView(navigation);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the snapshot's parts are what change the counts
  const lines = useMemo(() => sectionSummaries(ctx.data, ctx.state), [ctx, snap.selected, snap.entranceFree]);
  const open = view?.kind === 'section' ? view.sectionId : null;
  return (
    <nav className="pt-section-nav" aria-label={T.sectionsTitle}>
      <ul>
        <li>
          <button
            type="button"
            aria-current={view?.kind === 'overview' ? 'location' : undefined}
            onClick={() => navigation.show({ kind: 'overview' })}
          >
            {T.overview}
          </button>
        </li>
        {lines.map((s) => (
          <li key={s.sectionId}>
            <button
              type="button"
              aria-current={open === s.sectionId ? 'location' : undefined}
              disabled={s.free < 1}
              onClick={() => navigation.show({ kind: 'section', sectionId: s.sectionId })}
            >
              <span className="pt-section-name">{s.name}</span>{' '}
              <span className="pt-section-free">{sectionHint(s.free)}</span>{' '}
              <span className="pt-section-price">{priceRange(s.priceMin, s.priceMax)}</span>
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function priceRange(low: number, high: number): string {
  return low === high ? formatPrice(low) : `${formatPrice(low)} – ${formatPrice(high)}`;
}
