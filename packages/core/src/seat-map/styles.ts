/**
 * The seat map's whole stylesheet, as a string a host injects once (`injectSeatMapCss()` does it
 * for hosts without a bundler; the site writes `seatMapCss` into the hall page). The script-tag
 * mount adds its two parts separately: the plan's with the first mount, the tools' when they load
 * (decision 0028).
 */
import { injectSeatMapPart, planCss } from './plan-styles.js';
import { toolsCss } from './tools-styles.js';

export const seatMapCss = planCss + toolsCss;

/** Adds the stylesheet to a document once (hosts that bundle CSS themselves can use seatMapCss). */
export function injectSeatMapCss(doc: Document = document): void {
  injectSeatMapPart(doc, 'plan', planCss);
  injectSeatMapPart(doc, 'tools', toolsCss);
}
