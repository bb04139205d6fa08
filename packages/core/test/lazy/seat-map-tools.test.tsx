/**
 * The seat map's tools file (tooltips, lists, alerts: decision 0028) comes after the plan, with
 * its part of the stylesheet. When it cannot be fetched the buyer is told, the plan stays usable,
 * and the next tool asked for tries again. In a folder of its own: it replaces a source module,
 * so it runs on the sources only (the build projects run the top-level tests on the built files).
 * One story, since a page fetches the tools once.
 */
import { mountHallView } from '@partera/core';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import { config, hallMap, hallRoutes } from '../support/hall.js';
import { http, serve } from '../support/server.js';

const network = vi.hoisted(() => ({ down: true, asked: 0 }));

vi.mock('../../src/seat-map/tools.js', async (importOriginal) => {
  network.asked++;
  if (network.down) throw new TypeError('Failed to fetch dynamically imported module');
  return importOriginal();
});

const sheet = (part: string) => document.head.querySelector(`style[data-pt-seat-map-css="${part}"]`);

it('mounted by script, draws and styles the plan first, then asks for its tools, and asks again after a failure', async () => {
  let answer: (map: unknown) => void = () => {};
  const seen = serve(hallRoutes({ 'GET /hallview/map/77/': () => new Promise((resolve) => (answer = resolve)) }));
  const host = document.createElement('div');
  document.body.append(host);
  const unmount = mountHallView(host, { config: config(), http });
  expect(sheet('plan')?.textContent).toContain('.pt-hall-viewport{');

  // Not while the map is on its way: the tools' bytes do not hold up the plan.
  await waitFor(() => expect(seen.some((r) => r.path === '/hallview/map/77/')).toBe(true));
  expect(network.asked).toBe(0);
  answer(hallMap());
  await screen.findByRole('button', { name: 'Увеличить' });

  // The file cannot be fetched: the buyer is told, and the plan stays.
  const notice = await screen.findByRole('alert');
  expect(notice.textContent).toBe('Возникла ошибка при загрузке схемы зала. Попробуйте позже.');
  expect(network.asked).toBe(1);
  expect(sheet('tools')).toBeNull();
  expect(screen.getByRole('button', { name: 'Увеличить' })).toBeTruthy();

  // The next tool the buyer opens fetches it again, with its rules and the widgets' common look.
  network.down = false;
  fireEvent.click(screen.getByRole('button', { name: 'Списком' }));
  await screen.findByRole('button', { name: /^Танцпол, входной билет/ });
  await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  expect(network.asked).toBe(2);
  expect(sheet('tools')?.textContent).toContain('.pt-tip{');
  expect(document.head.querySelector('style[data-pt-style="ui"]')).not.toBeNull();

  act(() => unmount());
  host.remove();
});
