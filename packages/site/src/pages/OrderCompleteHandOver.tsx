/** @jsxRuntime automatic */
import { boxOfficePlace } from '@partera/contract';
import type { OrderCompletion } from '@partera/server';
import { type UrlSession, withSession } from './chrome.js';
import { formatClock, formatNumericDate, formatPerformanceDate, price } from './format.js';

type HandOver = OrderCompletion['handOver'];
type AtBoxOffice = Extract<HandOver, { kind: 'boxOffice' }>;

/** 'в кассе площадки «Х»' or 'в кассах площадок «Х», «Y»', as the tickets e-mail says it. */
const where = (venues: AtBoxOffice['venues']) => boxOfficePlace(venues.map((v) => v.name));

/**
 * How printed tickets reach the buyer (hall-basket-checkout.md 4.5, 4.12): a box-office pickup
 * (paid now, or a cash booking paid there) says where and until when, a courier's order where he
 * brings them. E-tickets need nothing here: they are the PDFs of the list.
 */
export function HandOverNote({ handOver, orderNumber }: { handOver: HandOver; orderNumber: string }) {
  if (handOver.kind === 'eticket') return null;
  if (handOver.kind === 'courier') {
    const metro = handOver.metroName ? ` (м. ${handOver.metroName})` : '';
    return (
      <section className="complete__handover" aria-labelledby="handover-title" data-hand-over="courier">
        <h2 id="handover-title">Доставка курьером</h2>
        <p>{`Курьер привезёт билеты по адресу: ${handOver.address}${metro}. Перед приездом он позвонит вам.`}</p>
      </section>
    );
  }
  const { venues, until, timeZone } = handOver;
  const tell = `назовите кассиру номер заказа № ${orderNumber} и фамилию покупателя.`;
  return (
    <section className="complete__handover" aria-labelledby="handover-title" data-hand-over="box-office">
      <h2 id="handover-title">{handOver.payThere ? 'Оплата и получение в кассе' : 'Как получить билеты'}</h2>
      {handOver.payThere ? (
        <p>
          {`Оплатите и получите билеты ${where(venues)} до ${formatNumericDate(until, timeZone)} ${formatClock(until, timeZone)}: ${tell}`}{' '}
          Неоплаченная в срок бронь снимается.
        </p>
      ) : (
        <p>
          {`Билеты ждут вас ${where(venues)}: ${tell}`} Получите их до начала мероприятия:{' '}
          {formatPerformanceDate(until, timeZone)}.
        </p>
      )}
      <ul className="complete__venues">
        {venues.map((v) => (
          <li key={`${v.name} ${v.address}`}>
            <strong>{v.name}</strong>
            {v.address ? `, ${v.address}` : ''}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A cash booking placed (4.5 booking_cash): nothing is paid online, the box office takes the money. */
export function BookingPlaced({
  completion,
  urlSession,
}: {
  completion: OrderCompletion;
  urlSession: UrlSession | null;
}) {
  const { order } = completion;
  return (
    <>
      <div className="complete__check" aria-hidden="true">
        ✓
      </div>
      <h1 id="complete-title" className="page-title complete__title">
        Бронь оформлена
      </h1>
      <p className="complete__lead">
        Заказ № <strong>{order.number}</strong> забронирован. Места держатся за вами до срока оплаты.
      </p>
      <HandOverNote handOver={completion.handOver} orderNumber={order.number} />
      <p className="complete__total">К оплате в кассе: {price(order.total)}.</p>
      <div className="complete__actions">
        <a className="button button--large button--outline" href={withSession('/', urlSession)}>
          Вернуться к афише
        </a>
      </div>
    </>
  );
}
