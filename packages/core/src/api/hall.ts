/**
 * The hall page's calls (hall-basket-checkout.md 7.1–7.3), over the shared transport. Every
 * answer is parsed with the call's own response schema from the contract, so the widgets only
 * ever see well-formed data; a malformed answer throws (the caller reports a server failure).
 */
import {
  bestAvailable,
  bestPlaceCheck,
  entranceTicketsAdd,
  entranceTicketsRemove,
  futureTicketAdd,
  futureTicketRemove,
  hallMap,
  hallPlaceDeselect,
  hallPlaceDeselectGroup,
  hallPlaceSelect,
  hallPlaceSelectGifts,
  hallPlaceSelectGroup,
} from '@partera/contract';
import { type Http, HttpError, prefixedPath } from './http.js';

export type HallMapAnswer = ReturnType<typeof hallMap.response.parse>;
export type SelectionAnswer = ReturnType<typeof hallPlaceSelect.response.parse>;
export type EntranceAnswer = ReturnType<typeof entranceTicketsAdd.response.parse>;
export type BestPlaceCheckAnswer = ReturnType<typeof bestPlaceCheck.response.parse>;

export interface EntranceAddInput {
  count: number;
  performanceId: number;
  sectionId: number;
  /** Tariff id (id_tariff). */
  taxId: number;
  /** Unit price, roubles (decision 0001). */
  ticketPrice: number;
  /** The list view also names the section and its price category (7.3). */
  sectionName?: string;
  fundId?: number;
}

export interface EntranceRemoveInput {
  performanceId: number;
  sectionId: number;
  /** Unit price, roubles. */
  ticketPrice: number;
  /** How many tickets to take out (contract extension; the server's default is 1). */
  count?: number;
}

/**
 * One place of a set sent to /hallPlace/selectGroup/ and /hallPlace/deselectGroup/ (7.2): its
 * code and tariff, and for the counterpart of an exclusive pair the exclusive form.
 */
export interface GroupPlace {
  cypher: string;
  tax?: number;
  exclisivePlace?: true;
  /** The performance the exclusive seat belongs to. */
  baseObjId?: number;
}

/** Gifts of a seat ticket (placeId) or of an entrance section's tickets (sectionId), 7.2. */
export type GiftsTarget = { placeId: number } | { sectionId: number };

export interface BestAvailableInput {
  performanceId: number;
  /** 1..10 seats side by side. */
  count: number;
  /** Price range, roubles, inclusive. */
  priceMin?: number;
  priceMax?: number;
  sectionId?: number;
}

/** Fills Fastify-style path parameters: '/hallview/map/:performanceId/' → '/hallview/map/42/'. */
export function fillPath(path: string, params: Record<string, string | number>): string {
  return path.replace(/:([A-Za-z]+)/g, (whole, name: string) =>
    name in params ? encodeURIComponent(String(params[name])) : whole,
  );
}

/**
 * The calls that take places pass the admission gate (decision 0018): a queued buyer's 429 is
 * thrown with its headers, and the hall's flow waits its turn (store/admission-queue.ts).
 */
const GATED = { admission: true };

export class HallApi {
  constructor(readonly http: Http) {}

  /** `compact`: ask for the compact map (decision 0025) as well; a server without it ignores the flag. */
  async loadMap(performanceId: number, options: { compact?: boolean } = {}): Promise<HallMapAnswer> {
    const { csrfParam, csrfToken } = this.http.session;
    const query: Record<string, string | number> = { json: 1, all: 1 };
    if (options.compact) query.compact = 1;
    if (csrfToken) query[csrfParam] = csrfToken;
    return hallMap.response.parse(await this.http.get(fillPath(hallMap.path, { performanceId }), query));
  }

  /** The hall SVG as text. A root-relative URL goes to the ticket site (baseUrl), others as given. */
  async loadSvg(svgUrl: string): Promise<string> {
    const url =
      svgUrl.startsWith('/') && !svgUrl.startsWith('//')
        ? this.http.session.baseUrl + prefixedPath(this.http.session, svgUrl)
        : svgUrl;
    const res = await fetch(url, { credentials: this.http.credentials });
    const text = await res.text();
    if (!res.ok) throw new HttpError(res.status, text);
    return text;
  }

  /** `packageId` in package mode (2.2), so the server counts the seat towards the package. */
  async select(cypher: string, tax?: number, packageId?: number): Promise<SelectionAnswer> {
    const fields = { cypher, tax, packageId };
    return hallPlaceSelect.response.parse(await this.http.postForm(hallPlaceSelect.path, fields, GATED));
  }

  /** A group (group-id > 0) or an exclusive pair, held all or nothing (4.1). */
  async selectGroup(places: readonly GroupPlace[]): Promise<SelectionAnswer> {
    return hallPlaceSelectGroup.response.parse(await this.postPlaces(hallPlaceSelectGroup.path, places));
  }

  async deselectGroup(places: readonly GroupPlace[]): Promise<SelectionAnswer> {
    const codes = places.map(({ tax, ...rest }) => rest);
    return hallPlaceDeselectGroup.response.parse(await this.postPlaces(hallPlaceDeselectGroup.path, codes));
  }

  private postPlaces(path: string, places: readonly GroupPlace[]): Promise<unknown> {
    const sessionId = this.http.session.sessionId;
    return this.http.postForm(fillPath(path, { sessionId }), { places: JSON.stringify(places) }, GATED);
  }

  /** Sets how many gifts go with a seat ticket or with an entrance section's tickets (5.2). */
  async selectGifts(performanceId: number, target: GiftsTarget, numOfGifts: number): Promise<SelectionAnswer> {
    const fields = { numOfGifts, objId: performanceId, ...target };
    return hallPlaceSelectGifts.response.parse(await this.http.postForm(hallPlaceSelectGifts.path, fields));
  }

  async deselect(cypher: string): Promise<SelectionAnswer> {
    return hallPlaceDeselect.response.parse(await this.http.postForm(hallPlaceDeselect.path, { cypher }));
  }

  async entranceAdd(input: EntranceAddInput): Promise<EntranceAnswer> {
    return entranceTicketsAdd.response.parse(await this.http.postForm(entranceTicketsAdd.path, { ...input }, GATED));
  }

  async entranceRemove(input: EntranceRemoveInput): Promise<EntranceAnswer> {
    return entranceTicketsRemove.response.parse(await this.http.postForm(entranceTicketsRemove.path, { ...input }));
  }

  /** List view, sections with seats: tickets without a chosen seat (7.3). */
  async futureAdd(input: EntranceAddInput): Promise<EntranceAnswer> {
    return futureTicketAdd.response.parse(await this.http.postForm(futureTicketAdd.path, { ...input }, GATED));
  }

  async futureRemove(input: EntranceRemoveInput): Promise<EntranceAnswer> {
    return futureTicketRemove.response.parse(await this.http.postForm(futureTicketRemove.path, { ...input }));
  }

  /** Whether best places can be booked (7.1); `message`'s first value says why not. */
  async bestPlaceCheck(performanceId?: number): Promise<BestPlaceCheckAnswer> {
    return bestPlaceCheck.response.parse(await this.http.get(bestPlaceCheck.path, { performanceId }));
  }

  /** Extension: `count` adjacent seats of one row in the price range, held all or nothing. */
  async bestAvailable(input: BestAvailableInput): Promise<SelectionAnswer> {
    return bestAvailable.response.parse(await this.http.postForm(bestAvailable.path, { ...input }, GATED));
  }

  /** Only-booking conflict (8.1, 623/624): clears the basket except bookings (1) or except non-bookings (0). */
  async resetExclude(isBooking: 0 | 1): Promise<SelectionAnswer> {
    const { resetExclude } = await import('./hall-reset.js');
    return resetExclude(this.http, isBooking);
  }
}
