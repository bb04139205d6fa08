/** The price badges as toggle buttons: pressing one lights only its places (spec 2.1). */
import type { PriceBadge } from './legend.js';
import { PLAN_T as T } from './plan-texts.js';

export function LegendBar(props: { badges: PriceBadge[]; active: string | null; onToggle: (id: string) => void }) {
  if (props.badges.length === 0) return null;
  return (
    <ul className="pt-legend" aria-label={T.legendLabel}>
      {props.badges.map((b) => (
        <li key={b.id}>
          <button
            type="button"
            className="pt-badge"
            aria-pressed={props.active === b.id}
            data-badge={b.id}
            onClick={() => props.onToggle(b.id)}
          >
            {b.swatches.length > 0 ? (
              <span className="pt-swatches" aria-hidden="true">
                {b.swatches.map((c) => (
                  <span key={c} className="pt-swatch" style={{ background: c }} />
                ))}
              </span>
            ) : null}
            {b.text}
          </button>
        </li>
      ))}
    </ul>
  );
}
