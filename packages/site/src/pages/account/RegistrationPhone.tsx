/** @jsxRuntime automatic */
import { DEFAULT_PHONE_COUNTRY, PHONE_COUNTRIES, phoneMaskPlaceholder } from '@partera/contract';

const DEFAULT_MASK = PHONE_COUNTRIES.find((c) => c.code === DEFAULT_PHONE_COUNTRY)?.mask ?? '';

/**
 * The registration's optional phone: the country (its mask follows it) and a mobile number. It
 * is kept unconfirmed; the cabinet or the first purchase that needs it confirms it by SMS.
 */
export function RegistrationPhone() {
  return (
    <div className="field" data-field="phone">
      <span className="field__label" id="registration-phone-label">
        Мобильный телефон <span className="field__optional">(необязательно)</span>
      </span>
      <div className="field__row">
        <select
          className="field__input field__input--country"
          name="RegistrationForm[country]"
          aria-label="Страна"
          defaultValue={DEFAULT_PHONE_COUNTRY}
          data-phone-country=""
        >
          {PHONE_COUNTRIES.map((c) => (
            <option key={c.code} value={c.code} data-mask={c.mask}>
              {c.name} +{c.dial}
            </option>
          ))}
        </select>
        <input
          className="field__input"
          id="registration-phone"
          name="RegistrationForm[phone]"
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          placeholder={phoneMaskPlaceholder(DEFAULT_MASK)}
          aria-labelledby="registration-phone-label"
          aria-describedby="registration-phone-hint registration-phone-error"
        />
      </div>
      <p className="field__hint" id="registration-phone-hint">
        Подтвердить номер можно потом в личном кабинете: он нужен для покупок на некоторые мероприятия.
      </p>
      <p className="field__error" id="registration-phone-error" data-field-error="phone" hidden />
    </div>
  );
}
