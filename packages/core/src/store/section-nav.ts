/**
 * Section navigation of the older variant (spec 2.1): the URL hash `#section:{sectionId}` opens a
 * section, a bare `#section` shows the navigation plan (the overview). The buyer's choice is
 * pushed to the history, and back/forward (popstate, hashchange) bring the view back, so a link
 * to a section works and the browser's buttons follow. The controller only says which view is
 * current; whoever draws the plan subscribes and shows it.
 */
import type { HallData, HallState } from './hall-store.js';
import { pluralTickets, SEAT_BADGES_MAX_PLACES, toKopecks } from './spec.js';

/** A section opened, or the overview of the hall. */
export type SectionView = { kind: 'section'; sectionId: number } | { kind: 'overview' };

const SECTION_HASH = /^#section(?::(\d+))?$/;

/** The view a hash names, or null when the hash is not a section hash. */
export function parseSectionHash(hash: string): SectionView | null {
  const m = SECTION_HASH.exec(hash);
  if (!m) return null;
  return m[1] === undefined ? { kind: 'overview' } : { kind: 'section', sectionId: Number(m[1]) };
}

export function sectionHash(view: SectionView): string {
  return view.kind === 'overview' ? '#section' : `#section:${view.sectionId}`;
}

const sameView = (a: SectionView | null, b: SectionView | null) =>
  a === null || b === null ? a === b : sectionHash(a) === sectionHash(b);

export interface SectionNavigation {
  /** The view the URL names now; null when it names none (the page's own default applies). */
  current(): SectionView | null;
  /** The buyer chose a view: the URL follows (a new history entry), then the listeners. */
  show(view: SectionView): void;
  /** Called with each new view, whether the buyer chose it or the history brought it back. */
  subscribe(listener: (view: SectionView | null) => void): () => void;
  /** Stops following the history. */
  dispose(): void;
}

type NavWindow = Pick<Window, 'location' | 'history' | 'addEventListener' | 'removeEventListener'>;

export function createSectionNavigation(win: NavWindow = window): SectionNavigation {
  const listeners = new Set<(view: SectionView | null) => void>();
  let view = parseSectionHash(win.location.hash);
  const settle = (next: SectionView | null) => {
    if (sameView(view, next)) return;
    view = next;
    for (const listener of [...listeners]) listener(view);
  };
  const follow = () => settle(parseSectionHash(win.location.hash));
  win.addEventListener('popstate', follow);
  win.addEventListener('hashchange', follow);
  return {
    current: () => view,
    show(next) {
      if (sameView(view, next)) return;
      const { pathname, search } = win.location;
      win.history.pushState(null, '', `${pathname}${search}${sectionHash(next)}`);
      settle(next);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispose() {
      listeners.clear();
      win.removeEventListener('popstate', follow);
      win.removeEventListener('hashchange', follow);
    },
  };
}

/** One line of the section list: free tickets now and the price range, kopecks. */
export interface SectionSummary {
  sectionId: number;
  name: string;
  free: number;
  priceMin: number;
  priceMax: number;
  seatless: boolean;
}

/**
 * The sections with their free tickets and prices. The map's section lines give the free counts
 * when it was read (entrance sections count down live); seats this buyer has taken since are
 * taken off. Price ranges come from the places themselves (every tariff, 'от' prices included)
 * where reading them all is cheap, below the size where the plan shows only sections; above it
 * the section's own price stands for the range.
 */
export function sectionSummaries(data: Pick<HallData, 'places' | 'sections'>, state: HallState): SectionSummary[] {
  const lines = new Map<number, SectionSummary>();
  for (const s of data.sections.values()) {
    const price = toKopecks(s.price);
    lines.set(s.sectionId, {
      sectionId: s.sectionId,
      name: s.sectionName,
      free: s.seatlessSection ? (state.entranceFree[s.sectionId] ?? s.placeCount) : s.placeCount,
      // A section line without a price category says 0: its places' prices decide.
      priceMin: price > 0 ? price : Number.POSITIVE_INFINITY,
      priceMax: price,
      seatless: s.seatlessSection,
    });
  }
  for (const id of Object.keys(state.selected)) {
    const p = data.places.get(Number(id));
    const line = p && p.state === 0 ? lines.get(p.section.id) : undefined;
    if (line) line.free = Math.max(0, line.free - 1);
  }
  if (data.places.size < SEAT_BADGES_MAX_PLACES) {
    for (const p of data.places.values()) {
      const line = lines.get(p.section.id);
      if (!line || line.seatless) continue;
      for (const price of [p.price, ...Object.values(p.taxes).map((t) => t.price)].map(toKopecks)) {
        line.priceMin = Math.min(line.priceMin, price);
        line.priceMax = Math.max(line.priceMax, price);
      }
    }
  }
  return [...lines.values()].map((l) => (Number.isFinite(l.priceMin) ? l : { ...l, priceMin: l.priceMax }));
}

/** The section hint of the older map: '{num} билет' / 'билета' / 'билетов' free. */
export function sectionHint(free: number): string {
  return pluralTickets(free);
}
