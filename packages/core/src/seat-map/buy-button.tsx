/**
 * The hall page's buy button (spec 2.3, 4.2): a link to the basket /shopcart/ with the session
 * parameter. When the order is blocked (cannotCreateOrder) it is grey, and pressing it shows
 * cannotCreateOrderCause in a popup instead of going on.
 */
import { useSnapshot } from 'valtio/react';
import { showAlert } from '../store/hall-context.js';
import type { HallState } from '../store/hall-store.js';
import { T } from './texts.js';

export { hallBasketUrl } from './basket-url.js';

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
