/** The list view of sections (spec 2.1 isOnlySections, 3.8, 7.3, 8.2). */
import { SectionListView } from '@partera/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { hallMap, hallRoutes, ok } from './support/hall.js';
import { hallContext, renderInHall, resetHallTests } from './support/hall-context.js';
import { type Seen, serve } from './support/server.js';

const NBSP = '\u00a0';
const posts = (seen: Seen[], path: string) => seen.filter((r) => r.method === 'POST' && r.path === path);

/** A hall with no plan at all: only its sections, one of them with 150 free places. */
function listHall() {
  const map = hallMap({ places: [] });
  map.sections[0] = { ...map.sections[0]!, placeCount: 150 };
  return hallContext({ map, config: { isOnlySections: true } });
}

function renderList(ctx = listHall()) {
  renderInHall(ctx, <SectionListView ctx={ctx} />);
  return { ctx, list: screen.getByRole('region', { name: 'Билеты по секторам' }) };
}

const routes = (over = {}) =>
  hallRoutes({
    'POST /hallPlace/futureTicketAdd/': () => ok(),
    'POST /hallPlace/futureTicketRemove/': () => ok({ ticketCount: 0 }),
    ...over,
  });

resetHallTests();

describe('the list view', () => {
  it('lists every section with its price and free count, above 100 as "100+"', () => {
    serve(routes());
    const { list } = renderList();
    const lines = within(list).getAllByRole('listitem');
    expect(lines.map((l) => l.querySelector('.pt-section-name')!.textContent)).toEqual([
      'Партер',
      'Балкон',
      'Танцпол',
      'Фан-зона',
      'Ложа у сцены',
    ]);
    expect(lines[0]!.textContent).toContain(`2${NBSP}500${NBSP}₽`);
    expect(lines[0]!.textContent).toContain('свободно: 100+');
    expect(lines[2]!.textContent).toContain('свободно: 20');
  });

  it('a section with seats takes tickets without a seat through futureTicketAdd/Remove', async () => {
    const seen = serve(routes());
    const { list } = renderList();
    const parter = within(list).getByRole('group', { name: `Партер, 2${NBSP}500${NBSP}₽` });
    fireEvent.click(within(parter).getByRole('button', { name: 'Больше билетов: Партер' }));
    await waitFor(() => expect(within(parter).getByRole('status').textContent).toBe('1'));
    expect(Object.fromEntries(posts(seen, '/hallPlace/futureTicketAdd/')[0]!.body)).toMatchObject({
      count: '1',
      performanceId: '77',
      sectionId: '10',
      taxId: '1',
      ticketPrice: '2500',
      sectionName: 'Партер',
      fundId: '1',
    });
    fireEvent.click(within(parter).getByRole('button', { name: 'Меньше билетов: Партер' }));
    await waitFor(() => expect(within(parter).getByRole('status').textContent).toBe('0'));
    expect(Object.fromEntries(posts(seen, '/hallPlace/futureTicketRemove/')[0]!.body)).toMatchObject({
      performanceId: '77',
      sectionId: '10',
      ticketPrice: '2500',
    });
    expect(posts(seen, '/hallPlace/entranceTicketsAdd/')).toHaveLength(0);
  });

  it('an entrance section takes entrance tickets, and its free count goes down', async () => {
    const seen = serve(routes());
    const { list } = renderList();
    const dance = within(list).getByRole('group', { name: `Танцпол, 1${NBSP}000${NBSP}₽` });
    fireEvent.click(within(dance).getByRole('button', { name: 'Больше билетов: Танцпол' }));
    await waitFor(() => expect(within(dance).getByRole('status').textContent).toBe('1'));
    expect(posts(seen, '/hallPlace/entranceTicketsAdd/')[0]!.body.get('sectionName')).toBe('Танцпол');
    expect(dance.closest('li')!.textContent).toContain('свободно: 19');
  });

  it('a refused change shows the server message in a popup', async () => {
    serve(routes({ 'POST /hallPlace/futureTicketAdd/': () => ({ result: false, message: 'Сектор закрыт' }) }));
    const { list } = renderList();
    fireEvent.click(within(list).getByRole('button', { name: 'Больше билетов: Партер' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Сектор закрыт');
  });

  it('stops at the basket limit and at the free tickets without a call', async () => {
    const seen = serve(routes());
    const ctx = listHall();
    const { list } = renderList(ctx);
    const box = within(list).getByRole('button', { name: 'Больше билетов: Ложа у сцены' });
    for (let i = 0; i < 3; i++) {
      fireEvent.click(box);
      await waitFor(() => expect(ctx.state.busy['s:50']).toBeUndefined());
    }
    expect((await screen.findByRole('alert')).textContent).toBe('Закончились свободные билеты');
    expect(posts(seen, '/hallPlace/entranceTicketsAdd/')).toHaveLength(2);
    expect(box.getAttribute('aria-disabled')).toBe('true');
    // Sold out: the minus still works, the plus says why it does not.
    expect(within(list).getByRole('button', { name: 'Меньше билетов: Ложа у сцены' })).toHaveProperty(
      'disabled',
      false,
    );
  });

  it('takes nothing when the hall allows neither reservation nor payment', () => {
    serve(routes());
    const map = hallMap({ places: [] });
    const ctx = hallContext({ map, config: { allowReserve: false, allowPay: false } });
    const { list } = renderList(ctx);
    expect(within(list).getByRole('button', { name: 'Больше билетов: Партер' })).toHaveProperty('disabled', true);
  });
});
