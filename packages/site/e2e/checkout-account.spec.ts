/**
 * A signed-in buyer's checkout (issue 12; hall-basket-checkout.md 4.7, 7.5, 7.7, 8.6): the session
 * order (/order/createSessionOrder/) paid by card (on a phone through /payment/bank/{id}/), and
 * bonus points with their PIN, where a buyer with no phone on the account adds one first (212)
 * inside the purchase. Fresh accounts of this run; SMS codes are read from the development outbox.
 * The titles start 'checkout:' and run at desktop and 575 px.
 */
import { expect, type Page, test } from '@playwright/test';
import {
  openCheckoutWithOneSeat as basketWithOneSeat,
  bonusBalance,
  bonusPinCode,
  chooseCheckoutPayment,
  giveBonusPoints,
  outboxCode,
  checkoutPayButton as payButton,
  payWithSandboxCard,
  registerBuyer,
  runPhone,
} from './helpers.js';

const mobile = (page: Page) => (page.viewportSize()?.width ?? 1280) <= 575;

/** A new account of this run, signed in (its e-mail confirmation left for later). */
async function signedIn(page: Page, who: string, project: string): Promise<string> {
  const email = `${who}.${project}.${Date.now()}@example.ru`;
  await registerBuyer(page, { email, firstName: 'Вера', surname: 'Зрителева' });
  return email;
}

/** The session order call (7.5 GET /order/createSessionOrder/), as the checkout sends it. */
const sessionOrder = (page: Page) =>
  page.waitForResponse((r) => new URL(r.url()).pathname === '/order/createSessionOrder/');

test("checkout: a signed-in buyer's session order is paid by card (on a phone on the bank page)", async ({
  page,
}, info) => {
  await signedIn(page, 'session', info.project.name);
  await basketWithOneSeat(page);
  // Signed in: no guest form; the account's name and e-mail go with the order.
  await expect(page.getByRole('group', { name: 'Данные покупателя' })).toHaveCount(0);
  const order = sessionOrder(page);
  await payButton(page).click();
  expect((await order).status()).toBe(200);
  if (mobile(page)) {
    // 4.7: on a phone the buyer goes on to the order's bank page, /payment/bank/{id}/.
    await expect(page).toHaveURL(/\/payment\/bank\/\d+\//);
  } else {
    await expect(page.locator('iframe[name="pt-bank-frame"]')).toBeVisible();
  }
  await payWithSandboxCard(page);
  await expect(page).toHaveURL(/\/order\/complete\//, { timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Спасибо за покупку!' })).toBeVisible();
  await expect(page.getByRole('link', { name: /^Скачать билет:/ })).toHaveCount(1);
});

test('checkout: bonus points pay with the PIN; with no phone on the account one is added first (212)', async ({
  page,
}, info) => {
  await signedIn(page, 'bonuspay', info.project.name);
  await giveBonusPoints(page);
  await basketWithOneSeat(page);
  await chooseCheckoutPayment(page, 'bonus');
  await payButton(page).click();

  // 212 (8.6): the account has no phone: the site's add-phone dialog opens inside the purchase.
  const phoneDialog = page.getByRole('dialog', { name: 'Подтверждение телефона' });
  await expect(phoneDialog).toBeVisible();
  await expect(phoneDialog).toContainText('Добавьте номер телефона, чтобы продолжить');
  const phone = runPhone(info.project.name, 3);
  await phoneDialog.getByLabel('Номер мобильного телефона').fill(phone);
  await phoneDialog.getByRole('button', { name: 'Получить код' }).click();
  await expect(phoneDialog.getByRole('status')).toContainText('Мы отправили SMS с кодом');
  await phoneDialog.getByLabel('Код из SMS').fill(await outboxCode(page, `+7${phone}`));
  await phoneDialog.getByRole('button', { name: 'Подтвердить' }).click();
  await expect(phoneDialog).toBeHidden();

  // The pay press runs again: the bonus PIN goes to the phone just confirmed (7.7 pinsendbonus).
  const pin = page.getByRole('dialog', { name: 'Подтверждение оплаты бонусами' });
  await expect(pin).toBeVisible();
  await expect(pin).toContainText(`+7${phone}`);
  const code = await bonusPinCode(page, phone);
  await pin.getByLabel('Код из SMS').fill(code === '0000' ? '1111' : '0000');
  await pin.getByRole('button', { name: 'Подтвердить' }).click();
  await expect(pin.getByRole('alert')).not.toBeEmpty();
  await pin.getByLabel('Код из SMS').fill(code);
  const order = sessionOrder(page);
  await pin.getByRole('button', { name: 'Подтвердить' }).click();
  await expect(pin).toBeHidden();
  expect((await order).status()).toBe(200);

  // The points paid 300 ₽; the rest by card through the bank.
  await payWithSandboxCard(page);
  await expect(page).toHaveURL(/\/order\/complete\//, { timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Спасибо за покупку!' })).toBeVisible();
  await expect(await bonusBalance(page)).toHaveText('0 баллов');
});
