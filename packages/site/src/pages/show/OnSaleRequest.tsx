/** @jsxRuntime automatic */

/** The button that opens the 'Скоро в продаже' popup. */
export function OnSaleRequestButton() {
  return (
    <button type="button" className="button button--outline on-sale-open" data-on-sale-open="" hidden>
      Узнать о начале продаж
    </button>
  );
}

/**
 * The 'Скоро в продаже' request popup (site-browsing-account.md 2.9, 4, 5, 8): 'Уведомить' expands
 * the form, 'Отправить' sends it; the dates are set through the calendar only, from today on; a
 * refusal shows the server's message in the form. A browser that already asked about this show
 * (the showRequestSent cookie) is told so instead (client/lib/on-sale-request.ts).
 */
export function OnSaleRequestDialog({ showId, showName }: { showId: number; showName: string }) {
  return (
    <dialog className="auth-dialog on-sale-dialog" id="on-sale-dialog" aria-labelledby="on-sale-dialog-title">
      <h2 className="auth-dialog__title" id="on-sale-dialog-title">
        Скоро в продаже
      </h2>
      <div data-on-sale-intro="">
        <p>Напишем вам на e-mail, как только в продаже появятся билеты на «{showName}» в выбранные дни.</p>
        <div className="auth-form__actions">
          <button type="button" className="button button--outline" data-on-sale-close="">
            Закрыть
          </button>
          <button type="button" className="button" data-on-sale-expand="">
            Уведомить
          </button>
        </div>
      </div>
      <form className="auth-form" data-on-sale-form="" hidden noValidate>
        <input type="hidden" name="requestShowId" value={showId} />
        <div className="on-sale-dialog__dates">
          <DateField name="requestFrom" label="С" />
          <DateField name="requestTo" label="По" />
        </div>
        <div className="field">
          <label className="field__label" htmlFor="on-sale-email">
            E-mail
          </label>
          <input
            id="on-sale-email"
            className="field__input"
            type="email"
            name="requestEmail"
            autoComplete="email"
            inputMode="email"
            maxLength={254}
            required
          />
        </div>
        <p className="auth-form__error" role="alert" data-form-error="" hidden />
        <div className="auth-form__actions">
          <button type="button" className="button button--outline" data-on-sale-close="">
            Отмена
          </button>
          <button type="submit" className="button">
            Отправить
          </button>
        </div>
      </form>
      <div data-on-sale-done="" hidden>
        <p className="auth-form__note" role="status" data-on-sale-message="" />
        <div className="auth-form__actions">
          <button type="button" className="button" data-on-sale-close="">
            Закрыть
          </button>
        </div>
      </div>
    </dialog>
  );
}

/** A date through the browser's calendar (min today, set by the script when the popup opens). */
function DateField({ name, label }: { name: string; label: string }) {
  const id = `on-sale-${name}`;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input id={id} className="field__input" type="date" name={name} data-picker-only="" required />
    </div>
  );
}
