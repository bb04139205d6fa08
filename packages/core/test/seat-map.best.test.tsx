/** Best places (spec 2.1, 7.1, 8.2) and best available (N seats side by side in a price range). */
import { BestAvailableForm, priceBadges } from '@partera/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { hallRoutes, ok } from './support/hall.js';
import { choose, hallContext, renderInHall, resetHallTests } from './support/hall-context.js';
import { type Seen, serve } from './support/server.js';

const NBSP = '\u00a0';
const best = (seen: Seen[]) => seen.filter((r) => r.path === '/hallPlace/selectBest/');

function renderForm() {
  const ctx = hallContext();
  renderInHall(ctx, <BestAvailableForm ctx={ctx} badges={priceBadges(ctx.data, ctx.data.places.size)} />);
  return { ctx, form: screen.getByRole('form', { name: 'Лучшие места' }) };
}

const routes = (over = {}) =>
  hallRoutes({
    'GET /bestPlace/checkAvailability/': () => ({ status: 'success' }),
    'POST /hallPlace/selectBest/': () =>
      ok({ ticketCount: 4, ticketHashList: { 101: 'c101', 102: 'c102', 103: 'c103', 104: 'c104' } }),
    ...over,
  });

resetHallTests();

describe('best available', () => {
  it('offers 1 to 10 seats and the legend’s price ranges', () => {
    serve(routes());
    const { form } = renderForm();
    const count = within(form).getByRole('combobox', { name: 'Сколько мест' });
    expect(
      within(count)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
    const price = within(form).getByRole('combobox', { name: 'Цена' });
    expect(
      within(price)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Любая цена', `1${NBSP}000${NBSP}₽`, `1${NBSP}500${NBSP}₽`, `2${NBSP}500${NBSP}₽`]);
  });

  it('checks first, then asks the server for N seats in the range and marks those it holds', async () => {
    const seen = serve(routes());
    const { form, ctx } = renderForm();
    await choose(within(form).getByRole('combobox', { name: 'Сколько мест' }), '4');
    await choose(within(form).getByRole('combobox', { name: 'Цена' }), 'price-2');
    fireEvent.click(within(form).getByRole('button', { name: 'Подобрать места' }));
    await waitFor(() => expect(Object.keys(ctx.state.selected)).toHaveLength(4));
    expect(seen.map((r) => r.path)).toEqual(['/bestPlace/checkAvailability/', '/hallPlace/selectBest/']);
    expect(seen[0]!.query.get('performanceId')).toBe('77');
    expect(Object.fromEntries(best(seen)[0]!.body)).toMatchObject({
      performanceId: '77',
      count: '4',
      priceMin: '2500',
      priceMax: '2500',
    });
    expect(Object.keys(ctx.state.selected).sort()).toEqual(['101', '102', '103', '104']);
    expect(ctx.state.pending.c103).toBe(true);
    await waitFor(() =>
      expect(screen.getByTestId('announcement').textContent).toBe(
        'Добавлено в корзину: Партер, ряд 1, место 1; Партер, ряд 1, место 2; Партер, ряд 1, место 3; Партер, ряд 1, место 4. В корзине 4 билета.',
      ),
    );
  });

  it('at any price sends no range', async () => {
    const seen = serve(routes());
    const { form } = renderForm();
    fireEvent.click(within(form).getByRole('button', { name: 'Подобрать места' }));
    await waitFor(() => expect(best(seen)).toHaveLength(1));
    expect(best(seen)[0]!.body.has('priceMin')).toBe(false);
    expect(best(seen)[0]!.body.get('count')).toBe('1');
  });

  it('when best places are unavailable, shows the check’s first message in "Бронирование лучших мест"', async () => {
    const seen = serve(
      routes({
        'GET /bestPlace/checkAvailability/': () => ({
          status: 'error',
          message: { reason: 'Бронирование лучших мест откроется позже', other: 'второе' },
        }),
      }),
    );
    const { form } = renderForm();
    const submit = within(form).getByRole('button', { name: 'Подобрать места' });
    submit.focus();
    fireEvent.click(submit);
    const modal = await screen.findByRole('alertdialog', { name: 'Бронирование лучших мест' });
    expect(modal.textContent).toContain('Бронирование лучших мест откроется позже');
    expect(modal.textContent).not.toContain('второе');
    await waitFor(() => expect(document.activeElement).toBe(within(modal).getByRole('button', { name: 'Закрыть' })));
    expect(best(seen)).toHaveLength(0);
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(submit));
  });

  it('a refusal shows the server’s message and marks nothing', async () => {
    serve(
      routes({
        'POST /hallPlace/selectBest/': () => ({ result: 0, error: 1, message: 'Не удалось найти 4 свободных места' }),
      }),
    );
    const { form, ctx } = renderForm();
    fireEvent.click(within(form).getByRole('button', { name: 'Подобрать места' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Не удалось найти 4 свободных места');
    expect(ctx.state.selected).toEqual({});
  });

  it('a basket that cannot take N more seats is told so without a call', async () => {
    const seen = serve(routes());
    const { form, ctx } = renderForm();
    for (const id of [105, 106, 107, 108, 109, 110]) ctx.state.selected[id] = true;
    await choose(within(form).getByRole('combobox', { name: 'Сколько мест' }), '3');
    fireEvent.click(within(form).getByRole('button', { name: 'Подобрать места' }));
    expect((await screen.findByRole('alert')).textContent).toBe('За один заказ можно купить только 8 билетов');
    expect(best(seen)).toHaveLength(0);
  });
});
