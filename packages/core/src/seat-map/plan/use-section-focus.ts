/**
 * The URL's section and the plan agree (spec 2.1, older variant): `#section:{id}` opens that
 * section on the plan, a bare `#section` (or none) shows the whole hall, and a section the buyer
 * opens on the plan puts its hash in the URL, so back and forward walk the buyer's views.
 *
 * The navigation comes with the seat map's tools, after the plan is drawn (decision 0033): a
 * link's section opens once they are there; a section clicked on the overview before that opens
 * at once, without the URL.
 */
import { type RefObject, useEffect, useRef, useState } from 'react';
import type { SectionNavigation, SectionView } from '../../store/section-nav.js';
import type { PanzoomControls } from './use-pan-zoom.js';
import type { PlanView } from './use-plan.js';

/** A section opened on the plan shows its seats at least this radius on screen (px). */
export const SECTION_SEAT_PX = 5;

export interface SectionFocus {
  navigation: SectionNavigation | null;
  /** Opens a section from the plan; `at` is the plan point clicked (a stand larger than the view opens there). */
  open: (sectionId: number, at?: { x: number; y: number }) => void;
}

export function useSectionFocus(
  planView: PlanView | null,
  zoom: RefObject<PanzoomControls | null>,
  /** Makes the navigation over the window; null until the tools are loaded. */
  create: ((win: Window) => SectionNavigation) | null,
): SectionFocus {
  const [navigation, setNavigation] = useState<SectionNavigation | null>(null);
  const focus = useRef<{ x: number; y: number } | undefined>(undefined);
  useEffect(() => {
    if (!create || typeof window === 'undefined') return;
    const made = create(window);
    setNavigation(made);
    return () => made.dispose();
  }, [create]);

  /** Shows a view of the navigation on the plan: a section zoomed to, or the whole hall. */
  const show = (view: SectionView | null) => {
    const controls = zoom.current;
    if (!controls || !planView) return;
    const { model } = planView;
    const at = focus.current;
    focus.current = undefined;
    if (view?.kind !== 'section') return controls.reset();
    const section = model.layout.sections.find((s) => s.id === view.sectionId);
    const box = section ? (section.kind === 'seated' ? section.box : entranceBox(planView, view.sectionId)) : null;
    if (!box) return;
    controls.zoomToBox(box, model.layout, {
      minUnitPx: section?.kind === 'seated' ? SECTION_SEAT_PX / model.layout.radius : 0,
      focus: at ? [at.x, at.y] : undefined,
    });
  };
  const showRef = useRef(show);
  showRef.current = show;

  useEffect(() => {
    if (!planView || !navigation) return;
    // A link straight to a section opens it once the plan is there.
    const initial = navigation.current();
    if (initial?.kind === 'section') showRef.current(initial);
    return navigation.subscribe((view) => showRef.current(view));
  }, [planView, navigation]);

  return {
    navigation,
    open: (sectionId, at) => {
      focus.current = at;
      // Before the navigation is there (its tools still on their way) the plan opens the section
      // without the URL.
      if (navigation) navigation.show({ kind: 'section', sectionId });
      else show({ kind: 'section', sectionId });
    },
  };
}

/** An entrance section is an SVG shape: its box in plan units. */
function entranceBox(planView: PlanView, sectionId: number): [number, number, number, number] | null {
  const el = planView.svg.querySelector(`.entrance-section[data-section-id="${sectionId}"]`);
  if (!(el instanceof SVGGraphicsElement) || typeof el.getBBox !== 'function') return null;
  const b = el.getBBox();
  return [b.x, b.y, b.x + b.width, b.y + b.height];
}
