/** @jsxRuntime automatic */

/**
 * The personal-data consent checkbox (152-ФЗ), separate from every other agreement: the one
 * wording the buyer agrees to (its version is PERSONAL_DATA_CONSENT_VERSION in the contract).
 */
export function ConsentCheck({ name, describedBy }: { name: string; describedBy?: string }) {
  return (
    <label className="check">
      <input type="checkbox" name={name} value="1" aria-describedby={describedBy} />
      <span>
        Я согласен на обработку моих персональных данных на условиях{' '}
        <a href="/landing/useragreement/" target="_blank" rel="noopener">
          Пользовательского соглашения
        </a>
      </span>
    </label>
  );
}
