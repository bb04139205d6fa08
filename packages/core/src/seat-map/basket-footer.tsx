/**
 * The basket footer of the hall page on mobile (spec 2.1, 9: up to 575 px): the tickets held,
 * their price and the buy button; the buy button shows only when the basket is not empty,
 * otherwise the 'next date' link does.
 */
import { useSnapshot } from 'valtio/react';
import type { HallState } from '../store/hall-store.js';
import { formatPrice, pluralTickets } from '../store/spec.js';
import { MOBILE_QUERY, useMediaQuery } from '../ui/media.js';
import { BuyButton } from './buy-button.js';
import { T } from './texts.js';

export interface BasketFooterProps {
  state: HallState;
  /** hallBasketUrl(http). */
  basketUrl: string;
  /** The performance's next date; no link when absent. */
  nextDateUrl?: string;
  /** Show it at every width (a host with its own breakpoint); by default only on mobile. */
  always?: boolean;
}

export function BasketFooter(props: BasketFooterProps) {
  const { ticketCount, basketPrice } = useSnapshot(props.state);
  const mobile = useMediaQuery(MOBILE_QUERY);
  if (!mobile && !props.always) return null;
  return (
    <footer className="pt-basket-footer">
      {ticketCount > 0 ? (
        <>
          <span className="pt-basket-footer-sum">
            {T.basketSummary(pluralTickets(ticketCount), formatPrice(basketPrice))}
          </span>
          <BuyButton state={props.state} href={props.basketUrl} />
        </>
      ) : props.nextDateUrl ? (
        <a className="pt-secondary pt-next-date" href={props.nextDateUrl}>
          {T.nextDate}
        </a>
      ) : null}
    </footer>
  );
}
