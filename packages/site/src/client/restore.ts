/**
 * The password reset page (/login/restore/, 'Забыли пароль?' on the login form): the e-mail,
 * then the code from the letter with the new password typed twice. The form's own checks are the
 * contract's (isValidEmail, restoreFormError); the server's 'field::text' answers go beside their
 * fields. Once the password is set the buyer is signed in and goes back where they came from.
 */
import { isValidEmail, messages, parseRestoreFieldMessage, restoreFormError } from '@partera/contract';
import { enhancePage } from './lib/enhance.js';
import { postForm, showFormError, updateCsrfToken, whileBusy } from './lib/forms.js';
import { sitePath } from './lib/site-path.js';

enhancePage();

interface StatusAnswer {
  status: 'success' | 'error';
  message?: string;
  csrfToken?: string;
}

const requestForm = document.querySelector<HTMLFormElement>('form[data-restore-request]');
const confirmForm = document.querySelector<HTMLFormElement>('form[data-restore-confirm]');
if (requestForm && confirmForm) enhanceRestore(requestForm, confirmForm);

function field(form: HTMLFormElement, name: string): HTMLInputElement | null {
  return form.querySelector<HTMLInputElement>(`input[name="${name}"]`);
}

/** Shows one field's message (the others cleared), or the form's when it names no field of this form. */
function showError(form: HTMLFormElement, name: string | null, text: string | null): void {
  let shown = false;
  for (const box of form.querySelectorAll<HTMLElement>('[data-field-error]')) {
    const own = box.dataset.fieldError === name && text !== null;
    shown ||= own;
    box.textContent = own ? text : '';
    box.hidden = !own;
    const input = field(form, box.dataset.fieldError ?? '');
    input?.closest('.field')?.classList.toggle('field--invalid', own);
    input?.setAttribute('aria-invalid', String(own));
    if (own) input?.focus();
  }
  showFormError(form, shown ? null : text);
}

function enhanceRestore(request: HTMLFormElement, confirm: HTMLFormElement): void {
  const back = confirm.dataset.back ?? '/private/';
  const pauseSeconds = Number(confirm.dataset.resendSeconds) || 0;
  const note = confirm.querySelector<HTMLElement>('[data-restore-sent]');
  const resend = confirm.querySelector<HTMLButtonElement>('[data-restore-resend]');
  const resendLabel = resend?.textContent ?? '';
  let email = '';
  let countdown: ReturnType<typeof setInterval> | undefined;

  /** The resend waits as the server does: a code asked for sooner would not be sent. */
  function pauseResend(): void {
    if (!resend) return;
    clearInterval(countdown);
    let left = pauseSeconds;
    const tick = () => {
      resend.disabled = left > 0;
      resend.textContent = left > 0 ? `${resendLabel} через ${left} с` : resendLabel;
      left -= 1;
      if (left < 0) clearInterval(countdown);
    };
    tick();
    countdown = setInterval(tick, 1000);
  }

  async function sendCode(to: string): Promise<StatusAnswer | null> {
    return postForm<StatusAnswer>('/login/restore/', new URLSearchParams({ email: to })).catch(() => null);
  }

  request.addEventListener('submit', (event) => {
    event.preventDefault();
    const typed = field(request, 'email')?.value.trim() ?? '';
    if (!isValidEmail(typed)) return showError(request, 'email', messages.emailInvalid);
    void whileBusy(request.querySelector('button[type="submit"]'), async () => {
      const answer = await sendCode(typed);
      if (answer?.status !== 'success') {
        return showError(request, 'email', answer?.message ?? messages.loginServerError);
      }
      showError(request, null, null);
      email = typed;
      const username = field(confirm, 'username');
      if (username) username.value = email;
      if (note) note.textContent = answer.message ?? messages.restoreCodeSent;
      request.hidden = true;
      confirm.hidden = false;
      showError(confirm, null, null);
      field(confirm, 'code')?.focus();
      pauseResend();
    });
  });

  resend?.addEventListener('click', () => {
    void whileBusy(resend, async () => {
      const answer = await sendCode(email);
      if (answer?.status !== 'success') return showFormError(confirm, answer?.message ?? messages.loginServerError);
      showFormError(confirm, null);
      if (note) note.textContent = answer.message ?? messages.restoreCodeSent;
      field(confirm, 'code')?.focus();
      pauseResend();
    });
  });

  confirm.querySelector('[data-restore-restart]')?.addEventListener('click', () => {
    clearInterval(countdown);
    confirm.hidden = true;
    request.hidden = false;
    field(request, 'email')?.focus();
  });

  confirm.addEventListener('submit', (event) => {
    event.preventDefault();
    const form = {
      code: field(confirm, 'code')?.value.trim() ?? '',
      password: field(confirm, 'password')?.value ?? '',
      password2: field(confirm, 'password2')?.value ?? '',
    };
    const invalid = restoreFormError(form);
    if (invalid) {
      const { field: name, text } = parseRestoreFieldMessage(invalid);
      return showError(confirm, name, text);
    }
    void whileBusy(confirm.querySelector('button[type="submit"]'), async () => {
      const answer = await postForm<StatusAnswer>(
        '/login/restore/confirm/',
        new URLSearchParams({ email, ...form }),
      ).catch(() => null);
      if (answer?.status === 'success') {
        updateCsrfToken(answer.csrfToken);
        window.location.assign(sitePath(back));
        return;
      }
      const { field: name, text } = parseRestoreFieldMessage(answer?.message ?? messages.loginServerError);
      showError(confirm, name, text);
    });
  });
}
