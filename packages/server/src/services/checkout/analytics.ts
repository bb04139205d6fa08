/**
 * The basket's tickets for analytics (POST /basket/gettickets, hall-basket-checkout.md 7.4, 3.18):
 * one item per ticket the buyer holds, with the performance's time in unix seconds, the ticket's
 * price in roubles and the performance's basis (the show it is a performance of), named by the
 * show and branded by its venue; `frame` says whether the buyer shops in a partner's frame. A
 * hold that has lapsed is no longer in the basket, so it is not counted either.
 */
import { type basketGetTickets, type CallResponse, kopecksToRoubles } from '@partera/contract';
import type { ServerDeps } from '../../deps.js';
import { loadBasket } from '../basket/contents.js';
import { findFramedSession } from '../partners/iframe-config.js';

type AnalyticsTicket = CallResponse<typeof basketGetTickets>['data'][number];

export async function basketAnalyticsTickets(
  deps: Pick<ServerDeps, 'db' | 'clock'>,
  sessionId: string,
): Promise<{ data: AnalyticsTicket[]; frame: boolean }> {
  const basket = await loadBasket(deps.db, sessionId, deps.clock.now());
  const performanceIds = [...new Set(basket.lines.map((l) => l.performanceId))];
  const shows = new Map<number, number>();
  if (performanceIds.length > 0) {
    const { rows } = await deps.db.query<{ id: number; show_id: number }>(
      'SELECT id, show_id FROM performances WHERE id = ANY($1::int[])',
      [performanceIds],
    );
    for (const row of rows) shows.set(row.id, row.show_id);
  }
  const data: AnalyticsTicket[] = [];
  for (const line of basket.lines) {
    const item: AnalyticsTicket = {
      ticket: {
        performanceTime: Math.floor(line.performanceDate.getTime() / 1000),
        price: kopecksToRoubles(line.price),
        performanceBasisId: shows.get(line.performanceId) ?? line.performanceId,
      },
      name: line.showName,
      brand: line.buildingName,
    };
    // An entrance line holds `count` tickets: each is an item of its own.
    for (let i = 0; i < line.count; i++) data.push(item);
  }
  return { data, frame: (await findFramedSession(deps.db, sessionId)) !== null };
}
