/**
 * The signals the hall widget sends to its host (spec 4.1: "after each change the product emits
 * basket-state, ticket-selected and ticket-deselected signals"), as DOM CustomEvents dispatched
 * on the mount element. They bubble, so a host may listen on any ancestor.
 */

/** A seat or entrance ticket that entered or left the basket. Prices in kopecks. */
export type TicketEventDetail =
  | {
      kind: 'place';
      performanceId: number;
      placeId: number;
      cypher: string;
      sectionId: number;
      sectionName: string;
      row: string;
      place: string;
      price: number;
    }
  | {
      kind: 'entrance';
      performanceId: number;
      sectionId: number;
      sectionName: string;
      /** Tickets added or removed by this change. */
      count: number;
      price: number;
    };

export interface BasketStateDetail {
  ticketCount: number;
  /** Kopecks. */
  basketPrice: number;
  cannotCreateOrder: boolean;
  cannotCreateOrderCause: string;
}

/** A seat call answered with a code the host handles (8.1): 440 login, 212/216/631 phone confirmation. */
export interface ActionRequiredDetail {
  code: number;
  message: string;
  /** Repeats the call once the host has logged the buyer in or confirmed the phone. */
  retry: () => Promise<void>;
}

export interface HallEventMap {
  'basket-state': BasketStateDetail;
  'ticket-selected': TicketEventDetail;
  'ticket-deselected': TicketEventDetail;
  'login-required': ActionRequiredDetail;
  'phone-confirmation-required': ActionRequiredDetail;
}

export type HallEventName = keyof HallEventMap;

export function emit<K extends HallEventName>(
  target: EventTarget | null | undefined,
  name: K,
  detail: HallEventMap[K],
) {
  target?.dispatchEvent(new CustomEvent(name, { detail, bubbles: true }));
}

/**
 * Asks the host to handle a code (the checkout's 113: confirm the phone, then place the order
 * again). The event is cancelable: a host that takes it calls preventDefault(), and the widget
 * then leaves the flow to it. False when no host took it (the widget shows the message itself).
 */
export function askHost<K extends HallEventName>(
  target: EventTarget | null | undefined,
  name: K,
  detail: HallEventMap[K],
): boolean {
  if (!target) return false;
  const event = new CustomEvent(name, { detail, bubbles: true, cancelable: true });
  return !target.dispatchEvent(event);
}
