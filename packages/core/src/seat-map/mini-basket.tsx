/**
 * The mini basket popup of the hall page (spec 2.1, 4.4): after each basket change it shows what
 * the basket holds and the buy button for 5 s, only when at least one ticket is held and not in
 * package mode. It does not take the focus; the hall's live region announces the change itself.
 */
import { useState, useSyncExternalStore } from 'react';
import type { HallState } from '../store/hall-store.js';
import { createMiniBasket } from '../store/mini-basket.js';
import { formatPrice, pluralTickets } from '../store/spec.js';
import { BuyButton } from './buy-button.js';
import { T } from './texts.js';

export interface MiniBasketProps {
  state: HallState;
  /** hallBasketUrl(http). */
  basketUrl: string;
  packageMode?: boolean;
  /** Spec 9: 5000 ms. */
  showMs?: number;
}

export function MiniBasket(props: MiniBasketProps) {
  const [mini] = useState(() =>
    createMiniBasket(props.state, { packageMode: props.packageMode === true, showMs: props.showMs }),
  );
  const view = useSyncExternalStore(mini.subscribe, mini.get, mini.get);
  if (!view.visible) return null;
  return (
    <aside className="pt-mini-basket" aria-label={T.miniBasket}>
      <p>
        {T.inBasket}: {T.basketSummary(pluralTickets(view.ticketCount), formatPrice(view.basketPrice))}
      </p>
      <BuyButton state={props.state} href={props.basketUrl} />
      <button type="button" className="pt-tip-close" aria-label={T.close} onClick={mini.hide}>
        ×
      </button>
    </aside>
  );
}
