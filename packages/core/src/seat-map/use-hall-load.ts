/**
 * The hall of a performance, loaded (decision 0025): the compact map and the layout (or the
 * spec's map and SVG), the static drawing inserted into `canvas`, the store filled. A failure,
 * or a configuration the widget cannot read, leaves the spec's load error in the store.
 */
import { type HallPageConfig, hallPageConfig } from '@partera/contract';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { subscribe } from 'valtio/vanilla';
import type { HallApi, HallMapAnswer } from '../api/hall.js';
import { applyMap, type HallData, type HallState } from '../store/hall-store.js';
import { MSG } from '../store/spec.js';
import { useDomEffect } from '../ui/dom-effect.js';
import { entranceColor, type HallPlan, indexPlan, insertPlan, paintEntrance } from './hall-svg.js';
import { type PriceBadge, priceBadges } from './legend.js';
import { hallDataOf } from './plan/hall-data.js';
import { loadPlanSource } from './plan/load.js';
import { decodePlan, type PlanModel } from './plan/model.js';
import { PLAN_T as T } from './plan-texts.js';

export interface LoadedHall {
  data: HallData;
  /** The static drawing: entrance sections stay SVG elements, places are on the canvas. */
  plan: HallPlan;
  model: PlanModel;
  svg: SVGSVGElement;
  badges: PriceBadge[];
}

export interface HallSource {
  config: HallPageConfig;
  /** The map JSON and the SVG markup when the host already has them. */
  map?: HallMapAnswer;
  svg?: string;
}

export function useHallLoad(
  api: HallApi,
  state: HallState,
  source: HallSource,
  canvas: RefObject<HTMLDivElement | null>,
): LoadedHall | null {
  const [hall, setHall] = useState<LoadedHall | null>(null);
  const sourceRef = useRef(source);
  sourceRef.current = source;
  const { performanceId, svgUrl, hallBasisId } = source.config;

  // biome-ignore lint/correctness/useExhaustiveDependencies: reloads only for another performance or plan
  useEffect(() => {
    let cancelled = false;
    const { map, svg, config: cfg } = sourceRef.current;
    setHall(null);
    state.status = 'loading';
    if (!hallPageConfig.safeParse(cfg).success) {
      state.status = 'error';
      state.loadError = MSG.hallMapLoadError;
      return;
    }
    loadPlanSource(api, cfg, { map, svg })
      .then(({ answer, layout, state: compact, cypherTexts }) => {
        if (cancelled || !canvas.current) return;
        const model = decodePlan(layout, compact, cypherTexts);
        const data = hallDataOf(model, answer);
        const svgEl = insertPlan(canvas.current, layout.svg);
        svgEl.setAttribute('aria-label', T.planLabel);
        applyMap(state, data, answer, cfg.performanceId, cfg.tickets);
        const plan = indexPlan(svgEl, data);
        setHall({ data, plan, model, svg: svgEl, badges: priceBadges(data, model.count) });
      })
      .catch(() => {
        if (cancelled) return;
        state.status = 'error';
        state.loadError = MSG.hallMapLoadError;
      });
    return () => {
      cancelled = true;
    };
  }, [api, performanceId, svgUrl, hallBasisId, state]);

  return hall;
}

/** Entrance sections: in their price category's colour, disabled when no tickets are left. */
export function useEntrancePaint(hall: LoadedHall | null, state: HallState): void {
  useDomEffect(() => {
    if (!hall) return;
    const paint = () => {
      for (const [id, g] of hall.plan.entrances) {
        const s = hall.data.sections.get(id)!;
        paintEntrance(g, entranceColor(s, hall.model.categories, hall.data.legend), {
          free: state.entranceFree[id] ?? 0,
          held: state.entrance[id] ?? 0,
        });
        g.classList.toggle('pt-wait', state.busy[`s:${id}`] === true);
      }
    };
    paint();
    return subscribe(state, paint);
  }, [hall, state]);
}
