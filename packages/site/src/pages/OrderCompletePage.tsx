/** @jsxRuntime automatic */
import { CASHBACK_PERCENT, plural, TICKET_FORMS } from '@partera/contract';
import type { CompletionTicket, OrderCompletion } from '@partera/server';
import { type SiteChrome, withSession } from './chrome.js';
import { formatClock, formatDayMonth, price } from './format.js';
import { Layout, NO_FEE_PHRASE } from './Layout.js';

export interface CompleteData {
  chrome: SiteChrome;
  completion: OrderCompletion;
  timeZone: string;
  /** The partner restaurant's booking page; the token from /bartello/auth/ is added as ?token= (spec 4.12). */
  tableBookingUrl: string;
  /** Where the cashback-registration button leads. */
  cashbackRegistrationUrl: string;
}

/** What the page says about the order, from its status and its latest payment. */
export type CompletionState = 'paid' | 'processing' | 'declined' | 'cancelled' | 'refunded';

export function completionState(c: OrderCompletion): CompletionState {
  if (c.order.status === 'paid') return 'paid';
  if (c.order.status === 'cancelled') return 'cancelled';
  if (c.order.status === 'refunded') return 'refunded';
  return c.lastPayment?.status === 'declined' ? 'declined' : 'processing';
}

export function OrderCompletePage({ data }: { data: CompleteData }) {
  const { completion, chrome } = data;
  const { order } = completion;
  const state = completionState(completion);
  return (
    <Layout chrome={chrome}>
      <div className="container complete" data-order-state={state}>
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
                Заказ № <strong>{order.number}</strong> оплачен. Билеты отправлены на <strong>{order.email}</strong>.
              </p>
              <TicketList tickets={completion.tickets} timeZone={data.timeZone} />
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
              <div className="complete__actions">
                <a className="button button--large" href={withSession('/shopcart/', chrome.urlSession)}>
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
          <div className="complete__extras">
            <section className="extra-card" aria-labelledby="cashback-title">
              <h2 id="cashback-title">{`Кешбэк ${CASHBACK_PERCENT}% за билеты`}</h2>
              <p>Зарегистрируйтесь в программе кешбэка — он станет доступен после даты мероприятия.</p>
              <a className="button" href={data.cashbackRegistrationUrl}>
                Зарегистрироваться и получить кешбэк
              </a>
            </section>
            <section className="extra-card" aria-labelledby="table-title">
              <h2 id="table-title">Столик в ресторане рядом</h2>
              <p>Забронируйте столик в ресторане рядом с площадкой у нашего партнёра.</p>
              <a
                className="button button--outline"
                href={data.tableBookingUrl}
                target="_blank"
                rel="noopener noreferrer"
                data-table-booking=""
                data-order-id={order.id}
              >
                Забронировать столик
              </a>
              <p className="extra-card__error" role="alert" hidden data-table-booking-error="" />
            </section>
          </div>
        ) : null}
      </div>
    </Layout>
  );
}

function TicketList({ tickets, timeZone }: { tickets: CompletionTicket[]; timeZone: string }) {
  return (
    <ul className="tickets" aria-label="Билеты">
      {tickets.map((t) => (
        <li key={t.code} className="ticket-line">
          <span className="ticket-line__what">
            <span className="ticket-line__show">{t.showName}</span>
            <span className="ticket-line__seat">
              {formatDayMonth(t.performanceDate, timeZone)}, {formatClock(t.performanceDate, timeZone)} ·{' '}
              {t.buildingName}, {t.hallName}
            </span>
            <span className="ticket-line__seat">
              {t.sectionName}
              {t.row ? `, ряд ${t.row}` : ''}
              {t.place ? `, место ${t.place}` : ''} · {price(t.price)}
            </span>
          </span>
          <a
            className="button button--small button--outline"
            href={t.pdfUrl}
            download=""
            aria-label={`Скачать билет: ${t.sectionName}${t.row ? `, ряд ${t.row}` : ''}${t.place ? `, место ${t.place}` : ''}`}
          >
            Скачать билет
          </a>
        </li>
      ))}
    </ul>
  );
}
