import { expect, type Page, test } from '@playwright/test';
import { registerBuyer } from './helpers.js';
import { planReady } from './plan.js';

/** A show of the demo catalogue with dates on sale and dates still to come ('Скоро в продаже'). */
const SHOW = { name: 'Вишнёвый сад', path: '/show/vishnevyy-sad/' };

/** yyyy-mm-dd of the browser's today moved by `days` (what the date picker sets). */
/** The date `days` from today in Moscow, the demo city's time (the test may run near midnight there). */
function pickerDate(days: number): string {
  const d = new Date(Date.now() + days * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Moscow' }).format(d);
}

const wishlistItem = (page: Page) => page.locator('[data-wishlist-item]').filter({ hasText: SHOW.name });

test('account: a buyer bookmarks a show, finds it in the cabinet wishlist, turns notify on and removes it', async ({
  page,
}, info) => {
  const email = `wishlist.${info.project.name}.${Date.now()}@example.ru`;
  await registerBuyer(page, { email, firstName: 'Анна', surname: 'Каренина', back: SHOW.path });

  // The show page: not bookmarked ↔ bookmarked; adding offers notify or not, then confirms.
  await page.goto(SHOW.path);
  const bookmark = page.getByRole('button', { name: 'В избранное' });
  await expect(bookmark).toHaveAttribute('aria-pressed', 'false');
  await bookmark.click();
  const offer = page.getByRole('dialog', { name: 'Добавлено в избранное' });
  await expect(offer).toBeVisible();
  await offer.getByRole('button', { name: 'Не сообщать' }).click();
  await expect(offer).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Шоу добавлено в избранное' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'В избранном' })).toHaveAttribute('aria-pressed', 'true');
  await page.reload();
  await expect(page.getByRole('button', { name: 'В избранном' })).toHaveAttribute('aria-pressed', 'true');

  // The cabinet: on a phone the header's 'Избранное' scrolls to the section; a desktop opens /private/.
  const headerLink = page.getByRole('banner').getByRole('link', { name: 'Избранное' });
  if (info.project.name === 'mobile-575') {
    await headerLink.click();
    await expect(page).toHaveURL(/\/private\/#wishlist$/);
    await expect(page.getByRole('heading', { name: 'Избранное' })).toBeInViewport();
  } else {
    await expect(headerLink).toBeHidden();
    await page.goto('/private/');
  }
  const item = wishlistItem(page);
  await expect(item.getByRole('link', { name: SHOW.name })).toHaveAttribute('href', SHOW.path);
  await expect(item).toContainText('Ближайший показ');

  // Notify on: saved on the server (it stays on after a reload).
  const notify = item.getByLabel('Сообщить о начале продаж');
  await expect(notify).not.toBeChecked();
  const saved = page.waitForResponse((r) => r.url().includes('/show/JsUpdateBookmark/') && r.ok());
  await notify.check();
  expect(await (await saved).json()).toEqual({ is_updated: true });
  await page.reload();
  await expect(wishlistItem(page).getByLabel('Сообщить о начале продаж')).toBeChecked();

  // The item's next date leads to its hall; the cabinet again.
  await wishlistItem(page).locator('a[href^="/performance/"]').click();
  await expect(page).toHaveURL(/\/performance\/\d+\/$/);
  await expect(page.locator('h1.hall-head__title')).toContainText(SHOW.name);
  await planReady(page);
  await page.goto('/private/');

  // Removing: the block collapses and the 'removed' alert shows for 3 s.
  await wishlistItem(page)
    .getByRole('button', { name: `Удалить из избранного: ${SHOW.name}` })
    .click();
  const removed = page.getByRole('alert').filter({ hasText: `«${SHOW.name}» удалено из избранного` });
  await expect(removed).toBeVisible();
  await expect(wishlistItem(page)).toHaveCount(0);
  await expect(page.getByText('В избранном пока пусто.')).toBeVisible();
  await expect(removed).toBeHidden({ timeout: 5_000 });
  await page.reload();
  await expect(wishlistItem(page)).toHaveCount(0);
  await page.goto(SHOW.path);
  await expect(page.getByRole('button', { name: 'В избранное' })).toHaveAttribute('aria-pressed', 'false');
});

test('a guest is asked to sign in to bookmark a show', async ({ page }) => {
  await page.goto(SHOW.path);
  await page.getByRole('link', { name: 'В избранное' }).click();
  await expect(page.getByRole('dialog', { name: 'Вход' })).toBeVisible();
});

test('a guest asks to be told when a show goes on sale, and is reminded of it on reopening', async ({ page }) => {
  await page.goto(SHOW.path);
  await page.getByRole('button', { name: 'Узнать о начале продаж' }).click();
  const dialog = page.getByRole('dialog', { name: 'Скоро в продаже' });
  await dialog.getByRole('button', { name: 'Уведомить' }).click();
  const from = dialog.getByLabel('С', { exact: true });
  const to = dialog.getByLabel('По', { exact: true });
  await expect(from).toHaveAttribute('min', pickerDate(0));

  // Only the calendar sets a date: typed digits are not taken.
  await from.pressSequentially('01012030');
  await expect(from).toHaveValue('');

  // A date before today is refused with its message in the form.
  await from.fill(pickerDate(-1));
  await to.fill(pickerDate(10));
  await dialog.getByLabel('E-mail').fill(`ask.${Date.now()}@example.ru`);
  await dialog.getByRole('button', { name: 'Отправить' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Начало периода не может быть раньше сегодняшнего дня');

  await from.fill(pickerDate(1));
  await dialog.getByRole('button', { name: 'Отправить' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Спасибо! Мы напишем вам, когда билеты поступят в продажу.');
  const cookies = await page.context().cookies();
  const showId = await page.locator('[data-show-id]').first().getAttribute('data-show-id');
  expect(cookies.find((c) => c.name === 'showRequestSent')?.value).toContain(String(showId));
  await dialog.getByRole('button', { name: 'Закрыть' }).click();
  await expect(dialog).toBeHidden();

  // Opening it again for this show, even after a reload: the request was already sent.
  await page.reload();
  await page.getByRole('button', { name: 'Узнать о начале продаж' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Вы уже отправили заявку для этого шоу.');
  await expect(dialog.getByRole('button', { name: 'Отправить' })).toBeHidden();
});

test('a visitor rates a show once with the stars; a second vote of the same visitor is rolled back', async ({
  page,
  context,
}) => {
  await page.goto(SHOW.path);
  // A second tab of the same browser, opened before the vote: its stars still take a click.
  const second = await context.newPage();
  await second.goto(SHOW.path);

  const rating = page.locator('[data-rating]');
  const votes = Number(await rating.getAttribute('data-votes'));
  await rating.getByRole('button', { name: '4 из 5: Отлично' }).click();
  await expect(rating.getByRole('status')).toHaveText('Ваша оценка: 4 — Отлично');
  await expect(rating.locator('[data-rating-votes]')).toContainText(String(votes + 1));
  await expect(rating.getByRole('button', { name: '5 из 5: Великолепно' })).toBeDisabled();

  // The server answers the second tab's vote non-OK: the count and the stars go back, its message shows.
  const other = second.locator('[data-rating]');
  const before = await other.locator('[data-rating-votes]').textContent();
  await other.getByRole('button', { name: '1 из 5: Плохо' }).click();
  await expect(other.getByRole('status')).toHaveText('Вы уже оценили это шоу');
  await expect(other.locator('[data-rating-votes]')).toHaveText(before ?? '');

  // After a reload the stars are read-only, with the visitor's own vote.
  await page.reload();
  await expect(rating.getByRole('status')).toHaveText('Ваша оценка: 4 — Отлично');
  await expect(rating.getByRole('button', { name: '1 из 5: Плохо' })).toBeDisabled();
});
