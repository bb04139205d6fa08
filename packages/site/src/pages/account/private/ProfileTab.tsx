/** @jsxRuntime automatic */
import { DEFAULT_BIRTH_DATE, PASSWORD_MIN_LENGTH, PIN_LENGTH } from '@partera/contract';
import type { ReactNode } from 'react';
import { DeleteAccountForm } from './DeleteAccountForm.js';
import { Field, SubForm } from './SubForm.js';

/** The requisites as the cabinet shows them. */
export interface ProfileView {
  surname: string;
  firstName: string;
  patronymic: string;
  /** dd.mm.yyyy, or '' when not given. */
  birthDate: string;
  email: string;
  emailConfirmed: boolean;
  /** '+7 916 1234567', or ''. */
  phone: string;
  phoneConfirmed: boolean;
  /** False for an account that signs in only through VK ID or Yandex ID (its deletion is confirmed by a code). */
  hasPassword: boolean;
  /** The consent to personal data given at registration (152-ФЗ): its date (dd.mm.yyyy) and text version. */
  consent: { date: string; textVersion: string } | null;
}

function Mark({ confirmed }: { confirmed: boolean }) {
  return (
    <span className={confirmed ? 'mark mark--ok' : 'mark mark--pending'}>
      {confirmed ? 'подтверждён' : 'не подтверждён'}
    </span>
  );
}

function Row({ label, show, children }: { label: string; show: string; children: ReactNode }) {
  return (
    <div className="requisites__row">
      <dt>{label}</dt>
      <dd data-show={show}>{children}</dd>
    </div>
  );
}

/**
 * The requisites block (site 2.15): names, birth date, e-mail and phone with their confirmed
 * marks; each 'Изменить' opens its sub-form (personal info, password, e-mail, phone) in place of
 * the block. The phone's form is the phone flow's view (client lib/phone-dialog.ts).
 */
export function ProfileTab({ profile: p }: { profile: ProfileView }) {
  const link = (name: string, label: string) => (
    <button type="button" className="link-button" data-open={name}>
      {label}
    </button>
  );
  return (
    <section className="cabinet__panel" aria-labelledby="requisites-title">
      <div className="requisites" data-requisites="">
        <h2 id="requisites-title" className="requisites__title">
          Мои данные
        </h2>
        <p className="auth-form__note" role="status" data-requisites-note="" hidden />
        <dl className="requisites__list">
          <Row label="Фамилия" show="surname">
            {p.surname}
          </Row>
          <Row label="Имя" show="firstname">
            {p.firstName}
          </Row>
          <Row label="Отчество" show="patronymic">
            {p.patronymic || '—'}
          </Row>
          <Row label="Дата рождения" show="birthday">
            {p.birthDate || '—'}
          </Row>
          <Row label="E-mail" show="email">
            {p.email || '—'} {p.email ? <Mark confirmed={p.emailConfirmed} /> : null}{' '}
            {link('email', p.emailConfirmed ? 'Изменить' : p.email ? 'Подтвердить' : 'Добавить')}
          </Row>
          <Row label="Телефон" show="phone">
            {p.phone || '—'} {p.phone ? <Mark confirmed={p.phoneConfirmed} /> : null}{' '}
            {link('phone', p.phoneConfirmed ? 'Изменить' : 'Добавить')}
          </Row>
        </dl>
        <div className="requisites__actions">
          {link('personal', 'Изменить личные данные')}
          {link('password', 'Сменить пароль')}
        </div>

        <section className="personal-data" aria-labelledby="personal-data-title" data-personal-data="">
          <h2 id="personal-data-title" className="requisites__title">
            Персональные данные
          </h2>
          <p className="personal-data__consent" data-consent="">
            {p.consent
              ? `Согласие на обработку персональных данных дано ${p.consent.date} (редакция от ${p.consent.textVersion}).`
              : 'Согласие на обработку персональных данных не найдено.'}
          </p>
          <div className="requisites__actions">
            <a className="link-button" href="/private/export/" download="" data-export="">
              Скачать мои данные
            </a>
            <button type="button" className="link-button personal-data__delete" data-open="delete">
              Удалить аккаунт
            </button>
          </div>
        </section>
      </div>

      <SubForm name="personal" title="Личные данные" submit="Сохранить">
        <Field
          form="personal"
          name="form[name]"
          label="Фамилия"
          value={p.surname}
          autoComplete="family-name"
          required
        />
        <Field
          form="personal"
          name="form[firstname]"
          label="Имя"
          value={p.firstName}
          autoComplete="given-name"
          required
        />
        <Field
          form="personal"
          name="form[patronymic]"
          label="Отчество"
          value={p.patronymic}
          autoComplete="additional-name"
        />
        <Field
          form="personal"
          name="form[birthday]"
          label="Дата рождения"
          value={p.birthDate}
          autoComplete="bday"
          inputMode="numeric"
          maxLength={10}
          placeholder="дд.мм.гггг"
        >
          <button type="button" className="link-button" data-birthday-picker="" data-default={DEFAULT_BIRTH_DATE}>
            Выбрать в календаре
          </button>
          <p className="field__hint" data-age-advisory="" hidden>
            Людям старше 65 лет во время эпидемии коронавируса мы советуем оставаться дома.
          </p>
        </Field>
      </SubForm>

      <SubForm name="password" title="Смена пароля" submit="Сменить пароль">
        <Field form="password" name="pwd[old]" label="Текущий пароль" type="password" autoComplete="current-password" />
        <Field form="password" name="pwd[new]" label="Новый пароль" type="password" autoComplete="new-password">
          <p className="field__hint">Не короче {PASSWORD_MIN_LENGTH} символов.</p>
        </Field>
        <Field
          form="password"
          name="pwd[new2]"
          label="Новый пароль ещё раз"
          type="password"
          autoComplete="new-password"
        />
      </SubForm>

      <SubForm name="email" title={p.email ? 'E-mail' : 'Добавить e-mail'} submit="Получить код">
        {p.email ? <p className="cabinet-subform__current">Сейчас: {p.email}</p> : null}
        <Field
          form="email"
          name="email"
          label="E-mail"
          value={p.emailConfirmed ? '' : p.email}
          type="email"
          autoComplete="email"
          inputMode="email"
        />
        <div data-email-code="" hidden>
          <Field
            form="email"
            name="form[code]"
            label="Код из письма"
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={PIN_LENGTH}
          />
        </div>
      </SubForm>

      <DeleteAccountForm hasPassword={p.hasPassword} email={p.emailConfirmed ? p.email : ''} />

      <section
        className="cabinet-subform"
        data-subform="phone"
        data-phone-mode={p.phoneConfirmed ? 'change' : 'add'}
        data-phone-current={p.phoneConfirmed ? p.phone : undefined}
        hidden
      >
        <h2 className="cabinet-subform__title">{p.phoneConfirmed ? 'Смена телефона' : 'Телефон'}</h2>
        {p.phone ? (
          <p className="cabinet-subform__current">
            Сейчас: {p.phone}
            {p.phoneConfirmed ? '' : ' (не подтверждён)'}
          </p>
        ) : null}
        <div data-phone-flow="" />
      </section>
    </section>
  );
}
