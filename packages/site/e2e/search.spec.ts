import { expect, test } from '@playwright/test';
import { reachHallFromShowPage } from './browsing.js';

/**
 * Search (site-browsing-account.md 2.2, 2.6, 5): a buyer finds a show by a misspelt name in the
 * header and picks it with the keyboard; filters the results by genre and dates. Titles start
 * with 'search:' so that the 575 px project runs them too.
 */

test('search: a misspelt name in the header, chosen with the arrows and Enter, opens the show', async ({ page }) => {
  await page.goto('/');
  const input = page.locator('#header-search-text');
  const list = page.locator('#header-search-list');
  await input.click();
  // Two letters ask nothing (spec 5).
  await input.pressSequentially('ви');
  await expect(list).toBeHidden();
  await input.pressSequentially('шневый сат', { delay: 20 });
  const items = list.locator('[data-suggest-item]');
  await expect(list.locator('.hs-show__name').first()).toHaveText('Вишнёвый сад');
  const count = await items.count();
  // The selection starts at -1; up wraps to the last item, down from the last to the first.
  await input.press('ArrowUp');
  await expect(items.nth(count - 1)).toHaveClass(/is-selected/);
  await input.press('ArrowDown');
  await expect(items.first()).toHaveClass(/is-selected/);
  // With the mouse over the list the arrows leave the selection alone.
  await list.hover();
  await input.press('ArrowDown');
  await expect(items.first()).toHaveClass(/is-selected/);
  await page.mouse.move(0, 0);
  await input.press('ArrowDown');
  await input.press('ArrowUp');
  await expect(items.first()).toHaveClass(/is-selected/);
  const before = await page.evaluate(() => window.history.length);
  await input.press('Enter');
  await expect(page).toHaveURL(/\/show\/vishnevyy-sad\/$/);
  await expect(page.locator('h1')).toHaveText('Вишнёвый сад');
  // Enter replaced the page in the history instead of adding one.
  expect(await page.evaluate(() => window.history.length)).toBe(before);
  // From the show found, a date's hall.
  await reachHallFromShowPage(page, 'Вишнёвый сад');
});

test('search: a transliterated text finds the exhibition; Enter without a choice opens the results', async ({
  page,
}) => {
  await page.goto('/');
  const input = page.locator('#header-search-text');
  await input.click();
  await input.pressSequentially('peredvizhniki', { delay: 10 });
  await expect(page.locator('#header-search-list .hs-show__name').first()).toHaveText(
    'Передвижники: от Перова до Репина',
  );
  await input.press('Enter');
  await expect(page).toHaveURL(/\/search\/performance\/\?text=peredvizhniki/);
  await expect(page.locator('.search-result__name').first()).toHaveText('Передвижники: от Перова до Репина');
  // The four tabs keep the text.
  const tabs = page.getByRole('navigation', { name: 'Что искать' });
  for (const [tab, kind] of [
    ['Площадки', 'place'],
    ['Персоны', 'person'],
    ['Организаторы', 'organizer'],
    ['События', 'performance'],
  ]) {
    await tabs.getByRole('link', { name: tab }).click();
    await expect(page).toHaveURL(new RegExp(`/search/${kind}/\\?text=peredvizhniki$`));
    await expect(tabs.getByRole('link', { name: tab })).toHaveAttribute('aria-current', 'page');
    await expect(page.locator('#header-search-text')).toHaveValue('peredvizhniki');
  }
  // The organizers' tab lists the organizers found by a word of their name.
  await page.goto('/search/organizer/?text=триумф');
  await expect(page.locator('.search-result__name').first()).toHaveText('Концертное агентство «Триумф»');
});

test('search: results filtered by genre and dates, the count shown after each change', async ({ page }) => {
  await page.goto('/search/performance/?text=');
  const all = Number((await page.locator('.search-page__found').textContent())?.replace(/\D/g, ''));
  expect(all).toBeGreaterThan(1);
  const tooltip = page.locator('[data-count-tooltip]');
  await page.getByRole('checkbox', { name: 'Драма' }).check();
  await expect(tooltip).toBeVisible();
  await expect(tooltip).toHaveText(/^Найдено: \d+ событи|^Ничего не найдено$/);
  // The count is the page's own: sending the form shows as many results.
  const counted = Number((await tooltip.textContent())?.replace(/\D/g, '') || 0);
  // The tooltip fades out after 1000 ms.
  await expect(tooltip).toHaveClass(/is-fading/);
  const mobile = (page.viewportSize()?.width ?? 1280) <= 575;
  if (mobile) {
    await page.locator('[data-date-dropdown]').selectOption({ label: 'На этой неделе' });
  } else {
    await page.getByRole('button', { name: 'На этой неделе' }).click();
  }
  await expect(page.locator('input[name="mnd"]')).toHaveValue(/^\d{2}\.\d{2}\.\d{4}$/);
  await expect(tooltip).not.toHaveClass(/is-fading/);
  const drama = await page.getByRole('checkbox', { name: 'Драма' }).getAttribute('value');
  const sameFilter = await page.request.get(`/search/performance/?text=&sg=${drama}`);
  expect(await sameFilter.text()).toContain(counted === 0 ? 'Ничего не найдено' : `Найдено: ${counted}`);
  await page.getByRole('checkbox', { name: 'Живопись' }).check();
  await page.getByRole('button', { name: 'Показать', exact: true }).click();
  // Several values of one key joined with ':'; the dates as dd.mm.yyyy.
  await expect(page).toHaveURL(/[?&]sg=\d+:\d+&mnd=\d{2}\.\d{2}\.\d{4}&mxd=\d{2}\.\d{2}\.\d{4}/);
  const genres = await page.locator('.search-result__genre').allTextContents();
  expect(genres.length).toBeGreaterThan(0);
  for (const g of genres) expect(['Драма', 'Живопись']).toContain(g);
  await expect(page.getByRole('checkbox', { name: 'Драма' })).toBeChecked();
  // Clearing the dates goes to {searchUrl}?text={text}.
  await page.getByRole('link', { name: 'Сбросить даты' }).click();
  await expect(page).toHaveURL(/\/search\/performance\/\?text=$/);
  await expect(page.locator('input[name="mnd"]')).toHaveValue('');
  // A drama of the filtered results leads to its show page and from there to a date's hall.
  await page.getByRole('checkbox', { name: 'Драма' }).check();
  await page.getByRole('button', { name: 'Показать', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]sg=${drama}(&|$)`));
  const first = page.locator('.search-result--show').first();
  await expect(first.locator('.search-result__genre')).toHaveText('Драма');
  const name = ((await first.locator('.search-result__name').textContent()) ?? '').trim();
  await first.locator('.search-result__name').click();
  await reachHallFromShowPage(page, name);
});
