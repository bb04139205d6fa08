/**
 * The hall of a performance, loaded (decision 0025): the compact map and the layout (or the
 * spec's map and SVG), the static drawing inserted into `canvas`, the store filled.
 *
 * A failure leaves one of the two load messages of hall-basket-checkout.md 8.2 in the store:
 * - on the way (no answer, a server error status, the map's own error answer): 'Возникла ошибка
 *   при загрузке схемы зала. Попробуйте позже.', as trying again may well work;
 * - inside (a page configuration without what 5.3 requires of the hall map, hallBasisId, svgUrl,
 *   performanceId and maxTicketCount; an answer the widget cannot read; a plan it cannot draw):
 *   'Произошла внутренняя ошибка при загрузке схемы зала. Обратитесь в Службу поддержки {phone}',
 *   as trying again will not. Without the support phone the first message stands for both.
 */
import { type HallPageConfig, hallPageConfig } from '@partera/contract';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { subscribe } from 'valtio/vanilla';
import type { HallApi, HallMapAnswer } from '../api/hall.js';
import { HttpError } from '../api/http.js';
import { applyMap, type HallData, type HallState } from '../store/hall-store.js';
import { MSG } from '../store/spec.js';
import { useDomEffect } from '../ui/dom-effect.js';
import { entranceColor, type HallPlan, indexPlan, insertPlan, paintEntrance } from './hall-svg.js';
import { type PriceBadge, priceBadges } from './legend.js';
import { hallDataOf } from './plan/hall-data.js';
import { HallMapRefused, loadPlanSource } from './plan/load.js';
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
  /** The ticket office's support phone, named by the internal load error (8.2). */
  supportPhone?: string;
}

/** Failed on the way, not inside: no answer (fetch's TypeError), a server error status, the map's own refusal. */
function onTheWay(e: unknown): boolean {
  return e instanceof HttpError || e instanceof HallMapRefused || e instanceof TypeError;
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
    const fail = (inside: boolean) => {
      const phone = sourceRef.current.supportPhone;
      state.status = 'error';
      state.loadError = inside && phone ? MSG.hallMapInternalError(phone) : MSG.hallMapLoadError;
    };
    if (!hallPageConfig.safeParse(cfg).success) {
      fail(true);
      return;
    }
    loadPlanSource(api, cfg, { map, svg }).then(
      ({ answer, layout, state: compact, cypherTexts }) => {
        if (cancelled || !canvas.current) return;
        try {
          const model = decodePlan(layout, compact, cypherTexts);
          const data = hallDataOf(model, answer);
          const svgEl = insertPlan(canvas.current, layout.svg);
          svgEl.setAttribute('aria-label', T.planLabel);
          applyMap(state, data, answer, cfg.performanceId, cfg.tickets);
          const plan = indexPlan(svgEl, data);
          setHall({ data, plan, model, svg: svgEl, badges: priceBadges(data, model.count) });
        } catch {
          fail(true);
        }
      },
      (e: unknown) => {
        if (!cancelled) fail(!onTheWay(e));
      },
    );
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
