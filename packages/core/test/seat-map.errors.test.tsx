/** The codes and messages of 8.1 and 8.2 on the new selection calls. */
import { addSectionTickets, HallView, placeInfo, selectPlace, setPlaceGifts, takeBestAvailable } from '@partera/core';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { config, hallMap, hallRoutes, ok, place } from './support/hall.js';
import { HallFrame, hallContext, resetHallTests } from './support/hall-context.js';
import { http, type Seen, serve } from './support/server.js';

resetHallTests();

function framed(ctx = hallContext()) {
  const events = document.createElement('div');
  ctx.events = events;
  render(<HallFrame ctx={ctx}>{null}</HallFrame>);
  return { ctx, events };
}

describe('8.1 codes on the new calls', () => {
  it('623 on a group offers to clear the basket except bookings', async () => {
    const map = hallMap();
    for (const id of [103, 104]) map.places[id - 101] = place(id, { group: 3 });
    serve(hallRoutes({ 'POST /hallPlace/selectGroup/S1': () => ({ result: 0, error: 623, message: 'Бронь' }) }));
    const { ctx } = framed(hallContext({ map }));
    await selectPlace(ctx, 103);
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Бронь');
    expect(within(dialog).getByRole('button', { name: 'Очистить корзину' })).toBeTruthy();
    expect(ctx.state.alert).toMatchObject({ kind: 'dialog', resetIsBooking: 1 });
  });

  it('440 on a gift asks the host to log in, and its retry sends the gift again', async () => {
    let loggedIn = false;
    const seen = serve(
      hallRoutes({
        'POST /hallPlace/selectGifts/': () => (loggedIn ? ok() : { result: 0, error: 440, message: 'Войдите' }),
      }),
    );
    const map = hallMap();
    map.places[0] = place(101, { state: 1, hasgifts: true, availableGifts: 2 });
    const { ctx, events } = framed(hallContext({ map, config: { maxGiftCountPerTicket: 2 } }));
    const asked = new Promise<CustomEvent>((resolve) =>
      events.addEventListener('login-required', (e) => resolve(e as CustomEvent)),
    );
    expect(await setPlaceGifts(ctx, 101, 1)).toBe(false);
    const event = await asked;
    expect(event.detail.code).toBe(440);
    loggedIn = true;
    await event.detail.retry();
    expect(seen.filter((r: Seen) => r.path === '/hallPlace/selectGifts/')).toHaveLength(2);
  });

  it('212/216/631 on best available ask for phone confirmation', async () => {
    serve(hallRoutes({ 'POST /hallPlace/selectBest/': () => ({ result: 0, error: 216, message: 'Телефон' }) }));
    const { ctx, events } = framed();
    const codes: number[] = [];
    events.addEventListener('phone-confirmation-required', (e) => codes.push((e as CustomEvent).detail.code));
    await takeBestAvailable(ctx, { count: 2 });
    expect(codes).toEqual([216]);
  });
});

describe('8.2 messages', () => {
  it('a network failure on a list-view call: "Сервер вернул ошибку, попробуйте позже"', async () => {
    serve(hallRoutes({ 'POST /hallPlace/futureTicketAdd/': () => new Error('offline') }));
    const { ctx } = framed();
    await addSectionTickets(ctx, ctx.data.sections.get(10)!, 1);
    expect((await screen.findByRole('alert')).textContent).toBe('Сервер вернул ошибку, попробуйте позже');
  });

  it('a place the map does not know: "Возникла ошибка при загрузки информации по данному месту."', async () => {
    const { ctx } = framed();
    expect(placeInfo(ctx, 999)).toBeNull();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Возникла ошибка при загрузки информации по данному месту.',
    );
    expect(placeInfo(ctx, 101)?.id).toBe(101);
  });

  it('alerts close by themselves after 4 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    serve(hallRoutes({ 'POST /hallPlace/futureTicketAdd/': () => ({ result: false, message: 'Нет' }) }));
    const { ctx } = framed();
    await addSectionTickets(ctx, ctx.data.sections.get(10)!, 1);
    await screen.findByRole('alert');
    vi.advanceTimersByTime(4100);
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    vi.useRealTimers();
  });

  it('the 623 dialog’s Отмена closes it and the seat can be tried again', async () => {
    serve(hallRoutes({ 'POST /hallPlace/select/': () => ({ result: 0, error: 624, message: 'Конфликт' }) }));
    const { ctx } = framed();
    await selectPlace(ctx, 101);
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Отмена' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(ctx.state.pending.c101).toBeUndefined();
  });
});

describe('8.2 the hall map’s two load messages', () => {
  const PHONE = '+7 495 123-45-67';
  const LATER = 'Возникла ошибка при загрузке схемы зала. Попробуйте позже.';
  const INSIDE = `Произошла внутренняя ошибка при загрузке схемы зала. Обратитесь в Службу поддержки ${PHONE}`;
  const loadMessage = async (routes: Parameters<typeof hallRoutes>[0], props: { supportPhone?: string } = {}) => {
    serve(hallRoutes(routes));
    render(<HallView config={config()} http={http} {...props} />);
    return (await screen.findByRole('alert')).textContent;
  };

  it('a failure on the way (no answer, a server error, the map’s own refusal) asks to try later', async () => {
    const offline = { 'GET /hallview/map/77/': () => new TypeError('Failed to fetch') };
    expect(await loadMessage(offline, { supportPhone: PHONE })).toBe(LATER);
  });

  it('a server error status asks to try later, even with the support phone known', async () => {
    const failing = { 'GET /hallview/map/77/': () => new Response('boom', { status: 503 }) };
    expect(await loadMessage(failing, { supportPhone: PHONE })).toBe(LATER);
  });

  it('a map answer the widget cannot read names the support phone', async () => {
    const unreadable = { 'GET /hallview/map/77/': () => ({ places: 'none', legend: 7 }) };
    expect(await loadMessage(unreadable, { supportPhone: PHONE })).toBe(INSIDE);
  });

  it('a page configuration without what 5.3 requires (svgUrl) names the support phone, and nothing is loaded', async () => {
    const seen = serve(hallRoutes());
    const { svgUrl: _, ...withoutSvg } = config();
    render(<HallView config={withoutSvg as ReturnType<typeof config>} http={http} supportPhone={PHONE} />);
    expect((await screen.findByRole('alert')).textContent).toBe(INSIDE);
    expect(seen).toEqual([]);
  });

  it('without the support phone, the map it cannot read asks to try later', async () => {
    const unreadable = { 'GET /hallview/map/77/': () => ({ places: 'none', legend: 7 }) };
    expect(await loadMessage(unreadable)).toBe(LATER);
  });
});
