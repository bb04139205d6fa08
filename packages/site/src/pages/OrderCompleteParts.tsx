/** @jsxRuntime automatic */
import { plural } from '@partera/contract';
import type { CompletionTicket, OrderCompletion } from '@partera/server';
import { formatClock, formatDayMonth, price } from './format.js';

/** Plural of 'подарок' after a count: 1 подарок, 2 подарка, 5 подарков. */
const GIFT_FORMS = ['подарок', 'подарка', 'подарков'] as const;

export const COMPLETE_LINKS = {
  cashbackRules: '/landing/cashback_rules/',
  faq: '/landing/help_faq/',
  userAgreement: '/landing/useragreement/',
} as const;

/** The tickets with their gifts (collected at the venue: the PDF names them too); an e-ticket's PDF to download. */
export function TicketList({ tickets, timeZone }: { tickets: CompletionTicket[]; timeZone: string }) {
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
            {t.gifts > 0 ? (
              <span className="ticket-line__gifts">
                {`+ ${t.gifts} ${plural(t.gifts, GIFT_FORMS)} к билету — получите на площадке, предъявив билет`}
              </span>
            ) : null}
          </span>
          {t.pdfUrl ? (
            <a
              className="button button--small button--outline"
              href={t.pdfUrl}
              download=""
              aria-label={`Скачать билет: ${t.sectionName}${t.row ? `, ряд ${t.row}` : ''}${t.place ? `, место ${t.place}` : ''}`}
            >
              Скачать билет
            </a>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/**
 * What comes after a paid order (4.12): the cashback registration for an order placed under a
 * cashback partner, the table-booking link (its token asked on the click), the rules and FAQ.
 */
export function CompleteExtras({
  completion,
  tableBookingUrl,
  cashbackRegistrationUrl,
}: {
  completion: OrderCompletion;
  tableBookingUrl: string;
  cashbackRegistrationUrl: string;
}) {
  const { cashbackPartner, order } = completion;
  return (
    <>
      <div className="complete__extras">
        {cashbackPartner ? (
          <section className="extra-card" aria-labelledby="cashback-title">
            <h2 id="cashback-title">{`Кешбэк ${cashbackPartner.percent}% за билеты`}</h2>
            <p>{`Зарегистрируйтесь в программе кешбэка ${cashbackPartner.name} — он станет доступен после даты мероприятия.`}</p>
            <a className="button" href={cashbackRegistrationUrl}>
              Зарегистрироваться и получить кешбэк
            </a>
          </section>
        ) : null}
        <section className="extra-card" aria-labelledby="table-title">
          <h2 id="table-title">Столик в ресторане рядом</h2>
          <p>Забронируйте столик в ресторане рядом с площадкой у нашего партнёра.</p>
          <a
            className="button button--outline"
            href={tableBookingUrl}
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
      <p className="complete__links">
        <a href={COMPLETE_LINKS.cashbackRules}>Правила программы кешбэка</a>
        <a href={COMPLETE_LINKS.faq}>Частые вопросы</a>
      </p>
    </>
  );
}

/** Pay again (an unpaid order), with the mobile pay text of 4.7: the user agreement. */
export function PayAgain({ url }: { url: string }) {
  return (
    <div className="complete__pay">
      <a className="button button--large" href={url}>
        Оплатить
      </a>
      <p className="complete__agreement">
        <a href={COMPLETE_LINKS.userAgreement}>
          Нажимая кнопку "Оплатить", вы принимаете условия пользовательского соглашения.
        </a>
      </p>
    </div>
  );
}
