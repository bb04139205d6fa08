import { HOLD_COUNTDOWN_TICK_MS } from '@partera/contract';
import { useEffect, useRef, useState } from 'react';

/**
 * Seconds left until `deadline` (epoch ms), re-read every `tickMs`. Counting against a deadline
 * rather than decrementing keeps the figure right when a background tab throttles timers.
 * `onZero` runs once when the deadline passes; a null deadline stops the clock.
 */
export function useCountdown(
  deadline: number | null,
  onZero?: () => void,
  tickMs = HOLD_COUNTDOWN_TICK_MS,
): number | null {
  const secondsLeft = (): number | null =>
    deadline === null ? null : Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
  const [left, setLeft] = useState(secondsLeft);
  const onZeroRef = useRef(onZero);
  onZeroRef.current = onZero;

  // biome-ignore lint/correctness/useExhaustiveDependencies: secondsLeft only reads deadline
  useEffect(() => {
    const first = secondsLeft();
    setLeft(first);
    if (first === null) return;
    if (first === 0) {
      onZeroRef.current?.();
      return;
    }
    const timer = setInterval(() => {
      const next = secondsLeft();
      setLeft(next);
      if (next === 0) {
        clearInterval(timer);
        onZeroRef.current?.();
      }
    }, tickMs);
    return () => clearInterval(timer);
  }, [deadline, tickMs]);

  return left;
}

/** A deadline `seconds` from now, or null. */
export function deadlineIn(seconds: number | null | undefined): number | null {
  return typeof seconds === 'number' && seconds > 0 ? Date.now() + seconds * 1000 : null;
}
