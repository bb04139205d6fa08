/**
 * The basket's sets (spec 2.3): pointing at the delete of a line of a group or an exclusive pair
 * (hover or keyboard focus) highlights every line of the set (the server's setKey), and the
 * confirmation says which tickets leave with it; a single ticket is highlighted and asked about alone.
 */
import { Basket } from '@partera/core';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { basketState, http, seatTicket, serve } from './support/server.js';

const tickets = [
  seatTicket({ cypher: '9001', row: '1', place: '4', setKey: 'g1.7' }),
  seatTicket({ cypher: '9002', row: '1', place: '5', setKey: 'g1.7' }),
  seatTicket({ cypher: '9003', row: '1', place: '6', setKey: 'g1.7' }),
  seatTicket({ cypher: '9004', row: '2', place: '9', setKey: 'p31' }),
  seatTicket({ cypher: '9005', row: '2', place: '10', setKey: 'p31' }),
  seatTicket({ cypher: '9006', row: '3', place: '1' }),
  // Another performance's sofa with the same key is another set.
  seatTicket({ cypher: '9007', row: '1', place: '4', setKey: 'g1.7', performanceId: 8, showName: 'Жизель' }),
];

const line = (cypherPlace: string, row: string, show = 'Щелкунчик') =>
  within(screen.getByRole('article', { name: show }))
    .getByText(`Ряд ${row}, Место ${cypherPlace}`)
    .closest('li')!;
const deleteOf = (place: string, row: string, show?: string) =>
  within(line(place, row, show)).getByRole('button', { name: /Удалить билет/ });
const lit = () =>
  [...document.querySelectorAll('.pt-ticket--set')].map((li) => li.querySelector('.pt-ticket__place')?.textContent);

function renderBasket() {
  serve({});
  render(<Basket http={http} initialState={basketState(tickets)} navigation={{ go: vi.fn(), reload: vi.fn() }} />);
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the basket: the set a delete takes out', () => {
  it('highlights a group’s lines while the pointer is on one of their deletes, and no more when it leaves', () => {
    renderBasket();
    expect(lit()).toEqual([]);
    fireEvent.mouseEnter(deleteOf('5', '1'));
    expect(lit()).toEqual(['Ряд 1, Место 4', 'Ряд 1, Место 5', 'Ряд 1, Место 6']);
    fireEvent.mouseLeave(deleteOf('5', '1'));
    expect(lit()).toEqual([]);
  });

  it('highlights a pair while the keyboard focus is on one of its deletes; a single seat alone', () => {
    renderBasket();
    fireEvent.focus(deleteOf('10', '2'));
    expect(lit()).toEqual(['Ряд 2, Место 9', 'Ряд 2, Место 10']);
    fireEvent.blur(deleteOf('10', '2'));
    fireEvent.focus(deleteOf('1', '3'));
    expect(lit()).toEqual(['Ряд 3, Место 1']);
  });

  it('asks with the spec’s question and names the tickets that leave with the one deleted', () => {
    renderBasket();
    fireEvent.click(deleteOf('6', '1'));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog.textContent).toContain(
      'Вы действительно хотите удалить этот билет? Места продаются только вместе: из корзины будут удалены 3 билета — Ряд 1, Место 4; Ряд 1, Место 5; Ряд 1, Место 6.',
    );
    // The other performance's line with the same key stays out of it.
    expect(line('4', '1', 'Жизель').classList.contains('pt-ticket--set')).toBe(false);
    expect(lit()).toEqual(['Ряд 1, Место 4', 'Ряд 1, Место 5', 'Ряд 1, Место 6']);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('asks only the spec’s question for a ticket sold alone', () => {
    renderBasket();
    fireEvent.click(deleteOf('1', '3'));
    expect(screen.getByRole('alertdialog').textContent).toContain('Вы действительно хотите удалить этот билет?');
    expect(screen.getByRole('alertdialog').textContent).not.toContain('только вместе');
  });
});
