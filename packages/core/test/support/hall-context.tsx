/**
 * A hall context over the small test hall (support/hall.ts) and the real HallApi, whose calls go
 * to the fake server of support/server.ts; and a frame that shows what the hall page around a
 * widget shows: its alerts and its live region.
 */
import type { HallMapData, HallPageConfig } from '@partera/contract';
import {
  applyMap,
  createHallState,
  HallAlertBox,
  HallApi,
  type HallContext,
  hallSettings,
  indexHallData,
} from '@partera/core';
import { act, cleanup, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { useSnapshot } from 'valtio/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { config as hallConfig, hallMap, resetTicketCount } from './hall.js';
import { http } from './server.js';

export function hallContext(
  over: { map?: HallMapData; config?: Partial<HallPageConfig>; search?: string; pairs?: [number, number][] } = {},
): HallContext {
  const map = over.map ?? hallMap();
  const config = hallConfig(over.config);
  const data = indexHallData(map);
  const state = createHallState();
  applyMap(state, data, map, config.performanceId, config.tickets);
  const pairs = new Map<number, number>();
  for (const [a, b] of over.pairs ?? []) {
    pairs.set(a, b);
    pairs.set(b, a);
  }
  return {
    state,
    data: over.pairs ? { ...data, pairs } : data,
    api: new HallApi(http),
    events: null,
    ...hallSettings(config, over.search),
  };
}

/** The widget under test with the hall page's alert box and aria-live region around it. */
export function HallFrame({ ctx, children }: { ctx: HallContext; children: ReactNode }) {
  const snap = useSnapshot(ctx.state);
  return (
    <div className="pt-hall">
      {children}
      <HallAlertBox state={ctx.state} ctx={ctx} />
      <div data-testid="announcement" aria-live="polite">
        {snap.announcement}
      </div>
    </div>
  );
}

/**
 * Picks an option of a select as a browser does (the value, then a bubbling change event).
 * Testing Library for preact's fireEvent.change does not reach a select's handler.
 */
export async function choose(select: HTMLElement, value: string): Promise<void> {
  await act(async () => {
    (select as HTMLSelectElement).value = value;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

/** Each test counts the basket from zero and leaves no widget, stub or fake clock behind. */
export function resetHallTests(): void {
  beforeEach(() => resetTicketCount());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });
}

/** Renders `node` inside the hall frame of `ctx`. */
export function renderInHall(ctx: HallContext, node: ReactNode) {
  return render(<HallFrame ctx={ctx}>{node}</HallFrame>);
}
