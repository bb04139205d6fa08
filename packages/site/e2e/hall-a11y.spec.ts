/**
 * The hall page for people who do not use a pointer (issue: the hall, section 3): axe-core finds
 * no serious or critical violation on the hall page in each of its modes (the plan, the section
 * list and best-available tools, the list alternative with an entrance counter; a seat's tariff
 * choice, its gift choice, a held seat's tooltip with the mini basket or the mobile basket footer,
 * package mode's bar and the list view of a hall sold by sections), and a seat can be bought with
 * the keyboard alone, from the list alternative through the checkout to the paid order.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { findPerformance, type MapPlace } from './catalogue.js';
import { expectPaidTickets, openClubPerformance } from './helpers.js';
import { clickPlace, freePlaceIds, placeLook, planReady } from './plan.js';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[] }>;
}

/**
 * Serious and critical violations inside the hall widget, and in the hall page's basket bar when
 * `withBasketBar` (the page's other parts have their own tests).
 */
async function hallViolations(page: Page, { withBasketBar = false } = {}): Promise<string[]> {
  // Evaluated by the browser's devtools protocol, which the page's Content-Security-Policy does not govern.
  await page.evaluate(axeSource);
  const include = withBasketBar ? [['.pt-hall'], ['.hall-basket']] : [['.pt-hall']];
  const found = (await page.evaluate(
    `axe.run({ include: ${JSON.stringify(include)} }, { resultTypes: ['violations'] }).then((r) => r.violations)`,
  )) as AxeViolation[];
  return found
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test('hall: axe finds no serious or critical violation in any mode of the hall page', async ({ page }) => {
  await openClubPerformance(page);
  expect(await hallViolations(page)).toEqual([]);

  // The tools over the plan, opened.
  await page.getByText('Секторы', { exact: true }).click();
  await page.getByText('Лучшие места', { exact: true }).click();
  expect(await hallViolations(page)).toEqual([]);

  // The list alternative, with the standing area's counter open from it.
  await page.getByRole('button', { name: 'Списком' }).click();
  const list = page.locator('.pt-list');
  await expect(list).toBeVisible();
  await list.locator('.pt-list-entrance').first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(await hallViolations(page)).toEqual([]);
});

/** The first of the candidates the plan shows free now (not sold since the map was read, nor held). */
async function firstFree(page: Page, candidates: readonly MapPlace[]): Promise<MapPlace> {
  const free = new Set(await freePlaceIds(page, 100_000));
  const found = candidates.find((p) => free.has(p.id));
  expect(found, 'a free place of the kind wanted').toBeDefined();
  return found!;
}

test('hall: axe finds no serious or critical violation in a seat’s tariff and gift choices, a held seat and its basket bar', async ({
  page,
}) => {
  // A seat of two tariffs: its tooltip is the radio group 'Выберите тариф:'.
  const tariffs = await findPerformance(page.request, 'with a seat of two tariffs', {
    map: (m) => m.places.some((p) => p.countTax > 1),
  });
  await page.goto(tariffs.path);
  await planReady(page);
  const twoTariffs = await firstFree(
    page,
    tariffs.map.places.filter((p) => p.countTax > 1 && !tariffs.together.has(p.id)),
  );
  await clickPlace(page, twoTariffs.id);
  await expect(page.getByRole('dialog').getByRole('group', { name: 'Выберите тариф:' })).toBeVisible();
  expect(await hallViolations(page)).toEqual([]);

  // A seat with gifts: its tooltip offers 'Без подарка', '1 подарок' …; held, a gift counter, and
  // the page's basket bar with its buy button (the site's mini basket; at 575 px its basket footer).
  const gifts = await findPerformance(page.request, 'with gifts', {
    config: (c) => (c.maxGiftCountPerTicket ?? 0) > 0,
    map: (m) => m.places.some((p) => p.hasgifts && p.availableGifts > 0 && p.countTax === 1),
  });
  await page.goto(gifts.path);
  await planReady(page);
  const withGifts = await firstFree(
    page,
    gifts.map.places.filter((p) => p.hasgifts && p.availableGifts > 0 && p.countTax === 1 && !gifts.together.has(p.id)),
  );
  await clickPlace(page, withGifts.id);
  const tip = page.getByRole('dialog');
  await expect(tip.getByLabel('Подарки')).toBeVisible();
  expect(await hallViolations(page)).toEqual([]);
  await tip.getByLabel('Подарки').selectOption({ label: '1 подарок' });
  await tip.getByRole('button', { name: 'Добавить в корзину' }).click();
  await expect.poll(() => placeLook(page, withGifts.id)).toBe('mine');
  await expect(tip.getByLabel('Количество подарков')).toHaveText('1');
  await expect(page.getByRole('region', { name: 'Мини-корзина' }).getByRole('link', { name: 'Купить' })).toBeVisible();
  expect(await hallViolations(page, { withBasketBar: true })).toEqual([]);
});

test('hall: axe finds no serious or critical violation in package mode and in the list view of a hall sold by sections', async ({
  page,
}) => {
  // Package mode (2.2): the bar with the previous and next performance arrows.
  const pack = await findPerformance(
    page.request,
    'opening package 1',
    { config: (c) => c.package?.isPackage === true },
    '?packageId=1',
  );
  await page.goto(pack.path);
  await planReady(page);
  await expect(page.getByRole('navigation', { name: 'Пакет представлений' })).toBeVisible();
  expect(await hallViolations(page)).toEqual([]);

  // The list view (isOnlySections): sections with their prices, free counts and + / −.
  const sections = await findPerformance(page.request, 'sold by sections only (isOnlySections)', {
    config: (c) => c.isOnlySections === true,
  });
  await page.goto(sections.path);
  const list = page.getByRole('region', { name: 'Билеты по секторам' });
  await expect(list.locator('.pt-section-line').first()).toBeVisible();
  expect(await hallViolations(page)).toEqual([]);
});

/** Presses Tab (or Shift+Tab) until `target` has the focus (in its own document: the page's or a frame's). */
async function tabTo(page: Page, target: Locator, { limit = 40, back = false } = {}): Promise<void> {
  const focused = () => target.evaluate((el) => el.ownerDocument.activeElement === el).catch(() => false);
  for (let i = 0; i < limit && !(await focused()); i++) await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  await expect(target).toBeFocused();
}

/** Tabs to a field and types into it, as a keyboard user does. */
async function typeInto(page: Page, field: Locator, text: string): Promise<void> {
  await tabTo(page, field);
  await page.keyboard.type(text);
}

test('hall: a seat is bought with the keyboard alone, from the list alternative to the paid order', async ({
  page,
}) => {
  await openClubPerformance(page);
  // Tab to 'Списком' and open it with Enter.
  const toggle = page.getByRole('button', { name: 'Списком' });
  await tabTo(page, toggle);
  await page.keyboard.press('Enter');
  // On through the list: a closed section opens on Enter, a seat goes into the basket on Enter.
  const active = () =>
    page.evaluate(() => {
      const el = document.activeElement;
      if (!el?.closest('.pt-list')) return 'outside';
      if (el.tagName === 'SUMMARY') return (el.parentElement as HTMLDetailsElement).open ? 'open-summary' : 'summary';
      return el.classList.contains('pt-list-place') ? 'place' : 'other';
    });
  for (let i = 0; i < 80 && (await active()) !== 'place'; i++) {
    if ((await active()) === 'summary') await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
  }
  expect(await active()).toBe('place');
  const seat = page.locator('.pt-list-place:focus');
  // 'Балкон, ряд 2, место 7, 1 800 ₽'
  const name = (await seat.getAttribute('aria-label'))!;
  const [, section, row, place] = /^(.+), ряд (.+), место ([^,]+), /.exec(name)!;
  await page.keyboard.press('Enter');
  // A seat of one tariff goes straight in (one with several asks for the tariff first).
  const dialog = page.getByRole('dialog');
  if (await dialog.isVisible()) {
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
  }
  await expect(page.getByRole('button', { name, pressed: true })).toBeVisible();
  await expect(page.locator('.pt-sr-only[aria-live]')).toContainText('Добавлено в корзину');
  await expect(page.locator('.hall-basket__count')).toHaveText(/В корзине 1 билет/);

  // Back to 'Списком' to close the list, on to the basket bar's 'Купить', through the guest
  // checkout and the bank's card form: keys only.
  await tabTo(page, toggle, { back: true });
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await tabTo(page, page.getByRole('region', { name: 'Мини-корзина' }).getByRole('link', { name: 'Купить' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/shopcart\//);
  await typeInto(page, page.getByLabel('E-mail'), 'keyboard.buyer@example.ru');
  await typeInto(page, page.getByLabel('Имя'), 'Анна');
  await typeInto(page, page.getByLabel('Фамилия'), 'Петрова');
  const pay = page.getByRole('button', { name: /Перейти к оплате|Оплатить/ });
  await expect(pay).toBeEnabled();
  await tabTo(page, pay);
  await page.keyboard.press('Enter');
  const bank = page.frameLocator('iframe[name="pt-bank-frame"]');
  await typeInto(page, bank.getByLabel('Номер карты'), '4111 1111 1111 1111');
  await typeInto(page, bank.getByLabel('Срок действия'), '12/30');
  await typeInto(page, bank.getByLabel('CVC'), '123');
  await typeInto(page, bank.getByLabel('Владелец карты'), 'ANNA PETROVA');
  await tabTo(page, bank.getByRole('button', { name: /^Оплатить/ }));
  await page.keyboard.press('Enter');
  await expectPaidTickets(page, [{ section: section!, row: row!, place: place! }]);
});
