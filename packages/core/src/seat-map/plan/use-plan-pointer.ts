/**
 * The pointer on the plan: entrance sections are SVG elements with their own tooltip; places
 * are found on the canvas through its spatial index; a section of the overview opens to its
 * seats. A mouse over a seat shows its hint and rings it. Once the listeners are on, the
 * viewport carries the plan's probe (`ptPlan`): from then on the plan answers. What a click on a
 * place or an entrance does needs the flow, which comes with the seat map's tools (decision
 * 0033): a click made before they are there is read at once and done when they arrive.
 */
import { type RefObject, useEffect, useRef } from 'react';
import type { HallContext } from '../../store/hall-context.js';
import type { HallData } from '../../store/hall-store.js';
import { useDomEffect } from '../../ui/dom-effect.js';
import { type HallPlan, targetOf } from '../hall-svg.js';
import { placeAccessibleName } from '../place-text.js';
import { DRAG_TOLERANCE_PX } from './pan-zoom.js';
import type { PlanView } from './use-plan.js';

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
  /** A click puts the place in the basket, or takes it out (the flow of the seat map's tools). */
  toggle: (placeId: number) => void;
  /** Nothing to act on was clicked. */
  closeTip: () => void;
  hint: (text: string | null, at?: ScreenBox) => void;
}

export function usePlanPointer(
  viewport: RefObject<HTMLDivElement | null>,
  hall: { plan: HallPlan; data: HallData } | null,
  /** The flow's context; null until the seat map's tools are there: a click waits for it. */
  ctx: HallContext | null,
  planView: PlanView | null,
  handlers: PlanPointerHandlers,
  /** The flow could not be fetched: a click waiting for it is not done later. */
  flowFailed = false,
): void {
  const on = useRef(handlers);
  on.current = handlers;
  const flow = useRef(ctx);
  flow.current = ctx;
  /** What the last click does once the flow is there. */
  const waiting = useRef<((ctx: HallContext) => void) | null>(null);
  useEffect(() => {
    const act = waiting.current;
    if (!ctx && !flowFailed) return;
    waiting.current = null;
    if (ctx && act) act(ctx);
  }, [ctx, flowFailed]);
  useDomEffect(() => {
    const view = viewport.current;
    if (!hall || !view || !planView) return;
    const { plan: canvas, model } = planView;
    const boxOf = (i: number): ScreenBox => {
      const pt = canvas.screenPoint(i);
      return { left: pt.x - pt.r, width: 2 * pt.r, bottom: pt.y + pt.r };
    };
    const withFlow = (act: (ctx: HallContext) => void) => {
      if (flow.current) act(flow.current);
      else waiting.current = act;
    };
    let down: { x: number; y: number; touch: boolean } | null = null;
    const onDown = (e: PointerEvent) => {
      down = { x: e.clientX, y: e.clientY, touch: e.pointerType === 'touch' || e.pointerType === 'pen' };
    };
    const onClick = (e: MouseEvent) => {
      const start = down;
      down = null;
      if (start && Math.hypot(e.clientX - start.x, e.clientY - start.y) > DRAG_TOLERANCE_PX) return;
      const entrance = targetOf(hall.plan, e.target);
      // What is under the pointer is read now: the plan may move before the flow is there.
      const hit = canvas.pick(e.clientX, e.clientY);
      if (!entrance && hit?.kind === 'section') {
        on.current.closeTip();
        return on.current.openSection(model.layout.sections[hit.index]!.id, canvas.toPlanPoint(e.clientX, e.clientY));
      }
      const at = hit?.kind === 'place' ? boxOf(hit.index) : null;
      withFlow((ctx) => {
        if (entrance && ctx.canAct) return on.current.openEntrance(entrance.id, entrance.el);
        const p = hit?.kind === 'place' ? ctx.data.places.get(model.ids[hit.index]!) : undefined;
        if (!p || !at || !ctx.canAct) return on.current.closeTip();
        // Desktop, no gifts to offer, one tariff: the click itself puts the seat in (or takes it out).
        if (!start?.touch && (ctx.gifts?.maxPerTicket ?? 0) === 0 && p.countTax <= 1) {
          on.current.closeTip();
          return on.current.toggle(p.id);
        }
        on.current.openPlace(p.id, at);
      });
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
        const p = hit?.kind === 'place' ? hall.data.places.get(model.ids[hit.index]!) : undefined;
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
  }, [viewport, hall, planView]);
}
