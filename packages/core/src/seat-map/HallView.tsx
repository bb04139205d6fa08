/**
 * The hall page's seat map widget (spec 2.1, 2.2, 4.1, 4.3, 5.1, 8.1, 8.2).
 *
 * Shape (decision 0025): React renders the chrome (legend, section list, best available, zoom
 * buttons, tooltips, alerts, the list alternative, the mini basket); the plan is the hall SVG
 * without its places, inserted once as markup into a div React never touches and moved by
 * panzoom, with the places drawn on a canvas over it (plan/canvas-plan.ts). The flow lives in
 * the framework-free controllers of store/; this component wires them to the page.
 *
 * The first mount brings the plan, the legend and the zoom; the rest (tooltips, lists, tools,
 * alerts, the mini basket: tools.ts) loads once the plan is drawn (decision 0028).
 */

import { type HallPageConfig, hallPageConfig } from '@partera/contract';
import { type CSSProperties, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useSnapshot } from 'valtio/react';
import { subscribe } from 'valtio/vanilla';
import { HallApi, type HallMapAnswer } from '../api/hall.js';
import { Http, readSessionFromMeta } from '../api/http.js';
import { leaveQueue } from '../store/admission-queue.js';
import { planSupported } from '../store/browser-support.js';
import { seatsDisabled } from '../store/hall-actions.js';
import { type HallContext, hallSettings } from '../store/hall-context.js';
import { applyMap, createHallState, type HallData } from '../store/hall-store.js';
import { packageSettings } from '../store/package-flow.js';
import { MSG } from '../store/spec.js';
import { useDomEffect } from '../ui/dom-effect.js';
import { siteUrl } from '../ui/navigation.js';
import { hallBasketUrl } from './basket-url.js';
import { entranceColor, type HallPlan, indexPlan, insertPlan, paintEntrance } from './hall-svg.js';
import { filterRule, type PriceBadge, priceBadges } from './legend.js';
import { LegendBar } from './legend-bar.js';
import { useSeatMapTools } from './load-tools.js';
import { OldBrowserNotice } from './old-browser.js';
import type { OpenTip } from './place-list.js';
import { placePhoto } from './place-photo.js';
import { hallDataOf } from './plan/hall-data.js';
import { loadPlanSource } from './plan/load.js';
import { decodePlan, type PlanModel } from './plan/model.js';
import { usePlanCanvas } from './plan/use-plan.js';
import { DRAG_TOLERANCE_PX, type ScreenBox, usePlanPointer } from './plan/use-plan-pointer.js';
import { useSectionFocus } from './plan/use-section-focus.js';
import { PLAN_T as T } from './plan-texts.js';
import type { TipAnchor } from './tip-frame.js';
import { type PanzoomControls, type PanzoomTransform, usePanzoom } from './use-panzoom.js';

export interface HallViewProps {
  /** The hall page configuration (spec 3.1), as the site renders it into the page. */
  config: HallPageConfig;
  /** The calls; by default built over `http`, or over the page's session meta tags. */
  api?: HallApi;
  http?: Http;
  /** The map JSON when the host already has it (server-rendered); otherwise it is loaded. */
  map?: HallMapAnswer;
  /** The hall SVG markup when the host already has it; otherwise `config.svgUrl` is fetched. */
  svg?: string;
  /** Where basket-state / ticket-selected / ticket-deselected are dispatched; default the widget's root. */
  eventTarget?: EventTarget | null;
  /** Page reload after the only-booking basket reset (default `location.reload`). */
  reload?: () => void;
  /** The basket footer with the buy button (mobile, spec 2.1): for hosts without a basket bar of their own. */
  basketFooter?: boolean;
  /**
   * The mini basket popup after each change (spec 4.4; default on). A host whose page keeps its
   * own basket bar in view, as the ticket site does, turns it off rather than show the basket twice.
   */
  miniBasket?: boolean;
  /**
   * The performance's next date, linked by the basket footer while the basket is empty; by
   * default the configuration's `nextDateUrl` (with the session, as the widget's other site links).
   */
  nextDateUrl?: string;
  className?: string;
}

interface LoadedHall {
  data: HallData;
  /** The static drawing: entrance sections stay SVG elements, places are on the canvas. */
  plan: HallPlan;
  model: PlanModel;
  svg: SVGSVGElement;
  badges: PriceBadge[];
}

type Tip = { kind: 'place' | 'entrance'; id: number; anchor: TipAnchor };

/** Half the desktop tooltip's width plus a margin: the tooltip stays inside the widget. */
const TIP_HALF_WIDTH_PX = 152;

function anchorOf(root: HTMLElement | null, r: ScreenBox): TipAnchor {
  const base = root?.getBoundingClientRect();
  const width = base?.width ?? 0;
  let x = r.left + r.width / 2 - (base?.left ?? 0);
  if (width > 2 * TIP_HALF_WIDTH_PX) x = Math.min(Math.max(x, TIP_HALF_WIDTH_PX), width - TIP_HALF_WIDTH_PX);
  return { x, y: r.bottom - (base?.top ?? 0) };
}

export function HallView(props: HallViewProps) {
  const { config } = props;
  const api = useMemo(() => props.api ?? new HallApi(props.http ?? pageHttp()), [props.api, props.http]);
  const state = useMemo(createHallState, []);
  const snap = useSnapshot(state);
  const rootRef = useRef<HTMLDivElement>(null);
  const viewportRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLDivElement>(null);
  const [hall, setHall] = useState<LoadedHall | null>(null);
  const [tip, setTip] = useState<Tip | null>(null);
  const [hint, setHint] = useState<{ text: string; anchor: TipAnchor } | null>(null);
  const [filter, setFilter] = useState<string | null>(null);
  const [listMode, setListMode] = useState(false);
  // Decided after mounting: the server's render and the first client render agree.
  const [supported, setSupported] = useState(true);
  useEffect(() => setSupported(planSupported()), []);
  const onlySections = config.isOnlySections === true;
  const hallId = useId().replace(/[^\w-]/g, '');
  const propsRef = useRef(props);
  propsRef.current = props;

  // Load the compact map and the layout (or the spec's map and SVG), insert the static drawing.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reloads only for another performance or plan
  useEffect(() => {
    let cancelled = false;
    const { map, svg, config: cfg } = propsRef.current;
    setHall(null);
    setTip(null);
    state.status = 'loading';
    if (!hallPageConfig.safeParse(cfg).success) {
      state.status = 'error';
      state.loadError = MSG.hallMapLoadError;
      return;
    }
    loadPlanSource(api, cfg, { map, svg })
      .then(({ answer, layout, state: compact, cypherTexts }) => {
        if (cancelled || !canvasRef.current) return;
        const model = decodePlan(layout, compact, cypherTexts);
        const data = hallDataOf(model, answer);
        const svgEl = insertPlan(canvasRef.current, layout.svg);
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
  }, [api, config.performanceId, config.svgUrl, config.hallBasisId, state]);

  // A call waiting in the admission queue stops waiting with the hall.
  useEffect(() => () => leaveQueue(state), [state]);

  const ctx = useMemo<HallContext | null>(() => {
    if (!hall) return null;
    const search = typeof location === 'undefined' ? '' : location.search;
    return {
      state,
      data: hall.data,
      api,
      ...hallSettings(config, search),
      get events() {
        return propsRef.current.eventTarget ?? rootRef.current;
      },
      get reload() {
        return propsRef.current.reload;
      },
    };
  }, [hall, state, api, config]);

  // Entrance sections: in their price category's colour, disabled when no tickets are left.
  const paintEntrances = useCallback(() => {
    if (!hall) return;
    for (const [id, g] of hall.plan.entrances) {
      const s = hall.data.sections.get(id)!;
      paintEntrance(g, entranceColor(s, hall.model.categories, hall.data.legend), {
        free: state.entranceFree[id] ?? 0,
        held: state.entrance[id] ?? 0,
      });
      g.classList.toggle('pt-wait', state.busy[`s:${id}`] === true);
    }
  }, [hall, state]);
  useDomEffect(() => {
    if (!hall) return;
    paintEntrances();
    return subscribe(state, paintEntrances);
  }, [hall, state, paintEntrances]);

  const activeBadge = hall?.badges.find((b) => b.id === filter);
  const disabled = useCallback(() => (ctx ? seatsDisabled(ctx) : false), [ctx]);
  const planView = usePlanCanvas(hall, viewportRef, state, activeBadge, disabled);

  const zoomRef = useRef<PanzoomControls | null>(null);
  const tipTransform = useRef<PanzoomTransform | null>(null);
  const tipOpener = useRef<HTMLElement | null>(null);
  const showTip = useCallback((next: Tip, opener: HTMLElement | null) => {
    setHint(null);
    tipTransform.current = zoomRef.current?.transform() ?? null;
    tipOpener.current = opener;
    setTip(next);
  }, []);
  const openTip: OpenTip = useCallback(
    (target, el) =>
      showTip(
        { ...target, anchor: anchorOf(rootRef.current, el.getBoundingClientRect()) },
        el instanceof HTMLElement ? el : null,
      ),
    [showTip],
  );
  const closeTip = useCallback(() => {
    // Back to the list button that opened it; a tooltip of the plan just closes.
    tipOpener.current?.focus();
    tipOpener.current = null;
    setTip(null);
  }, []);

  const sections = useSectionFocus(planView, zoomRef);
  usePlanPointer(viewportRef, hall?.plan ?? null, ctx, planView, {
    openPlace: (id, at) => showTip({ kind: 'place', id, anchor: anchorOf(rootRef.current, at) }, null),
    openEntrance: (id, el) => openTip({ kind: 'entrance', id }, el),
    openSection: (id, at) => sections.open(id, at),
    closeTip: () => setTip(null),
    hint: (text, at) => setHint(text && at ? { text, anchor: anchorOf(rootRef.current, at) } : null),
  });

  const zoom = usePanzoom(canvasRef, viewportRef, {
    ready: hall !== null,
    area: hall?.plan.area ?? 0,
    wheelNeedsModifier: config.isIframe === true,
    onChange: (t) => {
      setHint(null);
      planView?.plan.schedule();
      // The tooltip points at a place: once the plan moves away under it, it closes.
      const at = tipTransform.current;
      if (
        at &&
        (t.scale !== at.scale || Math.hypot((t.x - at.x) * t.scale, (t.y - at.y) * t.scale) > DRAG_TOLERANCE_PX)
      ) {
        tipTransform.current = null;
        setTip(null);
      }
    },
  });
  zoomRef.current = zoom;

  const basketUrl = hallBasketUrl(api.http);
  const tipPlace = tip?.kind === 'place' ? hall?.data.places.get(tip.id) : undefined;
  const tipSection = tip?.kind === 'entrance' ? hall?.data.sections.get(tip.id) : undefined;
  const showPlan = supported && !onlySections;
  // A hall shown as a list of sections, and the package bar, are in the first view: no waiting for the plan.
  const toolsFirst = !showPlan || packageSettings(config, typeof location === 'undefined' ? '' : location.search);
  const { tools, failed: toolsFailed } = useSeatMapTools(
    hall !== null || Boolean(toolsFirst),
    `${tip?.kind}${tip?.id}${listMode}`,
  );

  return (
    <div
      ref={rootRef}
      className={['pt-hall', ctx?.canAct === false ? 'pt-hall--readonly' : '', props.className ?? '']
        .filter(Boolean)
        .join(' ')}
      data-pt-hall={hallId}
    >
      {/* The legend filter dims entrance sections outside the chosen badge (places: the canvas). */}
      {activeBadge ? <style>{filterRule(`[data-pt-hall="${hallId}"]`, activeBadge)}</style> : null}
      {ctx?.package && tools ? (
        <tools.PackageBar
          ctx={ctx}
          previousUrl={config.packagePreviousUrl}
          nextUrl={config.packageNextUrl}
          basketUrl={basketUrl}
        />
      ) : null}
      <div className="pt-hall-bar">
        {showPlan ? (
          <button
            type="button"
            className="pt-list-toggle"
            aria-pressed={listMode}
            disabled={!hall}
            onClick={() => {
              setTip(null);
              setListMode(!listMode);
            }}
          >
            {T.listToggle}
          </button>
        ) : null}
        {hall && showPlan ? (
          <LegendBar
            badges={hall.badges}
            active={filter}
            onToggle={(id) => setFilter((current) => (current === id ? null : id))}
          />
        ) : null}
      </div>
      {ctx && hall && showPlan ? (
        // Folded by default: a stadium has dozens of sections, and the plan comes first. Best
        // available picks seats: a hall with none for sale (an exhibition, a standing floor) has no use for it.
        <div className="pt-hall-tools">
          {sections.navigation && hall.data.sections.size > 0 ? (
            <details className="pt-tool">
              <summary>{T.sectionsTitle}</summary>
              {tools ? <tools.SectionList ctx={ctx} navigation={sections.navigation} /> : null}
            </details>
          ) : null}
          {hall.data.places.size > 0 ? (
            <details className="pt-tool">
              <summary>{T.bestAvailable}</summary>
              {tools ? <tools.BestAvailableForm ctx={ctx} badges={hall.badges} /> : null}
            </details>
          ) : null}
        </div>
      ) : null}
      {toolsFailed ? (
        <p className="pt-tools-error" role="alert">
          {MSG.hallMapLoadError}
        </p>
      ) : null}
      {supported ? null : <OldBrowserNotice />}
      <div ref={viewportRef} className="pt-hall-viewport" hidden={listMode || !showPlan}>
        {snap.status === 'loading' ? (
          <div className="pt-loading" role="status">
            <span className="pt-spinner" aria-hidden="true" />
            {T.loading}
          </div>
        ) : null}
        {snap.status === 'error' ? (
          <p className="pt-load-error" role="alert">
            {snap.loadError}
          </p>
        ) : null}
        <div ref={canvasRef} className="pt-hall-canvas" />
        {hall ? (
          <fieldset className="pt-zoom" aria-label={T.zoomGroup}>
            <button type="button" aria-label={T.zoomIn} disabled={zoom.scale >= zoom.maxScale} onClick={zoom.zoomIn}>
              +
            </button>
            <button type="button" aria-label={T.zoomOut} disabled={zoom.scale <= zoom.minScale} onClick={zoom.zoomOut}>
              −
            </button>
          </fieldset>
        ) : null}
      </div>
      {ctx && !showPlan && tools ? <tools.SectionListView ctx={ctx} /> : null}
      {listMode && hall && ctx && tools ? <tools.PlaceList ctx={ctx} data={hall.data} openTip={openTip} /> : null}
      {hint && !tip ? (
        <div className="pt-hint" aria-hidden="true" style={anchorStyle(hint.anchor)}>
          {hint.text}
        </div>
      ) : null}
      {ctx && tipPlace && tip && tools ? (
        <tools.PlaceTip
          key={`p${tip.id}`}
          ctx={ctx}
          place={tipPlace}
          anchor={tip.anchor}
          photo={placePhoto(config.hallPlaceImages, tipPlace.id)}
          onClose={closeTip}
        />
      ) : null}
      {ctx && tipSection && tip && tools ? (
        <tools.EntranceTip key={`s${tip.id}`} ctx={ctx} section={tipSection} anchor={tip.anchor} onClose={closeTip} />
      ) : null}
      {tools ? <tools.HallAlertBox state={state} ctx={ctx} /> : null}
      {tools ? <tools.QueueNotice state={state} /> : null}
      {props.miniBasket === false || !tools ? null : (
        <tools.MiniBasket state={state} basketUrl={basketUrl} packageMode={ctx?.package !== undefined} />
      )}
      {props.basketFooter && tools ? (
        <tools.BasketFooter
          state={state}
          basketUrl={basketUrl}
          nextDateUrl={props.nextDateUrl ?? (config.nextDateUrl ? siteUrl(api.http, config.nextDateUrl) : undefined)}
        />
      ) : null}
      <div className="pt-sr-only" aria-live="polite" aria-atomic="true">
        {snap.announcement}
      </div>
    </div>
  );
}

/** The page's own session (meta tags); on the server, where there is no page, an empty one. */
function pageHttp(): Http {
  if (typeof document !== 'undefined') return new Http(readSessionFromMeta());
  return new Http({ sessionName: 'sid', sessionId: '', csrfParam: '_csrf', csrfToken: '', baseUrl: '' });
}

function anchorStyle(a: TipAnchor): CSSProperties {
  return { '--pt-x': `${a.x}px`, '--pt-y': `${a.y}px` } as CSSProperties;
}
