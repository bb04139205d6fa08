import { expect, type Page, test } from '@playwright/test';

const OLD_PASSWORD = 'long enough 42';
const NEW_PASSWORD = 'a brand new one 7';

/** An account registered by the page's own requests, then signed out: the browser is a guest again. */
async function registerAndSignOut(page: Page, email: string): Promise<void> {
  await page.goto('/registration/');
  const csrf = (await page.locator('meta[name="csrf-token"]').getAttribute('content')) ?? '';
  const registered = await page.request.post('/registration/', {
    headers: { 'x-csrf-token': csrf },
    form: {
      'RegistrationForm[email]': email,
      'RegistrationForm[password]': OLD_PASSWORD,
      'RegistrationForm[firstname]': 'Анна',
      'RegistrationForm[surname]': 'Каренина',
      'RegistrationForm[consent]': '1',
    },
  });
  const answer = (await registered.json()) as { state: number; csrfToken: string };
  expect(answer.state).toBe(1);
  const out = await page.request.post('/logout/', { headers: { 'x-csrf-token': answer.csrfToken }, form: {} });
  expect(out.ok()).toBe(true);
}

/** The reset code the development outbox shows for the address (the newest message first). */
async function resetCode(page: Page, email: string): Promise<string> {
  const outbox = await (await page.request.get('/dev/outbox/')).text();
  const row = outbox.split('<tr').find((r) => r.includes(email) && r.includes('Код для смены пароля')) ?? '';
  const code = /Код для смены пароля: (\d{4})/.exec(row)?.[1];
  expect(code, `a reset code for ${email}`).toBeDefined();
  return code!;
}

test('account: resets a forgotten password with the code from the e-mail and is signed in', async ({ page }, info) => {
  const email = `e2e.restore.${info.project.name}.${Date.now()}@example.ru`;
  await registerAndSignOut(page, email);

  // 'Забыли пароль?' under the login form, keeping where to go back.
  await page.goto('/login/?back=/');
  await page.getByRole('link', { name: 'Забыли пароль?' }).click();
  await expect(page).toHaveURL(/\/login\/restore\/\?back=%2F$/);
  await expect(page.getByRole('heading', { name: 'Восстановление пароля' })).toBeVisible();

  // The e-mail step: the form's own check, then the same answer whoever has the address.
  await page.getByRole('button', { name: 'Получить код' }).click();
  await expect(page.getByText('Введите e-mail в виде name@example.ru')).toBeVisible();
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Получить код' }).click();
  await expect(page.getByRole('status')).toHaveText(
    'Если такой e-mail зарегистрирован, мы отправили на него код для смены пароля.',
  );
  await expect(page.getByRole('button', { name: /^Отправить код ещё раз через \d+ с$/ })).toBeDisabled();
  const code = await resetCode(page, email);

  // The code and the new password: the form's checks, then a wrong code, then the right one.
  await page.getByLabel('Код из письма').fill(code);
  await page.getByLabel('Новый пароль').fill(NEW_PASSWORD);
  await page.getByLabel('Повторите пароль').fill(`${NEW_PASSWORD}!`);
  await page.getByRole('button', { name: 'Сменить пароль и войти' }).click();
  await expect(page.getByText('Пароли не совпадают')).toBeVisible();
  await page.getByLabel('Повторите пароль').fill(NEW_PASSWORD);
  await page.getByLabel('Код из письма').fill(code === '0000' ? '1111' : '0000');
  await page.getByRole('button', { name: 'Сменить пароль и войти' }).click();
  await expect(page.getByText('Неверный или устаревший код')).toBeVisible();
  await expect(page.getByText('Пароли не совпадают')).toBeHidden();
  // Nothing on the page is wider than the screen (the 575 px project).
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await page.getByLabel('Код из письма').fill(code);
  await page.getByRole('button', { name: 'Сменить пароль и войти' }).click();

  // Signed in and back where the login began.
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Анна' })).toBeVisible();

  // The old password no longer signs in; the new one does.
  await page.getByRole('button', { name: 'Выйти' }).click();
  await expect(page.getByRole('link', { name: 'Войти' })).toBeVisible();
  await page.goto('/login/?back=/');
  await page.getByLabel('Контакт').fill(email);
  await page.getByLabel('Пароль').fill(OLD_PASSWORD);
  await page.getByRole('button', { name: 'Авторизация' }).click();
  await expect(page.getByRole('alert')).toHaveText('Неверный e-mail, телефон или пароль');
  await page.getByLabel('Пароль').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Авторизация' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Анна' })).toBeVisible();
});
