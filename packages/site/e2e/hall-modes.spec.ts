/**
 * Every way of choosing seats on the hall page, each ending in a paid order (issue 11): a tariff
 * choice, a seat with gifts, an exclusive pair taken and deleted, a package filled over two
 * performances, a `#section:` deep link, best available and the list view. Titles start with
 * 'hall:', so each runs at the desktop size and at the 575 px breakpoint. The performances are
 * found through the site's pages and public answers (catalogue.ts), the places through the plan's
 * probe (plan.ts); the desktop run buys seats the mobile run then finds sold.
 */
import { expect, type Page, test } from '@playwright/test';
import {
  exclusivePairs,
  type FoundPerformance,
  findPerformance,
  hallMap,
  type MapPlace,
  type MapSection,
  pageConfig,
  soldTogether,
} from './catalogue.js';
import { addPlace, basketLine, expectPaidTickets, money, payAsGuest, type Seat, tickets } from './helpers.js';
import { clickPlace, freePlaceIds, placeLook, placesInView, planReady } from './plan.js';

const seatOf = (p: MapPlace): Seat => ({ section: p.section.name, row: p.row, place: p.place });
/** How the seat tooltip is titled: 'Партер, ряд 5, место 12'. */
const labelOf = (p: MapPlace) => `${p.section.name}, ряд ${p.row}, место ${p.place}`;

/** The candidates the plan shows free now (not sold since the map was read, nor held), in plan order. */
async function freeAmong(page: Page, candidates: readonly MapPlace[]): Promise<MapPlace[]> {
  const free = new Set(await freePlaceIds(page, 100_000));
  return candidates.filter((p) => free.has(p.id));
}

/** The hall page's basket bar (the site's mini basket; at 575 px its basket footer). */
const hallBasket = (page: Page) => page.getByRole('region', { name: 'Мини-корзина' });

/** From the hall page's basket bar to /shopcart/, where the basket lists `count` tickets. */
async function toBasket(page: Page, count: number): Promise<void> {
  await expect(hallBasket(page).locator('.hall-basket__count')).toHaveText(`В корзине ${tickets(count)}`);
  await hallBasket(page).getByRole('link', { name: 'Купить' }).click();
  await expect(page).toHaveURL(/\/shopcart\//);
  await expect(page.locator('.pt-basket__count')).toHaveText(`Итого: ${tickets(count)}`);
}

test('hall: a seat of two tariffs asks «Выберите тариф:» and is bought at the concession tariff', async ({ page }) => {
  const { path, map, together } = await findPerformance(page.request, 'with a seat of two tariffs and no gifts', {
    config: (c) => !c.maxGiftCountPerTicket,
    map: (m) => m.places.some((p) => p.countTax > 1),
  });
  await page.goto(path);
  await planReady(page);
  const [seat] = await freeAmong(
    page,
    map.places.filter((p) => p.countTax > 1 && !together.has(p.id)),
  );
  expect(seat, 'a free seat of two tariffs').toBeDefined();
  const tariffs = Object.entries(seat!.taxes).map(([id, t]) => ({ id: Number(id), ...t }));
  const cheapest = tariffs.reduce((a, b) => (b.price < a.price ? b : a));

  await clickPlace(page, seat!.id);
  const tip = page.getByRole('dialog', { name: labelOf(seat!) });
  // The price reads 'от' the lowest tariff; the choice lists each tariff with its price in 'руб'.
  await expect(tip.locator('.pt-tip-price')).toHaveText(`от ${money(cheapest.price)}`);
  const choice = tip.getByRole('group', { name: 'Выберите тариф:' });
  await expect(choice.getByRole('radio')).toHaveCount(tariffs.length);
  for (const t of tariffs) {
    await expect(choice.getByRole('radio', { name: `${t.name} — ${money(t.price, 'руб')}` })).toBeVisible();
  }
  await choice.getByRole('radio', { name: new RegExp(`^${cheapest.name} `) }).check();
  await tip.getByRole('button', { name: 'Добавить в корзину' }).click();
  await expect.poll(() => placeLook(page, seat!.id)).toBe('mine');
  // Held: the tooltip names the tariff the seat is held at.
  await expect(tip.locator('.pt-tip-price')).toHaveText(`Тариф «${cheapest.name}»: ${money(cheapest.price)}`);

  await toBasket(page, 1);
  const line = basketLine(page, seatOf(seat!));
  await expect(line.locator('.pt-ticket__tariff')).toHaveText(cheapest.name);
  await expect(line.locator('.pt-ticket__price')).toHaveText(money(cheapest.price));
  await payAsGuest(page);
  await expectPaidTickets(page, [seatOf(seat!)]);
  await expect(page.locator('.ticket-line')).toContainText(money(cheapest.price));
});

test('hall: a seat with gifts offers «Без подарка» … and its two gifts are paid with it', async ({ page }) => {
  const GIFT_CHOICES = ['Без подарка', '1 подарок', '2 подарка', '3 подарка', '4 подарка', '5 подарков'];
  const withGifts = (p: MapPlace) => p.hasgifts && p.availableGifts >= 2 && p.countTax === 1;
  const { path, config, map, together } = await findPerformance(page.request, 'with gifts', {
    config: (c) => (c.maxGiftCountPerTicket ?? 0) > 0 && (c.giftPrice ?? 0) > 0,
    map: (m) => m.places.some(withGifts),
  });
  await page.goto(path);
  await planReady(page);
  // The seat that offers the most gifts: its choice goes furthest.
  const candidates = map.places.filter((p) => withGifts(p) && !together.has(p.id));
  const [seat] = (await freeAmong(page, candidates)).sort((a, b) => b.availableGifts - a.availableGifts);
  expect(seat, 'a free seat with gifts').toBeDefined();
  const bound = Math.min(config.maxGiftCountPerTicket!, seat!.availableGifts);
  const giftPrice = config.giftPrice!;

  await clickPlace(page, seat!.id);
  const tip = page.getByRole('dialog', { name: labelOf(seat!) });
  const gifts = tip.getByLabel('Подарки');
  await expect(gifts.locator('option')).toHaveText(GIFT_CHOICES.slice(0, bound + 1));
  await gifts.selectOption({ label: '2 подарка' });
  const total = seat!.price + 2 * giftPrice;
  await expect(tip.getByText(`Итого: ${money(total)}`)).toBeVisible();
  await tip.getByRole('button', { name: 'Добавить в корзину' }).click();
  await expect.poll(() => placeLook(page, seat!.id)).toBe('mine');
  // Held, the ticket's gifts are a +/- counter at 2, the total unchanged.
  await expect(tip.getByLabel('Количество подарков')).toHaveText('2');
  await expect(tip.getByText(`Итого: ${money(total)}`)).toBeVisible();

  await toBasket(page, 1);
  await expect(basketLine(page, seatOf(seat!))).toBeVisible();
  // The basket's sum is the ticket and its gifts; its state carries the line's gifts.
  await expect(page.locator('.pt-basket__sum')).toHaveText(money(total));
  const state = (await (await page.request.get('/shopcart/state/')).json()) as {
    tickets: Array<{ place: string; giftsCount?: number }>;
  };
  expect(state.tickets).toEqual([expect.objectContaining({ place: seat!.place, giftsCount: 2 })]);
  await payAsGuest(page);
  await expectPaidTickets(page, [seatOf(seat!)]);
  await expect(page.locator('.complete__total')).toContainText(`на сумму ${money(total)}`);
});

test('hall: an exclusive pair comes whole, is deleted whole from the basket, and the other pair is paid', async ({
  page,
}) => {
  const free = (m: { places: MapPlace[] }) => new Map(m.places.map((p) => [p.id, p]));
  let pairs: Array<[MapPlace, MapPlace]> = [];
  const { path } = await findPerformance(page.request, 'with two free exclusive pairs and no gifts', {
    config: (c) => !c.maxGiftCountPerTicket,
    map: async (m, c) => {
      const places = free(m);
      pairs = (await exclusivePairs(page.request, c.hallBasisId)).flatMap(([a, b]) =>
        places.has(a) && places.has(b) ? [[places.get(a)!, places.get(b)!] as [MapPlace, MapPlace]] : [],
      );
      return pairs.length >= 2;
    },
  });
  await page.goto(path);
  await planReady(page);
  const onPlan = new Set((await freeAmong(page, pairs.flat())).map((p) => p.id));
  const [deleted, kept] = pairs.filter(([a, b]) => onPlan.has(a.id) && onPlan.has(b.id));
  expect(kept, 'two free pairs on the plan').toBeDefined();

  // One seat of a pair is clicked; its partner comes with it.
  await addPlace(page, deleted![0].id);
  await expect.poll(() => placeLook(page, deleted![1].id)).toBe('mine');
  await addPlace(page, kept![1].id);
  await expect.poll(() => placeLook(page, kept![0].id)).toBe('mine');

  await toBasket(page, 4);
  const [a, b] = deleted!.map((p) => basketLine(page, seatOf(p)));
  const [c, d] = kept!.map((p) => basketLine(page, seatOf(p)));
  await a!.getByRole('button', { name: /^Удалить билет/ }).click();
  // While the buyer confirms, the whole pair is highlighted, the other pair not.
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Вы действительно хотите удалить этот билет?');
  for (const line of [a, b]) await expect(line!).toHaveAttribute('data-highlighted', 'true');
  for (const line of [c, d]) await expect(line!).toHaveAttribute('data-highlighted', 'false');
  await confirm.getByRole('button', { name: 'Удалить' }).click();
  await expect(page.locator('.pt-basket__count')).toHaveText(`Итого: ${tickets(2)}`);
  for (const line of [a, b]) await expect(line!).toHaveCount(0);
  for (const line of [c, d]) await expect(line!).toBeVisible();

  await payAsGuest(page);
  await expectPaidTickets(page, kept!.map(seatOf));
});

test('hall: a package is filled over its two performances, with the arrows and the count of each', async ({ page }) => {
  // The demo's season tickets are packages 1 and 2 (seed/extras.ts DEMO_PACKAGES); the one of two performances.
  let found: FoundPerformance | undefined;
  for (const packageId of [1, 2]) {
    found = await findPerformance(
      page.request,
      `opening package ${packageId}`,
      { config: (c) => c.package?.isPackage === true && c.package.currentPerformanceNumber === 1 },
      `?packageId=${packageId}`,
    );
    if (found.config.package!.totalPerformances === 2) break;
  }
  const { path, config } = found!;
  expect(config.package!.totalPerformances).toBe(2);
  const n = config.package!.ticketsInPerformanceCount;
  const bar = page.getByRole('navigation', { name: 'Пакет представлений' });
  const next = bar.locator('.pt-package-next');
  const bought: Seat[][] = [];

  /** Takes the performance's n seats, checking the bar after the first and after the last. */
  async function fill(performance: 1 | 2) {
    await planReady(page);
    await expect(bar.locator('.pt-package-step')).toHaveText(
      `Представление ${performance} из 2 Выберите ${tickets(n)} на это представление`,
    );
    const here = await pageConfig(page);
    const map = await hallMap(page.request, here.performanceId);
    const together = await soldTogether(page.request, here, map);
    const seats = (
      await freeAmong(
        page,
        map.places.filter((p) => !together.has(p.id)),
      )
    ).slice(0, n);
    expect(seats).toHaveLength(n);
    bought.push(seats.map(seatOf));
    const count = hallBasket(page).locator('.hall-basket__count');
    for (const [i, seat] of seats.entries()) {
      await addPlace(page, seat.id);
      if (i === 0) {
        // 4.3: with a ticket in the basket the previous arrow is disabled; the next one shows on the
        // first performance after one ticket, on a later one only with the package's count.
        await expect(bar.getByRole('button', { name: 'Предыдущее представление' })).toBeDisabled();
        if (performance === 1) await expect(next).toBeVisible();
        else await expect(bar.getByRole('link')).toHaveCount(0);
      }
    }
    await expect(count).toHaveText(`В корзине ${tickets(performance * n)}`);
    // The count reached, free seats are disabled (4.1).
    const [other] = await freePlaceIds(page, 1);
    await expect.poll(() => placeLook(page, other!)).toBe('dim');
  }

  await page.goto(path);
  await expect(bar.getByRole('button', { name: 'Предыдущее представление' })).toBeDisabled();
  await expect(next).toHaveCount(0);
  await fill(1);
  await expect(next).toHaveText('Следующее представление');
  await next.click();
  await expect(page).toHaveURL(/\/performance\/\d+\/\?packageId=\d+/);
  await fill(2);
  // The last performance: no next arrow; the bar's basket button on desktop (at 575 px the page's basket bar has it).
  await expect(next).toHaveCount(0);
  await expect(bar.getByRole('link', { name: 'Следующее представление' })).toHaveCount(0);
  const desktop = page.viewportSize()!.width > 575;
  await expect(bar.getByRole('link', { name: 'Перейти в корзину' })).toHaveCount(desktop ? 1 : 0);

  await toBasket(page, 2 * n);
  // Both performances of the package, in package order, with their n tickets each.
  const performances = page.locator('.pt-basket__performance');
  await expect(performances).toHaveCount(2);
  for (const [i, seats] of bought.entries()) {
    await expect(performances.nth(i).locator('.pt-ticket')).toHaveCount(n);
    for (const seat of seats) await expect(basketLine(performances.nth(i), seat)).toBeVisible();
  }
  await payAsGuest(page);
  await expectPaidTickets(page, bought.flat());
});

test('hall: a #section: link opens its section, the list says its free tickets, and a seat of it is paid', async ({
  page,
}) => {
  // The last seated section with free places: at the far end of the plan from the stage.
  const seated = (m: { sections: MapSection[] }) => m.sections.filter((s) => !s.seatlessSection && s.placeCount > 0);
  const { path, map, together } = await findPerformance(page.request, 'of several seated sections and no gifts', {
    config: (c) => !c.maxGiftCountPerTicket,
    map: (m) => seated(m).length > 1,
  });
  const section = seated(map).at(-1)!;
  const [front] = map.places;
  await page.goto(`${path}#section:${section.sectionId}`);
  await planReady(page);

  // The plan opened on the section: the section's seats are in view, the stage's first places are not.
  const candidates = await freeAmong(
    page,
    map.places.filter((p) => p.section.id === section.sectionId && !together.has(p.id)),
  );
  const inView = () =>
    placesInView(
      page,
      candidates.map((p) => p.id),
    );
  await expect
    .poll(async () => (await inView()).length, { message: `${section.sectionName} in view` })
    .toBeGreaterThan(0);
  await expect.poll(async () => (await placesInView(page, [front!.id])).length).toBe(0);
  const [seatId] = await inView();
  const seat = candidates.find((p) => p.id === seatId);

  // The section list names the open section with its free tickets: '{n} билет' / 'билета' / 'билетов'.
  await page.getByText('Секторы', { exact: true }).click();
  const entry = page.getByRole('navigation', { name: 'Секторы' }).locator('button[aria-current="location"]');
  await expect(entry.locator('.pt-section-name')).toHaveText(section.sectionName);
  await expect(entry.locator('.pt-section-free')).toHaveText(tickets(section.placeCount));
  expect(new URL(page.url()).hash).toBe(`#section:${section.sectionId}`);

  await addPlace(page, seat!.id);
  await toBasket(page, 1);
  await expect(basketLine(page, seatOf(seat!))).toBeVisible();
  await payAsGuest(page);
  await expectPaidTickets(page, [seatOf(seat!)]);
});

test('hall: best available finds 4 seats side by side in one row, and they are paid', async ({ page }) => {
  const { path, map } = await findPerformance(page.request, 'with seats and no gifts', {
    config: (c) => !c.maxGiftCountPerTicket,
    map: (m) => m.places.length >= 4,
  });
  await page.goto(path);
  await planReady(page);
  await page.getByText('Лучшие места', { exact: true }).click();
  const form = page.getByRole('form', { name: 'Лучшие места' });
  await form.getByLabel('Сколько мест').selectOption('4');
  await expect(form.getByLabel('Цена')).toHaveValue('');
  await form.getByRole('button', { name: 'Подобрать места' }).click();

  // The hall's live region names the seats taken: 'Добавлено в корзину: Партер, ряд 3, место 7; …'.
  const live = page.locator('.pt-hall .pt-sr-only[aria-live]');
  await expect(live).toHaveText(/^Добавлено в корзину: .+\. В корзине 4 билета\.$/);
  const labels = /^Добавлено в корзину: (.+?)\. В корзине/.exec((await live.textContent())!)![1]!.split('; ');
  expect(labels).toHaveLength(4);
  const seats = labels.map((label) => map.places.find((p) => labelOf(p) === label));
  for (const seat of seats) {
    expect(seat, 'a seat of the map').toBeDefined();
    await expect.poll(() => placeLook(page, seat!.id)).toBe('mine');
  }
  // One section, one row, consecutive seat numbers.
  expect(new Set(seats.map((p) => `${p!.section.id}/${p!.row}`)).size).toBe(1);
  const numbers = seats.map((p) => Number(p!.place)).sort((a, b) => a - b);
  expect(numbers).toEqual(numbers.map((_, i) => numbers[0]! + i));

  await toBasket(page, 4);
  for (const seat of seats) await expect(basketLine(page, seatOf(seat!))).toBeVisible();
  await payAsGuest(page);
  await expectPaidTickets(
    page,
    seats.map((p) => seatOf(p!)),
  );
});

test('hall: the list view of a hall without a plan sells a section’s tickets with + and −, and they are paid', async ({
  page,
}) => {
  const { path, map } = await findPerformance(page.request, 'sold by sections only (isOnlySections)', {
    config: (c) => c.isOnlySections === true,
    map: (m) => m.sections.some((s) => s.placeCount >= 3),
  });
  const section = map.sections.find((s) => s.placeCount >= 3)!;
  const name = section.sectionName;
  await page.goto(path);
  const list = page.getByRole('region', { name: 'Билеты по секторам' });
  await expect(list).toBeVisible();
  // No plan at all: the sections with their prices and free counts ('100+' above 100) are the page.
  await expect(page.locator('.pt-hall-viewport')).toBeHidden();
  await expect(list.locator('.pt-section-line')).toHaveCount(map.sections.length);
  const line = list
    .locator('.pt-section-line')
    .filter({ has: page.getByRole('group', { name: `${name}, ${money(section.price)}` }) });
  const free = (n: number) => `свободно: ${n > 100 ? '100+' : n}`;
  await expect(line.locator('.pt-section-free')).toHaveText(free(section.placeCount));
  const held = line.getByLabel(`В корзине: ${name}`);
  await expect(held).toHaveText('0');

  // '+' three times, '−' once: two tickets of the section stay in the basket.
  const more = line.getByRole('button', { name: `Больше билетов: ${name}` });
  for (const count of ['1', '2', '3']) {
    await more.click();
    await expect(held).toHaveText(count);
  }
  await line.getByRole('button', { name: `Меньше билетов: ${name}` }).click();
  await expect(held).toHaveText('2');
  await expect(line.locator('.pt-section-free')).toHaveText(free(section.placeCount - 2));

  await toBasket(page, 2);
  const entrance = page.locator('.pt-ticket').filter({ hasText: name });
  await expect(entrance.locator('.pt-ticket__place')).toHaveText(tickets(2));
  await expect(entrance.locator('.pt-ticket__price')).toHaveText(`2 × ${money(section.price)}`);
  await payAsGuest(page);
  await expectPaidTickets(page, [{ section: name }, { section: name }]);
});
