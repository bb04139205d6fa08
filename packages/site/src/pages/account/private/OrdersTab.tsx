/** @jsxRuntime automatic */
import { plural, TICKET_FORMS } from '@partera/contract';
import type { AccountOrder, AccountOrderItem, AccountOrdersPage } from '@partera/server';
import { formatClock, formatDayMonth, price } from '../../format.js';
import { DeliveryForm, type DeliveryView } from './DeliveryForm.js';

function itemText(item: AccountOrderItem): string {
  if (item.kind === 'entrance')
    return `${item.sectionName}, ${item.ticketCount} ${plural(item.ticketCount, TICKET_FORMS)}`;
  return `${item.sectionName}, ряд ${item.row ?? ''}, место ${item.place ?? ''}`;
}

function Order({
  order,
  reviewable,
  delivery,
}: {
  order: AccountOrder;
  reviewable: Record<number, number>;
  delivery: DeliveryView | undefined;
}) {
  return (
    <article className="account-order" aria-labelledby={`order-${order.id}`}>
      <header className="account-order__head">
        <h3 id={`order-${order.id}`} className="account-order__title">
          Заказ № {order.number}
        </h3>
        <span className={`order-status order-status--${order.status}`}>{order.statusText}</span>
        <span className="account-order__total">{price(order.total)}</span>
      </header>
      {order.performances.map((p) => (
        <section key={p.performanceId} className="account-order__show">
          <p className="account-order__name">
            <a href={p.showUrl}>{p.showName}</a>
          </p>
          <p className="account-order__when">
            <time dateTime={p.startsAt}>
              {formatDayMonth(p.startsAt, p.timeZone)} в {formatClock(p.startsAt, p.timeZone)}
            </time>{' '}
            · {p.buildingName}, {p.hallName}
          </p>
          {reviewable[p.performanceId] ? (
            <p className="account-order__review">
              <button
                type="button"
                className="button button--outline button--small"
                data-review-open={reviewable[p.performanceId]}
              >
                Написать отзыв
              </button>
            </p>
          ) : null}
          <ul className="account-order__items">
            {p.items.map((item) => (
              <li key={item.id}>
                <span>
                  {itemText(item)}
                  {item.tariffName ? ` · ${item.tariffName}` : ''}
                </span>
                <span>
                  {/* An e-ticket links its PDF; a ticket handed over at a box office or by courier is named only. */}
                  {item.tickets
                    .filter((t) => t.status !== 'returned')
                    .map((t) =>
                      t.pdfUrl ? (
                        <a key={t.code} className="account-order__ticket" href={t.pdfUrl}>
                          Билет {t.code}
                        </a>
                      ) : (
                        <span key={t.code} className="account-order__ticket">
                          Билет {t.code}
                        </span>
                      ),
                    )}
                  {item.tickets
                    .filter((t) => t.status === 'returned')
                    .map((t) => (
                      <span key={t.code} className="account-order__returned">
                        Билет {t.code} возвращён
                      </span>
                    ))}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ))}
      {order.pdfUrl || order.payUrl ? (
        <p className="account-order__actions">
          {order.pdfUrl ? (
            <a className="button button--outline" href={order.pdfUrl}>
              Скачать все билеты (PDF)
            </a>
          ) : null}
          {order.payUrl ? (
            <a className="button" href={order.payUrl}>
              Оплатить
            </a>
          ) : null}
        </p>
      ) : null}
      <DeliveryForm orderId={order.id} view={delivery} />
    </article>
  );
}

/**
 * /private/orders (site-browsing-account.md 2.15): the buyer's orders, newest first, with their
 * state, tickets and PDFs; an unpaid order links to its bank page; a performance the buyer saw offers
 * 'Написать отзыв' (review-form.ts) until its show is reviewed. 'Показать ещё' is the next page.
 */
export function OrdersTab({
  page,
  reviewable = {},
  deliveries = {},
}: {
  page: AccountOrdersPage;
  reviewable?: Record<number, number>;
  /** Order id → its courier delivery and the form's stations (DeliveryForm.tsx). */
  deliveries?: Record<number, DeliveryView>;
}) {
  if (page.orders.length === 0) {
    return (
      <section className="cabinet__panel account-orders">
        <p>Заказов пока нет.</p>
        <p>
          <a className="button" href="/">
            Выбрать мероприятие
          </a>
        </p>
      </section>
    );
  }
  return (
    <section className="account-orders" aria-label={`Заказы: ${page.totalCount}`}>
      {page.orders.map((order) => (
        <Order key={order.id} order={order} reviewable={reviewable} delivery={deliveries[order.id]} />
      ))}
      {page.nextBefore !== null ? (
        <p>
          <a className="button button--outline" href={`/private/orders?before=${page.nextBefore}`}>
            Показать ещё
          </a>
        </p>
      ) : null}
    </section>
  );
}
