/**
 * The frame of the seat and entrance tooltips (spec 2.1): a non-modal dialog pointing at its
 * place, focused on open, closed by Escape or its button. On screens up to the mobile breakpoint
 * the stylesheet turns it into a bottom sheet.
 */
import { type CSSProperties, type ReactNode, useEffect, useRef } from 'react';
import { T } from './texts.js';

export interface TipAnchor {
  /** Position inside the widget, px. */
  x: number;
  y: number;
}

export function TipFrame(props: { anchor: TipAnchor; title: string; onClose: () => void; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus({ preventScroll: true });
  }, []);
  const style = { '--pt-x': `${props.anchor.x}px`, '--pt-y': `${props.anchor.y}px` } as CSSProperties;
  return (
    <div
      ref={ref}
      className="pt-tip"
      role="dialog"
      aria-label={props.title}
      tabIndex={-1}
      style={style}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          props.onClose();
        }
      }}
    >
      <button type="button" className="pt-tip-close" aria-label={T.close} onClick={props.onClose}>
        ×
      </button>
      <p className="pt-tip-title">{props.title}</p>
      {props.children}
    </div>
  );
}
