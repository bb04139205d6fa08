// @vitest-environment-options {"url":"https://partner.example/"}
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mount, type PartneraWidget } from '../src/index.js';
import {
  frameOf,
  PARTNER_HASH,
  recordDomEvents,
  SITE_ORIGIN,
  START_URL,
  sendFromSite,
  spyOnSite,
  targetOrigins,
} from './site.js';

let element: HTMLElement;
let widget: PartneraWidget;
const onEvent = vi.fn();
const onReady = vi.fn();
const onFailure = vi.fn();

beforeEach(() => {
  vi.useFakeTimers();
  element = document.createElement('div');
  document.body.append(element);
  widget = mount(element, { partnerHash: PARTNER_HASH, startUrl: START_URL, onEvent, onReady, onFailure });
});

afterEach(() => {
  widget.unmount();
  element.remove();
  vi.clearAllMocks();
  vi.useRealTimers();
});

describe('framing', () => {
  it('frames the start URL with the partner hash, hidden behind the connecting text', () => {
    const frame = frameOf(element);
    const url = new URL(frame.src);
    expect(url.origin + url.pathname).toBe(START_URL);
    expect(url.searchParams.get('iframe_hash')).toBe(PARTNER_HASH);
    expect(frame.style.visibility).toBe('hidden');
    expect(frame.style.width).toBe('100%');
    expect(frame.getAttribute('allow')).toBe('payment');
    expect(element.querySelector('[role=status]')?.textContent).toBe('Установка соединения с tickets.example...');
    expect(widget).toMatchObject({ element, iframe: frame, siteOrigin: SITE_ORIGIN });
  });

  it('refuses a site origin that is no origin', () => {
    const other = document.createElement('div');
    expect(() => mount(other, { partnerHash: PARTNER_HASH, startUrl: START_URL, siteOrigin: '*' })).toThrow(TypeError);
    expect(() => mount(other, { partnerHash: '', startUrl: START_URL })).toThrow(TypeError);
    expect(other.children).toHaveLength(0);
  });

  it('replaces the widget when the same element is mounted again', () => {
    const second = mount(element, { partnerHash: PARTNER_HASH, startUrl: START_URL });
    expect(element.querySelectorAll('iframe')).toHaveLength(1);
    expect(second.iframe).not.toBe(widget.iframe);
    second.unmount();
  });
});

describe('legacy handshake', () => {
  it("answers the site's giveMeHash with exactly 'sendMyHash:{hash}', to the site origin only", () => {
    const frame = frameOf(element);
    const posted = spyOnSite(frame);
    sendFromSite(frame, 'giveMeHash');
    expect(posted.mock.calls).toEqual([['sendMyHash:demo-partner-hash', SITE_ORIGIN]]);
    // Every page load of the site asks again.
    sendFromSite(frame, 'giveMeHash');
    expect(posted).toHaveBeenCalledTimes(2);
    expect(targetOrigins(posted)).not.toContain('*');
  });

  it('ignores giveMeHash from another origin or another window', () => {
    const frame = frameOf(element);
    const posted = spyOnSite(frame);
    const otherFrame = document.createElement('iframe');
    otherFrame.src = `${SITE_ORIGIN}/other/`;
    document.body.append(otherFrame);

    sendFromSite(frame, 'giveMeHash', { origin: 'https://evil.example' });
    sendFromSite(frame, 'giveMeHash', { origin: 'http://tickets.example' });
    sendFromSite(frame, 'giveMeHash', { source: otherFrame.contentWindow });
    sendFromSite(frame, 'giveMeHash', { source: window });
    sendFromSite(frame, 'giveMeHash', { source: null });
    expect(posted).not.toHaveBeenCalled();
    otherFrame.remove();
  });

  it('shows the frame on showIframe and reports ready once', () => {
    const frame = frameOf(element);
    const dom = recordDomEvents(element, ['partera:ready']);
    sendFromSite(frame, 'giveMeHash');
    sendFromSite(frame, 'showIframe');
    sendFromSite(frame, 'showIframe');
    expect(frame.style.visibility).toBe('');
    expect(frame.style.position).toBe('');
    expect(element.querySelector('[role=status]')).toBeNull();
    expect(onReady).toHaveBeenCalledOnce();
    expect(onEvent).toHaveBeenCalledWith({ type: 'ready' });
    expect(dom).toHaveLength(1);
    expect(dom[0]!.detail).toEqual({ type: 'ready' });
  });

  it('ignores a spoofed showIframe: no frame shown, no callback, no DOM event', () => {
    const frame = frameOf(element);
    const dom = recordDomEvents(element, ['partera:ready']);
    sendFromSite(frame, 'showIframe', { origin: 'https://evil.example' });
    sendFromSite(frame, 'showIframe', { source: window });
    expect(frame.style.visibility).toBe('hidden');
    expect(onEvent).not.toHaveBeenCalled();
    expect(onReady).not.toHaveBeenCalled();
    expect(dom).toHaveLength(0);
  });

  it("shows 'Соединение ... установить не удалось' when showIframe has not come in 20 s", () => {
    const frame = frameOf(element);
    const dom = recordDomEvents(element, ['partera:failure']);
    sendFromSite(frame, 'giveMeHash');
    vi.advanceTimersByTime(19_999);
    expect(element.textContent).toBe('Установка соединения с tickets.example...');
    expect(onFailure).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(element.querySelector('[role=status]')?.textContent).toBe('Соединение ... установить не удалось');
    expect(frame.style.visibility).toBe('hidden');
    const failure = { type: 'failure', message: 'Соединение ... установить не удалось' };
    expect(onFailure).toHaveBeenCalledWith(failure);
    expect(dom.map((event) => event.detail)).toEqual([failure]);
  });

  it('does not fail once the site has sent showIframe', () => {
    sendFromSite(frameOf(element), 'showIframe');
    vi.advanceTimersByTime(60_000);
    expect(onFailure).not.toHaveBeenCalled();
  });
});

describe('culture card terms, legacy messages', () => {
  it("replies 'pushkin_card_user_agrees_to_terms' only after the partner agrees", () => {
    const frame = frameOf(element);
    const posted = spyOnSite(frame);
    const dom = recordDomEvents(element, ['partera:pushkin-card-terms-of-use']);
    sendFromSite(frame, 'showIframe');
    posted.mockClear();

    sendFromSite(frame, 'pushkin_card_terms_of_use');
    expect(dom).toHaveLength(1);
    expect(onEvent).toHaveBeenLastCalledWith(expect.objectContaining({ type: 'pushkinCardTermsOfUse' }));
    expect(posted).not.toHaveBeenCalled();

    dom[0]!.detail.agree();
    dom[0]!.detail.agree();
    expect(posted.mock.calls).toEqual([['pushkin_card_user_agrees_to_terms', SITE_ORIGIN]]);
  });

  it('agrees when the per-event callback resolves true, stays silent when it declines', async () => {
    widget.unmount();
    const answers = [Promise.resolve(true), false];
    const onPushkinCardTermsOfUse = vi.fn(() => answers.shift());
    widget = mount(element, { partnerHash: PARTNER_HASH, startUrl: START_URL, onPushkinCardTermsOfUse });
    const frame = frameOf(element);
    const posted = spyOnSite(frame);
    sendFromSite(frame, 'showIframe');
    posted.mockClear();

    sendFromSite(frame, 'pushkin_card_terms_of_use');
    await vi.waitFor(() => expect(posted).toHaveBeenCalledWith('pushkin_card_user_agrees_to_terms', SITE_ORIGIN));
    sendFromSite(frame, 'pushkin_card_terms_of_use');
    await Promise.resolve();
    expect(onPushkinCardTermsOfUse).toHaveBeenCalledTimes(2);
    expect(posted).toHaveBeenCalledOnce();
  });

  it('ignores the request before the handshake and from anyone but the site', () => {
    const frame = frameOf(element);
    sendFromSite(frame, 'pushkin_card_terms_of_use');
    expect(onEvent).not.toHaveBeenCalled();
    sendFromSite(frame, 'showIframe');
    onEvent.mockClear();
    sendFromSite(frame, 'pushkin_card_terms_of_use', { origin: 'https://evil.example' });
    sendFromSite(frame, 'pushkin_card_terms_of_use', { source: window });
    expect(onEvent).not.toHaveBeenCalled();
  });
});

describe('unmount', () => {
  it('removes the frame and every message listener, its own and penpal’s', () => {
    const added = vi.spyOn(window, 'addEventListener');
    const removed = vi.spyOn(window, 'removeEventListener');
    const other = document.body.appendChild(document.createElement('div'));
    const second = mount(other, { partnerHash: PARTNER_HASH, startUrl: START_URL });
    sendFromSite(frameOf(other), 'showIframe'); // starts penpal, which listens too
    const listeners = added.mock.calls.filter(([type]) => type === 'message').map(([, listener]) => listener);
    expect(listeners).toHaveLength(2);

    second.unmount();
    expect(other.children).toHaveLength(0);
    for (const listener of listeners) expect(removed).toHaveBeenCalledWith('message', listener);
    second.unmount();
    other.remove();
    added.mockRestore();
    removed.mockRestore();
  });

  it('stops the 20 s timer', () => {
    widget.unmount();
    vi.advanceTimersByTime(20_000);
    expect(onFailure).not.toHaveBeenCalled();
    expect(element.children).toHaveLength(0);
  });
});
