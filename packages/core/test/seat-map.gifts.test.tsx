/** Gifts with tickets (spec 2.1, 5.2, 7.2, 8.2). */
import { EntranceTip, hallPicks, PlaceTip, removeEntranceTickets } from '@partera/core';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { hallMap, hallRoutes, ok, place } from './support/hall.js';
import { choose, hallContext, renderInHall, resetHallTests } from './support/hall-context.js';
import { type Seen, serve } from './support/server.js';

const NBSP = '\u00a0';
const anchor = { x: 0, y: 0 };
const giftCalls = (seen: Seen[]) =>
  seen.filter((r) => r.path === '/hallPlace/selectGifts/').map((r) => Object.fromEntries(r.body));

/** Place 101 (2 500 ₽) with `available` gifts; the page's maximum per ticket is `max`. */
function giftHall(max: number, available = 3, held = true) {
  const map = hallMap();
  map.places[0] = place(101, { hasgifts: true, availableGifts: available, state: held ? 1 : 0 });
  return hallContext({ map, config: { maxGiftCountPerTicket: max, giftPrice: 300 } });
}

function renderSeat(ctx: ReturnType<typeof hallContext>) {
  renderInHall(ctx, <PlaceTip ctx={ctx} place={ctx.data.places.get(101)!} anchor={anchor} onClose={() => {}} />);
  return screen.getByRole('dialog', { name: 'Партер, ряд 1, место 1' });
}

const giftsRoute = (over: object = {}) => ({
  'POST /hallPlace/selectGifts/': (req: Seen) =>
    ok({ giftPrice: 300, basketPrice: 2500 + 300 * Number(req.body.get('numOfGifts')), ...over }),
});

resetHallTests();

describe('gifts of a held seat', () => {
  it('+/- set the count through /hallPlace/selectGifts/ (seat form) and the total adds the gifts', async () => {
    const seen = serve(hallRoutes(giftsRoute()));
    const tip = renderSeat(giftHall(5));
    const count = () => within(tip).getByRole('status', { name: 'Количество подарков' }).textContent;
    expect(count()).toBe('0');
    fireEvent.click(within(tip).getByRole('button', { name: 'Больше подарков' }));
    await waitFor(() => expect(count()).toBe('1'));
    expect(giftCalls(seen)).toEqual([{ numOfGifts: '1', objId: '77', placeId: '101', _csrf: 'T1' }]);
    expect(tip.textContent).toContain(`Итого: 2${NBSP}800${NBSP}₽`);
    fireEvent.click(within(tip).getByRole('button', { name: 'Меньше подарков' }));
    await waitFor(() => expect(count()).toBe('0'));
    expect(giftCalls(seen).at(-1)!.numOfGifts).toBe('0');
    expect(screen.getByTestId('announcement').textContent).toContain('Партер, ряд 1, место 1: без подарка.');
  });

  it.each([
    [1, 'На один билет можно выбрать не более 1 подарка'],
    [2, 'На один билет можно выбрать не более 2 подарков'],
  ])('stops at the maximum per ticket (%i) with the gift limit message', async (max, message) => {
    const seen = serve(hallRoutes(giftsRoute()));
    const ctx = giftHall(max, 5);
    hallPicks(ctx.state).gifts[101] = max;
    const tip = renderSeat(ctx);
    const more = within(tip).getByRole('button', { name: 'Больше подарков' });
    expect(more.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(more);
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(giftCalls(seen)).toEqual([]);
  });

  it('no more than the seat has available', async () => {
    const seen = serve(hallRoutes(giftsRoute()));
    const ctx = giftHall(5, 1);
    hallPicks(ctx.state).gifts[101] = 1;
    const tip = renderSeat(ctx);
    fireEvent.click(within(tip).getByRole('button', { name: 'Больше подарков' }));
    await act(async () => {});
    expect(giftCalls(seen)).toEqual([]);
  });

  it('a failure shows the server message, or the spec fallback when there is none', async () => {
    let message: string | undefined = 'Подарки закончились';
    serve(hallRoutes({ 'POST /hallPlace/selectGifts/': () => ({ result: 0, error: 1, message }) }));
    const tip = renderSeat(giftHall(5));
    fireEvent.click(within(tip).getByRole('button', { name: 'Больше подарков' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Подарки закончились');
    message = undefined;
    fireEvent.click(within(tip).getByRole('button', { name: 'Больше подарков' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Ошибка при добавлении подарка в корзину. Повторите попытку позже',
      ),
    );
    expect(within(tip).getByRole('status', { name: 'Количество подарков' }).textContent).toBe('0');
  });
});

describe('the gift choice of a free seat', () => {
  it('offers "Без подарка" … up to the seat’s available gifts; the seat goes in, then its gifts', async () => {
    const seen = serve(hallRoutes(giftsRoute()));
    const tip = renderSeat(giftHall(5, 3, false));
    const choice = within(tip).getByRole('combobox', { name: 'Подарки' });
    expect(
      within(choice)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Без подарка', '1 подарок', '2 подарка', '3 подарка']);
    await choose(choice, '2');
    expect(tip.textContent).toContain(`Итого: 3${NBSP}100${NBSP}₽`);
    fireEvent.click(within(tip).getByRole('button', { name: 'Добавить в корзину' }));
    await waitFor(() => expect(giftCalls(seen)).toHaveLength(1));
    expect(seen.filter((r) => r.path !== '/hallPlace/selectGifts/').map((r) => r.path)).toEqual(['/hallPlace/select/']);
    expect(giftCalls(seen)[0]).toMatchObject({ numOfGifts: '2', placeId: '101' });
  });

  it('the choice stops at the performance’s maximum: "5 подарков" at most', () => {
    serve(hallRoutes());
    const tip = renderSeat(giftHall(5, 9, false));
    const options = within(within(tip).getByRole('combobox', { name: 'Подарки' })).getAllByRole('option');
    expect(options.at(-1)!.textContent).toBe('5 подарков');
  });

  it('a maximum of 0 hides gifts', () => {
    serve(hallRoutes());
    const tip = renderSeat(giftHall(0, 3, false));
    expect(within(tip).queryByRole('combobox')).toBeNull();
    expect(within(tip).queryByRole('group', { name: 'Подарки' })).toBeNull();
  });
});

describe('gifts of entrance tickets', () => {
  const entranceHall = (max: number) =>
    hallContext({
      config: {
        maxGiftCountPerTicket: max,
        giftPrice: 250,
        tickets: [
          { sectionId: 30, objId: 77, price: 1000 },
          { sectionId: 30, objId: 77, price: 1000 },
        ],
      },
    });

  function renderEntrance(ctx: ReturnType<typeof hallContext>) {
    renderInHall(
      ctx,
      <EntranceTip ctx={ctx} section={ctx.data.sections.get(30)!} anchor={anchor} onClose={() => {}} />,
    );
    return screen.getByRole('dialog', { name: 'Танцпол' });
  }

  it('go up to the maximum × the tickets held, through the entrance form of selectGifts', async () => {
    const seen = serve(hallRoutes({ 'POST /hallPlace/selectGifts/': () => ({ result: true }) }));
    const tip = renderEntrance(entranceHall(1));
    const more = within(tip).getByRole('button', { name: 'Больше подарков' });
    const count = () => within(tip).getByRole('status', { name: 'Количество подарков' }).textContent;
    fireEvent.click(more);
    await waitFor(() => expect(count()).toBe('1'));
    await waitFor(() => expect(more.getAttribute('aria-disabled')).toBe('false'));
    fireEvent.click(more);
    await waitFor(() => expect(count()).toBe('2'));
    expect(giftCalls(seen)[1]).toEqual({ numOfGifts: '2', objId: '77', sectionId: '30', _csrf: 'T1' });
    expect(giftCalls(seen)).toHaveLength(2);
    expect(tip.textContent).toContain(`Подарки: 2 × 250${NBSP}₽`);
    await waitFor(() => expect(more.getAttribute('aria-disabled')).toBe('true'));
    fireEvent.click(more);
    expect((await screen.findByRole('alert')).textContent).toBe('На один билет можно выбрать не более 1 подарка');
    expect(giftCalls(seen)).toHaveLength(2);
  });

  it('removing a ticket caps the section’s gifts at tickets × maximum', async () => {
    serve(hallRoutes());
    const ctx = entranceHall(1);
    hallPicks(ctx.state).entranceGifts[30] = 2;
    await removeEntranceTickets(ctx, 30, 1);
    expect(ctx.state.entrance[30]).toBe(1);
    expect(hallPicks(ctx.state).entranceGifts[30]).toBe(1);
  });
});
