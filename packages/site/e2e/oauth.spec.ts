import { expect, test } from '@playwright/test';
import { OIDC_ISSUER } from '../playwright.config.js';
import { outboxCode } from './helpers.js';

test('account: signs in with an outside account and completes it with a confirmed e-mail', async ({ page }, info) => {
  const stamp = `${info.project.name}.${Date.now()}`;
  const email = `e2e.oauth.${stamp}@example.ru`;
  // The person at the local provider: no e-mail, so the completion form asks for one.
  await page.request.get(
    `${OIDC_ISSUER}/control/sign-in-as?sub=${encodeURIComponent(`e2e-${stamp}`)}&given_name=Наташа&family_name=Ростова`,
  );

  await page.goto('/');
  await page.getByRole('link', { name: 'Войти', exact: true }).click();
  const login = page.getByRole('dialog', { name: 'Вход' });
  await expect(login).toBeVisible();
  await login.getByRole('link', { name: 'Войти через тестовый OpenID' }).click();

  // Back from the provider, signed in: the completion form opens on the same page.
  await expect(page).toHaveURL(/\/\?oauth=complete$/);
  const form = page.getByRole('dialog', { name: 'Завершение регистрации' });
  await expect(form).toBeVisible();
  await form.getByRole('button', { name: 'Получить код' }).click();
  await expect(form.getByRole('alert')).toHaveText('Введите e-mail в виде name@example.ru');
  await form.getByLabel('E-mail').fill(email);
  await form.getByRole('button', { name: 'Получить код' }).click();
  await expect(form.getByRole('alert').first()).toHaveText('Нужно согласие на обработку персональных данных');
  await form.getByLabel(/согласен на обработку/).check();
  await form.getByRole('button', { name: 'Получить код' }).click();

  // The code is sent: the address, the consent and the button are disabled, the PIN is asked.
  await expect(form.getByRole('status')).toContainText(email);
  await expect(form.getByLabel('E-mail')).toBeDisabled();
  await expect(form.getByLabel(/согласен на обработку/)).toBeDisabled();
  await expect(form.getByRole('button', { name: 'Получить код' })).toBeDisabled();
  await form.getByLabel('Код из письма').fill(await outboxCode(page, email));
  await form.getByRole('button', { name: 'Подтвердить' }).click();

  // The page reloads at its address without the query string, signed in, the form gone.
  await expect(page).toHaveURL(/\/$/);
  await expect(form).toBeHidden();
  await expect(page.getByRole('link', { name: 'Наташа' })).toBeVisible();

  // No password: the account's deletion is confirmed by a code sent to the confirmed e-mail.
  await page.goto('/private/');
  await page.getByRole('button', { name: 'Удалить аккаунт', exact: true }).click();
  const deletion = page.locator('form[data-subform="delete"]');
  await expect(deletion).toContainText(
    `пароля у аккаунта нет. Подтвердите удаление кодом, который мы пришлём на ${email}`,
  );
  await deletion.getByRole('button', { name: 'Получить код' }).click();
  await expect(deletion.getByRole('status')).toHaveText(
    'Код для удаления отправлен. Введите его, чтобы удалить аккаунт.',
  );
  await deletion.getByLabel('Код подтверждения').fill(await outboxCode(page, email));
  await deletion.getByRole('button', { name: 'Удалить аккаунт навсегда' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Аккаунт удалён' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Войти', exact: true })).toBeVisible();
});

test('account: a refused outside sign-in explains itself on the login page', async ({ page }) => {
  await page.goto('/login/oauth/test/callback?error=access_denied&state=unknown');
  await expect(page).toHaveURL(/\/login\/\?failed=oauth/);
  await expect(page.getByRole('alert')).toHaveText('Вход через внешний аккаунт устарел. Нажмите кнопку входа ещё раз.');
  await expect(page.getByRole('link', { name: 'Войти через тестовый OpenID' })).toBeVisible();
});
