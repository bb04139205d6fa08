/**
 * The notice of a buyer the admission gate queues (decision 0018; the flow: store/admission-queue.ts):
 * the place in the queue, that the choice is sent again by itself, the seconds to the next try,
 * and a way out. A polite live region, there (empty) before any queue, so that screen readers
 * say the place when it comes and when it changes; the countdown itself is not read out each second.
 */
import { useSnapshot } from 'valtio/react';
import { leaveQueue } from '../store/admission-queue.js';
import type { HallState } from '../store/hall-store.js';
import { T } from './texts.js';

export function QueueNotice({ state }: { state: HallState }) {
  const { queue } = useSnapshot(state);
  return (
    <div className="pt-queue" role="status">
      {queue ? (
        <>
          <p className="pt-queue-place">{T.queuePlace(queue.position)}</p>
          <p>{T.queueWhy}</p>
          <p className="pt-queue-next" aria-live="off">
            {queue.secondsLeft > 0 ? T.queueNextTry(queue.secondsLeft) : T.queueTrying}
          </p>
          <button type="button" className="pt-secondary" onClick={() => leaveQueue(state)}>
            {T.queueLeave}
          </button>
        </>
      ) : null}
    </div>
  );
}
