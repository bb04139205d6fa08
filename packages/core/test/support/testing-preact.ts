/**
 * `@testing-library/react` for the core-preact test project: Testing Library for preact, with
 * the two places where Testing Library for React does more put back, so one test file means
 * the same thing under both.
 *
 * - React listens to focusout for onBlur and to focusin for onFocus; Testing Library for React
 *   fires them along with blur and focus, as a browser does. preact/compat listens to the same
 *   events, but Testing Library for preact fires only blur and focus.
 * - React's `act` with an async callback waits for one more task after the callback before it
 *   returns (it drains its work queue between tasks), so answers already on their way arrive
 *   inside it. preact's `act` returns as soon as the callback's promise settles.
 */
import { configure, act as preactAct, fireEvent as preactFireEvent } from '@testing-library/preact';

export * from '@testing-library/preact';

// Testing Library for preact brings its own @testing-library/dom (8), which waits.ts does not
// configure: its waits too end with what they wait for, not after 1 s.
configure({ asyncUtilTimeout: 30_000 });

// Taken before any test fakes the timers, as React takes its own task queue.
const nextTask = globalThis.setImmediate ?? ((fn: () => void) => globalThis.setTimeout(fn, 0));

type Target = Element | Node | Document | Window;

export const fireEvent: typeof preactFireEvent = Object.assign(
  (...args: Parameters<typeof preactFireEvent>) => preactFireEvent(...args),
  preactFireEvent,
  {
    blur: (element: Target, init?: object) => {
      preactFireEvent.focusOut(element, init);
      return preactFireEvent.blur(element, init);
    },
    focus: (element: Target, init?: object) => {
      preactFireEvent.focusIn(element, init);
      return preactFireEvent.focus(element, init);
    },
  },
);

export function act(callback: () => unknown): Promise<void> {
  return preactAct(() => {
    const result = callback();
    if (result && typeof (result as PromiseLike<unknown>).then === 'function') {
      return Promise.resolve(result).then(() => new Promise<void>((resolve) => nextTask(() => resolve())));
    }
  });
}
