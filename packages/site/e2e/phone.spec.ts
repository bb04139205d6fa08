import { expect, test } from '@playwright/test';
import { freePlaces, openFirstDate, outboxCode, payWithSandboxCard, registerBuyer } from './helpers.js';
import { clickPlace, placeLook, planReady } from './plan.js';

/** The demo show whose sale asks for a confirmed phone (server seed/extras.ts PHONE_CHECKED_SHOW). */
const PHONE_CHECKED_SHOW_PAGE = '/show/dzhaz-kvartet-sinyaya-ptitsa/';

/** A Russian mobile number of this run: +7 9xx xxx-xx-xx. */
function runPhone(project: string): string {
  return `9${project === 'desktop' ? '1' : '2'}${String(Date.now() % 1e8).padStart(8, '0')}`;
}

test('account: a seat of a sale that asks for a confirmed phone opens the PIN dialog in the middle (212), then is held and paid', async ({
  page,
}, info) => {
  const email = `phone.${info.project.name}.${Date.now()}@example.ru`;
  await registerBuyer(page, { email, firstName: 'Полина', surname: 'Зрительская' });

  // The show's hall page: the first free seat is refused with 212, and the dialog asks for a number.
  await page.goto(PHONE_CHECKED_SHOW_PAGE);
  await openFirstDate(page);
  await planReady(page);
  const [id] = await freePlaces(page);
  await clickPlace(page, id!);
  const add = page.getByRole('button', { name: 'Добавить в корзину' });
  const dialog = page.getByRole('dialog', { name: 'Подтверждение телефона' });
  await expect(add.or(dialog)).toBeVisible();
  if (await add.isVisible()) await add.click();
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Добавьте номер телефона, чтобы продолжить');

  // A landline is refused; the mobile number gets an SMS code.
  const number = dialog.getByLabel('Номер мобильного телефона');
  await number.fill('4951234567');
  await expect(number).toHaveValue('+7(495) 123-45-67');
  await dialog.getByRole('button', { name: 'Получить код' }).click();
  await expect(dialog.getByRole('alert')).toContainText('нужен мобильный номер');
  // The refused number stays in the field to be corrected.
  await expect(number).toHaveValue('+7(495) 123-45-67');
  const phone = runPhone(info.project.name);
  await number.fill(phone);
  await dialog.getByRole('button', { name: 'Получить код' }).click();
  await expect(dialog.getByRole('status')).toContainText('Мы отправили SMS с кодом');
  const code = await outboxCode(page, `+7${phone}`);
  await dialog.getByLabel('Код из SMS').fill(code === '0000' ? '1111' : '0000');
  await dialog.getByRole('button', { name: 'Подтвердить' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Неверный код. Осталось попыток: 4');
  await dialog.getByLabel('Код из SMS').fill(code);
  await dialog.getByRole('button', { name: 'Подтвердить' }).click();

  // The dialog closes and the seat is asked for again: it is in the basket now.
  await expect(dialog).toBeHidden();
  await expect.poll(() => placeLook(page, id!)).toBe('mine');

  await page.goto('/shopcart/');
  await expect(page.getByText(/Итого: 1 билет/)).toBeVisible();
  // Signed in: the order takes the account's name and e-mail, no guest form.
  await expect(page.getByLabel('E-mail')).toHaveCount(0);
  await page.getByRole('button', { name: /Перейти к оплате|Оплатить/ }).click();
  await payWithSandboxCard(page);
  await expect(page).toHaveURL(/\/order\/complete\//, { timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Спасибо за покупку!' })).toBeVisible();
});
