/** Seats sold together (spec 4.1, 7.2) and the basket's highlight of a set being deleted (2.3). */
import { Basket, deselectPlace, hallPicks, selectPlace } from '@partera/core';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { hallMap, hallRoutes, ok, place } from './support/hall.js';
import { hallContext, resetHallTests } from './support/hall-context.js';
import { basketState, http, type Seen, seatTicket, serve } from './support/server.js';

const call = (seen: Seen[], path: string) => seen.filter((r) => r.path.startsWith(path));
const placesOf = (r: Seen) => JSON.parse(r.body.get('places')!);

resetHallTests();

describe('a group (group-id > 0)', () => {
  const groupHall = () => {
    const map = hallMap();
    for (const id of [103, 104, 105]) map.places[id - 101] = place(id, { group: 7 });
    return hallContext({ map });
  };

  it('is held with /hallPlace/selectGroup/{session} naming every member, and all become the buyer’s', async () => {
    const seen = serve(hallRoutes({ 'POST /hallPlace/selectGroup/S1': () => ok({ ticketCount: 3 }) }));
    const ctx = groupHall();
    expect(await selectPlace(ctx, 104)).toBe(true);
    const [group] = call(seen, '/hallPlace/selectGroup/');
    expect(placesOf(group!)).toEqual([{ cypher: 'c104' }, { cypher: 'c103' }, { cypher: 'c105' }]);
    expect(call(seen, '/hallPlace/select/')).toHaveLength(0);
    expect(Object.keys(ctx.state.selected).sort()).toEqual(['103', '104', '105']);
    expect(ctx.state.ticketCount).toBe(3);
  });

  it('is released with /hallPlace/deselectGroup/{session}, whichever member is taken out', async () => {
    const seen = serve(
      hallRoutes({
        'POST /hallPlace/selectGroup/S1': () => ok(),
        'POST /hallPlace/deselectGroup/S1': () => ok({ ticketCount: 0 }),
      }),
    );
    const ctx = groupHall();
    await selectPlace(ctx, 103);
    expect(await deselectPlace(ctx, 105)).toBe(true);
    expect(placesOf(call(seen, '/hallPlace/deselectGroup/')[0]!)).toEqual([
      { cypher: 'c105' },
      { cypher: 'c103' },
      { cypher: 'c104' },
    ]);
    expect(ctx.state.selected).toEqual({});
  });

  it('counts every member against the basket limit before any call', async () => {
    const seen = serve(hallRoutes());
    const ctx = groupHall();
    for (const id of [101, 102, 106, 107, 108, 109]) ctx.state.selected[id] = true;
    expect(await selectPlace(ctx, 103)).toBe(false);
    expect(ctx.state.alert?.message).toBe('За один заказ можно купить только 8 билетов');
    expect(call(seen, '/hallPlace/')).toHaveLength(0);
  });

  it('a refused group holds nothing and can be tried again', async () => {
    let answer: object = { result: 0, error: 0, message: 'Место уже занято' };
    const seen = serve(hallRoutes({ 'POST /hallPlace/selectGroup/S1': () => answer }));
    const ctx = groupHall();
    expect(await selectPlace(ctx, 103)).toBe(false);
    expect(ctx.state.alert?.message).toBe('Место уже занято');
    expect(ctx.state.selected).toEqual({});
    answer = ok();
    expect(await selectPlace(ctx, 103)).toBe(true);
    expect(call(seen, '/hallPlace/selectGroup/')).toHaveLength(2);
  });
});

describe('an exclusive pair', () => {
  it('is held in one call, the counterpart in the exclusive form with the performance as baseObjId', async () => {
    const seen = serve(hallRoutes({ 'POST /hallPlace/selectGroup/S1': () => ok() }));
    const ctx = hallContext({ pairs: [[101, 102]] });
    await selectPlace(ctx, 102);
    expect(placesOf(call(seen, '/hallPlace/selectGroup/')[0]!)).toEqual([
      { cypher: 'c102' },
      { cypher: 'c101', exclisivePlace: true, baseObjId: 77 },
    ]);
    expect(Object.keys(ctx.state.selected).sort()).toEqual(['101', '102']);
    // The seat codes of both are not sent again while held.
    expect(await selectPlace(ctx, 101)).toBe(false);
    expect(call(seen, '/hallPlace/')).toHaveLength(1);
  });
});

describe('a set the map does not describe', () => {
  it('is learnt from ticketHashList (the whole basket) and leaves the basket whole', async () => {
    const seen = serve(
      hallRoutes({
        // The basket already held 105 and a seat of another performance (code 9999).
        'POST /hallPlace/select/': () => ok({ ticketHashList: { 101: 'c101', 102: 'c102', 105: 'c105', 777: '9999' } }),
      }),
    );
    const map = hallMap();
    map.places[4] = place(105, { state: 1 });
    const ctx = hallContext({ map });
    await selectPlace(ctx, 101);
    expect(Object.keys(ctx.state.selected).sort()).toEqual(['101', '102', '105']);
    expect(hallPicks(ctx.state).sets[102]).toEqual([101, 102]);
    expect(hallPicks(ctx.state).sets[105]).toBeUndefined();
    await deselectPlace(ctx, 102);
    expect(Object.keys(ctx.state.selected)).toEqual(['105']);
    expect(call(seen, '/hallPlace/deselect/').map((r) => r.body.get('cypher'))).toEqual(['c102']);
    expect(hallPicks(ctx.state).sets).toEqual({});
  });

  it('a deselect’s answer says which held places left with the one sent', async () => {
    serve(hallRoutes({ 'POST /hallPlace/deselect/': () => ok({ ticketCount: 1, ticketHashList: { 105: 'c105' } }) }));
    const map = hallMap();
    for (const id of [101, 102, 105]) map.places[id - 101] = place(id, { state: 1 });
    const ctx = hallContext({ map });
    await deselectPlace(ctx, 101);
    expect(Object.keys(ctx.state.selected)).toEqual(['105']);
    expect(ctx.state.pending).toEqual({ c105: true });
  });
});

describe('the basket: deleting a ticket of a set (2.3)', () => {
  const pair = [
    seatTicket({ cypher: '9001', place: '12', setKey: 'pair:9001' }),
    seatTicket({ cypher: '9002', place: '13', setKey: 'pair:9001' }),
    seatTicket({ cypher: '9003', place: '20' }),
  ];
  const line = (place: string) => screen.getByText(`Ряд 5, Место ${place}`).closest('li')!;

  it('highlights the whole set while asking "Вы действительно хотите удалить этот билет?"', async () => {
    serve({});
    const nav = { go: vi.fn(), reload: vi.fn() };
    render(<Basket http={http} initialState={basketState(pair)} navigation={nav} />);
    fireEvent.click(within(line('13')).getByRole('button', { name: /Удалить билет/ }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog.textContent).toContain('Вы действительно хотите удалить этот билет?');
    expect(line('12').classList.contains('pt-ticket--set')).toBe(true);
    expect(line('13').classList.contains('pt-ticket--set')).toBe(true);
    expect(line('20').classList.contains('pt-ticket--set')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    expect(line('12').classList.contains('pt-ticket--set')).toBe(false);
  });

  it('a ticket of no set is highlighted alone, and deleting it goes on after the confirmation', async () => {
    const seen = serve({
      'POST /hallPlace/deselect/': () => ({ result: 1, error: 0, areInBasketMoreTicketsLeft: true }),
      'GET /shopcart/state/': () => basketState(pair.slice(0, 2)),
    });
    render(<Basket http={http} initialState={basketState(pair)} navigation={{ go: vi.fn(), reload: vi.fn() }} />);
    fireEvent.click(within(line('20')).getByRole('button', { name: /Удалить билет/ }));
    expect(line('20').classList.contains('pt-ticket--set')).toBe(true);
    expect(line('12').classList.contains('pt-ticket--set')).toBe(false);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Удалить' })));
    expect(seen.map((r) => r.body.get('cypher'))[0]).toBe('9003');
    expect(screen.queryByText('Ряд 5, Место 20')).toBeNull();
  });
});
