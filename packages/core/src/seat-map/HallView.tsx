/**
 * The hall page's seat map widget (spec 2.1 SVG variant, 4.1, 5.1, 8.1, 8.2).
 *
 * Shape: React renders the chrome (legend, zoom buttons, tooltips, alerts, the list
 * alternative); the plan itself is the hall SVG inserted once as markup into a div React never
 * touches. Places are coloured in one pass, clicks and hover are delegated to the viewport, and
 * a basket change repaints only the places whose state changed (valtio operations name them).
 */

import {
  DEFAULT_MAX_GIFT_COUNT_PER_TICKET,
  type HallPageConfig,
  hallIsClickable,
  hallMap,
  hallPageConfig,
} from '@partera/contract';
import { type CSSProperties, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useSnapshot } from 'valtio/react';
import { subscribe } from 'valtio/vanilla';
import { HallApi, type HallMapAnswer } from '../api/hall.js';
import { Http, readSessionFromMeta } from '../api/http.js';
import { type HallContext, togglePlace } from '../store/hall-actions.js';
import { applyMap, createHallState, type HallData, indexHallData } from '../store/hall-store.js';
import { MSG } from '../store/spec.js';
import { useDomEffect } from '../ui/dom-effect.js';
import { HallAlertBox } from './alert.js';
import { type HallPlan, insertPlan, paintEntrance, paintPlan, setPlaceState, targetOf } from './hall-svg.js';
import { filterRule, type PriceBadge, priceBadges } from './legend.js';
import { LegendBar } from './legend-bar.js';
import { type OpenTip, PlaceList } from './place-list.js';
import { placeAccessibleName } from './place-text.js';
import { T } from './texts.js';
import { EntranceTip, PlaceTip, type TipAnchor } from './tooltips.js';
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
  className?: string;
}

interface LoadedHall {
  data: HallData;
  plan: HallPlan;
  badges: PriceBadge[];
}

type Tip = { kind: 'place' | 'entrance'; id: number; anchor: TipAnchor };

const DRAG_TOLERANCE_PX = 6;

/** Half the desktop tooltip's width plus a margin: the tooltip stays inside the widget. */
const TIP_HALF_WIDTH_PX = 152;

function anchorOf(root: HTMLElement | null, el: Element): TipAnchor {
  const r = el.getBoundingClientRect();
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
  const hallId = useId().replace(/[^\w-]/g, '');
  const scope = `[data-pt-hall="${hallId}"]`;

  const canAct = hallIsClickable(config);
  const maxGifts = config.maxGiftCountPerTicket ?? DEFAULT_MAX_GIFT_COUNT_PER_TICKET;
  const propsRef = useRef(props);
  propsRef.current = props;

  // Load the map and the SVG, then insert, index and paint the plan once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reloads only for another performance or plan
  useEffect(() => {
    let cancelled = false;
    const { map, svg, config: cfg } = propsRef.current;
    setHall(null);
    setTip(null);
    state.status = 'loading';
    const valid = hallPageConfig.safeParse(cfg);
    if (!valid.success) {
      state.status = 'error';
      state.loadError = MSG.hallMapLoadError;
      return;
    }
    Promise.all([map ? hallMap.response.parse(map) : api.loadMap(cfg.performanceId), svg ?? api.loadSvg(cfg.svgUrl)])
      .then(([answer, markup]) => {
        if (cancelled || !canvasRef.current) return;
        if (answer.error) throw new Error(answer.message ?? 'hall map failure');
        const data = indexHallData(answer);
        const svgEl = insertPlan(canvasRef.current, markup);
        svgEl.setAttribute('aria-label', T.planLabel);
        applyMap(state, data, answer, cfg.performanceId, cfg.tickets);
        const plan = paintPlan(svgEl, data);
        setHall({ data, plan, badges: priceBadges(data, plan.placeCount) });
      })
      .catch(() => {
        if (cancelled) return;
        state.status = 'error';
        state.loadError = MSG.hallMapLoadError;
      });
    return () => {
      cancelled = true;
    };
  }, [api, config.performanceId, config.svgUrl, state]);

  const ctx = useMemo<HallContext | null>(() => {
    if (!hall) return null;
    return {
      state,
      data: hall.data,
      api,
      performanceId: config.performanceId,
      canAct,
      limits: {
        maxTicketCount: config.maxTicketCount,
        ticketInBasketOfOtherPerformances: config.ticketInBasketOfOtherPerformances ?? 0,
      },
      get events() {
        return propsRef.current.eventTarget ?? rootRef.current;
      },
      get reload() {
        return propsRef.current.reload;
      },
    };
  }, [hall, state, api, config.performanceId, config.maxTicketCount, config.ticketInBasketOfOtherPerformances, canAct]);

  // Entrance sections: colour by price, disabled when no tickets are left.
  const paintEntrances = useCallback(
    (only?: number) => {
      if (!hall) return;
      const colorByPrice = new Map(hall.data.legend.map((e) => [e.p, e.c]));
      for (const [id, g] of hall.plan.entrances) {
        if (only !== undefined && id !== only) continue;
        const s = hall.data.sections.get(id)!;
        paintEntrance(g, colorByPrice.get(s.price) ?? '', {
          free: state.entranceFree[id] ?? 0,
          held: state.entrance[id] ?? 0,
        });
        g.classList.toggle('pt-wait', state.busy[`s:${id}`] === true);
      }
    },
    [hall, state],
  );

  // Repaint exactly the places whose basket state changed: the buyer's own places and the
  // calls in flight are a handful of keys, so comparing them with what is drawn is cheap. A DOM
  // effect: subscribed at the commit that shows the plan, so no change slips in before it.
  useDomEffect(() => {
    if (!hall) return;
    const { plan, data } = hall;
    let drawnSelected = new Set(Object.keys(state.selected));
    let drawnBusy = new Set(Object.keys(state.busy));
    const repaintPlace = (id: number) => {
      const el = plan.places.get(id);
      const p = data.places.get(id);
      if (el && p) setPlaceState(el, { selected: state.selected[id] === true, busy: state.busy[p.cypher] === true });
    };
    const sync = () => {
      const selected = new Set(Object.keys(state.selected));
      const busy = new Set(Object.keys(state.busy));
      const changed = new Set<number>();
      for (const key of changedKeys(drawnSelected, selected)) changed.add(Number(key));
      for (const key of changedKeys(drawnBusy, busy)) {
        const id = data.byCypher.get(key);
        if (id !== undefined) changed.add(id);
      }
      for (const id of changed) repaintPlace(id);
      drawnSelected = selected;
      drawnBusy = busy;
      paintEntrances();
    };
    sync();
    return subscribe(state, sync);
  }, [hall, state, paintEntrances]);

  const zoomRef = useRef<PanzoomControls | null>(null);
  const tipTransform = useRef<PanzoomTransform | null>(null);
  const tipOpener = useRef<HTMLElement | null>(null);
  const openTip: OpenTip = useCallback((target, anchorEl) => {
    setHint(null);
    tipTransform.current = zoomRef.current?.transform() ?? null;
    tipOpener.current = anchorEl instanceof HTMLElement ? anchorEl : null;
    setTip({ ...target, anchor: anchorOf(rootRef.current, anchorEl) });
  }, []);

  const closeTip = useCallback(() => {
    // Back to the list button that opened it; a tooltip of the plan just closes.
    tipOpener.current?.focus();
    tipOpener.current = null;
    setTip(null);
  }, []);

  // Delegated pointer handling on the plan: one listener for 80 000 places.
  useDomEffect(() => {
    const view = viewportRef.current;
    if (!hall || !ctx || !view) return;
    let down: { x: number; y: number; touch: boolean } | null = null;
    const onDown = (e: PointerEvent) => {
      down = { x: e.clientX, y: e.clientY, touch: e.pointerType === 'touch' || e.pointerType === 'pen' };
    };
    const onClick = (e: MouseEvent) => {
      const start = down;
      down = null;
      if (start && Math.hypot(e.clientX - start.x, e.clientY - start.y) > DRAG_TOLERANCE_PX) return;
      const t = targetOf(hall.plan, e.target);
      if (!t || !ctx.canAct) {
        setTip(null);
        return;
      }
      if (t.kind === 'place') {
        const p = hall.data.places.get(t.id)!;
        // Desktop, no gifts to offer, one tariff: the click itself puts the seat in (or takes it out).
        if (!start?.touch && maxGifts === 0 && p.countTax <= 1) {
          setTip(null);
          void togglePlace(ctx, t.id);
          return;
        }
      }
      openTip({ kind: t.kind, id: t.id }, t.el);
    };
    const onOver = (e: PointerEvent) => {
      if (e.pointerType !== 'mouse') return;
      const t = targetOf(hall.plan, e.target);
      if (t?.kind !== 'place') return setHint(null);
      setHint({ text: placeAccessibleName(hall.data.places.get(t.id)!), anchor: anchorOf(rootRef.current, t.el) });
    };
    const onLeave = () => setHint(null);
    view.addEventListener('pointerdown', onDown, true);
    view.addEventListener('click', onClick);
    view.addEventListener('pointerover', onOver);
    view.addEventListener('pointerleave', onLeave);
    return () => {
      view.removeEventListener('pointerdown', onDown, true);
      view.removeEventListener('click', onClick);
      view.removeEventListener('pointerover', onOver);
      view.removeEventListener('pointerleave', onLeave);
    };
  }, [hall, ctx, maxGifts, openTip]);

  const zoom = usePanzoom(canvasRef, viewportRef, {
    ready: hall !== null,
    area: hall?.plan.area ?? 0,
    wheelNeedsModifier: config.isIframe === true,
    onChange: (t) => {
      setHint(null);
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

  const activeBadge = hall?.badges.find((b) => b.id === filter);
  const tipPlace = tip?.kind === 'place' ? hall?.data.places.get(tip.id) : undefined;
  const tipSection = tip?.kind === 'entrance' ? hall?.data.sections.get(tip.id) : undefined;
  const photo = tipPlace ? config.hallPlaceImages?.find((i) => i.place_id === tipPlace.id)?.image : undefined;

  return (
    <div
      ref={rootRef}
      className={['pt-hall', canAct ? '' : 'pt-hall--readonly', props.className ?? ''].filter(Boolean).join(' ')}
      data-pt-hall={hallId}
    >
      {activeBadge ? <style>{filterRule(scope, activeBadge)}</style> : null}
      <div className="pt-hall-bar">
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
        {hall ? (
          <LegendBar
            badges={hall.badges}
            active={filter}
            onToggle={(id) => setFilter((current) => (current === id ? null : id))}
          />
        ) : null}
      </div>
      <div ref={viewportRef} className="pt-hall-viewport" hidden={listMode}>
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
      {listMode && hall && ctx ? <PlaceList ctx={ctx} data={hall.data} openTip={openTip} /> : null}
      {hint && !tip ? (
        <div className="pt-hint" aria-hidden="true" style={anchorStyle(hint.anchor)}>
          {hint.text}
        </div>
      ) : null}
      {ctx && tipPlace && tip ? (
        <PlaceTip key={`p${tip.id}`} ctx={ctx} place={tipPlace} anchor={tip.anchor} photo={photo} onClose={closeTip} />
      ) : null}
      {ctx && tipSection && tip ? (
        <EntranceTip key={`s${tip.id}`} ctx={ctx} section={tipSection} anchor={tip.anchor} onClose={closeTip} />
      ) : null}
      <HallAlertBox state={state} ctx={ctx} />
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

/** Keys in one set and not the other. */
function changedKeys(before: ReadonlySet<string>, after: ReadonlySet<string>): string[] {
  const out: string[] = [];
  for (const k of before) if (!after.has(k)) out.push(k);
  for (const k of after) if (!before.has(k)) out.push(k);
  return out;
}

function anchorStyle(a: TipAnchor): CSSProperties {
  return { '--pt-x': `${a.x}px`, '--pt-y': `${a.y}px` } as CSSProperties;
}
