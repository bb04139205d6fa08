/**
 * The hall page's buy button (spec 2.3, 4.2): a link to the basket /shopcart/ with the session
 * parameter. When the order is blocked (cannotCreateOrder) it is grey, and pressing it shows
 * cannotCreateOrderCause in a popup instead of going on.
 */
import { useSnapshot } from 'valtio/react';
import type { Http } from '../api/http.js';
import { showAlert } from '../store/hall-context.js';
import type { HallState } from '../store/hall-store.js';
import { siteUrl } from '../ui/navigation.js';
import { T } from './texts.js';

/** The basket's URL with the session parameter (2.3: the default target of every buy button). */
export function hallBasketUrl(http: Http): string {
  return siteUrl(http, '/shopcart/');
}

export interface BuyButtonProps {
  state: HallState;
  /** hallBasketUrl(http), or the button's own link. */
  href: string;
  label?: string;
}

export function BuyButton(props: BuyButtonProps) {
  const { cannotCreateOrder, cannotCreateOrderCause } = useSnapshot(props.state);
  return (
    <a
      className={`pt-primary pt-buy${cannotCreateOrder ? ' pt-buy--blocked' : ''}`}
      href={props.href}
      aria-disabled={cannotCreateOrder || undefined}
      onClick={(e) => {
        if (!cannotCreateOrder) return;
        e.preventDefault();
        showAlert(props.state, cannotCreateOrderCause);
      }}
    >
      {props.label ?? T.buy}
    </a>
  );
}
