import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { registerBuyer } from './helpers.js';

const PASSWORD = 'long enough 42';

test('account: the cabinet shows the consent, downloads the buyer’s data and deletes the account', async ({
  page,
}, info) => {
  const email = `personal.${info.project.name}.${Date.now()}@example.ru`;
  await registerBuyer(page, { email, firstName: 'Анна', surname: 'Каренина', password: PASSWORD, back: '/private/' });
  await page.getByRole('link', { name: 'Подтвердить позже' }).click();
  await expect(page.getByRole('heading', { name: 'Личный кабинет' })).toBeVisible();

  // The section under the requisites: the consent given at registration, with its text version.
  const section = page.locator('[data-personal-data]');
  await expect(section.getByRole('heading', { name: 'Персональные данные' })).toBeVisible();
  await expect(section.locator('[data-consent]')).toContainText(/дано \d{2}\.\d{2}\.\d{4} \(редакция от [\d-]+\)/);

  // 'Скачать мои данные': a JSON file with the account and its consent.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    section.getByRole('link', { name: 'Скачать мои данные' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^partera-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(await readFile((await download.path())!, 'utf8'));
  expect(data.account).toMatchObject({ surname: 'Каренина', firstName: 'Анна', email: { value: email } });
  expect(data.consents).toHaveLength(1);
  expect(JSON.stringify(data)).not.toMatch(/argon2|token/i);

  // 'Удалить аккаунт': the sub-form explains what happens; a wrong password is refused beside its field.
  const requisites = page.locator('[data-requisites]');
  await section.getByRole('button', { name: 'Удалить аккаунт', exact: true }).click();
  await expect(requisites).toBeHidden();
  const form = page.locator('form[data-subform="delete"]');
  await expect(form).toContainText('восстановить аккаунт будет нельзя');
  await expect(form).toContainText(
    'Неоплаченные заказы будут отменены. Оплаченные заказы и билеты останутся действительными',
  );
  await page.getByLabel('Пароль для подтверждения').fill('not the password');
  await form.getByRole('button', { name: 'Удалить аккаунт навсегда' }).click();
  await expect(form.getByText('Неверный текущий пароль')).toBeVisible();
  // 'Отмена' goes back to the requisites.
  await form.getByRole('button', { name: 'Отмена' }).click();
  await expect(requisites).toBeVisible();

  await section.getByRole('button', { name: 'Удалить аккаунт', exact: true }).click();
  await page.getByLabel('Пароль для подтверждения').fill(PASSWORD);
  await form.getByRole('button', { name: 'Удалить аккаунт навсегда' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('status').filter({ hasText: 'Аккаунт удалён' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Войти' })).toBeVisible();

  // A guest now: the cabinet asks to sign in, and the old password signs nobody in.
  await page.goto('/private/');
  await expect(page).toHaveURL(/\/login\/\?back=%2Fprivate%2F/);
  expect((await page.request.get('/private/export/')).status()).toBe(401);
  await page.getByLabel('Контакт').fill(email);
  await page.getByLabel('Пароль').fill(PASSWORD);
  await page.getByRole('button', { name: 'Авторизация' }).click();
  await expect(page.getByText('Неверный e-mail, телефон или пароль')).toBeVisible();
});
