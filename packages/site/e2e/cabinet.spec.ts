import { expect, test } from '@playwright/test';
import { outboxCode, registerBuyer } from './helpers.js';

test('account: the cabinet edits the personal data, changes the password, confirms the e-mail, adds a phone and changes it', async ({
  page,
}, info) => {
  const email = `cabinet.${info.project.name}.${Date.now()}@example.ru`;
  // A guest asking for the cabinet signs in first.
  await page.goto('/private/');
  await expect(page).toHaveURL(/\/login\/\?back=%2Fprivate%2F/);
  await registerBuyer(page, { email, firstName: 'Анна', surname: 'Каренина', back: '/private/' });
  await page.getByRole('link', { name: 'Подтвердить позже' }).click();
  await expect(page.getByRole('heading', { name: 'Личный кабинет' })).toBeVisible();
  const requisites = page.locator('[data-requisites]');
  await expect(requisites).toContainText('не подтверждён');

  // Personal data: a sub-form in place of the block; the advisory above 65 does not block.
  await page.getByRole('button', { name: 'Изменить личные данные' }).click();
  await expect(requisites).toBeHidden();
  await page.getByLabel('Отчество').fill('Аркадьевна');
  await page.getByLabel('Дата рождения').fill('01021950');
  await expect(page.getByLabel('Дата рождения')).toHaveValue('01.02.1950');
  await expect(page.getByText('Людям старше 65 лет')).toBeVisible();
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(requisites).toBeVisible();
  await expect(requisites.getByRole('status')).toHaveText('Данные обновлены');
  await expect(requisites).toContainText('Аркадьевна');
  await page.reload();
  await expect(requisites).toContainText('01.02.1950');

  // Password: the server's 'field::text' answer beside its field, then the change.
  await page.getByRole('button', { name: 'Сменить пароль' }).click();
  await page.getByLabel('Текущий пароль').fill('not the password');
  await page.getByLabel('Новый пароль', { exact: true }).fill('a new password 7');
  await page.getByLabel('Новый пароль ещё раз').fill('a new password 7');
  await page.getByRole('button', { name: 'Сменить пароль' }).click();
  await expect(page.getByText('Неверный текущий пароль')).toBeVisible();
  await page.getByLabel('Текущий пароль').fill('long enough 42');
  await page.getByRole('button', { name: 'Сменить пароль' }).click();
  await expect(requisites.getByRole('status')).toHaveText('Пароль изменен');

  // E-mail: the code sent to it confirms it.
  await requisites.getByRole('button', { name: 'Подтвердить' }).click();
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Получить код' }).click();
  // The code sent at registration a moment ago still works: the form goes on to it.
  await expect(page.getByText('Код уже отправлен')).toBeVisible();
  await page.getByLabel('Код из письма').fill(await outboxCode(page, email));
  await page.getByRole('button', { name: 'Подтвердить' }).click();
  await expect(requisites).toBeVisible();
  await expect(requisites.locator('[data-show="email"]')).toContainText('подтверждён');
  await expect(requisites.locator('[data-show="email"]')).not.toContainText('не подтверждён');

  // Phone: the number in its country's mask, the SMS code, the number confirmed.
  const digits = `9${info.project.name === 'desktop' ? '3' : '4'}${String(Date.now() % 1e8).padStart(8, '0')}`;
  await requisites.getByRole('button', { name: 'Добавить' }).click();
  await page.getByLabel('Номер мобильного телефона').fill(digits);
  await page.getByRole('button', { name: 'Получить код' }).click();
  await expect(page.getByText('Мы отправили SMS с кодом')).toBeVisible();
  await page.getByLabel('Код из SMS').fill(await outboxCode(page, `+7${digits}`));
  await page.getByRole('button', { name: 'Подтвердить' }).click();
  await expect(requisites.locator('[data-show="phone"]')).toContainText(`+7 ${digits.slice(0, 3)} ${digits.slice(3)}`);
  await expect(requisites.locator('[data-show="phone"]')).toContainText('Изменить');

  // The new password signs in; the phone is a login contact now.
  await page.getByRole('button', { name: 'Выйти' }).click();
  await expect(page.getByRole('link', { name: 'Войти' })).toBeVisible();
  await page.goto('/login/?back=/private/');
  await page.getByLabel('Контакт').fill(`8${digits}`);
  await page.getByLabel('Пароль').fill('a new password 7');
  await page.getByRole('button', { name: 'Авторизация' }).click();
  await expect(page.getByRole('heading', { name: 'Личный кабинет' })).toBeVisible();

  // Changing the phone: the new number, then the old and the new one beside the code sent to the new one.
  const requisitesAgain = page.locator('[data-requisites]');
  const newDigits = `9${info.project.name === 'desktop' ? '5' : '6'}${String(Date.now() % 1e8).padStart(8, '0')}`;
  await requisitesAgain.locator('[data-show="phone"]').getByRole('button', { name: 'Изменить' }).click();
  await page.getByLabel('Номер мобильного телефона').fill(newDigits);
  await page.getByRole('button', { name: 'Получить код' }).click();
  const numbers = page.locator('.phone-flow__numbers');
  await expect(numbers).toContainText(`Старый номер+7 ${digits.slice(0, 3)} ${digits.slice(3)}`);
  await expect(numbers).toContainText(`Новый номер+7 ${newDigits.slice(0, 3)} ${newDigits.slice(3)}`);
  await page.getByLabel('Код из SMS').fill(await outboxCode(page, `+7${newDigits}`));
  await page.getByRole('button', { name: 'Подтвердить' }).click();
  await expect(requisitesAgain.locator('[data-show="phone"]')).toContainText(
    `+7 ${newDigits.slice(0, 3)} ${newDigits.slice(3)}`,
  );
});
