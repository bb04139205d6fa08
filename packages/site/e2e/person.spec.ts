import { expect, type Page, test } from '@playwright/test';

/**
 * Person and organizer pages, the reviews tab's own address and long reviews (issue 13, decision
 * 0048), desktop and 575 px: the show page's cast leads to a person's page with their upcoming
 * shows as poster cards, the organizer's name to its page with its shows and venues, both with
 * their own title, canonical address, PNG preview picture and the listed banner page type; the
 * person and organizer searches' results link them too; an unknown slug is the 404 page. The reviews tab reads its social proof at {show}/reviews/showInfo/
 * and follows back and forward; a review longer than 215 characters shows its first 185 and
 * 'Читать полностью', which opens the rest.
 */
const SHOW = { name: 'Вишнёвый сад', path: '/show/vishnevyy-sad/' };

const tabs = (page: Page) => page.getByRole('navigation', { name: 'Разделы страницы' });

// The phone's region question (spec 2.13) is answered already: it would cover the page.
test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: 'geoip_subdomain_selected', value: '1', url: baseURL! }]);
});

/**
 * What a person's and an organizer's page share: poster cards, the head (canonical address on the
 * capital's host, a PNG preview), the listed banner page type, and their search's result leading
 * back to the page. Leaves the page open again and answers its cards.
 */
async function expectPeoplePage(page: Page, kind: 'person' | 'organizer', name: string, origin: string) {
  const path = new URL(page.url()).pathname;
  const cards = page.locator('[data-people-shows] .poster-card');
  await expect(cards.first()).toBeVisible();
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${origin}${path}`);
  const image = await page.locator('meta[property="og:image"]').getAttribute('content');
  expect(image).toMatch(new RegExp(`^${origin}/media/og/\\d+\\.png\\?v=[\\w-]{12}$`));
  await expect(page.locator('meta[name="twitter:image"]')).toHaveAttribute('content', image!);
  const picture = await page.request.get(image!);
  expect(picture.status()).toBe(200);
  expect(picture.headers()['content-type']).toBe('image/png');
  expect(picture.headers()['cache-control']).toContain('immutable');
  // The banner page types of spec 2.5: person and organizer pages load banners at every width.
  await expect(page.locator('[data-promo]')).toHaveAttribute('data-promo-page-type', 'listed');
  await page.screenshot({ path: test.info().outputPath(`${kind}.png`), fullPage: true });

  // The search's result leads to the same page.
  await page.goto(`/search/${kind}/?text=${encodeURIComponent(name)}`);
  await page.locator('[data-people-link]', { hasText: name }).first().click();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  return cards;
}

test("show: the cast leads to a person's page with their upcoming shows, and back to a show", async ({
  page,
  baseURL,
}) => {
  const origin = new URL(baseURL!).origin;
  await page.goto(SHOW.path);
  const cast = page.locator('[data-person-link]');
  await expect(cast.first()).toBeVisible();
  const name = (await cast.first().locator('.cast-card__name').textContent())!.trim();
  await page.locator('[data-cast-slider]').screenshot({ path: test.info().outputPath('cast.png') });
  await cast.first().click();
  await expect(page).toHaveURL(/\/person\/[\w-]+\/$/);
  const path = new URL(page.url()).pathname;

  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(`^${name}.*афиша и билеты`));
  await expect(page.locator('.people-hero__bio')).toContainText(name);
  const cards = await expectPeoplePage(page, 'person', name, origin);
  // The show the buyer came from is among the person's shows.
  await expect(cards.filter({ hasText: SHOW.name })).toHaveCount(1);

  // A card leads to its show page.
  await cards.first().locator('.poster-card__link').click();
  await expect(page).toHaveURL(/\/show\/[\w-]+\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // The sitemap lists the page; an unknown person is the 404 page.
  const sitemap = await (await page.request.get('/sitemap.xml')).text();
  expect(sitemap).toContain(`<loc>${origin}${path}</loc>`);
  const missing = await page.goto('/person/no-such-person/');
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Страница не найдена' })).toBeVisible();
});

test("show: an organizer's page lists its upcoming shows and the venues they play in", async ({ page, baseURL }) => {
  const origin = new URL(baseURL!).origin;
  const sitemap = await (await page.request.get('/sitemap.xml')).text();
  const organizer = [...sitemap.matchAll(/<loc>([^<]*\/organizer\/[^<]*)<\/loc>/g)].map((m) => m[1]!);
  expect(organizer.length).toBeGreaterThan(0);
  const response = await page.goto(organizer[0]!);
  expect(response?.status()).toBe(200);
  const path = new URL(page.url()).pathname;
  const name = (await page.getByRole('heading', { level: 1 }).textContent())!.trim();
  await expect(page).toHaveTitle(new RegExp(`^${name.replace(/[«»]/g, '.')} — афиша организатора`));
  const venues = page.getByRole('region', { name: 'Площадки' }).locator('.people-venue');
  await expect(venues.first()).toBeVisible();
  const cards = await expectPeoplePage(page, 'organizer', name, origin);

  // The show page's additional content links the organizer back.
  await cards.first().locator('.poster-card__link').click();
  await expect(page).toHaveURL(/\/show\/[\w-]+\/$/);
  await page.locator('.show-extra__summary').click();
  await page.locator('[data-organizer-link]').click();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  expect((await page.goto('/organizer/no-such-organizer/'))?.status()).toBe(404);
});

test('show: the reviews tab asks {currentPath}showInfo/ at its own address and follows back and forward', async ({
  page,
}) => {
  // Opened at the reviews tab's address, the page's social proof is that address's.
  const proof = page.waitForResponse((r) => new URL(r.url()).pathname === `${SHOW.path}reviews/showInfo/`);
  await page.goto(`${SHOW.path}reviews/`);
  const answer = await proof;
  expect(answer.status()).toBe(200);
  expect(await answer.json()).toEqual({ soldTickets: expect.any(Number), visitors: expect.any(Number) });
  await expect(tabs(page).getByRole('link', { name: 'Отзывы' })).toHaveAttribute('aria-current', 'page');

  // The description loads lazily and puts {show}/ in the history; back and forward follow.
  const desc = page.waitForResponse((r) => r.url().includes('/showAjax/?ajax=desc') && r.ok());
  await tabs(page).getByRole('link', { name: 'Описание' }).click();
  await desc;
  await expect(page).toHaveURL(new RegExp(`${SHOW.path}$`));
  await expect(page.getByRole('heading', { name: 'Описание', level: 2 })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`${SHOW.path}reviews/$`));
  await expect(page.getByRole('heading', { name: 'Отзывы', level: 2 })).toBeVisible();
  await expect(tabs(page).getByRole('link', { name: 'Отзывы' })).toHaveAttribute('aria-current', 'page');
  await page.goForward();
  await expect(page).toHaveURL(new RegExp(`${SHOW.path}$`));
  await expect(page.getByRole('heading', { name: 'Описание', level: 2 })).toBeVisible();
});

test("show: a review longer than 215 characters shows its first 185 and 'Читать полностью' opens the rest", async ({
  page,
}) => {
  await page.goto(SHOW.path);
  const loaded = page.waitForResponse((r) => r.url().includes('/showAjax/?ajax=reviews') && r.ok());
  await tabs(page).getByRole('link', { name: 'Отзывы' }).click();
  await loaded;
  const cut = page.locator('.show-review').filter({ has: page.locator('[data-review-more]') });
  await expect(cut.first()).toBeVisible();
  // The review itself, by its id: once opened it has no 'Читать полностью' to be found by.
  const review = page.locator(`[data-review="${await cut.first().getAttribute('data-review')}"]`);
  const short = review.locator('[data-review-short]');
  const full = review.locator('[data-review-full]');
  const shortText = (await short.textContent())!;
  const fullText = (await full.textContent())!;
  expect(fullText.length).toBeGreaterThan(215);
  expect(shortText).toBe(`${fullText.slice(0, 185)}...`);
  await expect(full).toBeHidden();
  await review.screenshot({ path: test.info().outputPath('long-review.png') });

  // Reviews of 215 characters or fewer are shown whole.
  for (const text of await page.locator('.show-review:not(:has([data-review-more])) .show-review__text').all()) {
    expect(((await text.textContent()) ?? '').trim().length).toBeLessThanOrEqual(215);
  }

  await review.getByRole('button', { name: 'Читать полностью' }).click();
  await expect(full).toBeVisible();
  await expect(short).toBeHidden();
  await expect(review.getByRole('button', { name: 'Читать полностью' })).toHaveCount(0);
});
