/**
 * The hall's click flow comes with the seat map's tools, after the plan (decision 0033): the plan
 * answers at once, and a click made before the flow is there is done when it arrives. Replaces a
 * source module, so it runs on the sources only (as seat-map-tools.test.tsx).
 */
import { HallView } from '@partera/core';
import { render, screen, waitFor } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import { config, hallRoutes } from '../support/hall.js';
import { planProbe } from '../support/hall-view.js';
import { http, serve } from '../support/server.js';

const gate = vi.hoisted(() => {
  let open: () => void = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open: () => open(), asked: 0 };
});

vi.mock('../../src/seat-map/tools.js', async (importOriginal) => {
  gate.asked++;
  await gate.opened;
  return importOriginal();
});

it('a seat clicked before the flow has arrived is taken once it has', async () => {
  const seen = serve(hallRoutes());
  const view = render(<HallView config={config()} http={http} />);
  await screen.findByRole('button', { name: 'Увеличить' });
  const { viewport, clickPlace, isMine } = planProbe(view.container);
  // The plan answers before its tools: the probe is on, the tools are asked for and not there.
  await waitFor(() => expect((viewport as HTMLElement & { ptPlan?: unknown }).ptPlan).toBeDefined());
  await waitFor(() => expect(gate.asked).toBe(1));
  clickPlace(105);
  await new Promise((r) => setTimeout(r, 20));
  expect(seen.filter((r) => r.path === '/hallPlace/select/')).toHaveLength(0);

  gate.open();
  await waitFor(() => expect(seen.filter((r) => r.path === '/hallPlace/select/')).toHaveLength(1));
  await waitFor(() => expect(isMine(105)).toBe(true));
});
