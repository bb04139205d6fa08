import { expect, test } from '@playwright/test';

/**
 * The search page's dates on a phone (site-browsing-account.md 2.6): the date dropdown and the
 * date-range calendar; titles start with 'search:' so that the 575 px project runs them too.
 * And what search engines read (issue 13, decision 0043): heads, robots.txt, the sitemap.
 */

const ddmmyyyy = (day: string) => `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)}`;

test('search: a range chosen in the calendar is written dd.mm.yyyy, shown in the dropdown and cleared by the reset', async ({
  page,
  baseURL,
}) => {
  // The region question was answered before (it would cover the page on a phone).
  await page.context().addCookies([{ name: 'geoip_subdomain_selected', value: '1', url: baseURL! }]);
  const mobile = (page.viewportSize()?.width ?? 1280) <= 575;
  await page.goto('/search/performance/?text=');
  const toggle = page.locator('[data-date-range-toggle]');
  const panel = page.locator('[data-date-range-panel]');
  const dropdown = page.locator('[data-date-dropdown]');
  const tooltip = page.locator('[data-count-tooltip]');
  await expect(toggle).toHaveText('Выбрать даты');
  await expect(dropdown.locator('option')).toHaveText(['Любая дата', 'В эти выходные', 'На этой неделе']);
  await toggle.click();
  await expect(panel).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  // Weeks start on Monday; days before today cannot be chosen, and neither can a month before this one.
  await expect(panel.locator('th')).toHaveText(['Пн', 'Вт', 'Ср', 'Чт', 'Пт', 'Сб', 'Вс']);
  await expect(panel.getByRole('button', { name: 'Предыдущий месяц' })).toBeDisabled();
  await panel.getByRole('button', { name: 'Следующий месяц' }).click();
  await expect(panel.getByRole('button', { name: 'Предыдущий месяц' })).toBeEnabled();
  const days = panel.locator('[data-day]:not([disabled])');
  const first = (await days.nth(9).getAttribute('data-day'))!;
  const last = (await days.nth(14).getAttribute('data-day'))!;
  await days.nth(9).click();
  await expect(page.locator('input[name="mnd"]')).toHaveValue(ddmmyyyy(first));
  await expect(page.locator('input[name="mxd"]')).toHaveValue(ddmmyyyy(first));
  await panel.locator(`[data-day="${last}"]`).click();
  await expect(page.locator('input[name="mxd"]')).toHaveValue(ddmmyyyy(last));
  await expect(panel.locator('[data-day][aria-pressed="true"]')).toHaveCount(6);
  const label = `${ddmmyyyy(first).slice(0, 5)} - ${ddmmyyyy(last).slice(0, 5)}`;
  await expect(toggle).toHaveText(label);
  // The count of matches for the range, as after every filter change.
  await expect(tooltip).toBeVisible();
  await expect(tooltip).toHaveText(/^Найдено: \d+ событи|^Ничего не найдено$/);
  // The dropdown shows the chosen range as one more choice.
  await expect(dropdown.locator('option:checked')).toHaveText(label);
  await panel.getByRole('button', { name: 'Готово' }).click();
  await expect(panel).toBeHidden();
  await page.getByRole('button', { name: 'Показать', exact: true }).click();
  await expect(page).toHaveURL(
    new RegExp(`mnd=${ddmmyyyy(first).replace(/\./g, '\\.')}&mxd=${ddmmyyyy(last).replace(/\./g, '\\.')}`),
  );
  // The page comes back with the range: on the toggle, in the dropdown, in the calendar.
  await expect(toggle).toHaveText(label);
  await expect(dropdown.locator('option:checked')).toHaveText(label);
  await toggle.click();
  await expect(panel.locator('[data-day][aria-pressed="true"]')).toHaveCount(6);
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  // A preset (the dropdown on a phone, the hot-date buttons on a desktop) writes its range and shows on the toggle.
  if (mobile) await dropdown.selectOption({ label: 'На этой неделе' });
  else await page.getByRole('button', { name: 'На этой неделе' }).click();
  await expect(page.locator('input[name="mnd"]')).toHaveValue(/^\d{2}\.\d{2}\.\d{4}$/);
  await expect(toggle).not.toHaveText(label);
  await expect(toggle).toHaveText(/^\d{2}\.\d{2}( - \d{2}\.\d{2})?$/);
  // The dropdown shows the week's range. On a Saturday or a Sunday (Moscow time) the week's rest
  // is the weekend, and the first choice with that range ('В эти выходные') stands for it.
  const week = await dropdown.locator('option', { hasText: 'На этой неделе' }).getAttribute('value');
  await expect(dropdown.locator('option:checked')).toHaveAttribute('value', week ?? '');
  if (mobile) {
    // 'Любая дата' clears it.
    await dropdown.selectOption({ label: 'Любая дата' });
    await expect(page.locator('input[name="mnd"]')).toHaveValue('');
    await expect(toggle).toHaveText('Выбрать даты');
  }
  // Clearing the dates goes to {searchUrl}?text={text}.
  await page.goto(`/search/performance/?text=&mnd=${ddmmyyyy(first)}&mxd=${ddmmyyyy(last)}`);
  await page.getByRole('link', { name: 'Сбросить даты' }).click();
  await expect(page).toHaveURL(/\/search\/performance\/\?text=$/);
  await expect(toggle).toHaveText('Выбрать даты');
});

test('seo: pages carry their own title, description, canonical address and previews; robots.txt names the sitemap', async ({
  page,
  request,
  baseURL,
}) => {
  const origin = new URL(baseURL!).origin;
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain('Disallow: /shopcart/');
  expect(robots).toContain(`Sitemap: ${origin}/sitemap.xml`);
  const sitemap = await (await request.get('/sitemap.xml')).text();
  const locs = [...sitemap.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!);
  const show = locs.find((l) => l.includes('/show/'))!;
  const hall = locs.find((l) => l.includes('/performance/'))!;
  expect(locs).toContain(`${origin}/`);
  expect(show).toBeTruthy();
  expect(hall).toBeTruthy();
  const titles = new Set<string>();
  for (const url of [`${origin}/?utm_source=test`, `${show}?utm_source=test`, hall]) {
    await page.goto(url);
    const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
    expect(canonical).toBe(url.replace('?utm_source=test', ''));
    expect(await page.locator('meta[property="og:url"]').getAttribute('content')).toBe(canonical);
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toMatch(/\S{3}/);
    titles.add(await page.title());
  }
  expect(titles.size).toBe(3);
  await page.goto(show);
  // The preview picture is a PNG drawn from the poster (decision 0048): previews do not show SVG.
  const image = await page.locator('meta[property="og:image"]').getAttribute('content');
  expect(image).toMatch(new RegExp(`^${origin}/media/og/\\d+\\.png\\?v=[\\w-]{12}$`));
  expect(await page.locator('meta[name="twitter:image"]').getAttribute('content')).toBe(image);
  expect(await page.locator('meta[name="twitter:card"]').getAttribute('content')).toBe('summary_large_image');
  // It is served at that address, as a PNG cached for good.
  const poster = await request.get(image!);
  expect(poster.status()).toBe(200);
  expect(poster.headers()['content-type']).toBe('image/png');
  expect(poster.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  // Person and organizer pages are in the sitemap.
  expect(locs.some((l) => l.startsWith(`${origin}/person/`))).toBe(true);
  expect(locs.some((l) => l.startsWith(`${origin}/organizer/`))).toBe(true);
});
