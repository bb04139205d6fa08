/** The legend's price badges (spec 2.1, 3.9, 9) and the plan filter they make. */
import { badgeFilter, LegendBar, priceBadges } from '@partera/core';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

const NBSP = '\u00a0';
const legend = [700, 1000, 1500, 2000, 2500, 3000, 5000].map((p, i) => ({ c: `#00000${i}`, p }));

afterEach(() => cleanup());

describe('price badges', () => {
  it('group the prices into at most five ranges and add "Привилегии" when the hall has privileged places', () => {
    const badges = priceBadges({ legend, premium: true }, 1000);
    expect(badges.map((b) => b.id)).toEqual(['price-0', 'price-1', 'price-2', 'price-3', 'price-4', 'premium']);
    expect(badges.at(-1)!.text).toBe('Привилегии');
    expect(badges[0]!.text).toBe(`700${NBSP}₽ – 1${NBSP}000${NBSP}₽`);
  });

  it('carry colour swatches only below 20 000 places', () => {
    expect(priceBadges({ legend, premium: false }, 19_999)[0]!.swatches).toEqual(['#000000', '#000001']);
    expect(priceBadges({ legend, premium: false }, 20_000)[0]!.swatches).toEqual([]);
  });
});

describe('the badge filter, as predicates for a plan that paints its places', () => {
  const badges = priceBadges({ legend, premium: true }, 1000);

  it('a price badge keeps the places of its colours (any case) and the entrance sections at its prices', () => {
    const f = badgeFilter(badges[0]);
    expect(f.place({ color: '#000001', privileged: 'default' })).toBe(true);
    expect(f.place({ color: ' #000001 ', privileged: 'vip' })).toBe(true);
    expect(f.place({ color: '#000002', privileged: 'default' })).toBe(false);
    expect(f.section({ price: 700 })).toBe(true);
    expect(f.section({ price: 1500 })).toBe(false);
  });

  it('"Привилегии" keeps the privileged places and no entrance section', () => {
    const f = badgeFilter(badges.at(-1));
    expect(f.place({ color: '#000002', privileged: 'vip' })).toBe(true);
    expect(f.place({ color: '#000002', privileged: 'default' })).toBe(false);
    expect(f.section({ price: 700 })).toBe(false);
  });

  it('no badge keeps everything', () => {
    const f = badgeFilter(undefined);
    expect(f.place({ color: '#123456', privileged: 'default' })).toBe(true);
    expect(f.section({ price: 1 })).toBe(true);
  });

  it('the badges are toggle buttons in a labelled list', () => {
    const onToggle = vi.fn();
    render(<LegendBar badges={badges} active="price-2" onToggle={onToggle} />);
    const list = screen.getByRole('list', { name: 'Цены' });
    const pressed = within(list).getByRole('button', { pressed: true });
    expect(pressed.textContent).toBe(`2${NBSP}500${NBSP}₽`);
    fireEvent.click(within(list).getByRole('button', { name: 'Привилегии' }));
    expect(onToggle).toHaveBeenCalledWith('premium');
  });
});
