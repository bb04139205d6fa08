/** The seat map widget as a buyer meets it: rendered, and its places clicked through the plan's own hit-testing. */
import { HallView, type HallViewProps, type PlanProbe } from '@partera/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { config } from './hall.js';
import { http } from './server.js';

export async function renderHall(props: Partial<HallViewProps> = {}) {
  const view = render(<HallView config={config()} http={http} {...props} />);
  await screen.findByRole('button', { name: 'Увеличить' });
  const svg = view.container.querySelector('svg')!;
  const entranceEl = (id: number) => svg.querySelector(`.entrance-section[data-section-id="${id}"]`)!;
  return { ...view, svg, entranceEl, ...planProbe(view.container) };
}

/**
 * The places are drawn on a canvas (decision 0025): the plan's probe says where each is and how
 * it is drawn, and a click at its point goes through the plan's own hit-testing.
 */
export function planProbe(container: HTMLElement) {
  const viewport = container.querySelector<HTMLElement>('.pt-hall-viewport')!;
  const probe = () => (viewport as HTMLElement & { ptPlan: PlanProbe }).ptPlan;
  const at = (id: number) => {
    const p = probe().place(id);
    if (!p) throw new Error(`place ${id} is not on the plan`);
    return p;
  };
  return {
    viewport,
    placeAt: at,
    look: (id: number) => at(id).look,
    colorOf: (id: number) => at(id).color,
    isMine: (id: number) => at(id).look === 'mine',
    clickPlace: (id: number, touch = false) => {
      const { x, y } = at(id);
      if (touch) fireEvent.pointerDown(viewport, { pointerType: 'touch', clientX: x, clientY: y });
      fireEvent.click(viewport, { clientX: x, clientY: y });
    },
  };
}
