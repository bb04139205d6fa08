import { Basket } from '@partera/core';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { basketState, http, seatTicket, serve } from './support/server.js';

/** Non-breaking space, as formatPrice groups digits and separates the currency sign. */
const NBSP = '\u00a0';
/** Text matching that keeps non-breaking spaces (the default normaliser turns them into spaces). */
const keepSpaces = { normalizer: (text: string) => text.trim() };

const seat = seatTicket;

const entrance = seat({
  kind: 'entrance',
  cypher: null,
  performanceId: 8,
  sectionId: 40,
  showName: 'Джазовый вечер',
  performanceDate: '2032-01-15T20:30:00+03:00',
  buildingName: 'Клуб «Подвал»',
  hallName: 'Основной зал',
  sectionName: 'Танцпол',
  row: null,
  place: null,
  count: 2,
  price: 1200.5,
  tariffName: 'Входной',
  performanceFullUrl: '/performance/8/',
});

const basket = basketState;

const navigation = () => ({ go: vi.fn<(url: string) => void>(), reload: vi.fn<() => void>() });

beforeEach(() => vi.useRealTimers());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('Basket', () => {
  it('lists the tickets by performance with formatted prices and the total with the ticket word', () => {
    serve({});
    const state = basket([seat({}), seat({ cypher: '9002', place: '13' }), entrance]);
    render(<Basket http={http} initialState={state} navigation={navigation()} />);

    const nutcracker = screen.getByRole('article', { name: /Щелкунчик/ });
    expect(within(nutcracker).getByText('28.12.2031 в 19:00')).toBeTruthy();
    expect(within(nutcracker).getByText('Театр оперы и балета, Большой зал')).toBeTruthy();
    expect(within(nutcracker).getByText('Ряд 5, Место 12')).toBeTruthy();
    expect(within(nutcracker).getByText('Ряд 5, Место 13')).toBeTruthy();
    expect(within(nutcracker).getAllByText(`3${NBSP}500${NBSP}₽`, keepSpaces)).toHaveLength(2);
    expect(within(nutcracker).getAllByText('Полный')).toHaveLength(2);

    const jazz = screen.getByRole('article', { name: /Джазовый вечер/ });
    expect(within(jazz).getByText('15.01.2032 в 20:30')).toBeTruthy();
    expect(within(jazz).getByText('2 билета')).toBeTruthy();
    expect(within(jazz).getByText(`2 × 1${NBSP}200,50${NBSP}₽`, keepSpaces)).toBeTruthy();

    expect(screen.getByText('Итого: 4 билета')).toBeTruthy();
    expect(screen.getByText(`9${NBSP}401${NBSP}₽`, keepSpaces)).toBeTruthy();
    expect(screen.getByText('Билеты продаются без комиссии и сервисного сбора.')).toBeTruthy();
  });

  it('shows the gifts chosen with a ticket and what they cost', () => {
    serve({});
    const state = basket([seat({ giftsCount: 2, giftPrice: 300 }), { ...entrance, giftsCount: 1, giftPrice: 250 }]);
    render(<Basket http={http} initialState={state} navigation={navigation()} />);
    const nutcracker = screen.getByRole('article', { name: /Щелкунчик/ });
    expect(within(nutcracker).getByText(`+ 2 подарка, 600${NBSP}₽`, keepSpaces)).toBeTruthy();
    const jazz = screen.getByRole('article', { name: /Джазовый вечер/ });
    expect(within(jazz).getByText(`+ 1 подарок, 250${NBSP}₽`, keepSpaces)).toBeTruthy();
  });

  it.each([
    [1, 'Итого: 1 билет'],
    [5, 'Итого: 5 билетов'],
    [22, 'Итого: 22 билета'],
  ])('writes %i tickets as "%s"', (count, text) => {
    serve({});
    render(<Basket http={http} initialState={basket([seat({})], { ticketCount: count })} navigation={navigation()} />);
    expect(screen.getByText(text)).toBeTruthy();
  });

  it('asks before deleting a seat, posts its cypher to /hallPlace/deselect/ and shows the refreshed basket', async () => {
    const after = basket([seat({ cypher: '9002', place: '13' })]);
    const seen = serve({
      'POST /hallPlace/deselect/': () => ({ result: 1, error: 0, areInBasketMoreTicketsLeft: true, ticketCount: 1 }),
      'GET /shopcart/state/': () => after,
    });
    const nav = navigation();
    render(
      <Basket http={http} initialState={basket([seat({}), seat({ cypher: '9002', place: '13' })])} navigation={nav} />,
    );

    fireEvent.click(screen.getByRole('button', { name: 'Удалить билет: Партер, Ряд 5, Место 12' }));
    const dialog = screen.getByRole('alertdialog');
    expect(within(dialog).getByText('Вы действительно хотите удалить этот билет?')).toBeTruthy();
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Отмена' }));
    expect(seen).toHaveLength(0);

    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Удалить' })));

    expect(seen.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /hallPlace/deselect/', 'GET /shopcart/state/']);
    expect(seen[0]?.body.get('cypher')).toBe('9001');
    expect(seen[0]?.body.get('_csrf')).toBe('T1');
    expect(seen[0]?.query.get('sid')).toBe('S1');
    expect(screen.queryByText('Ряд 5, Место 12')).toBeNull();
    expect(screen.getByText('Ряд 5, Место 13')).toBeTruthy();
    expect(screen.getByText('Итого: 1 билет')).toBeTruthy();
    expect(nav.go).not.toHaveBeenCalled();
  });

  it('goes to the performance page when the deleted ticket was the last one', async () => {
    const seen = serve({
      'POST /hallPlace/deselect/': () => ({
        result: 1,
        error: 0,
        areInBasketMoreTicketsLeft: false,
        performanceFullUrl: '/performance/7/',
      }),
    });
    const nav = navigation();
    render(<Basket http={http} initialState={basket([seat({})])} navigation={nav} />);

    fireEvent.click(screen.getByRole('button', { name: /Удалить билет/ }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Удалить' })));

    expect(seen.map((r) => r.path)).toEqual(['/hallPlace/deselect/']);
    expect(nav.go).toHaveBeenCalledWith('/performance/7/?sid=S1');
  });

  it('removes an entrance ticket through /hallPlace/entranceTicketsRemove/', async () => {
    const seen = serve({
      'POST /hallPlace/entranceTicketsRemove/': () => ({
        result: true,
        ticketCount: 2,
        areInBasketMoreTicketsLeft: true,
      }),
      'GET /shopcart/state/': () => basket([seat({}), { ...entrance, count: 1 }]),
    });
    render(<Basket http={http} initialState={basket([seat({}), entrance])} navigation={navigation()} />);

    fireEvent.click(screen.getByRole('button', { name: 'Удалить билет: Танцпол, 2 билета' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Удалить' })));

    const removal = seen[0];
    expect(removal?.path).toBe('/hallPlace/entranceTicketsRemove/');
    expect(Object.fromEntries(removal?.body ?? [])).toMatchObject({
      performanceId: '8',
      sectionId: '40',
      ticketPrice: '1200.5',
    });
    expect(screen.getByText('1 билет')).toBeTruthy();
  });

  it('keeps the ticket when the buyer cancels the confirmation', () => {
    const seen = serve({});
    render(<Basket http={http} initialState={basket([seat({})])} navigation={navigation()} />);
    fireEvent.click(screen.getByRole('button', { name: /Удалить билет/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Отмена' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(seen).toHaveLength(0);
    expect(screen.getByText('Ряд 5, Место 12')).toBeTruthy();
  });

  it('shows the server message when a removal fails', async () => {
    serve({ 'POST /hallPlace/deselect/': () => ({ result: 0, error: 1, message: 'Билет уже оплачен' }) });
    const nav = navigation();
    render(<Basket http={http} initialState={basket([seat({})])} navigation={nav} />);
    fireEvent.click(screen.getByRole('button', { name: /Удалить билет/ }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Удалить' })));
    expect(screen.getByRole('alertdialog').textContent).toContain('Билет уже оплачен');
    expect(nav.go).not.toHaveBeenCalled();
  });

  it('says the ticket could not be removed when the server cannot be reached', async () => {
    serve({ 'POST /hallPlace/deselect/': () => new TypeError('Failed to fetch') });
    render(<Basket http={http} initialState={basket([seat({})])} navigation={navigation()} />);
    fireEvent.click(screen.getByRole('button', { name: /Удалить билет/ }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Удалить' })));
    expect(screen.getByRole('alertdialog').textContent).toContain('Не удалось удалить билет из корзины');
    expect(screen.getByText('Ряд 5, Место 12')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Удалить билет/ })).toHaveProperty('disabled', false);
  });

  it('asks before clearing the basket, calls DeselectAll and reloads', async () => {
    const seen = serve({ 'GET /hallPlace/DeselectAll/': () => ({ result: 1, error: 0, ticketCount: 0 }) });
    const nav = navigation();
    render(<Basket http={http} initialState={basket([seat({}), entrance])} navigation={nav} />);

    fireEvent.click(screen.getByRole('button', { name: 'Очистить корзину' }));
    const dialog = screen.getByRole('alertdialog');
    expect(within(dialog).getByText('Вы действительно хотите очистить корзину?')).toBeTruthy();
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Очистить корзину' })));

    expect(seen.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /hallPlace/DeselectAll/']);
    expect(seen[0]?.query.get('sid')).toBe('S1');
    expect(nav.reload).toHaveBeenCalledTimes(1);
  });

  it('counts the hold down in mm:ss every second and sends the buyer to /shopcart/ at 0', () => {
    vi.useFakeTimers();
    serve({});
    const nav = navigation();
    render(<Basket http={http} initialState={basket([seat({})], { holdSecondsLeft: 65 })} navigation={nav} />);

    const timer = screen.getByRole('timer');
    expect(timer.textContent).toBe('01:05');
    act(() => vi.advanceTimersByTime(1000));
    expect(timer.textContent).toBe('01:04');
    act(() => vi.advanceTimersByTime(63_000));
    expect(timer.textContent).toBe('00:01');
    expect(nav.go).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1000));
    expect(timer.textContent).toBe('00:00');
    expect(nav.go).toHaveBeenCalledExactlyOnceWith('/shopcart/?sid=S1');
  });

  it('shows the empty basket with a link to the home page', () => {
    serve({});
    render(<Basket http={http} initialState={basket([], { holdSecondsLeft: null })} navigation={navigation()} />);
    expect(screen.getByText('В корзине нет билетов.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Перейти на главную страницу' }).getAttribute('href')).toBe('/?sid=S1');
    expect(screen.queryByRole('timer')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Очистить корзину' })).toBeNull();
  });
});
