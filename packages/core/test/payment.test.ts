import { listenProviderResult, orderIdOfUrl, paymentStartOf, providerResultOf } from '@partera/core';
import { describe, expect, it, vi } from 'vitest';

describe('paymentStartOf', () => {
  it('follows redirectUrl first', () => {
    expect(paymentStartOf({ error: 0, redirectUrl: 'https://bank.example/1', url: '/x', get: {} })).toEqual({
      kind: 'redirect',
      url: 'https://bank.example/1',
    });
  });

  it('submits the get map by GET and the post map by POST, keeping the return URLs', () => {
    expect(paymentStartOf({ error: 0, url: '/bank/', get: { mdOrder: 'm1', successReturnUrl: '/ok/' } })).toEqual({
      kind: 'form',
      action: '/bank/',
      method: 'get',
      fields: { mdOrder: 'm1', successReturnUrl: '/ok/' },
      returnUrls: { success: '/ok/', fail: undefined },
    });
    expect(paymentStartOf({ error: 0, url: '/bank/', post: { mdOrder: 'm2', failReturnUrl: '/no/' } })).toMatchObject({
      kind: 'form',
      method: 'post',
      fields: { mdOrder: 'm2', failReturnUrl: '/no/' },
      returnUrls: { fail: '/no/' },
    });
  });

  it('frames the card widget when the provider is widget, in the map or at the top level', () => {
    expect(paymentStartOf({ error: 0, url: '/w/', get: { provider: 'widget', sessionId: 's' } })).toMatchObject({
      kind: 'widget',
      src: '/w/?provider=widget&sessionId=s',
    });
    expect(paymentStartOf({ error: 0, url: '/w/?a=1', provider: 'widget', post: { sessionId: 's' } })).toMatchObject({
      kind: 'widget',
      src: '/w/?a=1&sessionId=s',
    });
  });

  it('hands the order to the partner’s pay flow when the provider is mts_pay (4.8)', () => {
    expect(
      paymentStartOf({ error: 0, provider: 'mts_pay', url: 'https://tickets.example/payment/session/7/' }),
    ).toEqual({
      kind: 'partner',
      url: 'https://tickets.example/payment/session/7/',
    });
    expect(paymentStartOf({ error: 0, url: '/payment/session/7/', get: { provider: 'mts_pay' } })).toMatchObject({
      kind: 'partner',
    });
  });

  it('reports an error answer, or one without a url, as an error', () => {
    expect(paymentStartOf({ error: 3, message: 'Заказ уже оплачен' })).toEqual({
      kind: 'error',
      message: 'Заказ уже оплачен',
    });
    expect(paymentStartOf({ error: 0 })).toEqual({ kind: 'error', message: undefined });
  });
});

describe('provider messages', () => {
  it('reads the event from a bare string or an object', () => {
    expect(providerResultOf('provider-pay-success')).toBe('success');
    expect(providerResultOf({ type: 'provider-pay-error' })).toBe('error');
    expect(providerResultOf({ eventName: 'provider-pay-success' })).toBe('success');
    expect(providerResultOf('successPayment')).toBeNull();
    expect(providerResultOf(null)).toBeNull();
  });

  it('accepts only the given origin and source window', () => {
    const frame = document.createElement('iframe');
    document.body.append(frame);
    const onResult = vi.fn();
    const stop = listenProviderResult(window, {
      source: () => frame.contentWindow,
      origin: 'http://localhost:3000',
      onResult,
    });
    const send = (origin: string, source: Window | null) =>
      window.dispatchEvent(new MessageEvent('message', { data: 'provider-pay-error', origin, source }));

    send('http://127.0.0.1:3000', frame.contentWindow);
    send('http://localhost:3000', window);
    send('http://localhost:3000', null);
    expect(onResult).not.toHaveBeenCalled();
    send('http://localhost:3000', frame.contentWindow);
    expect(onResult).toHaveBeenCalledExactlyOnceWith('error', undefined);

    stop();
    send('http://localhost:3000', frame.contentWindow);
    expect(onResult).toHaveBeenCalledTimes(1);
    frame.remove();
  });
});

describe('orderIdOfUrl', () => {
  it('takes the second-to-last path segment', () => {
    expect(orderIdOfUrl('/payment/session/501/')).toBe('501');
    expect(orderIdOfUrl('https://tickets.example/payment/session/77/?x=1')).toBe('77');
  });
});
