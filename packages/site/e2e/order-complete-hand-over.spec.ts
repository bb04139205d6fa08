/**
 * The order-complete page of printed tickets (issue 12; hall-basket-checkout.md 4.5, 4.12): a
 * box-office pickup paid by card, and a cash booking, offer no PDF (their tickets are not
 * e-tickets) and say where and until when to collect them. Desktop and 575 px ('checkout:').
 */
import { expect, type Page, test } from '@playwright/test';
import {
  checkoutPayButton,
  chooseCheckoutPayment,
  fillCheckoutGuest,
  openCheckoutWithOneSeat,
  payWithSandboxCard,
} from './helpers.js';

/** Self-pickup: its radio is 'self' (the server makes it booking_card or booking_cash, 4.5). */
async function choosePickup(page: Page): Promise<void> {
  await page
    .locator('.pt-checkout input[type="radio"][name$="-dm"]')
    .and(page.locator('[value="self"], [value="booking_card"], [value="booking_cash"]'))
    .first()
    .check();
}

test('checkout: a pickup paid by card: the order page says where and until when, and offers no PDF', async ({
  page,
}, info) => {
  await openCheckoutWithOneSeat(page);
  await chooseCheckoutPayment(page, 'card');
  await choosePickup(page);
  await fillCheckoutGuest(page, `pickup.${info.project.name}@example.ru`);
  await checkoutPayButton(page).click();
  await payWithSandboxCard(page);
  await expect(page).toHaveURL(/\/order\/complete\//, { timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Спасибо за покупку!' })).toBeVisible();
  const note = page.getByRole('region', { name: 'Как получить билеты' });
  await expect(note).toContainText(/Билеты ждут вас в кассе площадки .+: назовите кассиру номер заказа № \d+/);
  await expect(note).toContainText('Получите их до начала мероприятия');
  await expect(page.getByText(/Письмо с заказом отправлено на/)).toBeVisible();
  await expect(page.getByRole('link', { name: /Скачать/ })).toHaveCount(0);
  await page.screenshot({ path: info.outputPath(`pickup-${info.project.name}.png`), fullPage: true });
});

test('checkout: a cash booking: the order page says to pay and collect at the box office by its deadline', async ({
  page,
}, info) => {
  await openCheckoutWithOneSeat(page);
  await chooseCheckoutPayment(page, 'cash');
  await fillCheckoutGuest(page, `booking.${info.project.name}@example.ru`);
  await checkoutPayButton(page).click();
  await expect(page).toHaveURL(/\/order\/complete\//, { timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Бронь оформлена' })).toBeVisible();
  const note = page.getByRole('region', { name: 'Оплата и получение в кассе' });
  await expect(note).toContainText(
    /Оплатите и получите билеты в кассе площадки .+ до \d{2}\.\d{2}\.\d{4} \d{2}:\d{2}: назовите кассиру номер заказа/,
  );
  await expect(page.getByText('Платёж обрабатывается')).toHaveCount(0);
  await expect(page.getByRole('link', { name: /Скачать|Оплатить/ })).toHaveCount(0);
  await page.screenshot({ path: info.outputPath(`booking-${info.project.name}.png`), fullPage: true });
});
