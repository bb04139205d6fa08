/**
 * A signed-in buyer's courier order (hall-basket-checkout.md 5.4, 7.5; decision 0055): the courier
 * form is checked by 5.4's variant B (first name, surname, patronymic; a phone of at least 7
 * digits; a metro station; address), the first failure named under its field and marked red, then
 * the order goes through /order/addDelivery/ to the payment. A guest's form keeps variant A
 * (checkout-methods.spec.ts). The title starts 'checkout:' and runs at desktop and 575 px.
 */
import { expect, type Page, test } from '@playwright/test';
import {
  openCheckoutWithOneSeat as basketWithOneSeat,
  checkoutPayButton as payButton,
  registerBuyer,
} from './helpers.js';

const mobile = (page: Page) => (page.viewportSize()?.width ?? 1280) <= 575;

test("checkout: a signed-in buyer's courier form is checked by variant B, then ordered through addDelivery", async ({
  page,
}, info) => {
  await registerBuyer(page, {
    email: `courier-b.${info.project.name}.${Date.now()}@example.ru`,
    firstName: 'Вера',
    surname: 'Зрителева',
  });
  await basketWithOneSeat(page);
  await page.locator('.pt-checkout input[type="radio"][name$="-dm"][value="courier"]').check();
  const courier = page.getByRole('group', { name: 'Доставка курьером' });
  await expect(courier).toBeVisible();
  const metro = courier.getByLabel('Станция метро');
  await expect(metro.locator('option').nth(1)).toBeAttached();

  // Variant B's order: the first name before the surname, each with B's own words.
  await payButton(page).click();
  await expect(courier.getByText('Укажите имя', { exact: true })).toBeVisible();
  await expect(courier.getByLabel('Имя', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await courier.getByLabel('Имя', { exact: true }).fill('Вера');
  await payButton(page).click();
  await expect(courier.getByText('Укажите фамилию', { exact: true })).toBeVisible();
  await expect(courier.getByLabel('Фамилия')).toHaveAttribute('aria-invalid', 'true');
  await courier.getByLabel('Фамилия').fill('Зрителева');
  await payButton(page).click();
  await expect(courier.getByText('Укажите отчество', { exact: true })).toBeVisible();
  await courier.getByLabel('Отчество').fill('Павловна');
  await courier.getByLabel('Телефон').fill('916123');
  await payButton(page).click();
  await expect(courier.getByText('Укажите телефон', { exact: true })).toBeVisible();
  await courier.getByLabel('Телефон').fill('9161234567');
  await payButton(page).click();
  await expect(courier.getByText('Укажите ближайшую станцию метро', { exact: true })).toBeVisible();
  await expect(metro).toHaveAttribute('aria-invalid', 'true');
  await metro.selectOption({ index: 1 });
  await payButton(page).click();
  await expect(courier.getByText('Укажите адрес', { exact: true })).toBeVisible();
  await courier.getByLabel('Адрес доставки').fill('Тверская ул., 1, кв. 5');

  const order = page.waitForResponse((r) => new URL(r.url()).pathname === '/order/addDelivery/');
  await payButton(page).click();
  expect((await order).status()).toBe(200);
  // The order was made (error 0): the payment follows, on a phone on the order's bank page (4.7).
  if (mobile(page)) await expect(page).toHaveURL(/\/payment\/bank\/\d+\//);
  else await expect(page.locator('iframe[name="pt-bank-frame"]')).toBeVisible();
});
