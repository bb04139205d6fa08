import { expect, test } from '@playwright/test';
import { registerBuyer } from './helpers.js';

/**
 * The bonus tab and the promotions tab (site-browsing-account.md 2.15, 4): a fresh buyer enters
 * the demo promo code (and is refused the second time), answers the survey, activates a demo
 * loyalty card and reserves a gift, the points following each step; then the promotions list and
 * a promotion's detail page.
 */
test('account: the bonus tab takes a promo code, the survey, a loyalty card and a gift reservation', async ({
  page,
}, info) => {
  const email = `bonus.${info.project.name}.${Date.now()}@example.ru`;
  await registerBuyer(page, { email, firstName: 'Анна', surname: 'Каренина', back: '/private/' });
  await page.getByRole('link', { name: 'Подтвердить позже' }).click();
  await expect(page.getByRole('heading', { name: 'Личный кабинет' })).toBeVisible();

  await page.locator('.cabinet__tabs').getByRole('link', { name: 'Бонусы' }).click();
  const panel = page.locator('[data-tab-panel="bonus"]');
  const balance = panel.locator('[data-bonus-balance]');
  await expect(balance).toHaveText('0 баллов');

  // The demo promo code, in lower case: accepted with the points added; a second time refused.
  const code = panel.getByLabel('Введите промокод, чтобы получить баллы');
  await code.fill('bonus300');
  await panel.getByRole('button', { name: 'Применить' }).click();
  await expect(panel.locator('[data-bonus-notice]')).toHaveText('Промокод принят: начислено 300 баллов.');
  await expect(balance).toHaveText('300 баллов');
  await panel.getByLabel('Введите промокод, чтобы получить баллы').fill('BONUS300');
  await panel.getByRole('button', { name: 'Применить' }).click();
  await expect(panel.locator('[data-promo-form] [data-form-error]')).toHaveText('Вы уже использовали этот промокод');
  await expect(panel.getByLabel('Введите промокод, чтобы получить баллы')).toBeEditable();

  // The survey: the submit button appears only once every group has a choice.
  const survey = panel.locator('[data-survey-form]');
  const send = survey.getByRole('button', { name: 'Отправить ответы' });
  await expect(send).toBeHidden();
  await survey.getByLabel('Раз в месяц').check();
  await survey.getByLabel('Удобная схема зала').check();
  await expect(send).toBeHidden();
  await survey.getByLabel('Да', { exact: true }).check();
  await send.click();
  await expect(panel.locator('[data-bonus-notice]')).toHaveText('Спасибо за ответы! Начислено 100 баллов.');
  await expect(balance).toHaveText('400 баллов');
  await expect(panel.locator('[data-survey-form]')).toHaveCount(0);

  // The loyalty card: saving waits for the rules checkbox; a demo card brings 200 points.
  const card = panel.locator('[data-card-form]');
  const save = card.getByRole('button', { name: 'Сохранить' });
  await card
    .getByLabel('Номер карты')
    .fill(info.project.name === 'desktop' ? '6001 0000 0000 0001' : '6001 0000 0000 0002');
  await expect(save).toBeDisabled();
  await card.getByLabel(/Я прочитал\(а\) и принимаю/).check();
  await expect(save).toBeEnabled();
  await save.click();
  await expect(panel.locator('[data-bonus-notice]')).toHaveText('Ваша карта добавлена');
  await expect(balance).toHaveText('600 баллов');

  // A gift: the confirm dialog, 'Резервирование...', then the tab again with the reservation.
  page.once('dialog', (dialog) => {
    expect(dialog.message()).toBe('Вы действительно хотите зарезервировать этот подарок?');
    void dialog.accept();
  });
  await panel
    .locator('.bonus-gift', { hasText: 'Фирменный шопер' })
    .getByRole('button', { name: 'Зарезервировать' })
    .click();
  await expect(panel.locator('[data-bonus-notice]')).toHaveText('Подарок зарезервирован.');
  await expect(balance).toHaveText('400 баллов');
  await expect(panel.locator('[data-reserved]')).toContainText('Фирменный шопер «Партер»');
  await expect(panel.locator('[data-ledger]')).toContainText('Подарок «Фирменный шопер «Партер»»');

  // Promotions: joined on the tab's load, listed with their reward labels; a detail page opens.
  await page.locator('.cabinet__tabs').getByRole('link', { name: 'Акции' }).click();
  const actions = page.locator('[data-tab-panel="actions"]');
  const welcome = actions.locator('.promotions__item', { hasText: 'Приветственные баллы' });
  await expect(welcome).toContainText('300 баллов');
  await expect(actions.locator('.promotions__item', { hasText: 'Двойные баллы за театр' })).toContainText('x2');
  await welcome.getByRole('link', { name: 'Приветственные баллы' }).click();
  await expect(page).toHaveURL(/\/private\/promotions\/\?view&id=\d+$/);
  await expect(page.getByRole('heading', { name: 'Приветственные баллы' })).toBeVisible();
  await expect(page.getByText(/^Вы участвуете с \d{2}\.\d{2}\.\d{4}\.$/)).toBeVisible();
  await page.goto('/private/promotions/?view&id=999999');
  await expect(page.getByRole('heading', { name: 'Страница не найдена' })).toBeVisible();
});

test('the loyalty phone sign-up masks the phone and thanks the buyer', async ({ page }) => {
  await page.goto('/loyalty/');
  const phone = page.getByLabel('Телефон');
  await phone.fill('916123');
  await page.getByRole('button', { name: 'Подписаться' }).click();
  await expect(page.getByRole('alert')).toHaveText('Неверно введен номер телефона');
  await page.getByLabel('Меломаны').check();
  await phone.fill('89161234567');
  await expect(phone).toHaveValue('+7(916) 123-45-67');
  await page.getByRole('button', { name: 'Подписаться' }).click();
  await expect(page).toHaveURL(/\/loyalty\/thanks\?group=concerts$/);
  await expect(page.getByText('Вы записались в программу «Меломаны»')).toBeVisible();
  await page.getByRole('link', { name: 'На главную' }).click();
  await expect(page).toHaveURL(/\/$/);
});
