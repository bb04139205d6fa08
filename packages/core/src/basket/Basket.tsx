import { formatCountdown, formatPrice, messageOr, messages, type SelectionAnswer, ticketWord } from '@partera/contract';
import { useId, useState, useSyncExternalStore } from 'react';
import { useSnapshot } from 'valtio/react';
import { answerFailed, type BasketState, type BasketTicket, clearBasket, removeTicket } from '../api/basket.js';
import type { Http } from '../api/http.js';
import { ConfirmDialog } from '../ui/confirm.js';
import { useCountdown } from '../ui/countdown.js';
import { browserNavigation, type Navigation, siteUrl } from '../ui/navigation.js';
import { useNotices } from '../ui/notices.js';
import { groupByPerformance } from './group.js';
import { createSetHighlight, deleteQuestion, highlightedKeys } from './set-highlight.js';
import { type BasketStore, createBasketStore, refreshBasket } from './store.js';
import { PerformanceTickets } from './ticket-list.js';

export interface BasketProps {
  http: Http;
  /** The server-rendered basket (decision 0001 shape); ignored when `store` is given. */
  initialState?: BasketState;
  /** A store shared with the checkout widget of the same page. */
  store?: BasketStore;
  navigation?: Navigation;
}

/** The basket list of /shopcart/: tickets by performance, hold countdown, removal and clearing. */
export function Basket({ http, initialState, store: given, navigation = browserNavigation }: BasketProps) {
  const [store] = useState(() => given ?? createBasketStore(requireState(initialState)));
  const { state, holdDeadline } = useSnapshot(store) as BasketStore;
  const [busy, setBusy] = useState(false);
  const notices = useNotices();
  const titleId = useId();

  // Spec 4.4: at 0 the hold is gone; /shopcart/ shows what is left.
  const secondsLeft = useCountdown(holdDeadline, () => navigation.go(siteUrl(http, '/shopcart/')));

  // 2.3: deleting one ticket of a set (a group, an exclusive pair) highlights the whole set while
  // the buyer points at its delete and while they confirm; the server then takes the whole set out.
  const [sets] = useState(createSetHighlight);
  const pointing = useSyncExternalStore(sets.subscribe, sets.get, sets.get);
  const highlighted = highlightedKeys(state.tickets, pointing);
  const { removing } = pointing;

  const remove = async (ticket: BasketTicket) => {
    setBusy(true);
    try {
      let answer: SelectionAnswer;
      try {
        answer = await removeTicket(http, ticket);
      } catch {
        notices.alert({ message: messages.ticketRemoveFailed });
        return;
      }
      if (answerFailed(answer)) {
        notices.alert({ message: messageOr(answer.message, messages.ticketRemoveFailed) });
        return;
      }
      if (answer.areInBasketMoreTicketsLeft === false) {
        navigation.go(siteUrl(http, answer.performanceFullUrl || ticket.performanceFullUrl));
        return;
      }
      let fresh: BasketState;
      try {
        fresh = await refreshBasket(store, http);
      } catch {
        // The ticket is gone but the list could not be re-read: the page shows the truth.
        navigation.reload();
        return;
      }
      // Entrance removals may not say whether anything is left; the fresh basket does.
      if (answer.areInBasketMoreTicketsLeft === undefined && fresh.tickets.length === 0) {
        navigation.go(siteUrl(http, ticket.performanceFullUrl));
      }
    } finally {
      setBusy(false);
    }
  };

  const askClear = () =>
    notices.confirm({
      message: messages.confirmClearBasket,
      actionLabel: messages.clearBasket,
      onConfirm: () => void clear(),
    });

  const clear = async () => {
    setBusy(true);
    try {
      await clearBasket(http);
      navigation.reload();
    } catch {
      notices.alert({ message: messages.serverError });
      setBusy(false);
    }
  };

  const groups = groupByPerformance(state.tickets);

  return (
    <section className="pt-widget pt-basket" aria-labelledby={titleId} aria-busy={busy}>
      <h2 id={titleId} className="pt-basket__title">
        Корзина
      </h2>
      {groups.length === 0 ? (
        <div className="pt-basket__empty">
          <p>В корзине нет билетов.</p>
          <a className="pt-link" href={siteUrl(http, '/')}>
            Перейти на главную страницу
          </a>
        </div>
      ) : (
        <>
          {secondsLeft !== null ? (
            <p className="pt-basket__hold">
              Билеты забронированы ещё{' '}
              <span className="pt-basket__timer" role="timer" aria-atomic="true">
                {formatCountdown(secondsLeft)}
              </span>
            </p>
          ) : null}
          {groups.map((group) => (
            <PerformanceTickets
              key={group.performanceId}
              group={group}
              busy={busy}
              onRemove={sets.ask}
              onPoint={sets.point}
              onLeave={sets.leave}
              href={siteUrl(http, group.performanceFullUrl)}
              highlighted={highlighted}
            />
          ))}
          <div className="pt-basket__total">
            <span className="pt-basket__count">
              Итого: {state.ticketCount} {ticketWord(state.ticketCount)}
            </span>
            <span className="pt-basket__sum">{formatPrice(state.basketPrice)}</span>
          </div>
          <button
            type="button"
            className="pt-button pt-button--link pt-basket__clear"
            disabled={busy}
            onClick={askClear}
          >
            {messages.clearBasket}
          </button>
        </>
      )}
      <p className="pt-basket__no-fee">Билеты продаются без комиссии и сервисного сбора.</p>
      {removing ? (
        <ConfirmDialog
          message={deleteQuestion(state.tickets, removing)}
          actionLabel="Удалить"
          onCancel={() => sets.close()}
          onConfirm={() => {
            const ticket = sets.close();
            if (ticket) void remove(ticket);
          }}
        />
      ) : null}
      {notices.view}
    </section>
  );
}

function requireState(state: BasketState | undefined): BasketState {
  if (!state) throw new Error('Basket: pass initialState or store');
  return state;
}
