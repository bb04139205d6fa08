/**
 * What the first mount shows over the plan besides it: the hover hint (a place's name and price,
 * hidden while a tooltip is open) and the live region that announces what the flow did.
 */
import type { CSSProperties } from 'react';
import type { Hint } from './use-hall-tips.js';

export function HallStatus(props: { hint: Hint | null; tipOpen: boolean; announcement: string }) {
  const { hint } = props;
  return (
    <>
      {hint && !props.tipOpen ? (
        <div className="pt-hint" aria-hidden="true" style={anchorStyle(hint.anchor)}>
          {hint.text}
        </div>
      ) : null}
      <div className="pt-sr-only" aria-live="polite" aria-atomic="true">
        {props.announcement}
      </div>
    </>
  );
}

function anchorStyle(a: Hint['anchor']): CSSProperties {
  return { '--pt-x': `${a.x}px`, '--pt-y': `${a.y}px` } as CSSProperties;
}
