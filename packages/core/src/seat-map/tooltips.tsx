/**
 * The seat tooltip and the entrance-section tooltip (spec 2.1, 3.9, 5.1). On screens up to the
 * mobile breakpoint the stylesheet turns them into a bottom sheet.
 */
import { type CSSProperties, type ReactNode, useEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio/react';
import {
  addEntranceTickets,
  deselectPlace,
  entranceCountProblem,
  type HallContext,
  removeEntranceTickets,
  selectPlace,
  showAlert,
} from '../store/hall-actions.js';
import type { MapPlace, MapSection } from '../store/hall-store.js';
import {
  ADD_TO_BASKET,
  CHOOSE_TARIFF,
  formatPrice,
  MSG,
  placeLabel,
  pluralTickets,
  REMOVE_FROM_BASKET,
  toKopecks,
} from '../store/spec.js';
import { placePriceText } from './place-text.js';
import { T } from './texts.js';

export interface TipAnchor {
  /** Position inside the widget, px. */
  x: number;
  y: number;
}

function TipFrame(props: { anchor: TipAnchor; title: string; onClose: () => void; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus({ preventScroll: true });
  }, []);
  const style = { '--pt-x': `${props.anchor.x}px`, '--pt-y': `${props.anchor.y}px` } as CSSProperties;
  return (
    <div
      ref={ref}
      className="pt-tip"
      role="dialog"
      aria-label={props.title}
      tabIndex={-1}
      style={style}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          props.onClose();
        }
      }}
    >
      <button type="button" className="pt-tip-close" aria-label={T.close} onClick={props.onClose}>
        ×
      </button>
      <p className="pt-tip-title">{props.title}</p>
      {props.children}
    </div>
  );
}

export function PlaceTip(props: {
  ctx: HallContext;
  place: MapPlace;
  anchor: TipAnchor;
  photo?: string;
  onClose: () => void;
}) {
  const { ctx, place: p } = props;
  const snap = useSnapshot(ctx.state);
  const selected = snap.selected[p.id] === true;
  const busy = snap.busy[p.cypher] === true;
  const tariffs = Object.entries(p.taxes);
  const [tax, setTax] = useState<number>(p.tariff);
  const [showPhoto, setShowPhoto] = useState(false);
  const chooseTariff = !selected && p.countTax > 1 && tariffs.length > 1;

  return (
    <TipFrame anchor={props.anchor} title={placeLabel(p)} onClose={props.onClose}>
      {p.description ? <p className="pt-tip-desc">{p.description}</p> : null}
      <p className="pt-tip-price">{placePriceText(p)}</p>
      {props.photo ? (
        <>
          {showPhoto ? (
            <img className="pt-tip-photo" src={props.photo} alt={`${T.seatPhoto}: ${placeLabel(p)}`} />
          ) : null}
          <p>
            <button type="button" className="pt-link" onClick={() => setShowPhoto(!showPhoto)}>
              {showPhoto ? T.hideSeatPhoto : T.seatPhoto}
            </button>
          </p>
        </>
      ) : null}
      {chooseTariff ? (
        <fieldset className="pt-tariffs">
          <legend>{CHOOSE_TARIFF}</legend>
          {tariffs.map(([id, t]) => (
            <label key={id}>
              <input
                type="radio"
                name={`pt-tax-${p.id}`}
                value={id}
                checked={tax === Number(id)}
                onChange={() => setTax(Number(id))}
              />
              {t.name} — {formatPrice(toKopecks(t.price))}
            </label>
          ))}
        </fieldset>
      ) : null}
      <div className="pt-tip-actions">
        <button
          type="button"
          className={selected ? 'pt-secondary' : 'pt-primary'}
          disabled={busy || !ctx.canAct}
          aria-busy={busy}
          onClick={() =>
            void (selected ? deselectPlace(ctx, p.id) : selectPlace(ctx, p.id, chooseTariff ? tax : undefined))
          }
        >
          {selected ? REMOVE_FROM_BASKET : ADD_TO_BASKET}
        </button>
      </div>
    </TipFrame>
  );
}

export function EntranceTip(props: { ctx: HallContext; section: MapSection; anchor: TipAnchor; onClose: () => void }) {
  const { ctx, section: s } = props;
  const snap = useSnapshot(ctx.state);
  const free = snap.entranceFree[s.sectionId] ?? 0;
  const held = snap.entrance[s.sectionId] ?? 0;
  const busy = snap.busy[`s:${s.sectionId}`] === true;
  const [count, setCount] = useState(1);
  const unit = toKopecks(s.price);
  const overLimit = entranceCountProblem(ctx, s.sectionId, count + 1);

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
