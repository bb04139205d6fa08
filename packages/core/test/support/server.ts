import type { BasketState, BasketStateTicket } from '@partera/contract';
import { Http } from '@partera/core';
import { vi } from 'vitest';

export const ORIGIN = 'http://localhost:3000';

export const http = new Http({ sessionName: 'sid', sessionId: 'S1', csrfParam: '_csrf', csrfToken: 'T1', baseUrl: '' });

export interface Seen {
  method: string;
  origin: string;
  path: string;
  query: URLSearchParams;
  body: URLSearchParams;
}
export type Route = (req: Seen) => unknown;

/**
 * The server at the network boundary: answers by "METHOD /path" and records every request. A
 * route's answer is sent as JSON; a string is sent as SVG markup, a Response as it is, and an
 * Error stands for a failed connection. A route may answer with a promise.
 */
export function serve(routes: Record<string, Route>): Seen[] {
  const seen: Seen[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, ORIGIN);
      const req: Seen = {
        method: init.method ?? 'GET',
        origin: url.origin,
        path: url.pathname,
        query: url.searchParams,
        body: new URLSearchParams(init.body instanceof URLSearchParams ? init.body : undefined),
      };
      seen.push(req);
      const route = routes[`${req.method} ${req.path}`];
      if (!route) return new Response('no such route', { status: 404 });
      const answer = await route(req);
      if (answer instanceof Error) throw answer;
      if (answer instanceof Response) return answer;
      if (typeof answer === 'string') return new Response(answer, { headers: { 'content-type': 'image/svg+xml' } });
      return Response.json(answer);
    }),
  );
  return seen;
}

/** A seat ticket of the basket state (decision 0001 shape). */
export const seatTicket = (over: Partial<BasketStateTicket> = {}): BasketStateTicket => ({
  kind: 'place',
  cypher: '9001',
  performanceId: 7,
  sectionId: 3,
  showName: 'Щелкунчик',
  performanceDate: '2031-12-28T19:00:00+03:00',
  buildingName: 'Театр оперы и балета',
  hallName: 'Большой зал',
  sectionName: 'Партер',
  row: '5',
  place: '12',
  count: 1,
  price: 3500,
  tariffName: 'Полный',
  performanceFullUrl: '/performance/7/',
  ...over,
});

/** A basket state holding the given tickets, with totals computed from them. */
export const basketState = (
  tickets: BasketStateTicket[] = [seatTicket()],
  over: Partial<BasketState> = {},
): BasketState => ({
  tickets,
  ticketCount: tickets.reduce((n, t) => n + t.count, 0),
  basketPrice: tickets.reduce((sum, t) => sum + t.price * t.count, 0),
  holdSecondsLeft: 900,
  cannotCreateOrder: false,
  cannotCreateOrderCause: '',
  userIsGuest: true,
  ...over,
});
