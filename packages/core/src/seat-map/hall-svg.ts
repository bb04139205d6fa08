/**
 * The hall plan in the DOM (decision 0001: `g.section > circle.place[data-place-id]`,
 * `g.entrance-section[data-section-id]`). The SVG goes in once as markup; places are coloured
 * in one pass over the place elements, and afterwards only a changed place is touched. Nothing
 * here knows React: at stadium size (80 000 places) the plan must never become 80 000 virtual
 * nodes.
 *
 * Colour travels as the `fill` presentation attribute: the stylesheet greys every place
 * WITHOUT one (`.place:not([fill])`), so unavailable places cost no write at all, and a free
 * place costs exactly one. State classes (pt-sel, pt-wait, pt-prem) override the fill from CSS.
 */
import type { HallData, MapPlace } from '../store/hall-store.js';

export interface HallPlan {
  svg: SVGSVGElement;
  /** viewBox area (W × H), which sets the zoom maximum (spec 9). */
  area: number;
  /** Every place drawn on the plan, available or not. */
  placeCount: number;
  /** Elements of the places the JSON map lists (the only ones a buyer can act on). */
  places: Map<number, Element>;
  /** Entrance (free-seating) sections by section id. */
  entrances: Map<number, Element>;
}

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;
const FALLBACK_COLOR = '#7b8794';

/** A legend or place colour as written into `fill` (and matched by the legend filter rule). */
export function normalizeColor(color: string): string {
  const c = color.trim().toLowerCase();
  return HEX.test(c) ? c : FALLBACK_COLOR;
}

/**
 * The hall SVG is first-party (served by our own server, decision 0001), but it is still
 * inserted as markup, so inline handlers and scripts are cut out of the text first: a textual
 * pass over a few megabytes is far cheaper than walking 80 000 elements' attributes.
 */
export function stripActiveContent(markup: string): string {
  return markup
    .replace(/<script[\s\S]*?(?:<\/script\s*>|$)/gi, '')
    .replace(/<foreignObject[\s\S]*?(?:<\/foreignObject\s*>|$)/gi, '')
    .replace(/\son[a-z]+\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+)/gi, '')
    .replace(/(href\s*=\s*["']?)\s*javascript:/gi, '$1#');
}

function viewBoxArea(svg: SVGSVGElement): number {
  const [, , w = 0, h = 0] = (svg.getAttribute('viewBox') ?? '')
    .trim()
    .split(/[\s,]+/)
    .map(Number);
  return Number.isFinite(w) && Number.isFinite(h) ? w * h : 0;
}

/** Puts the hall SVG into `container` (replacing its content). Throws when the markup has no <svg>. */
export function insertPlan(container: Element, markup: string): SVGSVGElement {
  container.innerHTML = stripActiveContent(markup);
  const svg = container.querySelector('svg');
  if (!svg) throw new Error('hall SVG has no <svg> root');
  // Without a viewBox the plan could not scale to the viewport; derive it from the drawn size.
  const w = Number.parseFloat(svg.getAttribute('width') ?? '');
  const h = Number.parseFloat(svg.getAttribute('height') ?? '');
  if (!svg.hasAttribute('viewBox') && w > 0 && h > 0) svg.setAttribute('viewBox', `0 0 ${w} ${h}`);
  svg.setAttribute('class', `${svg.getAttribute('class') ?? ''} pt-hall-svg`.trim());
  svg.setAttribute('width', '100%');
  svg.setAttribute('height', '100%');
  svg.setAttribute('focusable', 'false');
  svg.setAttribute('role', 'img');
  return svg;
}

/** Writes a place's state classes; only called for one place at a time after the first paint. */
export function setPlaceState(el: Element, state: { selected: boolean; busy: boolean }): void {
  el.classList.toggle('pt-sel', state.selected);
  el.classList.toggle('pt-wait', state.busy);
}

/**
 * The one colouring pass: every place listed in the JSON map gets its price-category colour
 * (and, when it is already in the buyer's basket — state 1 — or privileged, a class); every
 * other place is left untouched.
 */
export function paintPlan(svg: SVGSVGElement, data: HallData): HallPlan {
  const colors = new Map<string, string>();
  const places = new Map<number, Element>();
  // A static copy: the collection is live, and writing classes below would invalidate it.
  const list = Array.from(svg.getElementsByClassName('place'));
  const placeCount = list.length;
  for (let i = 0; i < placeCount; i++) {
    const el = list[i]!;
    const id = Number(el.getAttribute('data-place-id'));
    const p: MapPlace | undefined = data.places.get(id);
    if (!p) continue;
    places.set(id, el);
    let fill = colors.get(p.color);
    if (fill === undefined) {
      fill = normalizeColor(p.color);
      colors.set(p.color, fill);
    }
    el.setAttribute('fill', fill);
    if (p.state === 1) el.classList.add('pt-sel');
    if (p.privileged !== 'default') el.classList.add('pt-prem');
  }
  const entrances = new Map<number, Element>();
  for (const g of svg.querySelectorAll('.entrance-section')) {
    const id = Number(g.getAttribute('data-section-id'));
    if (data.sections.get(id)?.seatlessSection) entrances.set(id, g);
  }
  return { svg, area: viewBoxArea(svg), placeCount, places, entrances };
}

/** Entrance section look: its price colour when tickets are left, disabled when none (spec 2.1). */
export function paintEntrance(g: Element, color: string, state: { free: number; held: number }): void {
  const fill = normalizeColor(color);
  if (g.getAttribute('fill') !== fill) g.setAttribute('fill', fill);
  g.classList.add('pt-on');
  g.classList.toggle('pt-none', state.free < 1);
  g.classList.toggle('pt-sel', state.held > 0);
}

/** The place or entrance section under an event target, if it is one the buyer can act on. */
export function targetOf(
  plan: HallPlan,
  target: EventTarget | null,
): { kind: 'place'; id: number; el: Element } | { kind: 'entrance'; id: number; el: Element } | null {
  if (!(target instanceof Element)) return null;
  const el = target.closest('.place, .entrance-section');
  if (!el) return null;
  if (el.classList.contains('place')) {
    const id = Number(el.getAttribute('data-place-id'));
    return plan.places.get(id) === el ? { kind: 'place', id, el } : null;
  }
  const id = Number(el.getAttribute('data-section-id'));
  return plan.entrances.get(id) === el ? { kind: 'entrance', id, el } : null;
}
