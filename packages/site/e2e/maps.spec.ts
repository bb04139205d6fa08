import { expect, type Page, test } from '@playwright/test';
import { reachHallFromShowPage } from './browsing.js';

/**
 * Maps (site-browsing-account.md 2.6, 2.10; decision 0041): the box offices of /kassa/ on a map
 * with their list and filters, and the venue map of the performance search. The e2e server has
 * no tile source: the placemarks stand on a plain background, and nothing fails. Titles start
 * with 'maps:' so that the 575 px project runs them too.
 */

/** Errors the page itself raised (a failing script, an error logged to the console). */
function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  return errors;
}

// The region question (spec 2.13) has been answered: its modal would cover the page at 575 px.
test.beforeEach(async ({ page, baseURL }) => {
  await page.context().addCookies([
    { name: 'geoip_subdomain_selected', value: '1', url: baseURL as string },
    { name: 'geoip.data.confirm', value: '1', url: baseURL as string },
  ]);
});

const markers = (page: Page) => page.locator('.site-map .leaflet-marker-icon.site-map__marker');
const clusters = (page: Page) => page.locator('.site-map .site-map__cluster');

/** The placemarks the map shows: those standing alone and those counted in clusters. */
async function placemarkCount(page: Page): Promise<number> {
  const inClusters = await clusters(page).evaluateAll((els) => els.reduce((n, e) => n + Number(e.textContent), 0));
  return inClusters + (await markers(page).count());
}

/** Clicks clusters until single placemarks stand on the map. */
async function zoomToPlacemarks(page: Page): Promise<void> {
  for (let i = 0; i < 8 && (await markers(page).count()) === 0; i++) {
    const before = await clusters(page).count();
    await clusters(page).first().click();
    await expect
      .poll(
        async () =>
          (await markers(page).count()) + (await clusters(page).count()) !== before ||
          (await markers(page).count()) > 0,
      )
      .toBe(true);
  }
  await expect(markers(page).first()).toBeVisible();
}

test('maps: box offices on a map with their list, filtered by metro, division and online only', async ({ page }) => {
  const errors = pageErrors(page);
  await page.goto('/kassa/');
  await expect(page.locator('h1')).toHaveText('Кассы');
  const count = page.locator('[data-kassa-count]');
  const items = page.locator('[data-kassa-list] > li');
  await expect(count).toHaveText('Найдено: 25 касс');
  await expect(items).toHaveCount(25);
  await expect(items.filter({ hasText: 'Касса на Тверской' })).toContainText('ул. Тверская, 12');
  await expect(items.filter({ hasText: 'Касса на Тверской' })).toContainText('м. Тверская');
  // The map: no tiles here, a plain background; 25 points in the capital stand in clusters.
  const map = page.locator('[data-map]');
  await expect(map).toBeVisible();
  await expect(map).toHaveClass(/site-map--plain/);
  await expect(clusters(page).first()).toBeVisible();
  await expect(page.locator('.site-map .leaflet-tile')).toHaveCount(0);
  await expect.poll(() => placemarkCount(page)).toBe(25);
  await zoomToPlacemarks(page);
  await markers(page).first().click();
  await expect(page.locator('.leaflet-popup-content .kassa-point__name')).toBeVisible();

  // A metro station: the address says so, the list and the map show its two points.
  await page.getByLabel('Метро').selectOption({ label: 'ВДНХ' });
  await expect(page).toHaveURL(/\/kassa\/\?idm=\d+$/);
  await expect(count).toHaveText('Найдено: 2 кассы');
  await expect(items).toHaveCount(2);
  await expect(items.nth(0)).toContainText('м. ВДНХ');
  await expect.poll(() => placemarkCount(page)).toBe(2);
  await zoomToPlacemarks(page);
  await markers(page).first().click();
  await expect(page.locator('.leaflet-popup-content')).toContainText('м. ВДНХ');

  // Every station again, then only the online points of the centre.
  await page.getByLabel('Метро').selectOption({ label: 'Все станции' });
  await expect(page).toHaveURL(/\/kassa\/$/);
  await expect(items).toHaveCount(25);
  await page.getByLabel('Округ или район').selectOption({ label: 'ЦАО' });
  await expect(count).toHaveText('Найдено: 12 касс');
  await page.getByLabel('Только онлайн-кассы').check();
  await expect(page).toHaveURL(/\/kassa\/\?idd=\d+&online=1$/);
  await expect(count).toHaveText('Найдено: 8 касс');
  await expect(items.filter({ hasText: 'Онлайн-касса' })).toHaveCount(8);
  // Back: the centre with its offline points again, the form as the address says.
  await page.goBack();
  await expect(page).toHaveURL(/\/kassa\/\?idd=\d+$/);
  await expect(count).toHaveText('Найдено: 12 касс');
  await expect(page.getByLabel('Только онлайн-кассы')).not.toBeChecked();
  expect(errors).toEqual([]);
});

test('maps: the box offices work without scripts: the form filters the list', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/kassa/');
  await expect(page.locator('[data-kassa-list] > li')).toHaveCount(25);
  await expect(page.locator('[data-map]')).toBeHidden();
  await page.getByLabel('Только онлайн-кассы').check();
  await page.getByRole('button', { name: 'Показать', exact: true }).click();
  await expect(page).toHaveURL(/\/kassa\/\?idm=&idd=&online=1$/);
  await expect(page.locator('[data-kassa-count]')).toHaveText('Найдено: 18 касс');
  await context.close();
});

test('maps: the venue map of the search opens from its button and by #map_open=1, loading its code only then', async ({
  page,
}) => {
  const errors = pageErrors(page);
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
  });
  await page.goto('/search/performance/');
  const toggle = page.getByRole('button', { name: 'Показать на карте' });
  await expect(toggle).toBeVisible();
  await page.waitForLoadState('networkidle');
  const firstPaint = scripts.length;
  await expect(page.locator('style[data-leaflet]')).toHaveCount(0);

  const answer = page.waitForResponse((r) => r.url().includes('/search/mapData/'));
  await toggle.click();
  const buildings = (await (await answer).json()) as Array<{
    building: { name: string; shows: Record<string, { show_name: string; show_url: string; description: string }> };
  }>;
  expect(buildings.length).toBeGreaterThan(0);
  await expect(page).toHaveURL(/#map_open=1$/);
  await expect(page.getByRole('button', { name: 'Скрыть карту' })).toHaveAttribute('aria-expanded', 'true');
  // The map's code came with the opening, not with the page.
  expect(scripts.length).toBeGreaterThan(firstPaint);
  await expect(page.locator('style[data-leaflet]')).toHaveCount(1);

  await zoomToPlacemarks(page);
  await markers(page).first().click();
  const balloon = page.locator('.leaflet-popup-content .search-balloon');
  await expect(balloon).toBeVisible();
  const venue = (await balloon.locator('.search-balloon__title').textContent()) ?? '';
  const building = buildings.find((b) => b.building.name === venue)!.building;
  const shows = Object.values(building.shows);
  await expect(balloon.locator('.search-balloon__show')).toHaveCount(shows.length);
  for (const [i, show] of shows.entries()) {
    const block = balloon.locator('.search-balloon__show').nth(i);
    await expect(block.locator('.search-balloon__name')).toHaveText(show.show_name);
    await expect(block.locator('.search-balloon__venue')).toHaveText(venue);
    await expect(block.locator('img')).toHaveAttribute('src', /\/media\/poster\/\d+\.svg$/);
    await expect(block.getByRole('link', { name: 'Билеты' })).toHaveAttribute('href', show.show_url);
    const long = show.description.length > 255;
    await expect(block.getByRole('link', { name: 'Читать полностью' })).toHaveCount(long ? 1 : 0);
    if (long) {
      await expect(block.locator('.search-balloon__description')).toHaveText(
        `${show.description.slice(0, 255)}... Читать полностью`,
      );
    }
  }

  // Closing clears the hash; an address with #map_open=1 opens the map by itself.
  await page.getByRole('button', { name: 'Скрыть карту' }).click();
  await expect(page.locator('#search-map-panel')).toBeHidden();
  expect(new URL(page.url()).hash).toBe('');
  // A show whose description is longer than 255 characters, found by its name: the balloon cuts it.
  const long = buildings.flatMap((b) => Object.values(b.building.shows)).find((s) => s.description.length > 255)!;
  expect(long).toBeDefined();
  await page.goto(`/search/performance/?text=${encodeURIComponent(long.show_name)}#map_open=1`);
  await expect(page.getByRole('button', { name: 'Скрыть карту' })).toBeVisible();
  const venueOfLong = buildings.find((b) => Object.values(b.building.shows).includes(long))!.building.name;
  await zoomToPlacemarks(page);
  await page.locator(`.site-map .leaflet-marker-icon[title="${venueOfLong}"]`).click();
  const block = page.locator('.leaflet-popup-content .search-balloon__show').filter({ hasText: long.show_name });
  await expect(block.locator('.search-balloon__description')).toHaveText(
    `${long.description.slice(0, 255)}... Читать полностью`,
  );
  await expect(block.getByRole('link', { name: 'Читать полностью' })).toHaveAttribute('href', long.show_url);
  await block.getByRole('link', { name: 'Билеты' }).click();
  await expect(page).toHaveURL(new RegExp(`${long.show_url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
  // From the balloon's show, a date's hall in the venue of the placemark.
  await reachHallFromShowPage(page, long.show_name, venueOfLong);
  expect(errors).toEqual([]);
});
