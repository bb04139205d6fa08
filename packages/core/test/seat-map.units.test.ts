import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fillPath, HallApi } from '../src/api/hall.js';
import { Http } from '../src/api/http.js';
import { stripActiveContent } from '../src/seat-map/hall-svg.js';
import { filterRule, priceBadges } from '../src/seat-map/legend.js';
import { boxTransform, clampPan } from '../src/seat-map/plan/pan-zoom.js';
import { usePanZoom } from '../src/seat-map/plan/use-pan-zoom.js';
import { checkEntranceAdd, checkPlaceAdd, maxZoomForArea } from '../src/store/spec.js';

const NBSP = '\u00a0';

describe('price badges', () => {
  const legend = [700, 1000, 1500, 2000, 2500, 3000, 5000].map((p, i) => ({ c: `#00000${i}`, p }));

  it('group more than five prices into at most five ranges, cheapest first', () => {
    const badges = priceBadges({ legend, premium: false }, 1200);
    expect(badges.map((b) => b.text)).toEqual([
      `700${NBSP}₽ – 1${NBSP}000${NBSP}₽`,
      `1${NBSP}500${NBSP}₽ – 2${NBSP}000${NBSP}₽`,
      `2${NBSP}500${NBSP}₽`,
      `3${NBSP}000${NBSP}₽`,
      `5${NBSP}000${NBSP}₽`,
    ]);
    expect(badges[0]!.colors).toEqual(['#000000', '#000001']);
  });

  it('never make more than five badges', () => {
    const many = Array.from({ length: 23 }, (_, i) => ({ c: '#123456', p: 100 * (i + 1) }));
    const badges = priceBadges({ legend: many, premium: false }, 100);
    expect(badges).toHaveLength(5);
    expect(badges.flatMap((b) => b.tabs.map((t) => t.price))).toEqual(many.map((e) => e.p));
  });

  it('draw colour swatches only below 20 000 places', () => {
    expect(priceBadges({ legend, premium: false }, 19_999)[0]!.swatches).toHaveLength(2);
    expect(priceBadges({ legend, premium: false }, 20_000)[0]!.swatches).toHaveLength(0);
  });

  it("add the 'premium' badge labelled 'Привилегии'", () => {
    const badges = priceBadges({ legend, premium: true }, 100);
    expect(badges.at(-1)).toMatchObject({ id: 'premium', text: 'Привилегии' });
    expect(filterRule('[x]', badges.at(-1))).toContain(':not(.pt-prem)');
  });
});

describe('pan limits', () => {
  it('keep the plan centred while it fits (zoom below 1.1)', () => {
    expect(clampPan(300, -200, 1.05, 800, 600)).toEqual([0, 0]);
  });

  it('keep at least half of the view covered once zoomed in', () => {
    expect(clampPan(1000, -1000, 3, 800, 600)).toEqual([400, -300]);
    expect(clampPan(100, 50, 3, 800, 600)).toEqual([100, 50]);
  });

  it('take the zoom maximum from the SVG area', () => {
    expect(maxZoomForArea(400 * 300)).toBe(10);
    expect(maxZoomForArea(4000 * 3000)).toBe(35);
  });
});

describe('zooming to a box', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    document.body.replaceChildren();
  });

  it('applies the smallest seat size and centres on the point clicked when the box overflows', async () => {
    const view = document.createElement('div');
    const canvas = document.createElement('div');
    view.append(canvas);
    document.body.append(view);
    vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockReturnValue(400);
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(300);
    const refs = { canvas: { current: canvas }, view: { current: view } };
    const options = { ready: true, area: 400 * 300, wheelNeedsModifier: false };
    const { result, unmount } = renderHook(() => usePanZoom(refs.canvas, refs.view, options));
    // A stand 200 units wide fits at 1.8; its seats need 6 px a unit, and the buyer clicked (120, 150).
    const box = [100, 100, 300, 200] as const;
    const plan = { width: 400, height: 300 };
    result.current.zoomToBox(box, plan, { minUnitPx: 6, focus: [120, 150] });
    const expected = boxTransform(
      box,
      plan,
      { width: 400, height: 300 },
      { min: 1, max: 10 },
      { minUnitPx: 6, focus: [120, 150] },
    );
    expect(expected).toEqual({ scale: 6, x: 80, y: 0 });
    await waitFor(() => expect(canvas.style.transform).toBe('scale(6) translate(80px, 0px)'));
    unmount();
  });
});

describe('ticket limits', () => {
  const limits = { maxTicketCount: 8, ticketInBasketOfOtherPerformances: 0 };

  it('a seat fails once places plus entrance tickets reach the limit', () => {
    expect(checkPlaceAdd({ places: 7, entrance: {} }, 1, limits).ok).toBe(true);
    expect(checkPlaceAdd({ places: 5, entrance: { 30: 3 } }, 1, limits)).toEqual({
      ok: false,
      message: 'За один заказ можно купить только 8 билетов',
    });
    expect(checkPlaceAdd({ places: 6, entrance: {} }, 3, limits).ok).toBe(false);
  });

  it('other performances in the basket count against the limit', () => {
    expect(checkPlaceAdd({ places: 5, entrance: {} }, 1, { ...limits, ticketInBasketOfOtherPerformances: 3 }).ok).toBe(
      false,
    );
  });

  it('the entrance limit is 8 unless the page configures 10 or less', () => {
    const section = { sectionId: 30, freeTickets: 100 };
    expect(checkEntranceAdd({ places: 0, entrance: {} }, section, 10, { ...limits, maxTicketCount: 10 }).ok).toBe(true);
    expect(checkEntranceAdd({ places: 0, entrance: {} }, section, 9, { ...limits, maxTicketCount: 12 }).message).toBe(
      'За один заказ можно купить только 8 билетов',
    );
  });

  it('entrance tickets stop at the free tickets', () => {
    expect(checkEntranceAdd({ places: 0, entrance: { 30: 1 } }, { sectionId: 30, freeTickets: 2 }, 2, limits)).toEqual({
      ok: false,
      message: 'Закончились свободные билеты',
    });
  });
});

describe('hall SVG markup', () => {
  it('loses scripts, foreign objects, inline handlers and javascript: links', () => {
    const out = stripActiveContent(
      '<svg onload="x()"><script>x()</script><foreignObject><div/></foreignObject>' +
        '<a href="javascript:x()"><circle class="place" data-place-id="1" onmouseover=\'x()\'/></a></svg>',
    );
    expect(out).toBe('<svg><a href="#x()"><circle class="place" data-place-id="1"/></a></svg>');
  });
});

describe('HallApi', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('fills path parameters', () => {
    expect(fillPath('/hallview/map/:performanceId/', { performanceId: 42 })).toBe('/hallview/map/42/');
  });

  it('posts entrance calls form-encoded with the session and parses the answer', async () => {
    const calls: { url: string; body: string }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        calls.push({ url, body: String(init.body) });
        return new Response(JSON.stringify({ result: true, ticketCount: 2, basketPrice: 2000 }), {
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
    const api = new HallApi(
      new Http({ sessionName: 'sid', sessionId: 'S1', csrfParam: '_csrf', csrfToken: 'T1', baseUrl: '' }),
    );
    const add = await api.entranceAdd({ count: 2, performanceId: 7, sectionId: 3, taxId: 9, ticketPrice: 1000 });
    expect(add).toMatchObject({ result: true, ticketCount: 2 });
    await api.entranceRemove({ performanceId: 7, sectionId: 3, ticketPrice: 1000 });
    expect(calls.map((c) => c.url)).toEqual([
      '/hallPlace/entranceTicketsAdd/?sid=S1',
      '/hallPlace/entranceTicketsRemove/?sid=S1',
    ]);
    expect(calls[0]!.body).toBe('count=2&performanceId=7&sectionId=3&taxId=9&ticketPrice=1000&_csrf=T1');
    expect(calls[1]!.body).toBe('performanceId=7&sectionId=3&ticketPrice=1000&_csrf=T1');
  });

  it('rejects an answer that does not match the call’s schema', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ nope: 1 }), { headers: { 'content-type': 'application/json' } })),
    );
    const api = new HallApi(
      new Http({ sessionName: 'sid', sessionId: '', csrfParam: '_csrf', csrfToken: '', baseUrl: '' }),
    );
    await expect(api.select('c1')).rejects.toThrow();
  });
});
