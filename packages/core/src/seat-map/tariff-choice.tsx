/** 'Выберите тариф:' (spec 2.1): a radio list of the place's tariffs, each name and price in 'руб'. */
import { CHOOSE_TARIFF, formatRub } from '../store/spec.js';
import type { TariffOption } from '../store/tariffs.js';

export interface TariffChoiceProps {
  /** The place's tariffs (tariffOptions(place)). */
  options: readonly TariffOption[];
  value: number;
  onChange: (tariffId: number) => void;
  /** The radio group's name, unique on the page (e.g. per place). */
  name: string;
}

export function TariffChoice(props: TariffChoiceProps) {
  return (
    <fieldset className="pt-tariffs">
      <legend>{CHOOSE_TARIFF}</legend>
      {props.options.map((t) => (
        <label key={t.id}>
          <input
            type="radio"
            name={props.name}
            value={t.id}
            checked={props.value === t.id}
            onChange={() => props.onChange(t.id)}
          />
          {t.name} — {formatRub(t.price)}
        </label>
      ))}
    </fieldset>
  );
}
