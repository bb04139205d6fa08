import { venueDateTime } from '@partera/contract';
import type { BasketTicket } from '../api/basket.js';

/** The tickets of one performance, in the order the basket lists them. */
export interface PerformanceGroup {
  performanceId: number;
  showName: string;
  performanceDate: string;
  buildingName: string;
  hallName: string;
  performanceFullUrl: string;
  tickets: BasketTicket[];
}

export function groupByPerformance(tickets: readonly BasketTicket[]): PerformanceGroup[] {
  const groups = new Map<number, PerformanceGroup>();
  for (const ticket of tickets) {
    let group = groups.get(ticket.performanceId);
    if (!group) {
      group = {
        performanceId: ticket.performanceId,
        showName: ticket.showName,
        performanceDate: ticket.performanceDate,
        buildingName: ticket.buildingName,
        hallName: ticket.hallName,
        performanceFullUrl: ticket.performanceFullUrl,
        tickets: [],
      };
      groups.set(ticket.performanceId, group);
    }
    group.tickets.push(ticket);
  }
  return [...groups.values()];
}

/**
 * The tickets that leave the basket with `ticket` (2.3): the lines of its set (a group, an
 * exclusive pair: the same setKey in the same performance), or the ticket alone.
 */
export function ticketSet(tickets: readonly BasketTicket[], ticket: BasketTicket): BasketTicket[] {
  if (!ticket.setKey) return [ticket];
  return tickets.filter((t) => t.performanceId === ticket.performanceId && t.setKey === ticket.setKey);
}

/** 'Ряд 5, Место 12' of a seat's line; '' for entrance tickets. */
export function seatText(ticket: BasketTicket): string {
  return [ticket.row ? `Ряд ${ticket.row}` : '', ticket.place ? `Место ${ticket.place}` : '']
    .filter(Boolean)
    .join(', ');
}

/** A stable React key and a unique label per ticket line. */
export function ticketKey(ticket: BasketTicket): string {
  return ticket.cypher ?? `entrance:${ticket.performanceId}:${ticket.sectionId}:${ticket.price}`;
}

/**
 * 'dd.mm.yyyy в HH:mm' as the ticket says it: the wall-clock time written in the ISO string
 * (the venue's), not converted to the buyer's time zone.
 */
export function performanceWhen(iso: string): string {
  const at = venueDateTime(iso);
  return at ? `${at.date} в ${at.time}` : '';
}
