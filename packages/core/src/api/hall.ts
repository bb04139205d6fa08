/**
 * The hall page's calls (hall-basket-checkout.md 7.1–7.3), over the shared transport. Every
 * answer is parsed with the call's own response schema from the contract, so the widgets only
 * ever see well-formed data; a malformed answer throws (the caller reports a server failure).
 */
import {
  entranceTicketsAdd,
  entranceTicketsRemove,
  hallMap,
  hallPlaceDeselect,
  hallPlaceSelect,
  shopcartResetExclude,
} from '@partera/contract';
import { type Http, HttpError } from './http.js';

export type HallMapAnswer = ReturnType<typeof hallMap.response.parse>;
export type SelectionAnswer = ReturnType<typeof hallPlaceSelect.response.parse>;
export type EntranceAnswer = ReturnType<typeof entranceTicketsAdd.response.parse>;

export interface EntranceAddInput {
  count: number;
  performanceId: number;
  sectionId: number;
  /** Tariff id (id_tariff). */
  taxId: number;
  /** Unit price, roubles (decision 0001). */
  ticketPrice: number;
}

export interface EntranceRemoveInput {
  performanceId: number;
  sectionId: number;
  /** Unit price, roubles. */
  ticketPrice: number;
  /** How many tickets to take out (contract extension; the server's default is 1). */
  count?: number;
}

/** Fills Fastify-style path parameters: '/hallview/map/:performanceId/' → '/hallview/map/42/'. */
export function fillPath(path: string, params: Record<string, string | number>): string {
  return path.replace(/:([A-Za-z]+)/g, (whole, name: string) =>
    name in params ? encodeURIComponent(String(params[name])) : whole,
  );
}

export class HallApi {
  constructor(readonly http: Http) {}

  async loadMap(performanceId: number): Promise<HallMapAnswer> {
    const { csrfParam, csrfToken } = this.http.session;
    const query: Record<string, string | number> = { json: 1, all: 1 };
    if (csrfToken) query[csrfParam] = csrfToken;
    return hallMap.response.parse(await this.http.get(fillPath(hallMap.path, { performanceId }), query));
  }

  /** The hall SVG as text. A root-relative URL goes to the ticket site (baseUrl), others as given. */
  async loadSvg(svgUrl: string): Promise<string> {
    const url = svgUrl.startsWith('/') && !svgUrl.startsWith('//') ? this.http.session.baseUrl + svgUrl : svgUrl;
    const res = await fetch(url, { credentials: this.http.credentials });
    const text = await res.text();
    if (!res.ok) throw new HttpError(res.status, text);
    return text;
  }

  async select(cypher: string, tax?: number): Promise<SelectionAnswer> {
    return hallPlaceSelect.response.parse(await this.http.postForm(hallPlaceSelect.path, { cypher, tax }));
  }

  async deselect(cypher: string): Promise<SelectionAnswer> {
    return hallPlaceDeselect.response.parse(await this.http.postForm(hallPlaceDeselect.path, { cypher }));
  }

  async entranceAdd(input: EntranceAddInput): Promise<EntranceAnswer> {
    return entranceTicketsAdd.response.parse(await this.http.postForm(entranceTicketsAdd.path, { ...input }));
  }

  async entranceRemove(input: EntranceRemoveInput): Promise<EntranceAnswer> {
    return entranceTicketsRemove.response.parse(await this.http.postForm(entranceTicketsRemove.path, { ...input }));
  }

  /** Only-booking conflict (8.1, 623/624): clears the basket except bookings (1) or except non-bookings (0). */
  async resetExclude(isBooking: 0 | 1): Promise<SelectionAnswer> {
    return shopcartResetExclude.response.parse(await this.http.postForm(shopcartResetExclude.path, { isBooking }));
  }
}
