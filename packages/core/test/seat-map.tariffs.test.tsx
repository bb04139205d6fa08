/** Tariffs (spec 2.1, 3.3, 4.1, 8.2): 'от' the lowest, 'Выберите тариф:', the tariff sent and remembered. */
import { PlaceTip, placeTotal } from '@partera/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { hallMap, hallRoutes, ok, place } from './support/hall.js';
import { hallContext, renderInHall, resetHallTests } from './support/hall-context.js';
import { type Seen, serve } from './support/server.js';

const NBSP = '\u00a0';
const anchor = { x: 0, y: 0 };
const posts = (seen: Seen[], path: string) => seen.filter((r) => r.method === 'POST' && r.path === path);

/** Place 112 of the test hall: 'Полный' 1 500 and 'Студенческий' 1 200. */
function renderTip(ctx = hallContext(), id = 112) {
  const p = ctx.data.places.get(id)!;
  renderInHall(ctx, <PlaceTip ctx={ctx} place={p} anchor={anchor} onClose={() => {}} />);
  return { ctx, tip: screen.getByRole('dialog', { name: `Партер, ряд 2, место 6` }) };
}

resetHallTests();

describe('a seat with several tariffs', () => {
  it('shows its price "от" the lowest tariff and offers each tariff with its price in руб', () => {
    serve(hallRoutes());
    const { tip } = renderTip();
    expect(tip.textContent).toContain(`от 1${NBSP}200${NBSP}₽`);
    const choice = within(tip).getByRole('group', { name: 'Выберите тариф:' });
    const radios = within(choice).getAllByRole('radio');
    expect(radios.map((r) => r.parentElement!.textContent)).toEqual([
      `Студенческий — 1${NBSP}200${NBSP}руб`,
      `Полный — 1${NBSP}500${NBSP}руб`,
    ]);
    // The place's own (default) tariff is chosen until the buyer picks another.
    expect(within(choice).getByRole('radio', { name: /Полный/ })).toHaveProperty('checked', true);
  });

  it('sends the chosen tariff as tax, and the held seat shows the tariff it is held at', async () => {
    const seen = serve(hallRoutes());
    const { tip, ctx } = renderTip();
    fireEvent.click(within(tip).getByRole('radio', { name: /Студенческий/ }));
    fireEvent.click(within(tip).getByRole('button', { name: 'Добавить в корзину' }));
    await within(tip).findByRole('button', { name: 'Удалить из корзины' });
    expect(posts(seen, '/hallPlace/select/')[0]!.body.get('tax')).toBe('2');
    expect(within(tip).queryByRole('group', { name: 'Выберите тариф:' })).toBeNull();
    expect(tip.textContent).toContain(`Тариф «Студенческий»: 1${NBSP}200${NBSP}₽`);
    expect(placeTotal(ctx, ctx.data.places.get(112)!)).toBe(120000);
  });

  it('without a choice sends the place’s default tariff', async () => {
    const seen = serve(hallRoutes());
    const { tip } = renderTip();
    fireEvent.click(within(tip).getByRole('button', { name: 'Добавить в корзину' }));
    await waitFor(() => expect(posts(seen, '/hallPlace/select/')).toHaveLength(1));
    expect(posts(seen, '/hallPlace/select/')[0]!.body.get('tax')).toBe('1');
  });

  it('a seat held when the map was read shows the tariff the map says it is held at', () => {
    serve(hallRoutes());
    const map = hallMap();
    map.places[11] = { ...map.places[11]!, state: 1, tariff: 2, price: 1200 };
    const { tip } = renderTip(hallContext({ map }));
    expect(tip.textContent).toContain(`Тариф «Студенческий»: 1${NBSP}200${NBSP}₽`);
  });

  it('a seat of one tariff sends none and shows its plain price', async () => {
    const seen = serve(hallRoutes());
    const ctx = hallContext();
    renderInHall(ctx, <PlaceTip ctx={ctx} place={ctx.data.places.get(101)!} anchor={anchor} onClose={() => {}} />);
    const tip = screen.getByRole('dialog');
    expect(tip.textContent).toContain(`2${NBSP}500${NBSP}₽`);
    expect(tip.textContent).not.toContain('от');
    fireEvent.click(within(tip).getByRole('button', { name: 'Добавить в корзину' }));
    await waitFor(() => expect(posts(seen, '/hallPlace/select/')).toHaveLength(1));
    expect(posts(seen, '/hallPlace/select/')[0]!.body.has('tax')).toBe(false);
  });
});

describe('tariff errors (8.2)', () => {
  it('a seat of several tariffs without their list is refused with the spec message, no call made', async () => {
    const seen = serve(hallRoutes());
    const map = hallMap();
    map.places[11] = place(112, { countTax: 2, taxes: {} });
    const { tip } = renderTip(hallContext({ map }));
    fireEvent.click(within(tip).getByRole('button', { name: 'Добавить в корзину' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Не удалось определить список тарифов дял место');
    expect(posts(seen, '/hallPlace/select/')).toHaveLength(0);
  });

  it('a default tariff that is not among the place’s tariffs is refused with the spec message', async () => {
    const seen = serve(hallRoutes());
    const map = hallMap();
    map.places[11] = place(112, {
      countTax: 2,
      tariff: 9,
      taxes: { 1: { name: 'Полный', price: 1500 }, 2: { name: 'Льготный', price: 900 } },
    });
    const ctx = hallContext({ map });
    const { tip } = renderTip(ctx);
    // The radio list starts on no known tariff: adding without a choice is refused.
    fireEvent.click(within(tip).getByRole('button', { name: 'Добавить в корзину' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Не удалось определить тариф для данного билета');
    expect(posts(seen, '/hallPlace/select/')).toHaveLength(0);
  });

  it('a refused select lets the seat be tried again (the same code is sent again only after a failure)', async () => {
    let fail = true;
    const seen = serve(
      hallRoutes({ 'POST /hallPlace/select/': () => (fail ? { result: 0, error: 622, message: 'Стоп' } : ok()) }),
    );
    const { tip } = renderTip();
    fireEvent.click(within(tip).getByRole('button', { name: 'Добавить в корзину' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Стоп');
    fail = false;
    fireEvent.click(within(tip).getByRole('button', { name: 'Добавить в корзину' }));
    await within(tip).findByRole('button', { name: 'Удалить из корзины' });
    expect(posts(seen, '/hallPlace/select/')).toHaveLength(2);
  });
});
