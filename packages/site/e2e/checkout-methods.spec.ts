/**
 * The checkout's methods through the real site (issue 12; hall-basket-checkout.md 2.3, 4.5–4.8,
 * 5.4–5.6): a booking paid in cash at the box office, a courier order with its metro station, a
 * promo code and a gift card, each bought by a guest at desktop and at 575 px (the titles say
 * 'pays as a guest'). Performances are found through the site's pages (e2e/catalogue.ts).
 */
import { expect, type Page, test } from '@playwright/test';
import {
  openCheckoutWithOneSeat as basketWithOneSeat,
  chooseCheckoutPayment as choosePayment,
  fillCheckoutGuest as fillGuest,
  money,
  checkoutPayButton as payButton,
  payWithSandboxCard,
} from './helpers.js';

const SHOTS = process.env.SHOTS_DIR;

async function chooseDelivery(page: Page, id: string): Promise<void> {
  await page.locator(`.pt-checkout input[type="radio"][name$="-dm"][value="${id}"]`).check();
}

async function paidByCard(page: Page): Promise<void> {
  await payWithSandboxCard(page);
  await expect(page).toHaveURL(/\/order\/complete\//, { timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Спасибо за покупку!' })).toBeVisible();
}

test('the checkout offers its methods: pays as a guest by card (screenshot)', async ({ page }, info) => {
  await basketWithOneSeat(page);
  const state = await (await page.request.get('/shopcart/state/')).json();
  expect(state.checkout, 'the basket state offers the checkout').toBeTruthy();
  const ids = (state.checkout.payments as { id: string }[]).map((p) => p.id);
  expect(ids).toEqual(expect.arrayContaining(['card', 'cash']));
  await expect(page.getByRole('list', { name: 'Шаги оформления заказа' })).toBeVisible();
  await expect(page.getByLabel('Промокод')).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/checkout-${info.project.name}.png`, fullPage: true });
  await fillGuest(page, 'card.buyer@example.ru');
  await payButton(page).click();
  await paidByCard(page);
});

test('a booking paid in cash at the box office: pays as a guest by the deadline', async ({ page }) => {
  await basketWithOneSeat(page);
  await choosePayment(page, 'cash');
  await expect(page.getByText(/Оплатить в кассе до \d{2}\.\d{2}\.\d{4} \d{2}:\d{2}/)).toBeVisible();
  await fillGuest(page, 'cash.buyer@example.ru');
  await payButton(page).click();
  await expect(page).not.toHaveURL(/\/shopcart\//, { timeout: 30_000 });
  const state = await (await page.request.get('/shopcart/state/')).json();
  expect(state.ticketCount).toBe(0);
});

test('a courier order with its metro station: pays as a guest by card', async ({ page }) => {
  await basketWithOneSeat(page);
  await chooseDelivery(page, 'courier');
  const courier = page.getByRole('group', { name: 'Доставка курьером' });
  await expect(courier).toBeVisible();
  await fillGuest(page, 'courier.buyer@example.ru');
  await payButton(page).click();
  // 5.4: the first empty field is named and marked red.
  await expect(courier.getByText('Укажите Фамилию')).toBeVisible();
  await expect(courier.getByLabel('Фамилия')).toHaveAttribute('aria-invalid', 'true');
  await courier.getByLabel('Фамилия').fill('Петрова');
  await courier.getByLabel('Имя', { exact: true }).fill('Анна');
  await courier.getByLabel('Отчество').fill('Сергеевна');
  await courier.getByLabel('Телефон').fill('9161234567');
  await expect(courier.getByLabel('Телефон')).toHaveValue('+7(916) 123-45-67');
  await courier.getByLabel('Адрес доставки').fill('Тверская ул., 1, кв. 5');
  const metro = courier.getByLabel('Станция метро');
  await expect(metro.locator('option').nth(1)).toBeAttached();
  await metro.selectOption({ index: 1 });
  await payButton(page).click();
  await paidByCard(page);
});

test('checkout: a device wallet chosen with the guest form unfilled asks for the name, surname and e-mail', async ({
  page,
}) => {
  await basketWithOneSeat(page);
  await choosePayment(page, 'google_pay');
  await page.getByRole('group', { name: 'Данные покупателя' }).getByLabel('E-mail').fill('wallet@example.ru');
  // The grey button is pressable, to say what is missing (5.5: the device wallet's own words).
  await payButton(page).click({ force: true });
  await expect(page.getByText('Пожалуйста, заполните поля: имя, фамилия и e-mail.')).toBeVisible();
  await expect(page).toHaveURL(/\/shopcart\//);
});

/** A promo code typed: on a desktop it applies once typing stops, at 575 px by its button (5.6). */
async function typePromo(page: Page, code: string): Promise<void> {
  const promo = page.getByLabel('Промокод');
  await promo.fill(code);
  if ((page.viewportSize()?.width ?? 1280) <= 575) {
    await page.locator('.pt-code').filter({ has: promo }).getByRole('button', { name: 'Применить' }).click();
  }
}

test('a promo code takes its discount: pays as a guest by card', async ({ page }) => {
  await basketWithOneSeat(page);
  const promo = page.getByLabel('Промокод');
  await typePromo(page, 'NOSUCHCODE');
  await expect(promo).toHaveAttribute('aria-invalid', 'true');
  await typePromo(page, 'DEMO10');
  await expect(page.getByText(/Промокод DEMO10 применён/)).toBeVisible();
  await expect(page.getByText('Скидка по промокоду')).toBeVisible();
  await fillGuest(page, 'promo.buyer@example.ru');
  await payButton(page).click();
  await paidByCard(page);
});

test('a gift card pays the whole order: pays as a guest without a bank card', async ({ page }, info) => {
  await basketWithOneSeat(page);
  const number = page.getByLabel('Номер подарочной карты');
  // The demo's longest card (10 000 ₽, README): enough for each project's order and a retry.
  await number.fill('PART ERA0 GIFT CARD 2026 DEMO 0000 0001');
  await expect(number).toHaveValue('PART-ERA0-GIFT-CARD-2026-DEMO-0000-0001');
  await page.locator('.pt-code').filter({ has: number }).getByRole('button', { name: 'Применить' }).click();
  await expect(page.getByText('Подарочная карта успешно применена')).toBeVisible();
  // 8.4's form variant, word for word, with the card's balance.
  await expect(page.getByText(/^Будет применена подарочная карта с балансом [\d\s]+ руб\.$/)).toBeVisible();
  if (SHOTS)
    await page.locator('.pt-codes').screenshot({ path: `${SHOTS}/checkout-gift-card-${info.project.name}.png` });
  await expect(page.getByText('К оплате', { exact: true }).locator('xpath=..')).toContainText('0 ₽');
  await fillGuest(page, 'gift.buyer@example.ru');
  await payButton(page).click();
  await expect(page).toHaveURL(/\/order\/complete\//, { timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Спасибо за покупку!' })).toBeVisible();
});

/**
 * The demo's cards with 1 200 ₽ left (README): an order spends what is left, so each project
 * spends one of its own (desktop 1111-2222-3333, 575 px 2222-3333-4444).
 */
const PART_PAYING_CARD: Record<string, string> = { desktop: '111122223333', 'mobile-575': '222233334444' };

test('a gift card pays part and the bank card the rest: pays as a guest', async ({ page }, info) => {
  await basketWithOneSeat(page);
  // The seat's price follows the plan's first free place; the card's 1 200 ₽ are taken off it.
  const { basketPrice } = (await (await page.request.get('/shopcart/state/')).json()) as { basketPrice: number };
  expect(basketPrice, 'the seat costs more than the card has left').toBeGreaterThan(1200);
  const number = page.getByLabel('Номер подарочной карты');
  const card = PART_PAYING_CARD[info.project.name];
  if (!card) throw new Error(`no part-paying gift card for the project ${info.project.name}`);
  await number.fill(card);
  await expect(number).toHaveValue(`${card.slice(0, 4)}-${card.slice(4, 8)}-${card.slice(8)}`);
  await page.locator('.pt-code').filter({ has: number }).getByRole('button', { name: 'Применить' }).click();
  await expect(page.getByText('Подарочная карта успешно применена')).toBeVisible();
  await expect(page.locator('.pt-totals').getByText('Подарочной картой', { exact: true })).toBeVisible();
  // 4.5: the rest is paid by card; the methods a gift card does not leave are shown disabled.
  await expect(page.getByText('К оплате', { exact: true }).locator('xpath=..')).toContainText(
    money(basketPrice - 1200),
  );
  await fillGuest(page, 'gift.part@example.ru');
  await payButton(page).click();
  await paidByCard(page);
});
