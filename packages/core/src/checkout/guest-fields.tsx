import { phoneMaskPlaceholder, RU_PHONE_MASK } from '@partera/contract';
import { useId } from 'react';
import { useSnapshot } from 'valtio/react';
import {
  type GuestContactField,
  type GuestForm,
  guestErrors,
  guestFieldsFor,
  guestValid,
} from '../store/guest-form.js';
import { TextField } from './text-field.js';

const FIELDS: Record<
  GuestContactField,
  { label: string; type: 'text' | 'email' | 'tel' | 'date'; autoComplete: string }
> = {
  email: { label: 'E-mail', type: 'email', autoComplete: 'email' },
  name: { label: 'Имя', type: 'text', autoComplete: 'given-name' },
  surname: { label: 'Фамилия', type: 'text', autoComplete: 'family-name' },
  patronymic: { label: 'Отчество', type: 'text', autoComplete: 'additional-name' },
  phone: { label: 'Телефон', type: 'tel', autoComplete: 'tel' },
  birthDate: { label: 'Дата рождения', type: 'date', autoComplete: 'bday' },
};

/**
 * The guest's contact fields (5.5) for the chosen payment, each with its error under it; once the
 * form is valid, the e-mail block says where the tickets go (4.6).
 */
export function GuestContacts({ form, disabled }: { form: GuestForm; disabled: boolean }) {
  const snap = useSnapshot(form.state);
  const errors = guestErrors(snap);
  const id = useId();
  return (
    <fieldset className="pt-guest" disabled={disabled}>
      <legend className="pt-choice__legend">Данные покупателя</legend>
      {guestFieldsFor(snap.payment).map((field) => (
        <TextField
          key={field}
          id={`${id}-${field}`}
          field={field}
          {...FIELDS[field]}
          placeholder={field === 'phone' ? phoneMaskPlaceholder(RU_PHONE_MASK) : undefined}
          value={snap.fields[field]}
          error={errors[field]}
          onChange={(v) => form.change(field, v)}
          onBlur={() => form.blur(field)}
        />
      ))}
      {guestValid(snap) ? (
        <p className="pt-guest__email">Билеты и код заказа придут на {snap.fields.email.trim()}</p>
      ) : null}
    </fieldset>
  );
}
