import { HallView, mountHallView } from '@partera/core';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { config, hallMap, hallRoutes, ok, place, resetTicketCount } from './support/hall.js';
import { planProbe, renderHall } from './support/hall-view.js';
import { http, type Seen, serve } from './support/server.js';

const NBSP = '\u00a0';

const posts = (seen: Seen[], path: string) => seen.filter((r) => r.method === 'POST' && r.path === path);

beforeEach(() => {
  resetTicketCount();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('HallView: loading', () => {
  it('shows the loading state, then the plan coloured from the JSON map', async () => {
    const seen = serve(hallRoutes());
    render(<HallView config={config()} http={http} />);
    expect(screen.getByRole('status')).toHaveProperty('textContent', 'Загружаем схему зала…');
    await screen.findByRole('button', { name: 'Увеличить' });
    expect(screen.queryByText('Загружаем схему зала…')).toBeNull();

    const map = seen.find((r) => r.path === '/hallview/map/77/')!;
    expect(map.query.get('json')).toBe('1');
    expect(map.query.get('all')).toBe('1');
    expect(map.query.get('sid')).toBe('S1');
    expect(map.query.get('_csrf')).toBe('T1');
  });

  it('colours free places by price category and leaves places absent from the map grey', async () => {
    serve(hallRoutes());
    const { clickPlace, isMine, colorOf, look, entranceEl } = await renderHall();
    expect(colorOf(101)).toBe('#e53935');
    expect(colorOf(107)).toBe('#1e88e5');
    for (const id of [201, 202, 203]) expect(look(id) !== 'off').toBe(false);
    // Entrance sections: on sale in their price colour; none left → disabled.
    expect(entranceEl(30).classList.contains('pt-on')).toBe(true);
    expect(entranceEl(30).classList.contains('pt-none')).toBe(false);
    expect(entranceEl(40).classList.contains('pt-none')).toBe(true);
  });

  it('drops scripts and inline handlers of the SVG', async () => {
    serve(hallRoutes());
    const { svg } = await renderHall();
    expect(svg.querySelector('script')).toBeNull();
    expect(svg.querySelector('[onclick]')).toBeNull();
  });

  it('uses the map the host already has, without loading it again', async () => {
    const seen = serve(hallRoutes());
    const { clickPlace, isMine, colorOf, look } = await renderHall({ map: hallMap() });
    expect(seen.some((r) => r.path === '/hallview/map/77/')).toBe(false);
    expect(colorOf(101)).toBe('#e53935');
  });

  it('shows the load error message when the map cannot be loaded', async () => {
    serve(hallRoutes({ 'GET /hallview/map/77/': () => new Response('boom', { status: 500 }) }));
    render(<HallView config={config()} http={http} />);
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'Возникла ошибка при загрузке схемы зала. Попробуйте позже.',
    );
  });

  it('marks places already in the basket (state 1) as selected', async () => {
    const map = hallMap();
    map.places[2] = place(103, { state: 1 });
    serve(hallRoutes({ 'GET /hallview/map/77/': () => map }));
    const { clickPlace, isMine, colorOf, look } = await renderHall();
    expect(isMine(103)).toBe(true);
    expect(isMine(104)).toBe(false);
  });
});

describe('HallView: seats', () => {
  it('a click on a free place selects it through /hallPlace/select/, a second click deselects it', async () => {
    const seen = serve(hallRoutes());
    const { clickPlace, isMine, colorOf, look, container } = await renderHall();
    const events: string[] = [];
    const basketStates: unknown[] = [];
    const root = container.firstElementChild!;
    root.addEventListener('ticket-selected', (e) => events.push(`+${(e as CustomEvent).detail.placeId}`));
    root.addEventListener('ticket-deselected', (e) => events.push(`-${(e as CustomEvent).detail.placeId}`));
    root.addEventListener('basket-state', (e) => basketStates.push((e as CustomEvent).detail));

    clickPlace(102);
    await waitFor(() => expect(isMine(102)).toBe(true));
    const [select] = posts(seen, '/hallPlace/select/');
    expect(select!.body.get('cypher')).toBe('c102');
    expect(select!.body.get('_csrf')).toBe('T1');
    expect(select!.query.get('sid')).toBe('S1');
    expect(basketStates).toEqual([
      { ticketCount: 1, basketPrice: 250000, cannotCreateOrder: false, cannotCreateOrderCause: '' },
    ]);
    expect(screen.getByText(/Добавлено в корзину: Партер, ряд 1, место 2\. В корзине 1 билет\./)).toBeTruthy();

    clickPlace(102);
    await waitFor(() => expect(look(102)).toBe('free'));
    expect(posts(seen, '/hallPlace/deselect/')[0]!.body.get('cypher')).toBe('c102');
    expect(events).toEqual(['+102', '-102']);
  });

  it('does not send the same seat code twice while the first call is on its way', async () => {
    let release!: () => void;
    const seen = serve(
      hallRoutes({
        'POST /hallPlace/select/': () => new Promise((resolve) => (release = () => resolve(ok()))),
      }),
    );
    const { clickPlace, isMine, colorOf, look } = await renderHall();
    clickPlace(101);
    clickPlace(101);
    clickPlace(101);
    await waitFor(() => expect(posts(seen, '/hallPlace/select/')).toHaveLength(1));
    release();
    await waitFor(() => expect(isMine(101)).toBe(true));
    expect(posts(seen, '/hallPlace/select/')).toHaveLength(1);
  });

  it('places absent from the map are not clickable', async () => {
    const seen = serve(hallRoutes());
    const { clickPlace, isMine, colorOf, look } = await renderHall({ config: config({ maxGiftCountPerTicket: 5 }) });
    clickPlace(201);
    await new Promise((r) => setTimeout(r, 20));
    expect(posts(seen, '/hallPlace/select/')).toHaveLength(0);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('does nothing on click when the hall allows neither reservation nor payment', async () => {
    const seen = serve(hallRoutes());
    const { clickPlace, isMine, colorOf, look, container } = await renderHall({
      config: config({ allowReserve: false, allowPay: false }),
    });
    expect(container.querySelector('.pt-hall--readonly')).not.toBeNull();
    clickPlace(101);
    await new Promise((r) => setTimeout(r, 20));
    expect(posts(seen, '/hallPlace/select/')).toHaveLength(0);
    expect(isMine(101)).toBe(false);
  });

  it('blocks a 9th seat with the basket limit message, without calling the server', async () => {
    const seen = serve(hallRoutes());
    const { clickPlace, isMine, colorOf, look } = await renderHall();
    for (const id of [101, 102, 103, 104, 105, 106, 107, 108]) {
      clickPlace(id);
      await waitFor(() => expect(isMine(id)).toBe(true));
    }
    clickPlace(109);
    expect((await screen.findByRole('alert')).textContent).toBe('За один заказ можно купить только 8 билетов');
    expect(posts(seen, '/hallPlace/select/')).toHaveLength(8);
    expect(isMine(109)).toBe(false);
  });

  it('closes an alert by itself after 4 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    serve(hallRoutes({ 'POST /hallPlace/select/': () => ({ result: 0, error: 622, message: 'Продажа остановлена' }) }));
    const { clickPlace, isMine, colorOf, look } = await renderHall();
    clickPlace(101);
    expect((await screen.findByRole('alert')).textContent).toBe('Продажа остановлена');
    act(() => {
      vi.advanceTimersByTime(3900);
    });
    expect(screen.queryByRole('alert')).not.toBeNull();
    act(() => {
      vi.advanceTimersByTime(200);
    });
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it('an error answer shows the server message and lets the seat be tried again', async () => {
    let fail = true;
    const seen = serve(
      hallRoutes({
        'POST /hallPlace/select/': () =>
          fail ? { result: 0, error: 622, message: 'Добавление новых билетов в корзину отключено' } : ok(),
      }),
    );
    const { clickPlace, isMine, colorOf, look } = await renderHall();
    clickPlace(104);
    expect((await screen.findByRole('alert')).textContent).toBe('Добавление новых билетов в корзину отключено');
    expect(isMine(104)).toBe(false);
    fail = false;
    clickPlace(104);
    await waitFor(() => expect(isMine(104)).toBe(true));
    expect(posts(seen, '/hallPlace/select/')).toHaveLength(2);
  });

  it('a server failure shows the spec message', async () => {
    serve(hallRoutes({ 'POST /hallPlace/select/': () => new Response('oops', { status: 502 }) }));
    const { clickPlace, isMine, colorOf, look } = await renderHall();
    clickPlace(101);
    expect((await screen.findByRole('alert')).textContent).toBe('Сервер вернул ошибку, попробуйте позже');
  });

  it('a failure without a message or code says the seat was not added', async () => {
    serve(hallRoutes({ 'POST /hallPlace/select/': () => ({ result: 0 }) }));
    const { clickPlace, isMine, colorOf, look } = await renderHall();
    clickPlace(101);
    expect((await screen.findByRole('alert')).textContent).toBe('Ошибка во время добавления в корзину');
  });

  it('code 623 offers Отмена / Очистить корзину; clearing resets with isBooking=1 and reloads', async () => {
    const reload = vi.fn();
    const seen = serve(
      hallRoutes({
        'POST /hallPlace/select/': () => ({ result: 0, error: 623, message: 'В корзине уже есть бронирование' }),
        'POST /shopcart/ResetExclude/': () => ok(),
      }),
    );
    const { clickPlace, isMine, colorOf, look } = await renderHall({ reload });
    clickPlace(101);
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('В корзине уже есть бронирование');
    expect(within(dialog).getByRole('button', { name: 'Отмена' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Очистить корзину' }));
    await waitFor(() => expect(reload).toHaveBeenCalledOnce());
    expect(posts(seen, '/shopcart/ResetExclude/')[0]!.body.get('isBooking')).toBe('1');
  });

  it('code 624 offers the same dialog: Отмена just closes it, clearing resets with isBooking=0', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const reload = vi.fn();
    const seen = serve(
      hallRoutes({
        'POST /hallPlace/select/': () => ({ result: 0, error: 624, message: 'Конфликт' }),
        'POST /shopcart/ResetExclude/': () => ok(),
      }),
    );
    const { clickPlace, isMine, colorOf, look } = await renderHall({ reload });
    clickPlace(101);
    const dialog = await screen.findByRole('alertdialog');
    // Unlike an alert, the dialog waits for a choice.
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    expect(screen.queryByRole('alertdialog')).not.toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(posts(seen, '/shopcart/ResetExclude/')).toHaveLength(0);

    clickPlace(101);
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Очистить корзину' }));
    await waitFor(() => expect(reload).toHaveBeenCalledOnce());
    expect(posts(seen, '/shopcart/ResetExclude/')[0]!.body.get('isBooking')).toBe('0');
  });

  it('code 440 shows the message and asks the host to log the buyer in, with a retry', async () => {
    let loggedIn = false;
    const seen = serve(
      hallRoutes({
        'POST /hallPlace/select/': () => (loggedIn ? ok() : { result: 0, error: 440, message: 'Войдите на сайт' }),
      }),
    );
    const { clickPlace, isMine, colorOf, look, container } = await renderHall();
    const asked = new Promise<CustomEvent>((resolve) =>
      container.firstElementChild!.addEventListener('login-required', (e) => resolve(e as CustomEvent)),
    );
    clickPlace(101);
    const event = await asked;
    expect(event.detail.code).toBe(440);
    expect((await screen.findByRole('alert')).textContent).toBe('Войдите на сайт');
    loggedIn = true;
    await act(() => event.detail.retry());
    expect(isMine(101)).toBe(true);
    expect(posts(seen, '/hallPlace/select/')).toHaveLength(2);
  });

  it('codes 212/216/631 ask the host for phone confirmation', async () => {
    serve(hallRoutes({ 'POST /hallPlace/select/': () => ({ result: 0, error: 631, message: 'Подтвердите телефон' }) }));
    const { clickPlace, isMine, colorOf, look, container } = await renderHall();
    const codes: number[] = [];
    container.firstElementChild!.addEventListener('phone-confirmation-required', (e) =>
      codes.push((e as CustomEvent).detail.code),
    );
    clickPlace(101);
    await waitFor(() => expect(codes).toEqual([631]));
  });
});

describe('HallView: pointer and zoom', () => {
  it('a tap on a touch screen opens the tooltip instead of adding straight away', async () => {
    const seen = serve(hallRoutes());
    const { clickPlace } = await renderHall();
    clickPlace(105, true);
    expect(await screen.findByRole('dialog', { name: 'Партер, ряд 1, место 5' })).toBeTruthy();
    expect(posts(seen, '/hallPlace/select/')).toHaveLength(0);
  });

  it('the end of a drag is not a click', async () => {
    const seen = serve(hallRoutes());
    const { viewport, placeAt } = await renderHall();
    const { x, y } = placeAt(105);
    fireEvent.pointerDown(viewport, { pointerType: 'mouse', clientX: x - 50, clientY: y - 30 });
    fireEvent.click(viewport, { clientX: x, clientY: y });
    await new Promise((r) => setTimeout(r, 20));
    expect(posts(seen, '/hallPlace/select/')).toHaveLength(0);
  });

  it('hovering a place with the mouse names it and its price', async () => {
    serve(hallRoutes());
    const { container, viewport, placeAt } = await renderHall();
    const { x, y } = placeAt(108);
    fireEvent.pointerMove(viewport, { pointerType: 'mouse', clientX: x, clientY: y });
    await waitFor(() =>
      expect(container.querySelector('.pt-hint')?.textContent).toBe(`Партер, ряд 2, место 2, 1${NBSP}500${NBSP}₽`),
    );
  });

  it('zooms with the buttons between 1 and the maximum for the hall', async () => {
    serve(hallRoutes());
    const { container } = await renderHall();
    const zoomIn = screen.getByRole('button', { name: 'Увеличить' });
    const zoomOut = screen.getByRole('button', { name: 'Уменьшить' });
    expect(zoomOut).toHaveProperty('disabled', true);
    fireEvent.click(zoomIn);
    await waitFor(() => expect(zoomOut).toHaveProperty('disabled', false));
    expect((container.querySelector('.pt-hall-canvas') as HTMLElement).style.transform).toContain('scale(1.49');
    for (let i = 0; i < 10; i++) {
      fireEvent.click(zoomIn);
      await new Promise((r) => setTimeout(r, 5));
    }
    // 400 × 300 is a small hall: the maximum is 10.
    await waitFor(() => expect(zoomIn).toHaveProperty('disabled', true));
    expect((container.querySelector('.pt-hall-canvas') as HTMLElement).style.transform).toContain('scale(10)');
  });
});

describe('HallView: seat tooltip', () => {
  it('opens on click when gifts are possible; adds and removes from it', async () => {
    const seen = serve(hallRoutes());
    const { clickPlace, isMine, colorOf, look } = await renderHall({ config: config({ maxGiftCountPerTicket: 5 }) });
    clickPlace(103);
    const tip = await screen.findByRole('dialog', { name: 'Партер, ряд 1, место 3' });
    expect(tip.textContent).toContain(`2${NBSP}500${NBSP}₽`);
    expect(posts(seen, '/hallPlace/select/')).toHaveLength(0);
    fireEvent.click(within(tip).getByRole('button', { name: 'Добавить в корзину' }));
    await within(tip).findByRole('button', { name: 'Удалить из корзины' });
    expect(isMine(103)).toBe(true);
    fireEvent.click(within(tip).getByRole('button', { name: 'Удалить из корзины' }));
    await within(tip).findByRole('button', { name: 'Добавить в корзину' });
    expect(posts(seen, '/hallPlace/deselect/')).toHaveLength(1);
    fireEvent.click(within(tip).getByRole('button', { name: 'Закрыть' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a place with several tariffs shows "от" the lowest price and sends the chosen tariff', async () => {
    const seen = serve(hallRoutes());
    const { clickPlace, isMine, colorOf, look } = await renderHall();
    clickPlace(112);
    const tip = await screen.findByRole('dialog', { name: 'Партер, ряд 2, место 6' });
    expect(tip.textContent).toContain(`от 1${NBSP}200${NBSP}₽`);
    expect(tip.textContent).toContain('Место у прохода');
    expect(within(tip).getByRole('group', { name: 'Выберите тариф:' })).toBeTruthy();
    fireEvent.click(within(tip).getByRole('radio', { name: /Студенческий/ }));
    fireEvent.click(within(tip).getByRole('button', { name: 'Добавить в корзину' }));
    await waitFor(() => expect(posts(seen, '/hallPlace/select/')).toHaveLength(1));
    expect(posts(seen, '/hallPlace/select/')[0]!.body.get('tax')).toBe('2');
  });
});

describe('HallView: entrance sections', () => {
  it('the counter stays between 1 and the basket limit; adding sends the count and the unit price', async () => {
    const seen = serve(hallRoutes());
    const { entranceEl } = await renderHall();
    fireEvent.click(entranceEl(30));
    const tip = await screen.findByRole('dialog', { name: 'Танцпол' });
    const fewer = within(tip).getByRole('button', { name: 'Меньше билетов' });
    const more = within(tip).getByRole('button', { name: 'Больше билетов' });
    const shown = () => within(tip).getByRole('status', { name: 'Количество билетов' }).textContent;
    expect(shown()).toBe('1');
    expect(fewer).toHaveProperty('disabled', true);
    for (let i = 0; i < 10; i++) fireEvent.click(more);
    expect(shown()).toBe('8');
    expect(more.getAttribute('aria-disabled')).toBe('true');
    expect((await screen.findByRole('alert')).textContent).toBe('За один заказ можно купить только 8 билетов');
    expect(tip.textContent).toContain(`Итого: 8${NBSP}000${NBSP}₽`);
    fireEvent.click(fewer);
    expect(shown()).toBe('7');

    fireEvent.click(within(tip).getByRole('button', { name: 'Добавить в корзину' }));
    await within(tip).findByText('В корзине: 7');
    const [add] = posts(seen, '/hallPlace/entranceTicketsAdd/');
    expect(Object.fromEntries(add!.body)).toMatchObject({
      count: '7',
      performanceId: '77',
      sectionId: '30',
      taxId: '3',
      ticketPrice: '1000',
    });
    expect(entranceEl(30).classList.contains('pt-sel')).toBe(true);
    expect(shown()).toBe('1');
  });

  it('the counter stops at the free tickets with "Закончились свободные билеты"', async () => {
    serve(hallRoutes());
    const { entranceEl } = await renderHall();
    fireEvent.click(entranceEl(50));
    const tip = await screen.findByRole('dialog', { name: 'Ложа у сцены' });
    const more = within(tip).getByRole('button', { name: 'Больше билетов' });
    fireEvent.click(more);
    fireEvent.click(more);
    expect(within(tip).getByRole('status', { name: 'Количество билетов' }).textContent).toBe('2');
    expect((await screen.findByRole('alert')).textContent).toBe('Закончились свободные билеты');
  });

  it('a section with no tickets left is disabled with the no-tickets tooltip', async () => {
    const seen = serve(hallRoutes());
    const { entranceEl } = await renderHall();
    fireEvent.click(entranceEl(40));
    const tip = await screen.findByRole('dialog', { name: 'Фан-зона' });
    expect(tip.textContent).toContain('Закончились свободные билеты');
    expect(within(tip).queryByRole('button', { name: 'Добавить в корзину' })).toBeNull();
    expect(posts(seen, '/hallPlace/entranceTicketsAdd/')).toHaveLength(0);
  });

  it('an entrance failure shows the spec fallback and resets the counter', async () => {
    serve(hallRoutes({ 'POST /hallPlace/entranceTicketsAdd/': () => ({ result: false }) }));
    const { entranceEl } = await renderHall();
    fireEvent.click(entranceEl(30));
    const tip = await screen.findByRole('dialog', { name: 'Танцпол' });
    fireEvent.click(within(tip).getByRole('button', { name: 'Больше билетов' }));
    fireEvent.click(within(tip).getByRole('button', { name: 'Добавить в корзину' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Ошибка при добавлении билета в корзину. Повторите попытку позже',
    );
    expect(within(tip).getByRole('status', { name: 'Количество билетов' }).textContent).toBe('1');
  });
});

describe('HallView: legend', () => {
  it('shows one badge per price with swatches; pressing one lights only its places', async () => {
    serve(hallRoutes());
    const { container } = await renderHall();
    const legend = screen.getByRole('list', { name: 'Цены' });
    const badges = within(legend).getAllByRole('button');
    expect(badges.map((b) => b.textContent)).toEqual([
      `1${NBSP}000${NBSP}₽`,
      `1${NBSP}500${NBSP}₽`,
      `2${NBSP}500${NBSP}₽`,
    ]);
    expect(badges[2]!.querySelectorAll('.pt-swatch')).toHaveLength(1);
    fireEvent.click(badges[2]!);
    expect(badges[2]!.getAttribute('aria-pressed')).toBe('true');
    const rule = container.querySelector('style')!.textContent!;
    expect(rule).toContain(':not([fill="#e53935"])');
    fireEvent.click(badges[2]!);
    expect(container.querySelector('style')).toBeNull();
  });

  it('labels the premium badge "Привилегии"', async () => {
    const map = hallMap({ anyPremiumTicketFound: { premium: 'true' } });
    map.places[0] = place(101, { privileged: 'vip' });
    serve(hallRoutes({ 'GET /hallview/map/77/': () => map }));
    const { look } = await renderHall();
    expect(screen.getByRole('button', { name: 'Привилегии' })).toBeTruthy();
    // The badge filters the plan to the privileged places: the others are dimmed.
    fireEvent.click(screen.getByRole('button', { name: 'Привилегии' }));
    await waitFor(() => expect(look(102)).toBe('dim'));
    expect(look(101)).toBe('free');
  });
});

describe('HallView: list alternative', () => {
  it('lists available places by section and row; the keyboard selects one', async () => {
    const seen = serve(hallRoutes());
    await renderHall();
    fireEvent.click(screen.getByRole('button', { name: 'Списком' }));
    const list = screen.getByRole('region', { name: 'Свободные места списком' });
    // Only places on sale are listed: Балкон has none.
    expect(within(list).queryByText(/Балкон/)).toBeNull();
    const row1 = within(list).getByRole('group', { name: 'Партер, ряд 1' });
    expect(within(row1).getAllByRole('button')).toHaveLength(6);

    const second = within(list).getByRole('button', { name: `Партер, ряд 1, место 2, 2${NBSP}500${NBSP}₽` });
    second.focus();
    fireEvent.keyDown(second, { key: 'ArrowRight' });
    const third = within(list).getByRole('button', { name: `Партер, ряд 1, место 3, 2${NBSP}500${NBSP}₽` });
    expect(document.activeElement).toBe(third);
    fireEvent.keyDown(third, { key: 'Enter' });
    await waitFor(() => expect(third.getAttribute('aria-pressed')).toBe('true'));
    expect(posts(seen, '/hallPlace/select/').map((r) => r.body.get('cypher'))).toEqual(['c103']);
    expect(screen.getByText(/Добавлено в корзину: Партер, ряд 1, место 3/)).toBeTruthy();

    fireEvent.keyDown(third, { key: ' ' });
    await waitFor(() => expect(third.getAttribute('aria-pressed')).toBe('false'));
    expect(posts(seen, '/hallPlace/deselect/')).toHaveLength(1);
  });

  it('lists entrance sections, which open their counter', async () => {
    serve(hallRoutes());
    await renderHall();
    fireEvent.click(screen.getByRole('button', { name: 'Списком' }));
    const opener = screen.getByRole('button', { name: /^Танцпол, входной билет/ });
    fireEvent.click(opener);
    const tip = await screen.findByRole('dialog', { name: 'Танцпол' });
    expect(document.activeElement).toBe(tip);
    fireEvent.keyDown(tip, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });
});

describe('mountHallView', () => {
  it('mounts into an element, dispatches its signals there, and unmounts', async () => {
    serve(hallRoutes());
    const host = document.createElement('div');
    document.body.append(host);
    const selected: number[] = [];
    host.addEventListener('ticket-selected', (e) => selected.push((e as CustomEvent).detail.placeId));
    const unmount = mountHallView(host, { config: config(), http });
    await waitFor(() => expect(host.querySelector('.pt-hall-viewport')).toHaveProperty('ptPlan'));
    expect(document.head.querySelector('style[data-pt-seat-map-css]')).not.toBeNull();
    planProbe(host).clickPlace(101);
    await waitFor(() => expect(selected).toEqual([101]));
    act(() => unmount());
    expect(host.childElementCount).toBe(0);
    host.remove();
  });
});
