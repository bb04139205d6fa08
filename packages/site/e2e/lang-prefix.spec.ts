import { expect, type Page, test } from '@playwright/test';
import { LANG_PREFIX, PREFIX_PORT } from '../playwright.config.js';
import { addPlace, CLUB_SHOW, freePlaces } from './helpers.js';
import { planReady } from './plan.js';

/**
 * The second site of playwright.config.ts: the language prefix configured (LANG_PREFIX=en; spec
 * 2.1: "When a language prefix is configured, paths become /{langPrefix}/{path}"; decision 0055)
 * and the older header search (SEARCH_SUGGESTIONS=list; spec 2.2). Titles start with 'search:'
 * and 'hall:' so that the 575 px project runs them too.
 */

const ORIGIN = `http://localhost:${PREFIX_PORT}`;
const ROOT = `/${LANG_PREFIX}/`;
test.use({ baseURL: ORIGIN });

/** Every address the browser asked the site for, to see that none went without the prefix. */
function siteRequests(page: Page): string[] {
  const paths: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin === ORIGIN) paths.push(url.pathname);
  });
  return paths;
}

test('hall: with a language prefix a buyer goes home → show → hall → basket, every address under it', async ({
  page,
}) => {
  const asked = siteRequests(page);
  await page.goto(ROOT);
  await page.getByRole('link', { name: CLUB_SHOW }).first().click();
  await expect(page).toHaveURL(/\/en\/show\/[^/]+\/$/);
  await expect(page.locator('h1')).toHaveText(CLUB_SHOW);
  const mobileTab = page.locator('.show-tabs__tab--mobile');
  if (await mobileTab.isVisible()) await mobileTab.click();
  await page.locator('a[href^="/en/performance/"]:visible').first().click();
  await expect(page).toHaveURL(/\/en\/performance\/\d+\/$/);
  await planReady(page);
  const [id] = await freePlaces(page, 1);
  await addPlace(page, id!);
  await expect(page.locator('[data-basket-link]').first()).toHaveAttribute('href', /^\/en\/shopcart\//);
  await page.locator('[data-basket-link]').first().click();
  await expect(page).toHaveURL(/\/en\/shopcart\//);
  await expect(page.getByRole('heading', { name: 'Оформление заказа', exact: true })).toBeVisible();
  await expect(page.getByText(/Итого: 1 билет\b/)).toBeVisible();
  // The pages' links, the pictures, the hall's calls and the basket's: all under /en/; only the
  // build's scripts and styles stay at /assets/ (decision 0055).
  expect(asked.filter((p) => p.startsWith(ROOT)).length).toBeGreaterThan(10);
  expect(asked.filter((p) => !p.startsWith(ROOT) && !p.startsWith('/assets/'))).toEqual([]);
});

test('hall: with a language prefix an address without it is sent to the one with it', async ({ page }) => {
  const res = await page.goto('/show/gruppa-nochnye-tramvai/');
  expect(res?.url()).toBe(`${ORIGIN}/en/show/gruppa-nochnye-tramvai/`);
  await expect(page.locator('h1')).toHaveText(CLUB_SHOW);
});

test('search: the older suggestion list shows labels with their source; Enter and a click submit the search', async ({
  page,
}) => {
  await page.goto(ROOT);
  const input = page.locator('#header-search-text');
  const list = page.locator('#header-search-list');
  await expect(page.locator('[data-header-search]')).toHaveAttribute('data-variant', 'list');
  await input.click();
  await input.pressSequentially('вишнёвый', { delay: 20 });
  const first = list.locator('[data-suggest-item]').first();
  await expect(first.locator('.hs-item__label')).toHaveText('Вишнёвый сад');
  await expect(first.locator('.hs-item__source')).toHaveText('Событие');
  // No grouped sections in the older variant.
  await expect(list.locator('.hs-section')).toHaveCount(0);
  await input.press('ArrowDown');
  await expect(first).toHaveClass(/is-selected/);
  // Enter puts the label in the box and submits the form to the source's results page.
  await input.press('Enter');
  await expect(page).toHaveURL(/\/en\/search\/performance\/\?text=%D0%92%D0%B8%D1%88%D0%BD%D1%91%D0%B2%D1%8B%D0%B9/);
  await expect(input).toHaveValue('Вишнёвый сад');
  await expect(page.locator('.search-result__name').first()).toHaveText('Вишнёвый сад');

  // A venue, chosen with the mouse: the place results.
  await input.fill('');
  await input.pressSequentially('театр', { delay: 20 });
  const venue = list.locator('[data-suggest-item][data-source="building"]').first();
  await expect(venue.locator('.hs-item__source')).toHaveText('Площадка');
  const label = (await venue.getAttribute('data-label')) ?? '';
  await venue.click();
  await expect(page).toHaveURL(/\/en\/search\/place\/\?text=/);
  await expect(input).toHaveValue(label);
});
