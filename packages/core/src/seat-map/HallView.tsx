/**
 * The hall page's seat map widget (spec 2.1, 2.2, 4.1, 4.3, 5.1, 8.1, 8.2).
 *
 * Shape (decision 0025): React renders the chrome (the toolbar above the plan, the zoom buttons,
 * the panels beside and over it); the plan is the hall SVG without its places, inserted once as
 * markup into a div React never touches and moved by the plan's own pan and zoom
 * (plan/pan-zoom.ts, decision 0033), with the places drawn on a canvas over it
 * (plan/canvas-plan.ts). The flow lives in the framework-free controllers of store/; this
 * component wires them to the page.
 *
 * The first mount brings the plan, the legend and the zoom; the rest (tooltips, lists, tools,
 * alerts, the mini basket, the click-to-select flow and the section navigation: tools.ts) loads
 * once the plan is drawn (decisions 0028, 0033).
 */

import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { HallApi } from '../api/hall.js';
import { planSupported } from '../store/browser-support.js';
import { createHallState } from '../store/hall-store.js';
import { packageSettings } from '../store/package-flow.js';
import { MSG } from '../store/spec.js';
import { HallStatus } from './hall-status.js';
import { HallToolbar } from './hall-toolbar.js';
import type { HallViewProps } from './hall-view-props.js';
import { filterRule } from './legend.js';
import { useSeatMapTools } from './load-tools.js';
import { OldBrowserNotice } from './old-browser.js';
import { type PanzoomControls, usePanZoom } from './plan/use-pan-zoom.js';
import { usePlanCanvas } from './plan/use-plan.js';
import { usePlanPointer } from './plan/use-plan-pointer.js';
import { useSectionFocus } from './plan/use-section-focus.js';
import { PlanShell } from './plan-shell.js';
import { useHallField } from './use-hall-field.js';
import { pageHttp, pageSearch, useHallFlow } from './use-hall-flow.js';
import { useEntrancePaint, useHallLoad } from './use-hall-load.js';
import { anchorOf, useHallTips } from './use-hall-tips.js';

export type { HallViewProps } from './hall-view-props.js';

export function HallView(props: HallViewProps) {
  const { config } = props;
  const api = useMemo(() => props.api ?? new HallApi(props.http ?? pageHttp()), [props.api, props.http]);
  const state = useMemo(createHallState, []);
  const status = useHallField(state, 'status');
  const loadError = useHallField(state, 'loadError');
  const announcement = useHallField(state, 'announcement');
  const rootRef = useRef<HTMLDivElement>(null);
  const viewportRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLDivElement>(null);
  const [filter, setFilter] = useState<string | null>(null);
  const [listMode, setListMode] = useState(false);
  // Decided after mounting: the server's render and the first client render agree.
  const [supported, setSupported] = useState(true);
  useEffect(() => setSupported(planSupported()), []);
  const hallId = useId().replace(/[^\w-]/g, '');
  const propsRef = useRef(props);
  propsRef.current = props;

  const hall = useHallLoad(api, state, props, canvasRef);
  useEntrancePaint(hall, state);
  const showPlan = supported && config.isOnlySections !== true;
  // A hall shown as a list of sections, and the package bar, are in the first view: no waiting for the plan.
  const toolsFirst = !showPlan || packageSettings(config, pageSearch()) !== undefined;
  const zoomRef = useRef<PanzoomControls | null>(null);
  const tips = useHallTips(rootRef, () => zoomRef.current?.transform() ?? null, hall);
  const { tools, failed: toolsFailed } = useSeatMapTools(
    hall !== null || toolsFirst,
    `${tips.tip?.kind}${tips.tip?.id}${listMode}`,
  );
  const ctx = useHallFlow(hall, tools, state, api, config, {
    events: () => propsRef.current.eventTarget ?? rootRef.current,
    reload: () => propsRef.current.reload,
  });

  const activeBadge = hall?.badges.find((b) => b.id === filter);
  const disabled = useCallback(() => (ctx && tools ? tools.seatsDisabled(ctx) : false), [ctx, tools]);
  const planView = usePlanCanvas(hall, viewportRef, state, activeBadge, disabled);
  const sections = useSectionFocus(planView, zoomRef, tools?.createSectionNavigation ?? null);
  usePlanPointer(
    viewportRef,
    hall,
    ctx,
    planView,
    {
      openPlace: (id, at) => tips.showTip({ kind: 'place', id, anchor: anchorOf(rootRef.current, at) }, null),
      openEntrance: (id, el) => tips.openTip({ kind: 'entrance', id }, el),
      openSection: (id, at) => sections.open(id, at),
      toggle: (id) => {
        if (ctx && tools) void tools.togglePlace(ctx, id);
      },
      closeTip: tips.dropTip,
      hint: tips.setHint,
    },
    toolsFailed,
  );
  const zoom = usePanZoom(canvasRef, viewportRef, {
    ready: hall !== null,
    area: hall?.plan.area ?? 0,
    wheelNeedsModifier: config.isIframe === true,
    onChange: (t) => {
      planView?.plan.schedule();
      tips.planMoved(t);
    },
  });
  zoomRef.current = zoom;

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
      <HallToolbar
        hall={hall}
        ctx={ctx}
        tools={tools}
        showPlan={showPlan}
        listMode={listMode}
        onListToggle={() => {
          tips.dropTip();
          setListMode(!listMode);
        }}
        filter={filter}
        onFilter={(id) => setFilter((current) => (current === id ? null : id))}
        navigation={sections.navigation}
        package={{ previousUrl: config.packagePreviousUrl, nextUrl: config.packageNextUrl, http: api.http }}
      />
      {toolsFailed ? (
        <p className="pt-tools-error" role="alert">
          {MSG.hallMapLoadError}
        </p>
      ) : null}
      {supported ? null : <OldBrowserNotice />}
      <PlanShell
        viewportRef={viewportRef}
        canvasRef={canvasRef}
        hidden={listMode || !showPlan}
        status={status}
        loadError={loadError}
        zoom={hall ? zoom : null}
      />
      {tools ? (
        <tools.HallPanels
          state={state}
          hall={hall}
          ctx={ctx}
          tips={tips}
          config={config}
          host={props}
          showPlan={showPlan}
          listMode={listMode}
          http={api.http}
        />
      ) : null}
      <HallStatus hint={tips.hint} tipOpen={tips.tip !== null} announcement={announcement} />
    </div>
  );
}
