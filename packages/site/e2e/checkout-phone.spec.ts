/**
 * Code 113 inside the purchase (issue 12; hall-basket-checkout.md 4.7 'Code 113: phone
 * confirmation flow, then the order is created again', 7.7, 8.3): a signed-in buyer pays with bonus
 * points; the PIN was checked, and while the order call is on its way the account's phone is
 * changed on another device. The server's own rule then refuses the order with 113 (a new number
 * lapses the bonus PINs checked for the old one, accounts/phones.ts). The buyer confirms the phone
 * in the site's dialog inside the purchase, the bonus PIN goes to the new number, and the order is
 * placed again and paid. The order call is only held back until the change is made, never
 * answered by the test. Desktop and 575 px ('checkout:').
 */
import { type Browser, expect, test } from '@playwright/test';
import {
  bonusBalance,
  bonusPinCode,
  checkoutPayButton,
  chooseCheckoutPayment,
  confirmPhoneByCalls,
  giveBonusPoints,
  openCheckoutWithOneSeat,
  outboxCode,
  payWithSandboxCard,
  registerBuyer,
  runPhone,
} from './helpers.js';

const PASSWORD = 'long enough 42';
const SHOTS = process.env.SHOTS_DIR;

const isOrderCall = (url: URL) => url.pathname === '/order/createSessionOrder/';

/** Another device of the same buyer: signs in and changes the account's phone in the cabinet. */
async function changePhoneElsewhere(browser: Browser, origin: string, email: string, digits: string): Promise<void> {
  const context = await browser.newContext({ baseURL: origin, locale: 'ru-RU' });
  const other = await context.newPage();
  await other.goto('/login/?back=/private/');
  await other.getByLabel('Контакт').fill(email);
  await other.getByLabel('Пароль').fill(PASSWORD);
  await other.getByRole('button', { name: 'Авторизация' }).click();
  await expect(other.getByRole('heading', { name: 'Личный кабинет' })).toBeVisible();
  const phone = other.locator('[data-requisites] [data-show="phone"]');
  await phone.getByRole('button', { name: 'Изменить' }).click();
  await other.getByLabel('Номер мобильного телефона').fill(digits);
  await other.getByRole('button', { name: 'Получить код' }).click();
  // The code's field opens once the code has been sent.
  await expect(other.getByLabel('Код из SMS')).toBeVisible();
  await other.getByLabel('Код из SMS').fill(await outboxCode(other, `+7${digits}`));
  await other.getByRole('button', { name: 'Подтвердить' }).click();
  await expect(phone).toContainText(`+7 ${digits.slice(0, 3)} ${digits.slice(3)}`);
  await context.close();
}

test('checkout: the phone changed on another device while the order was sent: 113, the phone confirmed inside the purchase, the order placed again', async ({
  page,
  browser,
}, info) => {
  const email = `phone113.${info.project.name}.${Date.now()}@example.ru`;
  await registerBuyer(page, { email, firstName: 'Вера', surname: 'Зрителева', password: PASSWORD });
  const oldPhone = runPhone(info.project.name, 11);
  const newPhone = runPhone(info.project.name, 12);
  await confirmPhoneByCalls(page, oldPhone);
  await giveBonusPoints(page);
  await openCheckoutWithOneSeat(page);
  await chooseCheckoutPayment(page, 'bonus');

  // The first order call waits (unchanged) until the phone has changed on the other device.
  let sent!: () => void;
  const orderSent = new Promise<void>((resolve) => {
    sent = resolve;
  });
  let release!: () => void;
  const changed = new Promise<void>((resolve) => {
    release = resolve;
  });
  let first = true;
  await page.route(isOrderCall, async (route) => {
    if (first) {
      first = false;
      sent();
      await changed;
    }
    await route.continue();
  });
  const refused = page.waitForResponse((r) => isOrderCall(new URL(r.url())));
  let orderCalls = 0;
  page.on('request', (r) => {
    if (isOrderCall(new URL(r.url()))) orderCalls += 1;
  });

  // The bonus PIN goes to the phone the account has now, and is checked.
  await checkoutPayButton(page).click();
  const pin = page.getByRole('dialog', { name: 'Подтверждение оплаты бонусами' });
  await expect(pin).toContainText(`+7${oldPhone}`);
  await pin.getByLabel('Код из SMS').fill(await bonusPinCode(page, oldPhone));
  await pin.getByRole('button', { name: 'Подтвердить' }).click();
  await orderSent;
  await changePhoneElsewhere(browser, new URL(page.url()).origin, email, newPhone);
  release();

  // 113 (8.3): the PIN proved the old number; the site's phone dialog opens inside the purchase.
  expect(await (await refused).json()).toMatchObject({ error: 113 });
  const phoneDialog = page.getByRole('dialog', { name: 'Подтверждение телефона' });
  await expect(phoneDialog).toContainText('Подтвердите оплату баллами кодом из SMS');
  await expect(phoneDialog.getByRole('status')).toContainText('Мы отправили SMS с кодом');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/checkout-113-${info.project.name}.png` });
  await phoneDialog.getByLabel('Код из SMS').fill(await outboxCode(page, `+7${newPhone}`));
  await phoneDialog.getByRole('button', { name: 'Подтвердить' }).click();
  await expect(phoneDialog).toBeHidden();

  // The pay press runs again: the bonus PIN to the new number, then the order is placed.
  await expect(pin).toContainText(`+7${newPhone}`);
  await pin.getByLabel('Код из SMS').fill(await bonusPinCode(page, newPhone));
  const placed = page.waitForResponse((r) => isOrderCall(new URL(r.url())));
  await pin.getByRole('button', { name: 'Подтвердить' }).click();
  // The second order call goes through (on a phone the page moves on at once, so only its status is read).
  expect((await placed).status()).toBe(200);
  expect(orderCalls).toBe(2);

  // The points paid 300 ₽; the rest by card (on a phone on the order's bank page, 4.7).
  if (info.project.name !== 'desktop') await expect(page).toHaveURL(/\/payment\/bank\/\d+\//);
  await payWithSandboxCard(page);
  await expect(page).toHaveURL(/\/order\/complete\//, { timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Спасибо за покупку!' })).toBeVisible();
  await expect(await bonusBalance(page)).toHaveText('0 баллов');
});
