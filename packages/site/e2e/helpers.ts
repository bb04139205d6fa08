import { expect, type Page } from '@playwright/test';

export const CLUB_SHOW = 'Группа «Ночные трамваи»';

/** Home page → the club concert's show page → its first date's hall page. */
export async function openClubPerformance(page: Page): Promise<void> {
  await page.goto('/');
  await expect(page.locator('h1, h2').first()).toBeVisible();
  await page.getByRole('link', { name: CLUB_SHOW }).first().click();
  await expect(page).toHaveURL(/\/show\//);
  await page.locator('a[href^="/performance/"]').first().click();
  await expect(page).toHaveURL(/\/performance\/\d+\//);
  await expect(page.locator('circle.place[fill]').first()).toBeAttached();
}

/** Free places on the plan, not yet in this buyer's basket. */
export function freePlaces(page: Page) {
  return page.locator('circle.place[fill]:not(.pt-sel)');
}

/**
 * Clicks a free place. Where gifts are off (maxGiftCountPerTicket 0) a desktop click puts it in
 * the basket at once; otherwise the seat tooltip opens with 'Добавить в корзину'.
 */
export async function addPlace(page: Page, placeId: string): Promise<void> {
  const place = page.locator(`circle.place[data-place-id="${placeId}"]`);
  const selected = page.locator(`circle.place.pt-sel[data-place-id="${placeId}"]`);
  const add = page.getByRole('button', { name: 'Добавить в корзину' });
  await place.click();
  await expect(selected.or(add)).toBeVisible();
  if (await add.isVisible()) await add.click();
  await expect(place).toHaveClass(/pt-sel/);
}

export async function advanceServerClock(page: Page, minutes: number): Promise<void> {
  const r = await page.request.post('/dev/clock/advance', { form: { minutes: String(minutes) } });
  expect(r.ok()).toBe(true);
}
