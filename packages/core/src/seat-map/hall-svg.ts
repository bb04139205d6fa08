/**
 * The hall's static drawing in the DOM (decision 0001's SVG without its place circles, decision
 * 0025): inserted once as markup; the places are drawn on the canvas (plan/), and the entrance
 * sections, `g.entrance-section[data-section-id]`, stay elements with their own look and
 * handlers. Nothing here knows React.
 */
import type { LayoutCategory } from '@partera/contract';
import type { HallData, MapSection } from '../store/hall-store.js';

export interface HallPlan {
  svg: SVGSVGElement;
  /** viewBox area (W × H), which sets the zoom maximum (spec 9). */
  area: number;
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

/** The drawing's entrance sections that the JSON map lists as free seating (the ones a buyer can act on). */
export function indexPlan(svg: SVGSVGElement, data: HallData): HallPlan {
  const entrances = new Map<number, Element>();
  for (const g of svg.querySelectorAll('.entrance-section')) {
    const id = Number(g.getAttribute('data-section-id'));
    if (data.sections.get(id)?.seatlessSection) entrances.set(id, g);
  }
  return { svg, area: viewBoxArea(svg), entrances };
}

/**
 * The colour of an entrance section's price category: that of the map's category sold at the
 * section's tariff and price, else the legend's at its price. The legend alone is not enough: it
 * names a category's own price, and a section (like a category) the price of its cheapest tariff.
 */
export function entranceColor(
  section: Pick<MapSection, 'price' | 'tariffId'>,
  categories: readonly Pick<LayoutCategory, 'color' | 'tariff' | 'price'>[],
  legend: HallData['legend'],
): string {
  const category = categories.find((c) => c.tariff === section.tariffId && c.price === section.price);
  return category?.color ?? legend.find((e) => e.p === section.price)?.c ?? '';
}

/**
 * Entrance section look (spec 2.1): with tickets left, a light fill and a border of its price
 * colour (`--pt-c`; the `fill` attribute is what the legend filter matches); grey when none are.
 */
export function paintEntrance(g: Element, color: string, state: { free: number; held: number }): void {
  const fill = normalizeColor(color);
  const style = (g as SVGElement).style;
  if (g.getAttribute('fill') !== fill) g.setAttribute('fill', fill);
  if (style.getPropertyValue('--pt-c') !== fill) style.setProperty('--pt-c', fill);
  g.classList.add('pt-on');
  g.classList.toggle('pt-none', state.free < 1);
  g.classList.toggle('pt-sel', state.held > 0);
}

/** The entrance section under an event target, if it is one the buyer can act on. */
export function targetOf(plan: HallPlan, target: EventTarget | null): { id: number; el: Element } | null {
  if (!(target instanceof Element)) return null;
  const el = target.closest('.entrance-section');
  if (!el) return null;
  const id = Number(el.getAttribute('data-section-id'));
  return plan.entrances.get(id) === el ? { id, el } : null;
}
