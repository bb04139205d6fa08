/**
 * Refunds and the per-order delivery (site-browsing-account.md 2.15 'Order delivery form',
 * replace-and-reschedule; 4 Replace/refund; 5 first variant). The 'account:' test runs at 1280 px
 * and again at 575 px against the same server, each time with a fresh buyer who buys a ticket more
 * than 10 days ahead. The demo buyer's moved performance (seed/refunds.ts) is only looked at, never
 * returned. The clock is never moved.
 */
import { expect, type Page, test } from '@playwright/test';
import { addPlace, freePlaces, openFirstDate, payWithSandboxCard, registerBuyer } from './helpers.js';
import { planReady } from './plan.js';

/** A theatre show whose last date in the demo schedule is weeks ahead (and needs no phone check). */
const FAR_SHOW_PAGE = '/show/revizor/';

async function buyFarTicket(page: Page): Promise<void> {
  await page.goto(FAR_SHOW_PAGE);
  await openFirstDate(page, 'last');
  await planReady(page);
  const [id] = await freePlaces(page);
  await addPlace(page, id!);
  await page.goto('/shopcart/');
  await expect(page.getByText(/Итого: 1 билет/)).toBeVisible();
  await page.getByRole('button', { name: /Перейти к оплате|Оплатить/ }).click();
  await payWithSandboxCard(page);
  await expect(page).toHaveURL(/\/order\/complete\//, { timeout: 30_000 });
}

async function openTab(page: Page, label: string): Promise<void> {
  await page.goto('/private/');
  await page.getByRole('navigation', { name: 'Разделы кабинета' }).getByRole('link', { name: label }).click();
}

test('account: a buyer orders courier delivery, then returns a ticket more than 10 days ahead for its whole price', async ({
  page,
}, info) => {
  const email = `refunds-${info.project.name}-${Date.now()}@example.ru`;
  await registerBuyer(page, { email, firstName: 'Анна', surname: 'Каренина' });
  await buyFarTicket(page);

  // The per-order delivery form: an empty surname is refused first, a full form is taken.
  await page.goto('/private/orders');
  const order = page.locator('article.account-order').first();
  await order.getByText('Оформить доставку курьером').click();
  const form = order.locator('form[data-delivery-form]');
  await form.getByRole('button', { name: 'Оформить доставку' }).click();
  await expect(form.getByRole('alert')).toHaveText('Укажите Фамилию');
  await expect(form.getByLabel('Фамилия')).toHaveAttribute('aria-invalid', 'true');
  await form.getByLabel('Фамилия').fill('Каренина');
  await form.getByLabel('Имя').fill('Анна');
  await form.getByLabel('Отчество').fill('Аркадьевна');
  await form.getByLabel('Станция метро').selectOption({ index: 1 });
  await form.getByLabel('Адрес').fill('ул. Остоженка, 5, кв. 12');
  await form.getByLabel('Телефон').fill('+7 916 123-45-67');
  await form.getByRole('button', { name: 'Оформить доставку' }).click();
  await expect(order.getByText('Доставка курьером:')).toBeVisible();
  await expect(order).toContainText('Каренина Анна Аркадьевна');

  // The return: the amount of the rule, the confirmation with the server's figure, the success block.
  await openTab(page, 'Возврат билетов');
  const panel = page.locator('[data-tab-panel="replace-and-reschedule"]');
  const card = panel.locator('[data-refund-ticket]').first();
  await expect(card).toContainText('(100 %)');
  await expect(card).toContainText('Возврат за 10 дней и более до начала: 100 % стоимости билета.');
  const amount = (await card.locator('[data-refund-amount]').textContent())!.trim();
  await panel.getByRole('button', { name: 'Условия возврат билетов' }).click();
  const conditions = page.getByRole('dialog', { name: 'Условия возврата билетов' });
  await expect(conditions).toContainText('50 %');
  await conditions.getByRole('button', { name: 'Закрыть' }).click();
  await card.getByRole('button', { name: 'Вернуть' }).click();
  const confirm = page.getByRole('dialog', { name: /Вернуть 1 билет/ });
  await expect(confirm).toContainText(`Вернуть 1 билет? Вам вернётся ${amount}`);
  await confirm.getByRole('button', { name: 'Вернуть' }).click();
  await expect(panel.getByRole('status')).toContainText('Билет возвращён');
  await expect(panel.getByRole('status')).toContainText(amount);

  // The order shows the ticket returned.
  await page.goto('/private/orders');
  await expect(page.locator('article.account-order').first()).toContainText('Возвращён');
  await expect(page.locator('article.account-order').first()).toContainText(/Билет \w+ возвращён/);
});

test('the demo buyer returns the moved performance’s ticket, shown first, for its whole price', async ({
  page,
}, info) => {
  // The review prompt is not what this test looks at: held back as after its first showing.
  await page.context().addCookies([{ name: 'showReviewPopup', value: '1', url: info.project.use.baseURL! }]);
  await page.goto('/login/?back=/private/');
  await page.getByLabel('Контакт').fill('demo@partera.test');
  await page.getByLabel('Пароль').fill('demo-partera-2026');
  await page.getByRole('button', { name: 'Авторизация' }).click();
  await expect(page.getByRole('button', { name: 'Выйти' })).toBeVisible();
  await openTab(page, 'Возврат билетов');
  const panel = page.locator('[data-tab-panel="replace-and-reschedule"]');
  await expect(panel.getByRole('heading', { name: 'Мероприятие перенесено или отменено' })).toBeVisible();
  const card = panel.locator('[data-refund-ticket]').first();
  await expect(card).toContainText(/Перенесено: было \d{2}\.\d{2}\.\d{4} в \d{2}:\d{2}, стало/);
  await expect(card).toContainText('(100 %)');
  await expect(card).toContainText('Мероприятие перенесено: полная стоимость билета возвращается');

  // Returned for its whole price: the amount in the confirmation first, then the success block.
  const amount = (await card.locator('[data-refund-amount]').textContent())!.trim();
  await card.getByRole('button', { name: 'Вернуть' }).click();
  const confirm = page.getByRole('dialog', { name: /Вернуть 1 билет/ });
  await expect(confirm).toContainText(`Вернуть 1 билет? Вам вернётся ${amount}`);
  await confirm.getByRole('button', { name: 'Вернуть' }).click();
  await expect(panel.getByRole('status')).toContainText('Билет возвращён');
  await expect(panel.getByRole('status')).toContainText(amount);
});
