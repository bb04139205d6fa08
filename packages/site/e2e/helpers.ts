import { expect, type FrameLocator, type Page } from '@playwright/test';
import { clickPlace, freePlaceIds, type PlanScope, placeLook, planReady } from './plan.js';

export const CLUB_SHOW = 'Группа «Ночные трамваи»';

/** Home page → the club concert's show page → its first date's hall page. */
export async function openClubPerformance(page: Page): Promise<void> {
  await page.goto('/');
  await expect(page.locator('h1, h2').first()).toBeVisible();
  await page.getByRole('link', { name: CLUB_SHOW }).first().click();
  await expect(page).toHaveURL(/\/show\//);
  await page.locator('a[href^="/performance/"]').first().click();
  await expect(page).toHaveURL(/\/performance\/\d+\//);
  await planReady(page);
}

/** The first `count` free places of the plan (not yet in this buyer's basket): there are that many. */
export async function freePlaces(scope: PlanScope, count = 1): Promise<number[]> {
  const ids = await freePlaceIds(scope, count);
  expect(ids, `${count} free place(s) on the plan`).toHaveLength(count);
  return ids;
}

/**
 * Clicks a free place. Where gifts are off (maxGiftCountPerTicket 0) a desktop click puts it in
 * the basket at once; otherwise the seat tooltip opens with 'Добавить в корзину'.
 */
export async function addPlace(scope: PlanScope, placeId: number | string): Promise<void> {
  const add = scope.getByRole('button', { name: 'Добавить в корзину' });
  await clickPlace(scope, placeId);
  // Either the place is in the basket already or its tooltip offers it.
  await expect
    .poll(async () => ((await add.isVisible()) ? 'offered' : await placeLook(scope, placeId)))
    .toMatch(/^(offered|mine)$/);
  if (await add.isVisible()) await add.click();
  await expect.poll(() => placeLook(scope, placeId)).toBe('mine');
}

export async function advanceServerClock(page: Page, minutes: number): Promise<void> {
  const r = await page.request.post('/dev/clock/advance', { form: { minutes: String(minutes) } });
  expect(r.ok()).toBe(true);
}

/**
 * The sandbox bank's card form inside the checkout's bank frame, filled and sent. `scope` is the
 * page, or the frame the checkout runs in (a partner's page, examples/). Test cards: README.
 */
export async function payWithSandboxCard(
  scope: Page | FrameLocator,
  card = '4111 1111 1111 1111',
  holder = 'ANNA PETROVA',
): Promise<void> {
  const bank = scope.frameLocator('iframe[name="pt-bank-frame"]');
  await bank.getByLabel('Номер карты').fill(card);
  await bank.getByLabel('Срок действия').fill('12/30');
  await bank.getByLabel('CVC').fill('123');
  await bank.getByLabel('Владелец карты').fill(holder);
  await bank.getByRole('button', { name: /^Оплатить/ }).click();
}

/**
 * Registers a new account through /registration/ (the consent ticked); the page then shows the
 * e-mail code step, signed in.
 */
export async function registerBuyer(
  page: Page,
  who: { email: string; firstName: string; surname: string; password?: string; back?: string },
): Promise<void> {
  await page.goto(`/registration/?back=${who.back ?? '/'}`);
  await page.getByLabel('E-mail').fill(who.email);
  await page.getByLabel('Пароль').fill(who.password ?? 'long enough 42');
  await page.getByLabel('Имя').fill(who.firstName);
  await page.getByLabel('Фамилия').fill(who.surname);
  await page.getByLabel(/согласен на обработку/).check();
  await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
  await expect(page.getByRole('status')).toContainText(who.email);
}

/**
 * The newest code the development outbox lists for a recipient: an SMS's text ('Partera: код
 * 1234 …') or an e-mail's subject ('Код подтверждения: 1234').
 */
export async function outboxCode(page: Page, recipient: string): Promise<string> {
  const outbox = await (await page.request.get('/dev/outbox/')).text();
  const row = outbox.split('<tr').find((r) => r.includes(recipient)) ?? '';
  const code = /(?:код|Код подтверждения:) (\d{4})/.exec(row)?.[1];
  expect(code, `a code for ${recipient}`).toBeDefined();
  return code!;
}
