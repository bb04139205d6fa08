/**
 * Deleting a ticket of a set (spec 2.3): a group or an exclusive pair leaves the basket whole, so
 * while the buyer points at a delete button (hover or keyboard focus) and while the confirmation
 * is open, every line of the set is highlighted, and the confirmation says which tickets go with
 * it. The set is the lines sharing the server's setKey (group.ts ticketSet).
 *
 * Framework-free, like the hall's mini basket (store/mini-basket.ts): a view reads `get()` and
 * re-reads on `subscribe`.
 */
import { messages, ticketWord } from '@partera/contract';
import type { BasketTicket } from '../api/basket.js';
import { seatText, ticketKey, ticketSet } from './group.js';

export interface SetHighlightView {
  /** The ticket whose delete is pointed at (hover, focus), if any. */
  pointed: BasketTicket | null;
  /** The ticket whose delete awaits the buyer's confirmation, if any. */
  removing: BasketTicket | null;
}

export interface SetHighlightController {
  get(): SetHighlightView;
  subscribe(listener: () => void): () => void;
  /** The pointer or the focus is on this ticket's delete button. */
  point(ticket: BasketTicket): void;
  /** It left this ticket's delete button. */
  leave(ticket: BasketTicket): void;
  /** The delete button was pressed: the confirmation opens. */
  ask(ticket: BasketTicket): void;
  /** The confirmation closed: the ticket it asked about (to delete when confirmed), else null. */
  close(): BasketTicket | null;
}

export function createSetHighlight(): SetHighlightController {
  const listeners = new Set<() => void>();
  let view: SetHighlightView = { pointed: null, removing: null };
  const set = (next: Partial<SetHighlightView>) => {
    view = { ...view, ...next };
    for (const listener of [...listeners]) listener();
  };
  return {
    get: () => view,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    point: (ticket) => set({ pointed: ticket }),
    leave(ticket) {
      if (view.pointed && ticketKey(view.pointed) === ticketKey(ticket)) set({ pointed: null });
    },
    ask: (ticket) => set({ removing: ticket }),
    close() {
      const asked = view.removing;
      set({ removing: null, pointed: null });
      return asked;
    },
  };
}

/** ticketKey of the lines to highlight: the set of the ticket being deleted, else of the one pointed at. */
export function highlightedKeys(tickets: readonly BasketTicket[], view: SetHighlightView): Set<string> {
  const ticket = view.removing ?? view.pointed;
  return new Set(ticket ? ticketSet(tickets, ticket).map(ticketKey) : []);
}

/**
 * The confirmation's question (the spec's text), and for a set the tickets that leave with it:
 * 'Места продаются только вместе: из корзины будут удалены 2 билета — Ряд 5, Место 12; Ряд 5, Место 13.'
 */
export function deleteQuestion(tickets: readonly BasketTicket[], ticket: BasketTicket): string {
  const set = ticketSet(tickets, ticket);
  if (set.length < 2) return messages.confirmDeleteTicket;
  const seats = set.map((t) => seatText(t) || t.sectionName).join('; ');
  return `${messages.confirmDeleteTicket} Места продаются только вместе: из корзины будут удалены ${set.length} ${ticketWord(set.length)} — ${seats}.`;
}
