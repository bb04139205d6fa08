/** The mini basket popup, the mobile basket footer, the buy button and the old-browser message (2.1, 4.2, 4.4). */
import { BasketFooter, BuyButton, hallBasketUrl, MiniBasket, OldBrowserNotice, planSupported } from '@partera/core';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hallContext, renderInHall } from './support/hall-context.js';
import { http } from './support/server.js';

const NBSP = '\u00a0';
const basketUrl = hallBasketUrl(http);

/** A basket change as an answer makes it. */
async function basketChanges(ctx: ReturnType<typeof hallContext>, ticketCount: number, basketPrice: number) {
  await act(async () => {
    ctx.state.ticketCount = ticketCount;
    ctx.state.basketPrice = basketPrice;
  });
}

function mobile(matches: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: matches && query === '(max-width: 575px)',
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the mini basket popup', () => {
  it('shows for 5 s after each change while a ticket is held, with the buy button to /shopcart/', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const ctx = hallContext();
    render(<MiniBasket state={ctx.state} basketUrl={basketUrl} />);
    expect(screen.queryByRole('complementary')).toBeNull();

    await basketChanges(ctx, 1, 250000);
    const popup = screen.getByRole('complementary', { name: 'Корзина' });
    expect(popup.textContent).toContain(`В корзине: 1 билет на 2${NBSP}500${NBSP}₽`);
    expect(within(popup).getByRole('link', { name: 'Купить' }).getAttribute('href')).toBe('/shopcart/?sid=S1');

    act(() => vi.advanceTimersByTime(4000));
    await basketChanges(ctx, 2, 500000);
    act(() => vi.advanceTimersByTime(4000));
    // The second change started the 5 s again.
    expect(screen.getByRole('complementary').textContent).toContain('2 билета');
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByRole('complementary')).toBeNull();
  });

  it('does not show for an empty basket', async () => {
    const ctx = hallContext();
    ctx.state.ticketCount = 1;
    render(<MiniBasket state={ctx.state} basketUrl={basketUrl} />);
    await basketChanges(ctx, 0, 0);
    expect(screen.queryByRole('complementary')).toBeNull();
  });

  it('does not show in package mode', async () => {
    const ctx = hallContext();
    render(<MiniBasket state={ctx.state} basketUrl={basketUrl} packageMode />);
    await basketChanges(ctx, 1, 250000);
    expect(screen.queryByRole('complementary')).toBeNull();
  });

  it('closes with its button', async () => {
    const ctx = hallContext();
    render(<MiniBasket state={ctx.state} basketUrl={basketUrl} />);
    await basketChanges(ctx, 1, 250000);
    fireEvent.click(screen.getByRole('button', { name: 'Закрыть' }));
    expect(screen.queryByRole('complementary')).toBeNull();
  });
});

describe('the buy button', () => {
  it('when buying is blocked it is grey and shows cannotCreateOrderCause instead of going on (4.2)', async () => {
    const ctx = hallContext();
    ctx.state.cannotCreateOrder = true;
    ctx.state.cannotCreateOrderCause = 'Продажа приостановлена';
    renderInHall(ctx, <BuyButton state={ctx.state} href={basketUrl} />);
    const buy = screen.getByRole('link', { name: 'Купить' });
    expect(buy.getAttribute('aria-disabled')).toBe('true');
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    act(() => {
      buy.dispatchEvent(click);
    });
    expect(click.defaultPrevented).toBe(true);
    expect((await screen.findByRole('alert')).textContent).toBe('Продажа приостановлена');
  });
});

describe('the basket footer on mobile', () => {
  it('shows the tickets, their price and the buy button when the basket is not empty', async () => {
    mobile(true);
    const ctx = hallContext();
    render(<BasketFooter state={ctx.state} basketUrl={basketUrl} nextDateUrl="/performance/78/" />);
    await basketChanges(ctx, 3, 750000);
    const footer = screen.getByRole('contentinfo');
    expect(footer.textContent).toContain(`3 билета на 7${NBSP}500${NBSP}₽`);
    expect(within(footer).getByRole('link', { name: 'Купить' })).toBeTruthy();
    expect(within(footer).queryByRole('link', { name: 'Следующая дата' })).toBeNull();
  });

  it('shows the next date link instead of the buy button when the basket is empty', () => {
    mobile(true);
    const ctx = hallContext();
    render(<BasketFooter state={ctx.state} basketUrl={basketUrl} nextDateUrl="/performance/78/" />);
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).queryByRole('link', { name: 'Купить' })).toBeNull();
    expect(within(footer).getByRole('link', { name: 'Следующая дата' }).getAttribute('href')).toBe('/performance/78/');
  });

  it('is not there on desktop', () => {
    mobile(false);
    const ctx = hallContext();
    render(<BasketFooter state={ctx.state} basketUrl={basketUrl} />);
    expect(screen.queryByRole('contentinfo')).toBeNull();
  });
});

describe('a browser too old for the plan', () => {
  const canvas = (ctx2d: unknown) => ({ createElement: () => ({ getContext: () => ctx2d }) }) as never;

  it('is one without a 2D canvas, Path2D or ResizeObserver', () => {
    const modern = { document: canvas({}), Path2D: class {}, ResizeObserver: class {} };
    expect(planSupported(modern)).toBe(true);
    expect(planSupported({ ...modern, Path2D: undefined })).toBe(false);
    expect(planSupported({ ...modern, ResizeObserver: undefined })).toBe(false);
    expect(planSupported({ ...modern, document: canvas(null) })).toBe(false);
  });

  it('is told so in the spec’s words', () => {
    render(<OldBrowserNotice />);
    expect(screen.getByRole('alert').textContent).toBe(
      'К сожалению, для отображения схемы зала требуется более новая версия браузера.',
    );
  });
});
