/**
 * The login and registration pages. Registration (site-browsing-account.md 5 E-mail): the e-mail
 * must match the standard pattern, then pass the server's field check (its message in a red
 * tooltip under the field); the form's own checks are the contract's registrationErrors, and the
 * server's answer puts each message beside its field.
 */
import {
  applyPhoneMask,
  messages,
  phoneMaskPlaceholder,
  type RegistrationField,
  registrationErrors,
} from '@partera/contract';
import { enhanceLoginForms } from './lib/account.js';
import { enhancePage } from './lib/enhance.js';
import { postForm, showFormError, updateCsrfToken, whileBusy } from './lib/forms.js';
import { sitePath } from './lib/site-path.js';

enhancePage();
enhanceLoginForms();

const form = document.querySelector<HTMLFormElement>('form[data-registration-form]');
if (form) enhanceRegistration(form);

function input(form: HTMLFormElement, field: RegistrationField): HTMLInputElement | null {
  return form.querySelector<HTMLInputElement>(`[name="RegistrationForm[${field}]"]`);
}

function showFieldErrors(form: HTMLFormElement, errors: Partial<Record<string, string>>): void {
  for (const box of form.querySelectorAll<HTMLElement>('[data-field-error]')) {
    const field = box.dataset.fieldError ?? '';
    const message = errors[field];
    box.textContent = message ?? '';
    box.hidden = !message;
    form.querySelector(`[data-field="${field}"]`)?.classList.toggle('field--invalid', Boolean(message));
    input(form, field as RegistrationField)?.setAttribute('aria-invalid', String(Boolean(message)));
  }
  const first = Object.keys(errors)[0];
  if (first) input(form, first as RegistrationField)?.focus();
}

function values(form: HTMLFormElement) {
  return {
    email: input(form, 'email')?.value ?? '',
    password: input(form, 'password')?.value ?? '',
    firstname: input(form, 'firstname')?.value ?? '',
    surname: input(form, 'surname')?.value ?? '',
    phone: input(form, 'phone')?.value ?? '',
    country: input(form, 'country')?.value ?? '',
    consent: input(form, 'consent')?.checked ?? false,
  };
}

/** The optional phone: typed through its country's mask, the placeholder following the country. */
function enhancePhone(form: HTMLFormElement): void {
  const country = form.querySelector<HTMLSelectElement>('[data-phone-country]');
  const phone = input(form, 'phone');
  if (!country || !phone) return;
  const mask = () => country.selectedOptions[0]?.dataset.mask ?? '';
  phone.addEventListener('input', () => {
    phone.value = applyPhoneMask(mask(), phone.value);
  });
  country.addEventListener('change', () => {
    phone.placeholder = phoneMaskPlaceholder(mask());
    if (phone.value) phone.value = applyPhoneMask(mask(), phone.value);
  });
}

function enhanceRegistration(form: HTMLFormElement): void {
  enhancePhone(form);
  const email = input(form, 'email');
  // The server's field check when the buyer leaves the field with a well-formed address.
  email?.addEventListener('change', async () => {
    const errors = registrationErrors(values(form));
    if (errors.email) return;
    const url = `/registration/validateField/?field=email&value=${encodeURIComponent(email.value.trim())}`;
    const answer = await fetch(sitePath(url), { credentials: 'same-origin' })
      .then((r) => r.json() as Promise<{ error: number; message?: string }>)
      .catch(() => null);
    const box = form.querySelector<HTMLElement>('[data-field-error="email"]');
    if (!answer || !box) return;
    box.textContent = answer.error === 0 ? '' : (answer.message ?? messages.emailValidationError);
    box.hidden = answer.error === 0;
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const errors = registrationErrors(values(form));
    showFieldErrors(form, errors);
    if (Object.keys(errors).length > 0) return;
    void whileBusy(form.querySelector('button[type="submit"]'), async () => {
      try {
        const body = new FormData(form);
        body.set('RegistrationForm[consent]', '1');
        const answer = await postForm<{ state: 0 | 1; messages?: Record<string, string>; csrfToken?: string }>(
          '/registration/',
          body,
        );
        if (answer.state === 1) {
          updateCsrfToken(answer.csrfToken);
          confirmEmailStep(form, values(form).email.trim());
          return;
        }
        const byField = answer.messages ?? {};
        showFieldErrors(form, byField);
        showFormError(form, byField.error ?? null);
      } catch {
        showFormError(form, messages.loginServerError);
      }
    });
  });
}

/**
 * Registered and signed in: the code sent to the e-mail confirms it (site-browsing-account.md 4:
 * the value, a code, the code checked, the address confirmed); 'later' leaves it unconfirmed.
 */
function confirmEmailStep(registration: HTMLFormElement, email: string): void {
  const step = document.querySelector<HTMLFormElement>('form[data-email-confirm]');
  const back = registration.dataset.back ?? '/private/';
  if (!step) {
    window.location.assign(sitePath(back));
    return;
  }
  registration.hidden = true;
  step.hidden = false;
  const note = step.querySelector<HTMLElement>('[data-email-sent]');
  if (note) note.textContent = messages.emailCodeSent(email);
  const code = step.querySelector<HTMLInputElement>('input[name="form[code]"]');
  code?.focus();
  step.querySelector('[data-email-resend]')?.addEventListener('click', () => {
    void (async () => {
      const answer = await postForm<{ status: string; message?: string }>(
        '/email/codesend/',
        new URLSearchParams({ email, similarCheck: '0', nourl: '1' }),
      ).catch(() => null);
      if (answer?.status === 'success') {
        showFormError(step, null);
        if (note) note.textContent = answer.message ?? messages.emailCodeSent(email);
      } else showFormError(step, answer?.message ?? messages.emailCheckError);
    })();
  });
  step.addEventListener('submit', (event) => {
    event.preventDefault();
    void whileBusy(step.querySelector('button[type="submit"]'), async () => {
      const answer = await postForm<{ status: string; message?: string }>(
        '/email/codecheck/',
        new URLSearchParams({ 'form[email]': email, 'form[code]': code?.value.trim() ?? '' }),
      ).catch(() => null);
      if (answer?.status === 'success') window.location.assign(sitePath(back));
      else showFormError(step, answer?.message ?? messages.emailCheckError);
    });
  });
}
