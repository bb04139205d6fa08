/**
 * The seat tooltip (spec 2.1, 3.9, 4.1, 5.2): the seat, its description and price ('от' the
 * lowest of several tariffs, or the tariff a held seat is held at), the tariff choice
 * 'Выберите тариф:', gifts (the choice before the seat goes in, +/- once it is held, with the
 * total), the view from the seat, and 'Добавить в корзину' / 'Удалить из корзины'.
 */
import { useState } from 'react';
import { useSnapshot } from 'valtio/react';
import {
  giftChoices,
  giftUnitPrice,
  placeGiftBound,
  placeTotal,
  selectPlaceWithGifts,
  setPlaceGifts,
} from '../store/gift-actions.js';
import { countTickets, deselectPlace, type HallContext } from '../store/hall-actions.js';
import type { MapPlace } from '../store/hall-store.js';
import { packageSeatsDisabled } from '../store/package-flow.js';
import { hallPicks } from '../store/picks.js';
import { ADD_TO_BASKET, formatPrice, placeLabel, REMOVE_FROM_BASKET, toKopecks } from '../store/spec.js';
import { hasTariffChoice, heldTariff, tariffOptions } from '../store/tariffs.js';
import { GiftChoice, GiftStepper } from './gift-controls.js';
import { placePriceText } from './place-text.js';
import { SeatPhotoOverlay, SeatPhotoToggle } from './seat-photo.js';
import { TariffChoice } from './tariff-choice.js';
import { T } from './texts.js';
import { type TipAnchor, TipFrame } from './tip-frame.js';

export interface PlaceTipProps {
  ctx: HallContext;
  place: MapPlace;
  anchor: TipAnchor;
  /** The view from the seat (placePhoto(config.hallPlaceImages, place.id)). */
  photo?: string;
  onClose: () => void;
}

export function PlaceTip(props: PlaceTipProps) {
  const { ctx, place: p } = props;
  const snap = useSnapshot(ctx.state);
  const picks = useSnapshot(hallPicks(ctx.state));
  const selected = snap.selected[p.id] === true;
  const busy = snap.busy[p.cypher] === true || snap.busy[`g:${p.id}`] === true;
  const [tax, setTax] = useState<number>(p.tariff);
  const [gifts, setGifts] = useState(0);
  const [photoOpen, setPhotoOpen] = useState(false);
  const options = tariffOptions(p);
  const chooseTariff = !selected && hasTariffChoice(p) && options.length > 1;
  const giftBound = placeGiftBound(ctx, p);
  const held = selected ? heldTariff(picks, p) : null;
  const heldGifts = picks.gifts[p.id] ?? 0;
  const full = packageSeatsDisabled(ctx.package, countTickets(snap.selected, snap.entrance, picks.future));
  const disabled = !ctx.canAct || (!selected && full);
  const ticketPrice = (chooseTariff ? options.find((t) => t.id === tax)?.price : undefined) ?? toKopecks(p.price);

  return (
    <TipFrame anchor={props.anchor} title={placeLabel(p)} onClose={props.onClose}>
      {p.description ? <p className="pt-tip-desc">{p.description}</p> : null}
      <p className="pt-tip-price">
        {held ? `${T.tariff} «${held.name}»: ${formatPrice(held.price)}` : placePriceText(p)}
      </p>
      {props.photo ? (
        <p>
          <SeatPhotoToggle open={photoOpen} onToggle={() => setPhotoOpen(!photoOpen)} />
        </p>
      ) : null}
      {photoOpen && props.photo ? (
        <SeatPhotoOverlay image={props.photo} label={placeLabel(p)} onClose={() => setPhotoOpen(false)} />
      ) : null}
      {chooseTariff ? <TariffChoice options={options} value={tax} onChange={setTax} name={`pt-tax-${p.id}`} /> : null}
      {!selected && giftBound > 0 ? (
        <GiftChoice choices={giftChoices(ctx, p)} value={gifts} onChange={setGifts} />
      ) : null}
      {!selected && gifts > 0 ? (
        <p className="pt-tip-price">
          {T.total}: {formatPrice(ticketPrice + gifts * giftUnitPrice(ctx))}
        </p>
      ) : null}
      {selected && giftBound > 0 ? (
        <>
          <GiftStepper
            count={heldGifts}
            max={giftBound}
            busy={busy}
            onChange={(n) => void setPlaceGifts(ctx, p.id, n)}
          />
          <p className="pt-tip-price">
            {T.total}: {formatPrice(placeTotal(ctx, p))}
          </p>
        </>
      ) : null}
      <div className="pt-tip-actions">
        <button
          type="button"
          className={selected ? 'pt-secondary' : 'pt-primary'}
          disabled={busy || disabled}
          aria-busy={busy}
          onClick={() =>
            void (selected
              ? deselectPlace(ctx, p.id)
              : selectPlaceWithGifts(ctx, p.id, chooseTariff ? tax : undefined, gifts))
          }
        >
          {selected ? REMOVE_FROM_BASKET : ADD_TO_BASKET}
        </button>
      </div>
    </TipFrame>
  );
}
