/**
 * The canvas plan inside the React widget: made when the hall is loaded, told to draw again when
 * the plan moves, and to repaint exactly the places whose basket state changed (the buyer's own
 * places and the calls in flight are a handful of keys, so comparing them with what is drawn is
 * cheap).
 */
import { plural } from '@partera/contract';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { subscribe } from 'valtio/vanilla';
import type { HallData, HallState } from '../../store/hall-store.js';
import { formatPrice, PREMIUM_BADGE_ID, toKopecks } from '../../store/spec.js';
import { useDomEffect } from '../../ui/dom-effect.js';
import { normalizeColor } from '../hall-svg.js';
import type { PriceBadge } from '../legend.js';
import { CanvasPlan, Look, type SectionLook } from './canvas-plan.js';
import { cypherAt, indexOfPlace, type PlanModel } from './model.js';
import { SpatialGrid } from './spatial.js';

const FREE_FORMS = ['свободное место', 'свободных места', 'свободных мест'] as const;

/**
 * Each section's free places and price range, for the overview: '{n} свободных мест · {low} –
 * {high}' (the price range from the lowest category's price to the highest), 'нет мест' when none is free.
 */
export function sectionLooks(model: PlanModel): SectionLook[] {
  const stats = model.layout.sections.map(() => ({ free: 0, low: Infinity, high: -Infinity, color: '' }));
  for (let i = 0; i < model.count; i++) {
    const c = model.category[i]!;
    if (c < 0) continue;
    const s = stats[model.sectionOf[i]!];
    const cat = model.categories[c]!;
    if (!s) continue;
    s.free++;
    if (cat.price < s.low) {
      s.low = cat.price;
      s.color = normalizeColor(cat.color);
    }
    s.high = Math.max(s.high, cat.price);
  }
  return model.layout.sections.map((sec, i) => {
    const s = stats[i]!;
    // 'Трибуна A, сектор A210' → 'A210' where the full name does not fit.
    const short = sec.name.split(/[,\s]+/).pop() ?? sec.name;
    if (s.free === 0) return { fill: 'rgba(220,220,226,.9)', label: sec.name, short, sub: 'нет мест', shortSub: '' };
    const low = formatPrice(toKopecks(s.low));
    const range = s.high > s.low ? `${low} – ${formatPrice(toKopecks(s.high))}` : low;
    return {
      fill: `${s.color}b3`,
      label: sec.name,
      short,
      sub: `${s.free} ${plural(s.free, FREE_FORMS)} · ${range}`,
      shortSub: `${s.free} · от ${low}`,
    };
  });
}

/**
 * What the plan tells automation (tests, a partner's own checks) about itself, on the viewport
 * element as `ptPlan`: a canvas has no elements to query, so this stands in for them.
 */
export interface PlanProbe {
  mode: () => 'seats' | 'sections';
  /** Where a place is on screen (client pixels) and how it is drawn, or null for a place not on the plan. */
  place: (
    placeId: number,
  ) => { x: number; y: number; r: number; look: 'off' | 'free' | 'mine' | 'busy' | 'dim'; color: string } | null;
  /** Ids of places for sale and not in the basket, in plan order (at most `limit`). */
  free: (limit: number) => number[];
  /** The same, only those drawn inside a rectangle of the window (client pixels). */
  freeIn: (left: number, top: number, right: number, bottom: number, limit: number) => number[];
}

const LOOK_NAMES = ['off', 'free', 'mine', 'busy', 'dim'] as const;

export interface PlanView {
  plan: CanvasPlan;
  model: PlanModel;
  /** Given to the viewport as `ptPlan` by whoever handles the plan's pointer, once it does. */
  probe: PlanProbe;
  /** The static drawing the places are drawn over. */
  svg: SVGSVGElement;
}

export function usePlanCanvas(
  loaded: { model: PlanModel; data: HallData; svg: SVGSVGElement } | null,
  host: RefObject<HTMLDivElement | null>,
  state: HallState,
  filter: PriceBadge | undefined,
  /** True while free seats may not be taken (a package's count reached, 4.1): they are dimmed. */
  seatsDisabled: () => boolean = () => false,
): PlanView | null {
  const [view, setView] = useState<PlanView | null>(null);
  const filterRef = useRef(filter);
  filterRef.current = filter;
  const disabledRef = useRef(seatsDisabled);
  disabledRef.current = seatsDisabled;

  useDomEffect(() => {
    const el = host.current;
    if (!loaded || !el) return;
    const { model, data, svg } = loaded;
    const colors = model.categories.map((c) => normalizeColor(c.color));
    const premium = model.categories.map((c) => c.privileged !== 'default');
    const looks = sectionLooks(model);
    const grid = new SpatialGrid(model.xs, model.ys, model.layout.radius);
    const plan = new CanvasPlan(el, svg, {
      model,
      grid,
      color: (i) => colors[model.category[i]!] ?? '#7b8794',
      section: (s) => looks[s]!,
      look: (i) => {
        const c = model.category[i]!;
        if (c < 0) return Look.Off;
        const id = model.ids[i]!;
        if (state.busy[cypherAt(model, i)]) return Look.Busy;
        if (state.selected[id]) return Look.Mine;
        if (disabledRef.current()) return Look.Dim;
        const badge = filterRef.current;
        if (badge && !(badge.id === PREMIUM_BADGE_ID ? premium[c] : badge.colors.includes(colors[c]!))) return Look.Dim;
        return Look.Free;
      },
    });
    plan.draw();
    const probe: PlanProbe = {
      mode: () => plan.currentMode(),
      place: (placeId) => {
        const i = indexOfPlace(model, placeId);
        if (i < 0) return null;
        const color = model.category[i]! >= 0 ? (colors[model.category[i]!] ?? '') : '';
        return { ...plan.screenPoint(i), look: LOOK_NAMES[plan.lookOf(i)], color };
      },
      free: (limit) => {
        const out: number[] = [];
        for (let i = 0; i < model.count && out.length < limit; i++) {
          if (model.category[i]! >= 0 && !state.selected[model.ids[i]!]) out.push(model.ids[i]!);
        }
        return out;
      },
      freeIn: (left, top, right, bottom, limit) => {
        const a = plan.toPlanPoint(left, top);
        const b = plan.toPlanPoint(right, bottom);
        const out: number[] = [];
        grid.query(a.x, a.y, b.x, b.y, (i) => {
          if (out.length < limit && model.category[i]! >= 0 && !state.selected[model.ids[i]!]) out.push(model.ids[i]!);
        });
        return out;
      },
    };
    let drawnSelected = new Set(Object.keys(state.selected));
    let drawnBusy = new Set(Object.keys(state.busy));
    let drawnDisabled = disabledRef.current();
    const unsubscribe = subscribe(state, () => {
      const disabled = disabledRef.current();
      if (disabled !== drawnDisabled) {
        // Every free seat changes look: the whole view is drawn again.
        drawnDisabled = disabled;
        drawnSelected = new Set(Object.keys(state.selected));
        drawnBusy = new Set(Object.keys(state.busy));
        plan.schedule();
        return;
      }
      const selected = new Set(Object.keys(state.selected));
      const busy = new Set(Object.keys(state.busy));
      const changed = new Set<number>();
      for (const key of symmetricDifference(drawnSelected, selected)) changed.add(indexOfPlace(model, Number(key)));
      for (const key of symmetricDifference(drawnBusy, busy)) {
        const id = data.byCypher.get(key);
        if (id !== undefined) changed.add(indexOfPlace(model, id));
      }
      drawnSelected = selected;
      drawnBusy = busy;
      if (changed.size > 0) plan.repaint(changed);
    });
    setView({ plan, model, probe, svg });
    return () => {
      unsubscribe();
      plan.destroy();
      setView(null);
    };
  }, [loaded, host, state]);

  // A new filter dims other places: the next frame draws them so (the look reads filterRef).
  // biome-ignore lint/correctness/useExhaustiveDependencies: redraws when the filter changes
  useEffect(() => {
    view?.plan.schedule();
  }, [view, filter]);

  return view;
}

function symmetricDifference(before: ReadonlySet<string>, after: ReadonlySet<string>): string[] {
  const out: string[] = [];
  for (const k of before) if (!after.has(k)) out.push(k);
  for (const k of after) if (!before.has(k)) out.push(k);
  return out;
}
