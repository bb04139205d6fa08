// @vitest-environment-options {"url":"https://partner.example/"}
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mount, type PartneraWidget, PROTOCOL_CHANNEL } from '../src/index.js';
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

// The message API through the public entry, with penpal itself running in the parent: the test
// plays the framed site's penpal by hand, speaking penpal 7's wire messages (SYN, ACK1, CALL).

type Wire = { type: string; [key: string]: unknown };
const penpal = (type: string, fields: object = {}) => ({
  namespace: 'penpal',
  channel: PROTOCOL_CHANNEL,
  type,
  ...fields,
});

let element: HTMLElement;
let widget: PartneraWidget;
let posted: ReturnType<typeof spyOnSite>;
const onEvent = vi.fn();
const onResize = vi.fn();

const mountWith = (options: object = {}) => {
  widget?.unmount();
  widget = mount(element, { partnerHash: PARTNER_HASH, startUrl: START_URL, onEvent, onResize, ...options });
  posted = spyOnSite(frameOf(element));
};
const sentOfType = (type: string) => posted.mock.calls.filter(([message]) => (message as Wire)?.type === type);

/** Runs both handshakes as the site does and returns the site's end of penpal's MessagePort. */
const connectAsSite = () => {
  const frame = frameOf(element);
  sendFromSite(frame, 'giveMeHash');
  sendFromSite(frame, 'showIframe');
  // The site's participant id sorts after any UUID, so the site leads the handshake and the
  // parent answers its ACK1 with ACK2 and a MessagePort.
  sendFromSite(frame, penpal('SYN', { participantId: 'zzzz' }));
  sendFromSite(frame, penpal('ACK1', { methodPaths: [] }));
  const [ack2] = sentOfType('ACK2');
  const options = ack2?.[1] as WindowPostMessageOptions;
  expect(options.targetOrigin).toBe(SITE_ORIGIN);
  const port = options.transfer?.[0] as MessagePort;
  port.start();
  return port;
};

let calls = 0;
const call = (port: MessagePort, method: string, ...args: unknown[]) =>
  new Promise<Wire>((resolve) => {
    const id = `call-${++calls}`;
    const onReply = ({ data }: MessageEvent) => {
      if (data.type !== 'REPLY' || data.callId !== id) return;
      port.removeEventListener('message', onReply);
      resolve(data);
    };
    port.addEventListener('message', onReply);
    port.postMessage(penpal('CALL', { id, methodPath: [method], args }));
  });

beforeEach(() => {
  element = document.createElement('div');
  document.body.append(element);
  mountWith();
});

afterEach(() => {
  widget.unmount();
  element.remove();
  vi.clearAllMocks();
});

describe('connection', () => {
  it("starts only after showIframe, and addresses penpal's SYN to the site origin, not '*'", () => {
    const frame = frameOf(element);
    sendFromSite(frame, penpal('SYN', { participantId: 'zzzz' }));
    expect(sentOfType('SYN')).toHaveLength(0);
    sendFromSite(frame, 'showIframe');
    expect(sentOfType('SYN').map(([, target]) => target)).toEqual([SITE_ORIGIN]);
  });

  it('ignores penpal messages from another origin or window', () => {
    const frame = frameOf(element);
    sendFromSite(frame, 'showIframe');
    posted.mockClear();
    sendFromSite(frame, penpal('SYN', { participantId: 'zzzz' }), { origin: 'https://evil.example' });
    sendFromSite(frame, penpal('SYN', { participantId: 'zzzz' }), { source: window });
    sendFromSite(frame, penpal('ACK1', { methodPaths: [] }), { origin: 'https://evil.example' });
    expect(posted).not.toHaveBeenCalled();
  });

  it('posts nothing to "*" in a whole session', async () => {
    const port = connectAsSite();
    await call(port, 'resize', 500);
    expect(targetOrigins(posted).every((target) => target === SITE_ORIGIN)).toBe(true);
    port.close();
  });

  it('ends the connection on unmount', async () => {
    const port = connectAsSite();
    const destroyed = new Promise((resolve) =>
      port.addEventListener('message', ({ data }) => data.type === 'DESTROY' && resolve(data)),
    );
    widget.unmount();
    await expect(destroyed).resolves.toMatchObject({ type: 'DESTROY' });
    port.close();
  });
});

describe('methods', () => {
  it('resize sets the frame height and fires the callback and the DOM event', async () => {
    const port = connectAsSite();
    const dom = recordDomEvents(element, ['partera:resize']);
    const reply = await call(port, 'resize', 479.5);
    expect(reply).toMatchObject({ type: 'REPLY', value: undefined });
    expect(reply.isError).toBeFalsy();
    expect(widget.iframe.style.height).toBe('480px');
    expect(onResize).toHaveBeenCalledWith({ type: 'resize', height: 479.5 });
    expect(onEvent).toHaveBeenCalledWith({ type: 'resize', height: 479.5 });
    expect(dom.map((event) => event.detail)).toEqual([{ type: 'resize', height: 479.5 }]);
    port.close();
  });

  it('leaves the height alone with autoHeight: false', async () => {
    mountWith({ autoHeight: false, height: 700 });
    const port = connectAsSite();
    await call(port, 'inventoryHeight', 300);
    expect(widget.iframe.style.height).toBe('700px');
    expect(onEvent).toHaveBeenCalledWith({ type: 'inventoryHeight', height: 300 });
    port.close();
  });

  it.each([
    ['openShowPage', [42], 'partera:open-show-page', { showId: 42 }],
    ['openShowPage', ['1234'], 'partera:open-show-page', { showId: '1234' }],
    ['orderToken', ['0c6f4a7e-uuid'], 'partera:order-token', { token: '0c6f4a7e-uuid' }],
    ['paymentSucceeded', [{ orderId: 7 }], 'partera:payment-succeeded', { orderId: 7 }],
    ['paymentFailed', [{ message: 'declined', type: 'spoof' }], 'partera:payment-failed', { message: 'declined' }],
    ['paymentFailed', [], 'partera:payment-failed', {}],
    ['paymentInit', ['ps-1'], 'partera:payment-init', { paymentSessionId: 'ps-1' }],
    ['inventoryHeight', [300], 'partera:inventory-height', { height: 300 }],
    ['inventoryCancel', [], 'partera:inventory-cancel', {}],
    ['inventoryClose', [], 'partera:inventory-close', {}],
  ])('%s(%j) reaches the partner page as %s', async (method, args, domEvent, payload) => {
    const handler = vi.fn();
    mountWith({ [`on${method[0]!.toUpperCase()}${method.slice(1)}`]: handler });
    const port = connectAsSite();
    const dom = recordDomEvents(element, [domEvent]);
    const reply = await call(port, method, ...args);
    expect(reply.isError).toBeFalsy();
    const event = { ...payload, type: method };
    expect(handler).toHaveBeenCalledWith(event);
    expect(onEvent).toHaveBeenLastCalledWith(event);
    expect(dom.map((domEvent) => domEvent.detail)).toEqual([event]);
    expect(dom[0]!.bubbles).toBe(true);
    port.close();
  });

  it.each([
    ['resize', ['tall']],
    ['resize', [-1]],
    ['openShowPage', [null]],
    ['orderToken', ['']],
    ['paymentInit', [{}]],
  ])('%s(%j) is refused with an error and no event', async (method, args) => {
    const port = connectAsSite();
    onEvent.mockClear();
    const reply = await call(port, method, ...args);
    expect(reply).toMatchObject({ isError: true, value: { name: 'TypeError' } });
    expect(onEvent).not.toHaveBeenCalled();
    port.close();
  });

  it('pushkinCardTermsOfUse resolves true once the partner page agrees', async () => {
    const port = connectAsSite();
    const dom = recordDomEvents(element, ['partera:pushkin-card-terms-of-use']);
    const reply = call(port, 'pushkinCardTermsOfUse');
    await vi.waitFor(() => expect(dom).toHaveLength(1));
    let answered = false;
    void reply.then(() => {
      answered = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(answered).toBe(false);
    dom[0]!.detail.agree();
    await expect(reply).resolves.toMatchObject({ value: true });
    // The penpal answer replaces the legacy string: nothing else is posted.
    expect(posted).not.toHaveBeenCalledWith('pushkin_card_user_agrees_to_terms', expect.anything());
    port.close();
  });

  it('pushkinCardTermsOfUse resolves false when the callback declines', async () => {
    mountWith({ onPushkinCardTermsOfUse: async () => false });
    const port = connectAsSite();
    await expect(call(port, 'pushkinCardTermsOfUse')).resolves.toMatchObject({ value: false });
    port.close();
  });

  it('a throwing partner callback does not stop the DOM event or the reply', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    mountWith({
      onResize: () => {
        throw new Error('partner bug');
      },
    });
    const port = connectAsSite();
    const dom = recordDomEvents(element, ['partera:resize']);
    const reply = await call(port, 'resize', 100);
    expect(reply.isError).toBeFalsy();
    expect(dom).toHaveLength(1);
    expect(error).toHaveBeenCalled();
    error.mockRestore();
    port.close();
  });
});

describe('a moved element', () => {
  it('reconnects to the new window the frame gets', () => {
    const port = connectAsSite();
    const oldWindow = frameOf(element).contentWindow;
    const elsewhere = document.body.appendChild(document.createElement('section'));
    elsewhere.append(element.firstElementChild!);
    const frame = widget.iframe;
    expect(frame.contentWindow !== oldWindow).toBe(true);
    const movedPosted = spyOnSite(frame);

    sendFromSite(frame, 'giveMeHash');
    sendFromSite(frame, 'showIframe');
    expect(movedPosted.mock.calls.map(([message, target]) => [(message as Wire).type ?? message, target])).toEqual([
      ['sendMyHash:demo-partner-hash', SITE_ORIGIN],
      ['SYN', SITE_ORIGIN],
    ]);
    // The old window is no longer heard.
    onEvent.mockClear();
    sendFromSite(frame, 'pushkin_card_terms_of_use', { source: oldWindow });
    expect(onEvent).not.toHaveBeenCalled();
    elsewhere.remove();
    port.close();
  });
});
