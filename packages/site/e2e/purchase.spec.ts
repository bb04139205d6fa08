import { expect, test } from '@playwright/test';
import { addPlace, advanceServerClock, freePlaces, openClubPerformance, payAsGuest } from './helpers.js';
import { placeLook, placePaint, planReady, probePlace } from './plan.js';

test.describe.configure({ mode: 'serial' });

async function pickTwoSeatsAndOneStanding(page: import('@playwright/test').Page) {
  await openClubPerformance(page);
  const ids = await freePlaces(page, 2);
  expect(ids).toHaveLength(2);
  // Free places are painted with their price colour, not the grey of taken ones.
  const free = await probePlace(page, ids[0]!);
  expect(free).toMatchObject({ look: 'free', color: expect.stringMatching(/^#[0-9a-f]{6}$/) });
  expect(free!.color).not.toBe('#dcdce2');
  await expect.poll(() => placePaint(page, ids[0]!)).toBe(free!.color);
  for (const id of ids) await addPlace(page, id);
  await page.locator('g.entrance-section.pt-on:not(.pt-none)').first().click();
  await page.getByRole('button', { name: 'Добавить в корзину' }).click();
  await expect(page.locator('g.entrance-section.pt-sel')).toHaveCount(1);
  const startTime = /\b\d{2}:\d{2}\b/.exec((await page.locator('main').textContent()) ?? '')?.[0];
  expect(startTime).toBeTruthy();
  return startTime!;
}

async function payForThreeTickets(page: import('@playwright/test').Page, card: string, startTime: string) {
  await page.goto('/shopcart/');
  await expect(page.getByText(/Итого: 3 билета/)).toBeVisible();
  // The basket shows the venue's wall-clock time, the same as the hall page.
  await expect(page.locator('time').first()).toContainText(` в ${startTime}`);
  await payAsGuest(page, card);
}

test('a new buyer picks two seats and a standing ticket, pays as a guest and downloads an e-ticket', async ({
  page,
}) => {
  const startTime = await pickTwoSeatsAndOneStanding(page);
  await payForThreeTickets(page, '4111 1111 1111 1111', startTime);
  await expect(page).toHaveURL(/\/order\/complete\//, { timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Спасибо за покупку!' })).toBeVisible();
  const links = page.locator('a[href*="/order/ticket/"]');
  await expect(links).toHaveCount(3);
  const pdf = await page.request.get((await links.first().getAttribute('href'))!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  const bytes = await pdf.body();
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  expect(bytes.subarray(-8).toString()).toContain('%%EOF');
  // The e-mail with the tickets is in the outbox.
  await page.goto('/dev/outbox/');
  await expect(page.getByText('anna.petrova@example.ru').first()).toBeVisible();
});

test('a declined card shows the error and keeps the basket', async ({ page }) => {
  const startTime = await pickTwoSeatsAndOneStanding(page);
  await payForThreeTickets(page, '4000 0000 0000 0002', startTime);
  await expect(page).toHaveURL(/\/shopcart\/\?payment=failed/, { timeout: 30_000 });
  await expect(page.getByText(/не прошла|отклонен/i).first()).toBeVisible();
  await expect(page.getByText(/Итого: 3 билета/)).toBeVisible();
  const state = await (await page.request.get('/shopcart/state/')).json();
  expect(state.ticketCount).toBe(3);
});

test('a hold that expires frees the seats for another buyer', async ({ browser }) => {
  const first = await browser.newPage();
  await openClubPerformance(first);
  const [id] = await freePlaces(first);
  await addPlace(first, id!);
  const hallUrl = first.url();

  const second = await browser.newPage();
  await second.goto(hallUrl);
  await planReady(second);
  // Held by the first buyer: not for sale to the second.
  await expect.poll(() => placeLook(second, id!)).toBe('off');

  await advanceServerClock(first, 16);
  await second.reload();
  await planReady(second);
  await expect.poll(() => placeLook(second, id!)).toBe('free');
  await addPlace(second, id!);
  // The first buyer's basket is empty now: the countdown sent them back.
  const state = await (await first.request.get('/shopcart/state/')).json();
  expect(state.ticketCount).toBe(0);
});
