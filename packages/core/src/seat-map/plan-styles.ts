/**
 * The seat map's stylesheet, first part: what the first mount draws (the hall's frame, the
 * legend, the plan, the zoom buttons, the folded tools' buttons, loading and errors). The parts
 * loaded after the plan is drawn (tooltips, lists, alerts, the mini basket: tools.ts) bring
 * their own rules (tools-styles.ts); styles.ts joins both for hosts that ship the CSS themselves.
 * Every class is prefixed `pt-`; the drawing's own classes (entrance-section: decision 0001) are
 * only styled under `.pt-hall`. Places are drawn on the plan's canvas with their own colours
 * (plan/canvas-plan.ts), not styled here.
 */
import { MOBILE_BREAKPOINT_PX } from '../store/spec.js';

export const planCss = `
.pt-hall{--pt-ink:#1d1b2e;--pt-muted:#6b6b7b;--pt-off:#dcdce2;--pt-accent:#d6204e;--pt-bg:#fff;--pt-focus:#2b6cff;
position:relative;font:14px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--pt-ink);background:var(--pt-bg)}
.pt-hall *,.pt-hall *::before,.pt-hall *::after{box-sizing:border-box}
.pt-hall button{font:inherit;color:inherit;cursor:pointer}
.pt-hall button:disabled,.pt-hall button[aria-disabled="true"]{cursor:not-allowed;opacity:.5}
.pt-hall :focus-visible{outline:3px solid var(--pt-focus);outline-offset:2px}
.pt-hall fieldset{margin:0;padding:0;border:0;min-width:0}
.pt-sr-only{position:absolute!important;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0}
.pt-hall-bar{display:flex;flex-wrap:wrap;align-items:center;gap:8px;padding:8px 0}
.pt-legend{display:flex;flex-wrap:wrap;gap:6px;margin:0;padding:0;list-style:none;flex:1 1 auto}
.pt-badge{display:inline-flex;align-items:center;gap:6px;min-height:32px;padding:4px 10px;border:1px solid #d5d5de;border-radius:16px;background:#fff}
.pt-badge[aria-pressed="true"]{border-color:var(--pt-ink);box-shadow:inset 0 0 0 1px var(--pt-ink)}
.pt-swatch{display:inline-block;width:12px;height:12px;border-radius:50%;border:1px solid rgba(0,0,0,.15)}
.pt-swatches{display:inline-flex;gap:2px}
.pt-list-toggle{min-height:32px;padding:4px 12px;border:1px solid var(--pt-ink);border-radius:16px;background:#fff}
.pt-list-toggle[aria-pressed="true"]{background:var(--pt-ink);color:#fff}
.pt-hall-viewport{position:relative;height:min(70vh,640px);min-height:320px;overflow:hidden;border-radius:8px;background:#f7f7f9;touch-action:none}
.pt-hall-canvas{width:100%;height:100%}
.pt-hall-svg{display:block;width:100%;height:100%}
.pt-hall .entrance-section.pt-wait{opacity:.5}
.pt-hall .entrance-section:not(.pt-on){fill:var(--pt-off)}
.pt-hall .entrance-section.pt-on{cursor:pointer}
.pt-hall .entrance-section.pt-on>:not(text){fill:var(--pt-c);fill-opacity:.28;stroke:var(--pt-c);stroke-width:2px}
.pt-hall .entrance-section.pt-none{cursor:not-allowed}
.pt-hall .entrance-section.pt-none>:not(text){fill:var(--pt-off);fill-opacity:1;stroke:none}
.pt-hall .entrance-section.pt-sel>:not(text){stroke:var(--pt-ink);stroke-width:3px}
.pt-hall .entrance-section text{fill:var(--pt-ink);pointer-events:none}
.pt-hall--readonly .entrance-section.pt-on{cursor:default}
.pt-zoom{position:absolute;right:12px;top:12px;display:flex;flex-direction:column;gap:6px;z-index:2}
.pt-zoom button{width:40px;height:40px;border:1px solid #d5d5de;border-radius:50%;background:#fff;font-size:20px;line-height:1;box-shadow:0 1px 3px rgba(0,0,0,.12)}
.pt-hint{position:absolute;z-index:3;pointer-events:none;left:var(--pt-x);top:var(--pt-y);transform:translate(-50%,calc(-100% - 10px));padding:4px 8px;border-radius:6px;background:var(--pt-ink);color:#fff;font-size:12px;white-space:nowrap}
.pt-hall-tools{display:flex;flex-wrap:wrap;align-items:flex-start;gap:8px;padding:0 0 8px}
.pt-tool{flex:0 1 auto;min-width:0}
.pt-tool[open]{flex:1 1 100%}
.pt-tool>summary{display:inline-flex;align-items:center;min-height:32px;padding:4px 12px;border:1px solid #d5d5de;border-radius:16px;background:#fff;cursor:pointer;list-style:none}
.pt-tool>summary::-webkit-details-marker{display:none}
.pt-tool>summary::after{content:"";width:6px;height:6px;margin-left:8px;border:solid currentColor;border-width:0 1.5px 1.5px 0;transform:rotate(45deg) translateY(-2px)}
.pt-tool[open]>summary::after{transform:rotate(-135deg) translateY(-1px)}
.pt-tools-error{margin:0 0 8px;color:var(--pt-accent)}
.pt-loading,.pt-load-error{display:flex;align-items:center;justify-content:center;gap:10px;height:100%;margin:0;padding:16px;text-align:center}
.pt-spinner{width:22px;height:22px;border:3px solid #d5d5de;border-top-color:var(--pt-accent);border-radius:50%;animation:pt-spin .8s linear infinite}
@keyframes pt-spin{to{transform:rotate(360deg)}}
@media (prefers-reduced-motion:reduce){.pt-spinner{animation-duration:2.4s}}
@media (max-width:${MOBILE_BREAKPOINT_PX}px){
.pt-hall-viewport{height:60vh;min-height:260px;border-radius:0}
.pt-hint{display:none}
.pt-zoom{top:auto;bottom:12px}
}
`;

/** The attribute that marks a part of the seat map's stylesheet in a document's head. */
const PART = 'data-pt-seat-map-css';

/** Adds a part of the stylesheet to a document once. */
export function injectSeatMapPart(doc: Document, part: 'plan' | 'tools', css: string): void {
  if (doc.head.querySelector(`style[${PART}="${part}"]`)) return;
  const style = doc.createElement('style');
  style.setAttribute(PART, part);
  style.textContent = css;
  doc.head.append(style);
}
