/**
 * The plan's viewport: the loading and error states, the element the static drawing is inserted
 * into (moved by the plan's pan and zoom, with the places' canvas over it) and the zoom buttons.
 * The viewport takes the keyboard too (plan/pan-zoom.ts): arrows pan, + and − zoom.
 */
import type { RefObject } from 'react';
import type { PanzoomControls } from './plan/use-pan-zoom.js';
import { PLAN_T as T } from './plan-texts.js';

export interface PlanShellProps {
  viewportRef: RefObject<HTMLDivElement | null>;
  canvasRef: RefObject<HTMLDivElement | null>;
  hidden: boolean;
  status: 'loading' | 'ready' | 'error' | string;
  loadError: string | null | undefined;
  /** The zoom, once the plan is drawn. */
  zoom: PanzoomControls | null;
}

export function PlanShell({ viewportRef, canvasRef, hidden, status, loadError, zoom }: PlanShellProps) {
  return (
    <div
      ref={viewportRef}
      className="pt-hall-viewport"
      hidden={hidden}
      // Focusable once there is a plan to move with the keys.
      tabIndex={zoom ? 0 : undefined}
    >
      {status === 'loading' ? (
        <div className="pt-loading" role="status">
          <span className="pt-spinner" aria-hidden="true" />
          {T.loading}
        </div>
      ) : null}
      {status === 'error' ? (
        <p className="pt-load-error" role="alert">
          {loadError}
        </p>
      ) : null}
      <div ref={canvasRef} className="pt-hall-canvas" />
      {zoom ? (
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
  );
}
