import { formatKopecks, REFUND_CONDITIONS, venueDateTime } from '@partera/contract';
import type { Queryable } from '../db/index.js';
import { html, type SafeHtml } from '../http/html.js';
import { type RefundableTicket, returnableTickets, type TicketQuote } from '../payments/refunds.js';
import { formatOrderNumber } from '../tickets/format.js';

/**
 * The cabinet's 'Возврат билетов' tab (site-browsing-account.md 2.15 replace-and-reschedule;
 * GET /private/replaces/): the signed-in buyer's tickets of moved or cancelled performances first
 * (what changed: the old and new date, or 'Мероприятие отменено'), then their other upcoming
 * tickets that can still be returned, each with the amount returning it gives now and the rule
 * that gives it, a 'Вернуть' button, and the 'Условия возврат билетов' popup. Every value escaped
 * by `html`; the client (site lib/cabinet/refunds.ts) finds its parts by data- attributes.
 */

function when(at: Date, timeZone: string): string {
  const t = venueDateTime(at, timeZone);
  return t ? `${t.date} в ${t.time}` : '';
}

function changeLine(t: RefundableTicket): SafeHtml | null {
  if (t.performanceStatus === 'cancelled') {
    return html`<p class="refund-card__change refund-card__change--cancelled">Мероприятие отменено</p>`;
  }
  if (t.performanceStatus === 'moved') {
    return html`<p class="refund-card__change">Перенесено: было <s>${t.movedFrom ? when(t.movedFrom, t.timeZone) : ''}</s>, стало <b>${when(t.startsAt, t.timeZone)}</b></p>`;
  }
  return null;
}

function ruleText(q: TicketQuote): string {
  return REFUND_CONDITIONS.find((c) => c.rule === q.rule)?.text ?? '';
}

function ticketCard({ ticket: t, quote }: { ticket: RefundableTicket; quote: TicketQuote }): SafeHtml {
  return html`<li class="refund-card${t.performanceStatus !== 'scheduled' ? ' refund-card--changed' : ''}" data-refund-ticket="${t.id}">
  <h3 class="refund-card__show">${t.showName}</h3>
  ${changeLine(t)}
  <p class="refund-card__when">${t.performanceStatus === 'scheduled' ? `${when(t.startsAt, t.timeZone)} · ` : ''}${t.buildingName}, ${t.hallName}</p>
  <p class="refund-card__place">${t.placeText} · билет ${t.code} · заказ № ${formatOrderNumber(t.orderId)}</p>
  <p class="refund-card__amount">Вернётся <b data-refund-amount="${quote.amount}">${formatKopecks(quote.amount)}</b> (${quote.percent}&nbsp;%)</p>
  <p class="refund-card__rule">${ruleText(quote)}</p>
  <button class="button refund-card__return" type="button" data-refund-return="${t.id}">Вернуть</button>
</li>`;
}

function conditionsDialog(): SafeHtml {
  return html`<dialog class="auth-dialog refund-conditions" data-refund-conditions aria-labelledby="refund-conditions-title">
  <h2 class="auth-dialog__title" id="refund-conditions-title">Условия возврата билетов</h2>
  <ul class="refund-conditions__list">
    ${REFUND_CONDITIONS.map((c) => html`<li>${c.text}</li>`)}
  </ul>
  <p>Деньги возвращаются на карту, с которой был оплачен заказ, в течение нескольких дней: срок зависит от банка. Билеты, оплаченные в приложении партнёра, возвращаются через его службу поддержки.</p>
  <form method="dialog"><button class="button button--outline" type="submit">Закрыть</button></form>
</dialog>`;
}

function confirmDialog(): SafeHtml {
  return html`<dialog class="auth-dialog refund-confirm" data-refund-confirm aria-labelledby="refund-confirm-title">
  <h2 class="auth-dialog__title" id="refund-confirm-title" data-refund-confirm-text></h2>
  <p class="refund-confirm__note">Билет станет недействительным, а место вернётся в продажу.</p>
  <p class="form-error" data-refund-confirm-error role="alert" hidden></p>
  <div class="refund-confirm__buttons">
    <button class="button" type="button" data-refund-yes>Вернуть</button>
    <button class="button button--outline" type="button" data-refund-no>Отмена</button>
  </div>
</dialog>`;
}

/** The tab's HTML for the buyer at `now`. */
export async function replacesPage(q: Queryable, userId: number, now: Date): Promise<SafeHtml> {
  const tickets = await returnableTickets(q, userId, now);
  const changed = tickets.filter((t) => t.ticket.performanceStatus !== 'scheduled');
  const ordinary = tickets.filter((t) => t.ticket.performanceStatus === 'scheduled');
  return html`<div class="refunds" data-refunds>
  <p class="refunds__intro">Здесь можно вернуть билеты на предстоящие мероприятия. Сумма к возврату зависит от того, сколько дней осталось до начала; при отмене или переносе мероприятия возвращается полная стоимость.
    <button class="link-button" type="button" data-refund-conditions-open>Условия возврат билетов</button></p>
  <p class="form-error" data-refunds-error role="alert" hidden></p>
  ${
    changed.length > 0 &&
    html`<section class="refunds__group" aria-labelledby="refunds-changed-title">
    <h2 class="refunds__title" id="refunds-changed-title">Мероприятие перенесено или отменено</h2>
    <ul class="refunds__list">${changed.map(ticketCard)}</ul>
  </section>`
  }
  ${
    ordinary.length > 0 &&
    html`<section class="refunds__group" aria-labelledby="refunds-ordinary-title">
    <h2 class="refunds__title" id="refunds-ordinary-title">Билеты, которые можно вернуть</h2>
    <ul class="refunds__list">${ordinary.map(ticketCard)}</ul>
  </section>`
  }
  ${
    tickets.length === 0 &&
    html`<p class="refunds__empty" data-refunds-empty>Билетов, которые можно вернуть, нет. Вернуть билет можно не позднее чем за 3 дня до начала мероприятия, а при его переносе или отмене — в любое время до новой даты.</p>`
  }
  ${conditionsDialog()}
  ${confirmDialog()}
</div>`;
}
