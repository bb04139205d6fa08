import { DEFAULT_TIME_ZONE, GIFT_NAME_CUT, plural, truncate, wallClock } from '@partera/contract';
import { html, type SafeHtml } from '../http/html.js';
import { bonusBalance, bonusLedger, type LedgerEntry } from './bonus.js';
import { type Gift, type GiftReservation, giftReservationsOf, listGifts } from './gifts.js';
import { type LoyaltyCard, loyaltyCardOf, maskedCard } from './loyalty.js';
import type { AccountDeps } from './sign-in.js';
import { openSurveyFor, type Survey, type SurveyQuestion } from './surveys.js';
import type { Account } from './users.js';

/**
 * The cabinet's bonus tab (site-browsing-account.md 2.15 Bonus tab, Loyalty card activation form,
 * Survey block; 7 LoadBonusPage): the balance, the promo-code form, the gifts with their
 * 'Зарезервировать' buttons, the buyer's reservations, the loyalty card (or its form), an open
 * survey and the ledger, latest first. Only the signed-in buyer's own data; every value escaped by
 * `html`. The client (site lib/cabinet/bonus.ts) finds its parts by their data- attributes.
 */

const POINT_FORMS = ['балл', 'балла', 'баллов'] as const;

/** '1 200 баллов'. */
export function pointsText(n: number): string {
  return `${n.toLocaleString('ru-RU')} ${plural(n, POINT_FORMS)}`;
}

/** dd.mm.yyyy in Moscow time. */
function moscowDate(d: Date): string {
  const t = wallClock(d, DEFAULT_TIME_ZONE);
  const pad = (n: number) => String(n).padStart(2, '0');
  return t ? `${pad(t.day)}.${pad(t.month)}.${t.year}` : d.toISOString().slice(0, 10);
}

function promoSection(): SafeHtml {
  return html`<section class="bonus__section" aria-labelledby="bonus-promo-title">
  <h2 class="bonus__title" id="bonus-promo-title">Промокод</h2>
  <form class="bonus-promo" data-promo-form action="/private/promocode/" method="post" novalidate>
    <label class="bonus-promo__label" for="bonus-promo-code">Введите промокод, чтобы получить баллы</label>
    <div class="bonus-promo__row">
      <input class="field__input" id="bonus-promo-code" name="code" maxlength="200" autocomplete="off" required>
      <button class="button" type="submit">Применить</button>
    </div>
    <p class="form-error" data-form-error role="alert" hidden></p>
    <p class="bonus__success" data-promo-note role="status" hidden></p>
  </form>
</section>`;
}

function giftItem(gift: Gift, balance: number): SafeHtml {
  const short = truncate(gift.name, GIFT_NAME_CUT);
  const gone = gift.stock === 0;
  const lacking = gift.points - balance;
  return html`<li class="bonus-gift" data-gift="${gift.id}">
  <h3 class="bonus-gift__name" title="${gift.name}">${short}</h3>
  ${gift.description && html`<p class="bonus-gift__text">${gift.description}</p>`}
  <p class="bonus-gift__price">${pointsText(gift.points)}</p>
  <p class="bonus-gift__stock">${gone ? 'Нет в наличии' : `Осталось: ${gift.stock}`}</p>
  ${!gone && lacking > 0 && html`<p class="bonus-gift__lack">Не хватает ${pointsText(lacking)}</p>`}
  <button class="button bonus-gift__reserve" type="button" data-gift-id="${gift.id}"${gone || lacking > 0 ? html` disabled` : ''}>Зарезервировать</button>
</li>`;
}

function giftsSection(gifts: Gift[], balance: number, reserved: GiftReservation[]): SafeHtml {
  return html`<section class="bonus__section" aria-labelledby="bonus-gifts-title">
  <h2 class="bonus__title" id="bonus-gifts-title">Подарки за баллы</h2>
  ${gifts.length === 0 ? html`<p class="bonus__empty">Подарков пока нет.</p>` : html`<ul class="bonus-gifts">${gifts.map((g) => giftItem(g, balance))}</ul>`}
  <p class="form-error" data-gift-error role="alert" hidden></p>
  ${
    reserved.length > 0 &&
    html`<h3 class="bonus__subtitle">Зарезервированные подарки</h3>
  <ul class="bonus-reserved" data-reserved>${reserved.map(
    (r) =>
      html`<li class="bonus-reserved__item"><span>${r.giftName}</span> <span class="bonus-reserved__meta">${moscowDate(r.createdAt)}, ${pointsText(r.points)}</span></li>`,
  )}</ul>
  <p class="bonus__hint">Подарок можно получить в любой кассе, назвав адрес электронной почты аккаунта.</p>`
  }
</section>`;
}

function cardSection(account: Account, card: LoyaltyCard | null): SafeHtml {
  const holder = [account.firstName, account.surname].filter(Boolean).join(' ');
  if (card) {
    return html`<section class="bonus__section" aria-labelledby="bonus-card-title" data-card>
  <h2 class="bonus__title" id="bonus-card-title">Карта лояльности</h2>
  <p class="bonus__success">Ваша карта ${maskedCard(card.number)} активирована ${moscowDate(card.activatedAt)}.</p>
</section>`;
  }
  return html`<section class="bonus__section" aria-labelledby="bonus-card-title" data-card>
  <h2 class="bonus__title" id="bonus-card-title">Карта лояльности</h2>
  <form class="bonus-card" data-card-form action="/private/saveCard" method="post" novalidate>
    <label class="field"><span class="field__label">Номер карты</span>
      <input class="field__input" name="card[number]" inputmode="numeric" autocomplete="off" maxlength="30" required placeholder="6001 0000 0000 0000"></label>
    <p class="bonus__hint">Карта будет привязана к вашему аккаунту${holder ? html` (${holder})` : ''}; баллы с карты начислятся сюда же.</p>
    <label class="bonus-card__accept"><input type="checkbox" name="card[accept]" value="1" data-card-accept>
      <span>Я прочитал(а) и принимаю <a href="/landing/useragreement/" target="_blank" rel="noopener">правила программы лояльности</a></span></label>
    <p class="form-error" data-form-error role="alert" hidden></p>
    <button class="button" type="submit" data-card-save disabled>Сохранить</button>
  </form>
</section>`;
}

function surveyGroup(q: SurveyQuestion): SafeHtml {
  const name = q.kind === 'checkbox' ? `answers[${q.id}][]` : `answers[${q.id}]`;
  return html`<fieldset class="bonus-survey__group" data-survey-group="${q.kind}">
  <legend class="bonus-survey__question">${q.text}</legend>
  ${q.options.map(
    (o, i) =>
      html`<label class="bonus-survey__option"><input type="${q.kind}" name="${name}" value="${i}"> ${o}</label>`,
  )}
</fieldset>`;
}

function surveySection(survey: Survey | null): SafeHtml | null {
  if (!survey) return null;
  return html`<section class="bonus__section bonus-survey" aria-labelledby="bonus-survey-title" data-survey>
  <h2 class="bonus__title" id="bonus-survey-title">${survey.title}</h2>
  ${survey.rewardPoints > 0 && html`<p class="bonus__hint">За ответы — ${pointsText(survey.rewardPoints)}.</p>`}
  <form data-survey-form action="/user/processSurvey" method="post" novalidate>
    <input type="hidden" name="survey" value="${survey.id}">
    ${survey.questions.map(surveyGroup)}
    <p class="form-error" data-form-error role="alert" hidden></p>
    <button class="button" type="submit" data-survey-submit hidden>Отправить ответы</button>
  </form>
</section>`;
}

function ledgerSection(ledger: LedgerEntry[]): SafeHtml {
  return html`<section class="bonus__section" aria-labelledby="bonus-ledger-title">
  <h2 class="bonus__title" id="bonus-ledger-title">История баллов</h2>
  ${
    ledger.length === 0
      ? html`<p class="bonus__empty">Баллов пока не было.</p>`
      : html`<table class="bonus-ledger" data-ledger>
    <thead><tr><th scope="col">Дата</th><th scope="col">Операция</th><th scope="col">Баллы</th></tr></thead>
    <tbody>${ledger.map(
      (e) =>
        html`<tr><td>${moscowDate(e.createdAt)}</td><td>${e.reason}</td><td class="${e.amount > 0 ? 'bonus-ledger__plus' : 'bonus-ledger__minus'}">${e.amount > 0 ? `+${e.amount}` : `−${-e.amount}`}</td></tr>`,
    )}</tbody>
  </table>`
  }
</section>`;
}

/** The bonus tab of the signed-in buyer. */
export async function bonusPageHtml(deps: AccountDeps, account: Account): Promise<string> {
  const [balance, ledger, gifts, reserved, card, survey] = await Promise.all([
    bonusBalance(deps.db, account.id),
    bonusLedger(deps.db, account.id),
    listGifts(deps.db),
    giftReservationsOf(deps.db, account.id),
    loyaltyCardOf(deps.db, account.id),
    openSurveyFor(deps.db, account.id),
  ]);
  return html`<div class="bonus" data-bonus>
  <section class="bonus__balance" aria-label="Баланс баллов">
    <span class="bonus__balance-label">Ваши баллы</span>
    <span class="bonus__balance-value" data-bonus-balance="${balance}">${pointsText(balance)}</span>
  </section>
  ${promoSection()}
  ${surveySection(survey)}
  ${giftsSection(gifts, balance, reserved)}
  ${cardSection(account, card)}
  ${ledgerSection(ledger)}
</div>`.markup;
}
