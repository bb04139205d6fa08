import { expect, test } from '@playwright/test';
import { addPlace, freePlaces, openClubPerformance } from './helpers.js';
import { placeLook } from './plan.js';

const PASSWORD = 'long enough 42';

test('account: signs up with the consent, signs out, and signs in through the popup keeping the guest’s basket', async ({
  page,
}, info) => {
  const email = `e2e.${info.project.name}.${Date.now()}@example.ru`;

  // Registration: the form's own checks first, each beside its field.
  await page.goto('/registration/?back=/');
  await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
  await expect(page.getByText('Введите e-mail в виде name@example.ru')).toBeVisible();
  await expect(page.getByText('Нужно согласие на обработку персональных данных')).toBeVisible();
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Пароль').fill(PASSWORD);
  await page.getByLabel('Имя').fill('Анна');
  await page.getByLabel('Фамилия').fill('Каренина');
  await page.getByLabel(/согласен на обработку/).check();
  await page.getByRole('button', { name: 'Зарегистрироваться' }).click();

  // The e-mail is confirmed with the code sent to it (the development outbox shows the message).
  await expect(page.getByRole('status')).toHaveText(
    `Мы отправили код подтверждения на ${email}. Он действует 10 минут.`,
  );
  const outbox = await (await page.request.get('/dev/outbox/')).text();
  const row = outbox.split('<tr').find((r) => r.includes(email)) ?? '';
  const code = /Код подтверждения: (\d{4})/.exec(row)?.[1];
  expect(code).toBeDefined();
  await page.getByLabel('Код из письма').fill(code === '0000' ? '1111' : '0000');
  await page.getByRole('button', { name: 'Подтвердить', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('Неверный код. Осталось попыток: 4');
  await page.getByLabel('Код из письма').fill(code!);
  await page.getByRole('button', { name: 'Подтвердить', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Анна' })).toBeVisible();

  // Signing out: a guest again.
  await page.getByRole('button', { name: 'Выйти' }).click();
  await expect(page.getByRole('link', { name: 'Войти' })).toBeVisible();

  // A guest picks a seat, then signs in through the header's popup: the seat stays in the basket.
  await openClubPerformance(page);
  const [id] = await freePlaces(page);
  await addPlace(page, id!);
  await page.getByRole('link', { name: 'Войти' }).click();
  const dialog = page.getByRole('dialog', { name: 'Вход' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Контакт').fill(email);
  await dialog.getByLabel('Пароль').fill('not the password');
  await dialog.getByRole('button', { name: 'Авторизация' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Неверный e-mail, телефон или пароль');
  await dialog.getByLabel('Пароль').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Авторизация' }).click();
  await expect(page.getByRole('link', { name: 'Анна' })).toBeVisible();
  await expect.poll(() => placeLook(page, id!)).toBe('mine');
  await expect(page.locator('.basket-link__count')).toContainText('1');
});
