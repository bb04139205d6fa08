/**
 * The pointer on the plan: entrance sections are SVG elements with their own tooltip; places
 * are found on the canvas through its spatial index; a section of the overview opens to its
 * seats. A mouse over a seat shows its hint and rings it. Once the listeners are on, the
 * viewport carries the plan's probe (`ptPlan`): from then on the plan answers.
 */
import { type RefObject, useRef } from 'react';
import { togglePlace } from '../../store/hall-actions.js';
import type { HallContext } from '../../store/hall-context.js';
import { useDomEffect } from '../../ui/dom-effect.js';
import { type HallPlan, targetOf } from '../hall-svg.js';
import { placeAccessibleName } from '../place-text.js';
import type { PlanView } from './use-plan.js';

/** A pointer that moved further than this between down and up was dragging the plan. */
export const DRAG_TOLERANCE_PX = 6;

/** Where a thing is on screen, to anchor a tooltip or hint under it. */
export interface ScreenBox {
  left: number;
  width: number;
  bottom: number;
}

export interface PlanPointerHandlers {
  /** A place was chosen by a click that should open its tooltip. */
  openPlace: (placeId: number, at: ScreenBox) => void;
  /** An entrance section was clicked. */
  openEntrance: (sectionId: number, el: Element) => void;
  /** A section of the overview was clicked at a plan point. */
  openSection: (sectionId: number, at: { x: number; y: number }) => void;
  /** Nothing to act on was clicked. */
  closeTip: () => void;
  hint: (text: string | null, at?: ScreenBox) => void;
}

export function usePlanPointer(
  viewport: RefObject<HTMLDivElement | null>,
  plan: HallPlan | null,
  ctx: HallContext | null,
  planView: PlanView | null,
  handlers: PlanPointerHandlers,
): void {
  const on = useRef(handlers);
  on.current = handlers;
  useDomEffect(() => {
    const view = viewport.current;
    if (!plan || !ctx || !view || !planView) return;
    const { plan: canvas, model } = planView;
    const maxGifts = ctx.gifts?.maxPerTicket ?? 0;
    const boxOf = (i: number): ScreenBox => {
      const pt = canvas.screenPoint(i);
      return { left: pt.x - pt.r, width: 2 * pt.r, bottom: pt.y + pt.r };
    };
    let down: { x: number; y: number; touch: boolean } | null = null;
    const onDown = (e: PointerEvent) => {
      down = { x: e.clientX, y: e.clientY, touch: e.pointerType === 'touch' || e.pointerType === 'pen' };
    };
    const onClick = (e: MouseEvent) => {
      const start = down;
      down = null;
      if (start && Math.hypot(e.clientX - start.x, e.clientY - start.y) > DRAG_TOLERANCE_PX) return;
      const entrance = targetOf(plan, e.target);
      if (entrance && ctx.canAct) return on.current.openEntrance(entrance.id, entrance.el);
      const hit = canvas.pick(e.clientX, e.clientY);
      if (hit?.kind === 'section') {
        on.current.closeTip();
        return on.current.openSection(model.layout.sections[hit.index]!.id, canvas.toPlanPoint(e.clientX, e.clientY));
      }
      const p = hit ? ctx.data.places.get(model.ids[hit.index]!) : undefined;
      if (!p || !hit || !ctx.canAct) return on.current.closeTip();
      // Desktop, no gifts to offer, one tariff: the click itself puts the seat in (or takes it out).
      if (!start?.touch && maxGifts === 0 && p.countTax <= 1) {
        on.current.closeTip();
        void togglePlace(ctx, p.id);
        return;
      }
      on.current.openPlace(p.id, boxOf(hit.index));
    };
    let hoverFrame = 0;
    const ring = (index: number) => {
      if (index === canvas.hovered) return;
      const before = canvas.hovered;
      canvas.hovered = index;
      canvas.repaint([before, index]);
    };
    const onMove = (e: PointerEvent) => {
      if (e.pointerType !== 'mouse' || hoverFrame) return;
      const { clientX, clientY } = e;
      hoverFrame = requestAnimationFrame(() => {
        hoverFrame = 0;
        const hit = canvas.pick(clientX, clientY);
        const p = hit?.kind === 'place' ? ctx.data.places.get(model.ids[hit.index]!) : undefined;
        ring(p && hit ? hit.index : -1);
        if (!p || !hit) return on.current.hint(null);
        on.current.hint(placeAccessibleName(p), boxOf(hit.index));
      });
    };
    const onLeave = () => {
      on.current.hint(null);
      ring(-1);
    };
    view.addEventListener('pointerdown', onDown, true);
    view.addEventListener('click', onClick);
    view.addEventListener('pointermove', onMove);
    view.addEventListener('pointerleave', onLeave);
    Object.assign(view, { ptPlan: planView.probe });
    return () => {
      Reflect.deleteProperty(view, 'ptPlan');
      cancelAnimationFrame(hoverFrame);
      view.removeEventListener('pointerdown', onDown, true);
      view.removeEventListener('click', onClick);
      view.removeEventListener('pointermove', onMove);
      view.removeEventListener('pointerleave', onLeave);
    };
  }, [viewport, plan, ctx, planView]);
}
