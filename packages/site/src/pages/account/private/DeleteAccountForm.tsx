/** @jsxRuntime automatic */
import { PIN_LENGTH } from '@partera/contract';
import { Field, SubForm } from './SubForm.js';

/**
 * Deleting the account (152-ФЗ): confirmed by the current password, or, for an account without
 * one (signed up with VK ID or Yandex ID), by a code sent to its confirmed e-mail.
 */
export function DeleteAccountForm({ hasPassword, email }: { hasPassword: boolean; email: string }) {
  return (
    <SubForm name="delete" title="Удаление аккаунта" submit="Удалить аккаунт навсегда" danger>
      <p className="cabinet-subform__current">
        Аккаунт, личные данные, закладки и входы на других устройствах будут удалены, восстановить аккаунт будет нельзя.
        Неоплаченные заказы будут отменены. Оплаченные заказы и билеты останутся действительными: по закону о чеках
        (54-ФЗ) мы храним их без вашего имени, e-mail и телефона. Перед удалением можно скачать свои данные.
      </p>
      {hasPassword ? (
        <Field
          form="delete"
          name="password"
          label="Пароль для подтверждения"
          type="password"
          autoComplete="current-password"
          required
        />
      ) : (
        <>
          <p className="cabinet-subform__current">
            Вы входите через VK ID или Яндекс ID, пароля у аккаунта нет. Подтвердите удаление кодом, который мы пришлём
            {email ? ` на ${email}` : ' на ваш подтверждённый телефон'}.
          </p>
          <button type="button" className="button button--outline" data-delete-code="">
            Получить код
          </button>
          <Field
            form="delete"
            name="code"
            label="Код подтверждения"
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={PIN_LENGTH}
            required
          />
        </>
      )}
    </SubForm>
  );
}
