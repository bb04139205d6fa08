/**
 * Nothing but the plan between the map's arrival and the buyer's first click (decision 0044):
 * the folded tools ('Секторы', 'Лучшие места') draw their contents, the section list's reading
 * of every place included, from the first time they are opened, and keep them.
 */
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hallRoutes } from './support/hall.js';
import { renderHall } from './support/hall-view.js';
import { serve } from './support/server.js';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** Opens a folded tool as a click on its summary does (the browser fires 'toggle' after). */
function open(summary: string): HTMLDetailsElement {
  const details = screen.getByText(summary, { selector: 'summary' }).closest('details')!;
  details.open = true;
  fireEvent(details, new Event('toggle'));
  return details;
}

describe("the seat map's folded tools", () => {
  it('are drawn once first opened, after the flow is there, and stay', async () => {
    serve(hallRoutes());
    const { clickPlace, isMine } = await renderHall();
    // A seat taken: the flow (and the tools' file with the section list) is there.
    clickPlace(101);
    await waitFor(() => expect(isMine(101)).toBe(true));
    expect(screen.queryByRole('navigation', { name: 'Секторы' })).toBeNull();
    expect(screen.queryByRole('form', { name: 'Лучшие места' })).toBeNull();

    const sections = open('Секторы');
    const list = await screen.findByRole('navigation', { name: 'Секторы' });
    expect(list.textContent).toContain('Весь зал');
    open('Лучшие места');
    expect(await screen.findByRole('form', { name: 'Лучшие места' })).toBeTruthy();

    sections.open = false;
    fireEvent(sections, new Event('toggle'));
    expect(screen.getByRole('navigation', { name: 'Секторы', hidden: true })).toBe(list);
  });
});
