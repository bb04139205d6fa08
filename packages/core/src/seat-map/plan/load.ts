/**
 * Loads what the canvas plan is drawn from. The compact map (decision 0025) and the hall's
 * layout are asked for at once (the hall page names its hall: hallBasisId); a server that
 * answers the spec's map without the compact part gets the hall SVG asked for instead, and the
 * plan is made from the spec's formats (spec-model.ts, loaded only then: decision 0028).
 */
import { type CompactHallState, type HallLayout, hallLayout, hallMap } from '@partera/contract';
import { fillPath, type HallApi, type HallMapAnswer } from '../../api/hall.js';
import { HttpError, prefixedPath } from '../../api/http.js';
import type { SpecPlan } from './spec-model.js';

export interface LoadedPlanSource {
  answer: HallMapAnswer;
  layout: HallLayout;
  state: CompactHallState;
  /** Seat codes as text when they are not numbers (a spec map). */
  cypherTexts?: string[];
}

/** A plan from the spec's map and the hall SVG (asked for unless the host has it). */
async function fromSpec(api: HallApi, answer: HallMapAnswer, svgUrl: string, hallId: number, svg?: string) {
  const [{ layoutFromSpec }, markup] = await Promise.all([
    import('./spec-model.js'),
    svg === undefined ? api.loadSvg(svgUrl) : svg,
  ]);
  const plan: SpecPlan = layoutFromSpec(answer, markup, hallId);
  return { answer, ...plan };
}

/** The layout is public and the same for everyone: asked for without the session, so browsers share it. */
async function fetchLayout(api: HallApi, hallId: number): Promise<HallLayout> {
  const url = api.http.session.baseUrl + prefixedPath(api.http.session, fillPath(hallLayout.path, { hallId }));
  const res = await fetch(url, { credentials: api.http.credentials, headers: { accept: 'application/json' } });
  if (!res.ok) throw new HttpError(res.status, await res.text());
  return hallLayout.response.parse(await res.json());
}

/** The server answered the map with its own error (error and message set): a failure on the way, not of the plan. */
export class HallMapRefused extends Error {}

export async function loadPlanSource(
  api: HallApi,
  config: { performanceId: number; hallBasisId: number; svgUrl: string },
  given: { map?: HallMapAnswer; svg?: string } = {},
): Promise<LoadedPlanSource> {
  if (given.map) {
    return fromSpec(api, hallMap.response.parse(given.map), config.svgUrl, config.hallBasisId, given.svg);
  }
  const layoutAsked = fetchLayout(api, config.hallBasisId);
  // A failure here is read below, or not at all when the server has no compact map.
  layoutAsked.catch(() => undefined);
  const answer = await api.loadMap(config.performanceId, { compact: true });
  if (answer.error) throw new HallMapRefused(answer.message ?? 'hall map failure');
  const state = answer.compact;
  if (!state) return fromSpec(api, answer, config.svgUrl, config.hallBasisId, given.svg);
  const layout = state.hallId === config.hallBasisId ? await layoutAsked : await fetchLayout(api, state.hallId);
  return { answer, layout, state };
}
