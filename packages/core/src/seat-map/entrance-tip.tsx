/**
 * The entrance (free-seating) section tooltip (spec 2.1, 5.1, 5.2): ticket count +/-, the total
 * price, and for the tickets already held, gift count +/- with their price. A section with no
 * free tickets is disabled and says 'Закончились свободные билеты'.
 */
import { useState } from 'react';
import { useSnapshot } from 'valtio/react';
import { giftMax, giftUnitPrice, setEntranceGifts } from '../store/gift-actions.js';
import { type HallContext, showAlert } from '../store/hall-actions.js';
import type { MapSection } from '../store/hall-store.js';
import { hallPicks } from '../store/picks.js';
import { addEntranceTickets, entranceCountProblem, removeEntranceTickets } from '../store/section-tickets.js';
import { ADD_TO_BASKET, formatPrice, MSG, pluralTickets, REMOVE_FROM_BASKET, toKopecks } from '../store/spec.js';
import { GiftStepper } from './gift-controls.js';
import { T } from './texts.js';
import { type TipAnchor, TipFrame } from './tip-frame.js';

export interface EntranceTipProps {
  ctx: HallContext;
  section: MapSection;
  anchor: TipAnchor;
  onClose: () => void;
}

export function EntranceTip(props: EntranceTipProps) {
  const { ctx, section: s } = props;
  const snap = useSnapshot(ctx.state);
  const picks = useSnapshot(hallPicks(ctx.state));
  const free = snap.entranceFree[s.sectionId] ?? 0;
  const held = snap.entrance[s.sectionId] ?? 0;
  const gifts = picks.entranceGifts[s.sectionId] ?? 0;
  const busy = snap.busy[`s:${s.sectionId}`] === true || snap.busy[`g:s:${s.sectionId}`] === true;
  const [count, setCount] = useState(1);
  const unit = toKopecks(s.price);
  const overLimit = entranceCountProblem(ctx, s.sectionId, count + 1);
  const maxGifts = giftMax(ctx);

  const more = () => {
    if (overLimit) showAlert(ctx.state, overLimit);
    else setCount(count + 1);
  };
  const add = async () => {
    await addEntranceTickets(ctx, s.sectionId, count);
    // The counter starts again from one whether the tickets went in or the call failed (8.2).
    setCount(1);
  };

  return (
    <TipFrame anchor={props.anchor} title={s.sectionName} onClose={props.onClose}>
      <p className="pt-tip-price">
        {formatPrice(unit)} · {T.freeLeft(pluralTickets(free))}
      </p>
      {held > 0 ? <p className="pt-tip-desc">{T.inBasketCount(held)}</p> : null}
      {held > 0 && maxGifts > 0 ? (
        <>
          <GiftStepper
            count={gifts}
            max={maxGifts * held}
            busy={busy}
            onChange={(n) => void setEntranceGifts(ctx, s.sectionId, n)}
          />
          {gifts > 0 ? <p className="pt-tip-desc">{T.giftsPrice(gifts, formatPrice(giftUnitPrice(ctx)))}</p> : null}
        </>
      ) : null}
      {free < 1 ? (
        <p className="pt-tip-note" role="status">
          {MSG.noTickets}
        </p>
      ) : (
        <>
          <fieldset className="pt-counter" aria-label={T.ticketCount}>
            <button
              type="button"
              aria-label={T.fewer}
              disabled={count <= 1 || busy}
              onClick={() => setCount(Math.max(1, count - 1))}
            >
              −
            </button>
            <output aria-live="polite" aria-label={T.ticketCount}>
              {count}
            </output>
            <button type="button" aria-label={T.more} aria-disabled={overLimit !== null || busy} onClick={more}>
              +
            </button>
          </fieldset>
          <p className="pt-tip-price">
            {T.total}: {formatPrice(unit * count)}
          </p>
        </>
      )}
      <div className="pt-tip-actions">
        {free >= 1 ? (
          <button type="button" className="pt-primary" disabled={busy || !ctx.canAct} aria-busy={busy} onClick={add}>
            {ADD_TO_BASKET}
          </button>
        ) : null}
        {held > 0 ? (
          <button
            type="button"
            className="pt-secondary"
            disabled={busy || !ctx.canAct}
            onClick={() => void removeEntranceTickets(ctx, s.sectionId, held)}
          >
            {REMOVE_FROM_BASKET}
          </button>
        ) : null}
      </div>
    </TipFrame>
  );
}
