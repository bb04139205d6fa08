/** One choice of the checkout (how to pay, how to get the tickets): a radio group in a fieldset. */
export interface ChoiceOption<V extends string> {
  value: V;
  label: string;
}

export function Choice<V extends string>({
  legend,
  name,
  options,
  chosen,
  disabled,
  onChoose,
}: {
  legend: string;
  /** The radio group's name, unique on the page. */
  name: string;
  options: readonly ChoiceOption<V>[];
  chosen: V | null;
  disabled: boolean;
  onChoose: (value: V) => void;
}) {
  return (
    <fieldset className="pt-choice" disabled={disabled}>
      <legend className="pt-choice__legend">{legend}</legend>
      {options.map((option) => (
        <label key={option.value} className="pt-choice__option">
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={chosen === option.value}
            onChange={() => onChoose(option.value)}
          />
          <span>{option.label}</span>
        </label>
      ))}
    </fieldset>
  );
}
