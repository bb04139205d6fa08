import { expect, type FrameLocator, type Locator, type Page } from '@playwright/test';
import { metaContent } from '../test/html.js';
import { clickPlace, freePlaceIds, type PlanScope, placeLook, planReady } from './plan.js';

export const CLUB_SHOW = 'Группа «Ночные трамваи»';

/** Home page → the club concert's show page → its first date's hall page. */
export async function openClubPerformance(page: Page): Promise<void> {
  await page.goto('/');
  await expect(page.locator('h1, h2').first()).toBeVisible();
  await page.getByRole('link', { name: CLUB_SHOW }).first().click();
  await expect(page).toHaveURL(/\/show\//);
  await openFirstDate(page);
  await expect(page).toHaveURL(/\/performance\/\d+\//);
  await planReady(page);
}

/** On a show page, the first (or last) date's hall page: at 575 px the dates are in the 'Даты' tab, opened first. */
export async function openFirstDate(page: Page, which: 'first' | 'last' = 'first'): Promise<void> {
  const mobileTab = page.locator('.show-tabs__tab--mobile');
  if (await mobileTab.isVisible()) await mobileTab.click();
  await page.locator('a[href^="/performance/"]:visible')[which]().click();
}

/** The first `count` free places of the plan (not yet in this buyer's basket): there are that many. */
export async function freePlaces(scope: PlanScope, count = 1): Promise<number[]> {
  const ids = await freePlaceIds(scope, count);
  expect(ids, `${count} free place(s) on the plan`).toHaveLength(count);
  return ids;
}

/**
 * Clicks a free place. Where gifts are off (maxGiftCountPerTicket 0) a desktop click puts it in
 * the basket at once; otherwise the seat tooltip opens with 'Добавить в корзину'.
 */
export async function addPlace(scope: PlanScope, placeId: number | string): Promise<void> {
  const add = scope.getByRole('button', { name: 'Добавить в корзину' });
  await clickPlace(scope, placeId);
  // Either the place is in the basket already or its tooltip offers it.
  await expect
    .poll(async () => ((await add.isVisible()) ? 'offered' : await placeLook(scope, placeId)))
    .toMatch(/^(offered|mine)$/);
  if (!(await add.isVisible())) return;
  await add.click();
  await expect.poll(() => placeLook(scope, placeId)).toBe('mine');
  // The tooltip stays open on the held seat; closed, it covers no other place (a bottom sheet at 575 px).
  await scope.getByRole('dialog').getByRole('button', { name: 'Закрыть' }).click();
  await expect(scope.getByRole('dialog')).toHaveCount(0);
}

/** A seat as the basket and the order name it; an entrance (standing) ticket has only its section. */
export interface Seat {
  section: string;
  row?: string;
  place?: string;
}

/** The basket's line of a seat (spec 2.3), found by its delete button; `scope`: the page or a performance's part. */
export function basketLine(scope: Page | Locator, seat: Seat): Locator {
  // A filter's inner locator is matched inside each line, so it starts from the page.
  const page = 'page' in scope ? scope.page() : scope;
  const remove = page.getByRole('button', {
    name: `Удалить билет: ${seat.section}, Ряд ${seat.row}, Место ${seat.place}`,
    exact: true,
  });
  return scope.locator('.pt-ticket').filter({ has: remove });
}

/**
 * The guest checkout of /shopcart/ (spec 5.5): e-mail, first name and surname, then the pay
 * button; the sandbox bank's form opens next.
 */
export async function startGuestPayment(page: Page, email = 'anna.petrova@example.ru'): Promise<void> {
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Имя').fill('Анна');
  await page.getByLabel('Фамилия').fill('Петрова');
  await page.getByRole('button', { name: /Перейти к оплате|Оплатить/ }).click();
}

/** The guest checkout of /shopcart/ paid with a sandbox card (the accepted one by default). */
export async function payAsGuest(page: Page, card = '4111 1111 1111 1111'): Promise<void> {
  await startGuestPayment(page);
  await payWithSandboxCard(page, card);
}

/** The order complete page of a paid order lists a ticket for each of these seats and no other. */
export async function expectPaidTickets(page: Page, seats: readonly Seat[]): Promise<void> {
  await expect(page).toHaveURL(/\/order\/complete\//, { timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Спасибо за покупку!' })).toBeVisible();
  await expect(page.getByRole('link', { name: /^Скачать билет:/ })).toHaveCount(seats.length);
  // Two performances of one hall (a package) may have tickets for the same seat.
  const names = seats.map(
    (s) => `Скачать билет: ${s.section}${s.row ? `, ряд ${s.row}` : ''}${s.place ? `, место ${s.place}` : ''}`,
  );
  for (const name of new Set(names)) {
    const count = names.filter((n) => n === name).length;
    await expect(page.getByRole('link', { name, exact: true })).toHaveCount(count);
  }
}

/** A price as the site writes it: '1 050 ₽' (non-breaking spaces; the tariff choice says 'руб'). */
export function money(roubles: number, sign = '₽'): string {
  return `${String(roubles).replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0')}\u00a0${sign}`;
}

/** '1 билет', '3 билета', '5 билетов' (spec 9: the ticket word forms). */
export function tickets(n: number): string {
  const tens = n % 100;
  const ones = n % 10;
  const word =
    tens >= 11 && tens <= 14 ? 'билетов' : ones === 1 ? 'билет' : ones >= 2 && ones <= 4 ? 'билета' : 'билетов';
  return `${n} ${word}`;
}

export async function advanceServerClock(page: Page, minutes: number): Promise<void> {
  const r = await page.request.post('/dev/clock/advance', { form: { minutes: String(minutes) } });
  expect(r.ok()).toBe(true);
}

/**
 * The sandbox bank's card form inside the checkout's bank frame, filled and sent. `scope` is the
 * page, or the frame the checkout runs in (a partner's page, examples/). Test cards: README.
 */
export async function payWithSandboxCard(
  scope: Page | FrameLocator,
  card = '4111 1111 1111 1111',
  holder = 'ANNA PETROVA',
): Promise<void> {
  const bank = scope.frameLocator('iframe[name="pt-bank-frame"]');
  await bank.getByLabel('Номер карты').fill(card);
  await bank.getByLabel('Срок действия').fill('12/30');
  await bank.getByLabel('CVC').fill('123');
  await bank.getByLabel('Владелец карты').fill(holder);
  await bank.getByRole('button', { name: /^Оплатить/ }).click();
}

/**
 * Registers a new account through /registration/ (the consent ticked); the page then shows the
 * e-mail code step, signed in.
 */
export async function registerBuyer(
  page: Page,
  who: { email: string; firstName: string; surname: string; password?: string; back?: string },
): Promise<void> {
  await page.goto(`/registration/?back=${who.back ?? '/'}`);
  await page.getByLabel('E-mail').fill(who.email);
  await page.getByLabel('Пароль').fill(who.password ?? 'long enough 42');
  await page.getByLabel('Имя').fill(who.firstName);
  await page.getByLabel('Фамилия').fill(who.surname);
  await page.getByLabel(/согласен на обработку/).check();
  await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
  await expect(page.getByRole('status')).toContainText(who.email);
}

/**
 * The newest code the development outbox lists for a recipient: an SMS's text ('Partera: код
 * 1234 …') or an e-mail's subject ('Код подтверждения: 1234').
 */
export async function outboxCode(page: Page, recipient: string): Promise<string> {
  let code: string | undefined;
  // Asked again until the message is there: the request that sends it may still be on its way.
  await expect
    .poll(
      async () => {
        const outbox = await (await page.request.get('/dev/outbox/')).text();
        const row = outbox.split('<tr').find((r) => r.includes(recipient)) ?? '';
        code = /(?:код|Код подтверждения:) (\d{4})/.exec(row)?.[1];
        return code;
      },
      { message: `a code for ${recipient}` },
    )
    .toBeDefined();
  return code!;
}

/** A Russian mobile number of this run, +7 9xx xxx-xx-xx, different per project and per `n` (T8). */
export function runPhone(project: string, n = 0): string {
  const base = (Date.now() + n * 7919) % 1e8;
  return `9${project === 'desktop' ? '5' : '6'}${String(base).padStart(8, '0')}`;
}

/** The signed-in buyer's points, as the cabinet's bonus tab shows them (site-browsing-account.md 2.15). */
export async function bonusBalance(page: Page): Promise<Locator> {
  await page.goto('/private/');
  await page.locator('.cabinet__tabs').getByRole('link', { name: 'Бонусы' }).click();
  return page.locator('[data-tab-panel="bonus"] [data-bonus-balance]');
}

/** A fresh signed-in buyer takes the demo promo code BONUS300 on the bonus tab: 300 points. */
export async function giveBonusPoints(page: Page): Promise<void> {
  const balance = await bonusBalance(page);
  const panel = page.locator('[data-tab-panel="bonus"]');
  await panel.getByLabel('Введите промокод, чтобы получить баллы').fill('BONUS300');
  await panel.getByRole('button', { name: 'Применить' }).click();
  await expect(balance).toHaveText('300 баллов');
}

/** Chooses the checkout's payment method by its id: a radio choice on a desktop, the select at 575 px. */
export async function chooseCheckoutPayment(scope: Page | FrameLocator, id: string): Promise<void> {
  const select = scope.getByRole('combobox', { name: 'Способ оплаты' });
  const radio = scope.locator(`.pt-checkout input[type="radio"][value="${id}"]`);
  // The checkout may still be rendering (a page just opened): wait for one of the two.
  await expect(select.or(radio)).toBeVisible();
  if (await select.isVisible()) await select.selectOption(id);
  else await radio.check();
}

/** The club concert's show page, by its address (T8: not through the home page's cards). */
export const CLUB_SHOW_PAGE = '/show/gruppa-nochnye-tramvai/';

/** A show's page, by its address → its first date's hall page. */
export async function openShowPerformance(page: Page, showPage = CLUB_SHOW_PAGE): Promise<void> {
  await page.goto(showPage);
  // The first date's link (followed by its address: the 575 px layout keeps the dates in a tab).
  const href = await page.locator('a[href^="/performance/"]').first().getAttribute('href');
  await page.goto(href!);
  await expect(page).toHaveURL(/\/performance\/\d+\//);
  await planReady(page);
}

/** The checkout's pay button ('Перейти к оплате', or 'Оплатить' at 575 px). */
export const checkoutPayButton = (scope: Page | FrameLocator) =>
  scope.getByRole('button', { name: /^(Перейти к оплате|Оплатить)$/ });

/**
 * One seat of a show's first date put in this browser's basket by the site's own calls, without
 * opening the hall page: the show page's HTML names the date and the visitor's CSRF token, and
 * the best-seat call holds a seat. For tests of what comes after the hall (the checkout, the
 * payment, the order); the hall itself is tried through its page (purchase.spec.ts, hall-*.spec.ts).
 */
export async function putSeatInBasket(page: Page, showPage = CLUB_SHOW_PAGE): Promise<void> {
  const show = await page.request.get(showPage);
  expect(show.ok(), showPage).toBe(true);
  const html = await show.text();
  const performanceId = /<a [^>]*href="\/performance\/(\d+)\//.exec(html)?.[1];
  const csrf = metaContent(html, 'csrf-token');
  expect(performanceId && csrf, 'the show page names a date and a CSRF token').toBeTruthy();
  const held = await page.request.post('/hallPlace/selectBest/', {
    headers: { 'x-csrf-token': csrf! },
    form: { performanceId: performanceId!, count: '1' },
  });
  expect(await held.json()).toMatchObject({ result: 1, ticketCount: 1 });
}

/** One seat of the club concert in the basket (its first date), and the checkout open. */
export async function openCheckoutWithOneSeat(page: Page): Promise<void> {
  await putSeatInBasket(page);
  await page.goto('/shopcart/');
  await expect(page.getByRole('heading', { name: 'Оформление заказа', exact: true })).toBeVisible();
}

/**
 * The checkout's guest fields (spec 5.5): e-mail, first name and surname, with patronymic and
 * phone when the method asks for them; the fields are left (blurred) so their checks run.
 */
export async function fillCheckoutGuest(scope: Page | FrameLocator, email: string): Promise<void> {
  const form = scope.getByRole('group', { name: 'Данные покупателя' });
  await form.getByLabel('E-mail').fill(email);
  await form.getByLabel('Имя', { exact: true }).fill('Анна');
  await form.getByLabel('Фамилия').fill('Петрова');
  if (await form.getByLabel('Отчество').isVisible()) await form.getByLabel('Отчество').fill('Сергеевна');
  if (await form.getByLabel('Телефон').isVisible()) await form.getByLabel('Телефон').fill('9161234567');
  await form.getByLabel('E-mail').focus();
  await form.getByLabel('Фамилия').focus();
}

/** The bonus payment's SMS ('… для подтверждения оплаты бонусами') to a number: its code. */
export async function bonusPinCode(page: Page, phone: string): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const outbox = await (await page.request.get('/dev/outbox/')).text();
      const row = outbox.split('<tr').find((r) => r.includes(`+7${phone}`) && r.includes('оплаты бонусами')) ?? '';
      code = /код (\d{4})/.exec(row)?.[1] ?? '';
      return code;
    })
    .toMatch(/^\d{4}$/);
  return code;
}

/**
 * A signed-in buyer's phone confirmed through the calls of 7.7 (/phone/codesend/ to add it, its
 * SMS code from the development outbox, /phone/codecheck/): a test's setup, not the flow tried.
 */
export async function confirmPhoneByCalls(page: Page, digits: string): Promise<void> {
  await page.goto('/private/');
  const csrf = (await page.locator('meta[name="csrf-token"]').getAttribute('content')) ?? '';
  const headers = { 'x-csrf-token': csrf };
  const form = { number: digits, country: 'RU' };
  const sent = await page.request.post('/phone/codesend/', { headers, form: { ...form, similarCheck: '1' } });
  expect((await sent.json()).status).toBe('success');
  const code = await outboxCode(page, `+7${digits}`);
  const checked = await page.request.post('/phone/codecheck/', { headers, form: { ...form, code } });
  expect((await checked.json()).status).toBe('success');
}
