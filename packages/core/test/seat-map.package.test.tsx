/** Package mode (spec 2.2, 4.1, 4.3): the package bar and the seats it disables. */
import { PackageBar, packageSettings, packageStep, seatsDisabled, selectPlace } from '@partera/core';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { config, hallRoutes, resetTicketCount } from './support/hall.js';
import { hallContext } from './support/hall-context.js';
import { type Seen, serve } from './support/server.js';

const pkg = (current: number, total = 3, tickets = 2) => ({
  isPackage: true,
  currentPerformanceNumber: current,
  totalPerformances: total,
  ticketsInPerformanceCount: tickets,
});
const selects = (seen: Seen[]) => seen.filter((r) => r.path === '/hallPlace/select/');

function desktop() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: false,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

function renderBar(ctx: ReturnType<typeof hallContext>) {
  render(
    <PackageBar ctx={ctx} previousUrl="/performance/76/" nextUrl="/performance/78/" basketUrl="/shopcart/?sid=S1" />,
  );
  return screen.getByRole('navigation', { name: 'Пакет представлений' });
}

const hold = async (ctx: ReturnType<typeof hallContext>, ...ids: number[]) =>
  act(async () => {
    for (const id of ids) ctx.state.selected[id] = true;
  });

beforeEach(() => {
  resetTicketCount();
  desktop();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('package mode is on', () => {
  it('with the package config’s isPackage, or with ?packageId= in the URL', () => {
    expect(packageSettings(config({ package: pkg(2) }))).toMatchObject({ currentPerformanceNumber: 2 });
    expect(packageSettings(config(), '?packageId=3')).toMatchObject({ packageId: 3 });
    expect(packageSettings(config())).toBeUndefined();
    expect(packageSettings(config({ package: { ...pkg(1), isPackage: false } }))).toBeUndefined();
  });
});

describe('the package rules (4.3)', () => {
  it('performance 1: next once a ticket is in; previous disabled', () => {
    const first = packageSettings(config({ package: pkg(1) }))!;
    expect(packageStep(first, 0)).toMatchObject({ canGoOn: false, previousDisabled: true });
    expect(packageStep(first, 1)).toMatchObject({ canGoOn: true, previousDisabled: true, seatsDisabled: false });
  });

  it('later performances: next only at exactly the package’s count; previous only with an empty basket', () => {
    const second = packageSettings(config({ package: pkg(2) }))!;
    expect(packageStep(second, 0)).toMatchObject({ canGoOn: false, previousDisabled: false });
    expect(packageStep(second, 1)).toMatchObject({ canGoOn: false, previousDisabled: true });
    expect(packageStep(second, 2)).toMatchObject({ canGoOn: true, seatsDisabled: true });
    const last = packageSettings(config({ package: pkg(3) }))!;
    expect(packageStep(last, 2)).toMatchObject({ isLast: true, showBasket: true });
    expect(packageStep(last, 1)).toMatchObject({ showBasket: false });
  });
});

describe('the package bar', () => {
  it('on performance 1 shows the next arrow and button once a ticket is held', async () => {
    const ctx = hallContext({ config: { package: pkg(1) } });
    const bar = renderBar(ctx);
    expect(bar.textContent).toContain('Представление 1 из 3');
    expect(within(bar).getByRole('button', { name: 'Предыдущее представление' })).toHaveProperty('disabled', true);
    expect(within(bar).queryAllByRole('link', { name: 'Следующее представление' })).toHaveLength(0);
    await hold(ctx, 101);
    const next = within(bar).getAllByRole('link', { name: 'Следующее представление' });
    expect(next.map((a) => a.getAttribute('href'))).toEqual(['/performance/78/', '/performance/78/']);
  });

  it('on a later performance: previous while empty, next only at the package’s count', async () => {
    const ctx = hallContext({ config: { package: pkg(2) } });
    const bar = renderBar(ctx);
    expect(within(bar).getByRole('link', { name: 'Предыдущее представление' }).getAttribute('href')).toBe(
      '/performance/76/',
    );
    await hold(ctx, 101);
    expect(within(bar).queryAllByRole('link', { name: 'Следующее представление' })).toHaveLength(0);
    expect(within(bar).getByRole('button', { name: 'Предыдущее представление' })).toHaveProperty('disabled', true);
    await hold(ctx, 102);
    expect(within(bar).getAllByRole('link', { name: 'Следующее представление' })).toHaveLength(2);
  });

  it('on the last performance, once complete, offers the basket (desktop)', async () => {
    const ctx = hallContext({ config: { package: pkg(3) } });
    const bar = renderBar(ctx);
    await hold(ctx, 101, 102);
    expect(within(bar).queryAllByRole('link', { name: 'Следующее представление' })).toHaveLength(0);
    expect(within(bar).getByRole('link', { name: 'Перейти в корзину' }).getAttribute('href')).toBe('/shopcart/?sid=S1');
  });
});

describe('seats in package mode', () => {
  it('carry the package id, and are disabled once the performance has its tickets', async () => {
    const seen = serve(hallRoutes());
    const ctx = hallContext({ config: { package: pkg(2), packageId: 5 } });
    expect(await selectPlace(ctx, 101)).toBe(true);
    expect(selects(seen)[0]!.body.get('packageId')).toBe('5');
    expect(seatsDisabled(ctx)).toBe(false);
    await selectPlace(ctx, 102);
    expect(seatsDisabled(ctx)).toBe(true);
    expect(await selectPlace(ctx, 103)).toBe(false);
    expect(selects(seen)).toHaveLength(2);
  });
});
