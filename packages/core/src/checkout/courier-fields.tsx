/**
 * The courier delivery form (3.12, 5.4): loaded with the courier choice, so the checkout's first
 * paint does not carry it. The first failing field of a check is marked red with its message.
 */
import { messages, phoneMaskPlaceholder, RU_PHONE_MASK } from '@partera/contract';
import { useEffect, useId } from 'react';
import { useSnapshot } from 'valtio/react';
import type { CourierField, CourierForm } from '../store/courier-form.js';
import { TextField } from './text-field.js';

const TEXT_FIELDS: readonly {
  field: Exclude<CourierField, 'metro'>;
  label: string;
  type: 'text' | 'tel';
  autoComplete: string;
}[] = [
  { field: 'surname', label: 'Фамилия', type: 'text', autoComplete: 'family-name' },
  { field: 'firstname', label: 'Имя', type: 'text', autoComplete: 'given-name' },
  { field: 'patronymic', label: 'Отчество', type: 'text', autoComplete: 'additional-name' },
  { field: 'phone', label: 'Телефон', type: 'tel', autoComplete: 'tel' },
  { field: 'address', label: 'Адрес доставки', type: 'text', autoComplete: 'street-address' },
];

export function CourierFields({ form, disabled }: { form: CourierForm; disabled: boolean }) {
  const snap = useSnapshot(form.state);
  const id = useId();
  useEffect(() => void form.loadStations(), [form]);
  const errorOf = (field: CourierField) => (snap.error?.field === field ? snap.error.message : undefined);
  const metroError = errorOf('metro');
  const stations = Array.isArray(snap.stations) ? snap.stations : [];
  return (
    <fieldset className="pt-guest pt-courier" disabled={disabled}>
      <legend className="pt-choice__legend">Доставка курьером</legend>
      {TEXT_FIELDS.map(({ field, ...rest }) => (
        <TextField
          key={field}
          id={`${id}-${field}`}
          field={`courier-${field}`}
          {...rest}
          placeholder={field === 'phone' ? phoneMaskPlaceholder(RU_PHONE_MASK) : undefined}
          value={snap.fields[field]}
          error={errorOf(field)}
          onChange={(v) => form.change(field, v)}
        />
      ))}
      <div className={`pt-field${metroError ? ' pt-field--error' : ''}`}>
        <label className="pt-field__label" htmlFor={`${id}-metro`}>
          Станция метро
        </label>
        <select
          id={`${id}-metro`}
          data-field="courier-metro"
          className="pt-field__input pt-select"
          required
          aria-invalid={metroError ? true : undefined}
          aria-describedby={metroError ? `${id}-metro-error` : undefined}
          value={snap.fields.metro}
          onChange={(e) => form.change('metro', e.currentTarget.value)}
          onInput={(e) => form.change('metro', e.currentTarget.value)}
        >
          <option value="">{snap.stations === null ? 'Загружаем станции…' : 'Выберите станцию'}</option>
          {stations.map((s) => (
            <option key={s.id} value={String(s.id)}>
              {s.name}
            </option>
          ))}
        </select>
        <span id={`${id}-metro-error`} className="pt-field__error" role="alert">
          {metroError ?? (snap.stations === 'failed' ? messages.serverError : undefined)}
        </span>
      </div>
    </fieldset>
  );
}
