/**
 * The hall's tooltip and hover hint: where they are anchored (under the place, inside the
 * widget), which opener gets the focus back, and closing the tooltip once the plan moves away
 * from under it.
 */
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import type { OpenTip } from './place-list.js';
import { DRAG_TOLERANCE_PX, type PanZoomTransform } from './plan/pan-zoom.js';
import type { ScreenBox } from './plan/use-plan-pointer.js';
import type { TipAnchor } from './tip-frame.js';

export type Tip = { kind: 'place' | 'entrance'; id: number; anchor: TipAnchor };
export type Hint = { text: string; anchor: TipAnchor };

/** Half the desktop tooltip's width plus a margin: the tooltip stays inside the widget. */
const TIP_HALF_WIDTH_PX = 152;

export function anchorOf(root: HTMLElement | null, r: ScreenBox): TipAnchor {
  const base = root?.getBoundingClientRect();
  const width = base?.width ?? 0;
  let x = r.left + r.width / 2 - (base?.left ?? 0);
  if (width > 2 * TIP_HALF_WIDTH_PX) x = Math.min(Math.max(x, TIP_HALF_WIDTH_PX), width - TIP_HALF_WIDTH_PX);
  return { x, y: r.bottom - (base?.top ?? 0) };
}

export interface HallTips {
  tip: Tip | null;
  hint: Hint | null;
  /** Opens a tooltip; `opener` (a list button) gets the focus back when it closes. */
  showTip: (next: Tip, opener: HTMLElement | null) => void;
  openTip: OpenTip;
  closeTip: () => void;
  /** Closes without moving the focus (a click elsewhere on the plan, the list toggled). */
  dropTip: () => void;
  setHint: (text: string | null, at?: ScreenBox) => void;
  /** The plan moved to `t`. */
  planMoved: (t: PanZoomTransform) => void;
}

export function useHallTips(
  root: RefObject<HTMLElement | null>,
  /** Where the plan is now; a new hall closes any tooltip. */
  transform: () => PanZoomTransform | null,
  hall: unknown,
): HallTips {
  const [tip, setTip] = useState<Tip | null>(null);
  const [hint, setHintState] = useState<Hint | null>(null);
  const tipTransform = useRef<PanZoomTransform | null>(null);
  const tipOpener = useRef<HTMLElement | null>(null);
  const where = useRef(transform);
  where.current = transform;
  // biome-ignore lint/correctness/useExhaustiveDependencies: another hall closes the tooltip
  useEffect(() => setTip(null), [hall]);

  const showTip = useCallback((next: Tip, opener: HTMLElement | null) => {
    setHintState(null);
    tipTransform.current = where.current();
    tipOpener.current = opener;
    setTip(next);
  }, []);
  const openTip: OpenTip = useCallback(
    (target, el) =>
      showTip(
        { ...target, anchor: anchorOf(root.current, el.getBoundingClientRect()) },
        el instanceof HTMLElement ? el : null,
      ),
    [showTip, root],
  );
  const closeTip = useCallback(() => {
    // Back to the list button that opened it; a tooltip of the plan just closes.
    tipOpener.current?.focus();
    tipOpener.current = null;
    setTip(null);
  }, []);
  const dropTip = useCallback(() => setTip(null), []);
  const setHint = useCallback(
    (text: string | null, at?: ScreenBox) =>
      setHintState(text && at ? { text, anchor: anchorOf(root.current, at) } : null),
    [root],
  );
  const planMoved = useCallback((t: PanZoomTransform) => {
    setHintState(null);
    // The tooltip points at a place: once the plan moves away under it, it closes.
    const at = tipTransform.current;
    if (
      at &&
      (t.scale !== at.scale || Math.hypot((t.x - at.x) * t.scale, (t.y - at.y) * t.scale) > DRAG_TOLERANCE_PX)
    ) {
      tipTransform.current = null;
      setTip(null);
    }
  }, []);
  return { tip, hint, showTip, openTip, closeTip, dropTip, setHint, planMoved };
}
