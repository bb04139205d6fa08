/** @jsxRuntime automatic */
import { plural, TICKET_FORMS } from '@partera/contract';
import type { OrderCompletion } from '@partera/server';
import { type SiteChrome, withSession } from './chrome.js';
import { price } from './format.js';
import { Layout, NO_FEE_PHRASE } from './Layout.js';
import { BookingPlaced, HandOverNote } from './OrderCompleteHandOver.js';
import { CompleteExtras, PayAgain, TicketList } from './OrderCompleteParts.js';

export interface CompleteData {
  chrome: SiteChrome;
  completion: OrderCompletion;
  timeZone: string;
  /** The partner restaurant's booking page; the token from /bartello/auth/ is added as ?token= (spec 4.12). */
  tableBookingUrl: string;
  /** Where the cashback-registration button leads. */
  cashbackRegistrationUrl: string;
  /** The order's token the page was opened with: the page polls the payment's state with it. */
  token?: string | null;
}

/**
 * What the page says about the order, from its status and its latest payment; 'booking': a cash
 * booking, placed and waiting to be paid at the box office (no bank is involved).
 */
export type CompletionState = 'paid' | 'booking' | 'processing' | 'declined' | 'cancelled' | 'refunded';

export function completionState(c: OrderCompletion): CompletionState {
  if (c.order.status === 'paid') return 'paid';
  if (c.order.status === 'cancelled') return 'cancelled';
  if (c.order.status === 'refunded') return 'refunded';
  if (c.handOver.kind === 'boxOffice' && c.handOver.payThere) return 'booking';
  return c.lastPayment?.status === 'declined' ? 'declined' : 'processing';
}

export function OrderCompletePage({ data }: { data: CompleteData }) {
  const { completion, chrome } = data;
  const { order } = completion;
  const state = completionState(completion);
  return (
    <Layout chrome={chrome}>
      <div
        className="container complete"
        data-order-state={state}
        data-order-id={order.id}
        data-token={data.token ?? undefined}
      >
        <section className="complete__card" aria-labelledby="complete-title">
          {state === 'paid' ? (
            <>
              <div className="complete__check" aria-hidden="true">
                ✓
              </div>
              <h1 id="complete-title" className="page-title complete__title">
                Спасибо за покупку!
              </h1>
              <p className="complete__lead">
                Заказ № <strong>{order.number}</strong> оплачен.{' '}
                {completion.handOver.kind === 'eticket' ? 'Билеты отправлены на' : 'Письмо с заказом отправлено на'}{' '}
                <strong>{order.email}</strong>.
              </p>
              <TicketList tickets={completion.tickets} timeZone={data.timeZone} />
              <HandOverNote handOver={completion.handOver} orderNumber={order.number} />
              <div className="complete__actions">
                {completion.allTicketsPdfUrl ? (
                  <a className="button button--large" href={completion.allTicketsPdfUrl} download="">
                    Скачать все билеты
                  </a>
                ) : null}
                <a className="button button--large button--outline" href={withSession('/', chrome.urlSession)}>
                  Вернуться к афише
                </a>
              </div>
              <p className="complete__total">
                Итого: {completion.tickets.length} {plural(completion.tickets.length, TICKET_FORMS)} на сумму{' '}
                {price(order.total)}. {NO_FEE_PHRASE}.
              </p>
            </>
          ) : state === 'booking' ? (
            <BookingPlaced completion={completion} urlSession={chrome.urlSession} />
          ) : state === 'processing' ? (
            <>
              <h1 id="complete-title" className="page-title">
                Платёж обрабатывается
              </h1>
              <p className="complete__lead" role="status">
                <span className="spinner spinner--inline" aria-hidden="true" /> Заказ № <strong>{order.number}</strong>:
                банк ещё подтверждает оплату. Страница обновится сама, а билеты придут на <strong>{order.email}</strong>
                .
              </p>
            </>
          ) : state === 'declined' ? (
            <>
              <h1 id="complete-title" className="page-title">
                Оплата не прошла
              </h1>
              <p className="complete__lead" role="alert">
                Заказ № <strong>{order.number}</strong> не оплачен
                {completion.lastPayment?.declineReason ? `: ${completion.lastPayment.declineReason}` : ''}. Деньги не
                списаны.
              </p>
              {completion.payAgainUrl ? (
                <PayAgain url={withSession(completion.payAgainUrl, chrome.urlSession)} />
              ) : null}
              <div className="complete__actions">
                <a className="button button--large button--outline" href={withSession('/shopcart/', chrome.urlSession)}>
                  Вернуться в корзину
                </a>
              </div>
            </>
          ) : (
            <>
              <h1 id="complete-title" className="page-title">
                {state === 'refunded' ? 'Деньги возвращены' : 'Заказ отменён'}
              </h1>
              <p className="complete__lead">
                Заказ № <strong>{order.number}</strong>{' '}
                {state === 'refunded'
                  ? 'отменён, деньги возвращены на карту, которой он был оплачен.'
                  : 'отменён. Выберите билеты заново.'}
              </p>
              <div className="complete__actions">
                <a className="button button--large" href={withSession('/', chrome.urlSession)}>
                  Перейти к афише
                </a>
              </div>
            </>
          )}
        </section>

        {state === 'paid' ? (
          <CompleteExtras
            completion={completion}
            tableBookingUrl={data.tableBookingUrl}
            cashbackRegistrationUrl={data.cashbackRegistrationUrl}
          />
        ) : null}
      </div>
    </Layout>
  );
}
