import { expect, test } from '@playwright/test';

/**
 * The schedule (site-browsing-account.md 2.8), the genre page (2.7) and the per-city landing
 * with its list widgets (2.12), over the small demo catalogue. Titles start with 'lists:' so
 * that the 575 px project runs them too.
 */

/** yyyy-mm-dd and dd.mm.yy of a day in Moscow, `days` from today. */
function moscowDay(days: number) {
  const at = new Date(Date.now() + days * 86_400_000);
  const iso = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Moscow' }).format(at);
  return { iso, short: `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(2, 4)}` };
}

// The mobile region modal (spec 2.13) has been answered: it would cover the page at 575 px.
test.beforeEach(async ({ page, baseURL }) => {
  await page.context().addCookies([{ name: 'geoip_subdomain_selected', value: '1', url: baseURL as string }]);
});

test('lists: the schedule scrolls on by itself, filters by venue and sale, and leads to a hall', async ({ page }) => {
  await page.goto('/schedule/');
  await expect(page).toHaveURL(/\/schedule\/place-all\/\d{4}-\d{2}-\d{2}\/\d{4}-\d{2}-\d{2}\/genre-all\/all\/$/);
  await expect(page.locator('h1')).toHaveText('Расписание');
  // A year ahead: more rows than one page.
  await page.locator('[data-schedule-till]').fill(moscowDay(365).iso);
  await page.getByRole('button', { name: 'Показать', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/${moscowDay(365).iso}/genre-all/all/$`));
  const rows = page.locator('[data-schedule-row]');
  await expect(rows).toHaveCount(10);
  // 400 px from the bottom the next page comes and is appended; at the end the link goes.
  const second = page.waitForResponse((r) => /\/page-2\/\?ajax/.test(r.url()));
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  expect((await second).status()).toBe(200);
  await expect.poll(() => rows.count()).toBeGreaterThan(10);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(page.locator('[data-schedule-next]')).toHaveCount(0);
  const times = await rows.locator('time').evaluateAll((els) => els.map((e) => e.getAttribute('datetime') ?? ''));
  expect([...times].sort()).toEqual(times);
  const ids = await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-performance')));
  expect(new Set(ids).size).toBe(ids.length);

  // 'on sale only' and the venue go to their address at once, page 1.
  await page.getByLabel('Только в продаже').check();
  await expect(page).toHaveURL(/\/genre-all\/insale\/$/);
  await expect(page.getByText('Скоро в продаже')).toHaveCount(0);
  const venue = page.locator('[data-schedule-place]');
  const option = venue.locator('option').nth(1);
  const [venueId, venueName] = [await option.getAttribute('value'), (await option.textContent()) ?? ''];
  await venue.selectOption(venueId ?? '');
  await expect(page).toHaveURL(new RegExp(`/schedule/place-${venueId}/.+/insale/$`));
  await expect(page.locator('h1')).toHaveText(`Расписание: ${venueName}`);
  for (const name of await page.locator('.schedule-row__venue').allTextContents()) expect(name).toBe(venueName);

  await rows.first().getByRole('link', { name: 'Купить' }).click();
  await expect(page).toHaveURL(/\/performance\/\d+\/$/);
  // The hall page itself (some venues sell entrance tickets without a plan).
  await expect(page.locator('h1.hall-head__title')).toBeVisible();
  await expect(page.locator('.hall-facts')).toBeVisible();
});

test.describe('without scripts', () => {
  test.use({ javaScriptEnabled: false });

  test('lists: the schedule’s next page is a link', async ({ page }) => {
    await page.goto(`/schedule/place-all/${moscowDay(0).iso}/${moscowDay(365).iso}/genre-all/all/`);
    const first = await page.locator('[data-schedule-row]').first().getAttribute('data-performance');
    await page.getByRole('link', { name: 'Следующая страница' }).click();
    await expect(page).toHaveURL(/\/genre-all\/all\/page-2\/$/);
    await expect(page.locator('[data-schedule-row]').first()).not.toHaveAttribute('data-performance', first ?? '');
    await expect(page.locator('h1')).toHaveText('Расписание');
  });
});

test('lists: the genre page narrows by sub-genre and dates with the count, and leads to a hall', async ({ page }) => {
  await page.goto('/genre/teatr/page-2/');
  await expect(page.locator('h1')).toContainText('Театр');
  const form = page.locator('.genre-filter');
  await expect(form.getByLabel('Театр', { exact: true })).toBeChecked();
  // Every change shows the number of matches.
  await form.getByLabel('Театр', { exact: true }).uncheck();
  await form.getByLabel('Драма', { exact: true }).check();
  const tooltip = form.locator('[data-count-tooltip]');
  await expect(tooltip).toBeVisible();
  await expect(tooltip).toHaveText(/^Найдено: \d+ (событие|события|событий)$|^Ничего не найдено$/);
  // The week's dates: the header shows them as dd.mm - dd.mm (or one dd.mm on a Sunday).
  if ((page.viewportSize()?.width ?? 1280) <= 575)
    await form.getByLabel('Даты').selectOption({ label: 'На этой неделе' });
  else await form.getByRole('button', { name: 'На этой неделе' }).click();
  await expect(page.locator('[data-genre-range]')).toHaveText(/^\d{2}\.\d{2}( - \d{2}\.\d{2})?$/);
  await form.getByRole('button', { name: 'Показать', exact: true }).click();
  // The page's own address without 'page-N/', the keys text=...&sg=...&mnd=...&mxd=....
  await expect(page).toHaveURL(/\/genre\/teatr\/\?text=&sg=\d+&mnd=\d{2}\.\d{2}\.\d{4}&mxd=\d{2}\.\d{2}\.\d{4}$/);
  await expect(page.locator('[data-genre-range]')).toHaveText(/^\d{2}\.\d{2}( - \d{2}\.\d{2})?$/);
  for (const genre of await page.locator('.search-result__genre').allTextContents()) expect(genre).toBe('Драма');

  // A sub-genre named alone has its page under its parent; from there, a show's hall.
  await page.goto('/genre/drama/');
  await expect(page).toHaveURL(/\/genre\/teatr\/drama\/$/);
  await expect(page.locator('h1')).toContainText('Драма');
  await page.goto('/genre/teatr/');
  await page.locator('.search-result').first().getByRole('link', { name: 'Купить' }).click();
  await expect(page).toHaveURL(/\/performance\/\d+\/$/);
  // The hall page itself (some venues sell entrance tickets without a plan).
  await expect(page.locator('h1.hall-head__title')).toBeVisible();
  await expect(page.locator('.hall-facts')).toBeVisible();
});

test('lists: the landing lists the city’s performances by date with more, and its venues', async ({ page }) => {
  await page.goto('/afisha/');
  await expect(page.locator('h1')).toHaveText('Афиша: Москва');
  const shows = page.locator('[data-list-widget="shows"]');
  // The range's placeholders: today and next Sunday, dd.mm.yy.
  const weekday = (new Date(`${moscowDay(0).iso}T00:00:00Z`).getUTCDay() + 6) % 7;
  await expect(shows.getByLabel('С', { exact: true })).toHaveAttribute('placeholder', moscowDay(0).short);
  await expect(shows.getByLabel('по', { exact: true })).toHaveAttribute('placeholder', moscowDay(6 - weekday).short);

  const items = shows.locator('[data-list-item]');
  await expect(items).toHaveCount(12);
  const more = shows.getByRole('link', { name: 'Показать ещё' });
  await more.click();
  await expect.poll(() => items.count()).toBeGreaterThan(12);
  // Fewer than the limit came back: nothing is left, 'more' hides.
  await expect(more).toBeHidden();
  const ids = await items.evaluateAll((els) => els.map((e) => e.getAttribute('data-performance')));
  expect(new Set(ids).size).toBe(ids.length);

  // Tomorrow's performances only.
  await shows.getByText('Завтра', { exact: true }).click();
  await expect(shows).not.toHaveAttribute('aria-busy', 'true');
  await expect.poll(async () => (await items.count()) < ids.length).toBe(true);
  for (const when of await items.locator('.list-show__when').allTextContents()) {
    expect(when.startsWith(moscowDay(1).short)).toBe(true);
  }

  const venues = page.locator('[data-list-widget="venues"] [data-list-item]');
  await expect(venues.first()).toBeVisible();
  await expect(page.locator('[data-list-widget="venues"]').getByRole('link', { name: 'Показать ещё' })).toBeHidden();
  await venues.first().locator('.list-venue__name').click();
  await expect(page).toHaveURL(/\/schedule\/place-\d+\/.+\/genre-all\/all\/$/);
  await page.locator('[data-schedule-row]').first().getByRole('link', { name: 'Купить' }).click();
  await expect(page).toHaveURL(/\/performance\/\d+\/$/);
  // The hall page itself (some venues sell entrance tickets without a plan).
  await expect(page.locator('h1.hall-head__title')).toBeVisible();
  await expect(page.locator('.hall-facts')).toBeVisible();
});
