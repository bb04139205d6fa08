/**
 * happy-dom has no 2D canvas: a context that takes every drawing call and draws nothing, so the
 * seat map's canvas plan runs its real code paths (what it draws is checked in the browser, by
 * the end-to-end tests and the seat-map benchmark). measureText answers a width from the text's
 * length, enough for the overview's labels to be placed.
 */
const noop = () => undefined;

function fakeContext(canvas: HTMLCanvasElement): CanvasRenderingContext2D {
  const fields: Record<string | symbol, unknown> = { canvas };
  return new Proxy(fields, {
    get(target, key) {
      if (key in target) return target[key];
      if (key === 'measureText') return (text: string) => ({ width: text.length * 6 });
      return noop;
    },
    set(target, key, value) {
      target[key] = value;
      return true;
    },
  }) as unknown as CanvasRenderingContext2D;
}

const proto = globalThis.HTMLCanvasElement?.prototype;
if (proto) {
  const contexts = new WeakMap<HTMLCanvasElement, CanvasRenderingContext2D>();
  Object.defineProperty(proto, 'getContext', {
    configurable: true,
    value(this: HTMLCanvasElement, kind: string) {
      if (kind !== '2d') return null;
      let ctx = contexts.get(this);
      if (!ctx) {
        ctx = fakeContext(this);
        contexts.set(this, ctx);
      }
      return ctx;
    },
  });
}
if (typeof (globalThis as { Path2D?: unknown }).Path2D !== 'function') {
  (globalThis as { Path2D?: unknown }).Path2D = class Path2D {};
}
if (typeof globalThis.ResizeObserver !== 'function') {
  globalThis.ResizeObserver = class ResizeObserver {
    observe = noop;
    unobserve = noop;
    disconnect = noop;
  } as unknown as typeof ResizeObserver;
}
