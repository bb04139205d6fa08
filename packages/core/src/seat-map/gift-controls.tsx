/**
 * Gift controls (spec 2.1, 5.2): the +/- stepper of a held ticket's gifts, and the older map's
 * choice 'Без подарка', '1 подарок' … '5 подарков' made before the seat goes in.
 */
import { useId } from 'react';
import { T } from './texts.js';

export interface GiftStepperProps {
  count: number;
  /** Above this the + button reads as disabled; pressing it still asks, so the limit message shows. */
  max: number;
  busy: boolean;
  onChange: (count: number) => void;
}

export function GiftStepper(props: GiftStepperProps) {
  const { count, busy } = props;
  return (
    <fieldset className="pt-counter pt-gifts" aria-label={T.gifts}>
      <span className="pt-counter-label" aria-hidden="true">
        {T.gifts}
      </span>
      <button
        type="button"
        aria-label={T.fewerGifts}
        disabled={count <= 0 || busy}
        onClick={() => props.onChange(count - 1)}
      >
        −
      </button>
      <output aria-live="polite" aria-label={T.giftCount}>
        {count}
      </output>
      <button
        type="button"
        aria-label={T.moreGifts}
        aria-disabled={count >= props.max || busy}
        onClick={() => !busy && props.onChange(count + 1)}
      >
        +
      </button>
    </fieldset>
  );
}

export interface GiftChoiceProps {
  /** giftChoices(ctx, place): 0 … the seat's bound, with their labels. */
  choices: readonly { value: number; label: string }[];
  value: number;
  onChange: (count: number) => void;
}

export function GiftChoice(props: GiftChoiceProps) {
  const id = useId();
  return (
    <p className="pt-gift-choice">
      <label htmlFor={id}>{T.gifts}</label>
      <select id={id} value={props.value} onChange={(e) => props.onChange(Number(e.currentTarget.value))}>
        {props.choices.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </select>
    </p>
  );
}
