/**
 * The OAuth e-mail completion form (site-browsing-account.md 2.3, 4 'Phone or e-mail add/change'):
 * the e-mail (and the consent) go to the server, a code is sent and the inputs are disabled, the
 * PIN is checked, and on success the page reloads at its address without the query string.
 */
import { ErrorCode, messages } from '@partera/contract';
import { postForm, showFormError, whileBusy } from './forms.js';

interface StatusAnswer {
  status: 'success' | 'error';
  message?: string;
  codeSent?: 0 | 1;
  code?: number;
}

function reloadWithoutQuery(win: Window): void {
  win.location.replace(`${win.location.origin}${win.location.pathname}`);
}

export function openOAuthCompletion(doc: Document = document): void {
  const dialog = doc.getElementById('oauth-completion');
  if (!(dialog instanceof HTMLDialogElement) || typeof dialog.showModal !== 'function') return;
  const win = doc.defaultView ?? window;
  const form = dialog.querySelector<HTMLFormElement>('form[data-oauth-completion]');
  const codeForm = dialog.querySelector<HTMLFormElement>('form[data-oauth-completion-code]');
  if (!form) return;
  dialog.showModal();
  const email = form.querySelector<HTMLInputElement>('input[name="email"]');
  const consent = form.querySelector<HTMLInputElement>('input[name="consent"]');
  (email ?? consent)?.focus();

  const codeStep = (address: string, note: string) => {
    if (!codeForm) return;
    // The code is on its way: the address and the consent stay as sent.
    for (const input of form.querySelectorAll<HTMLInputElement | HTMLButtonElement>('input, button')) {
      input.disabled = true;
    }
    codeForm.hidden = false;
    codeForm.dataset.email = address;
    const sent = codeForm.querySelector<HTMLElement>('[data-code-sent]');
    if (sent) sent.textContent = note;
    codeForm.querySelector<HTMLInputElement>('input[name="form[code]"]')?.focus();
  };

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const address = email?.value.trim() ?? '';
    if (email && !address) return showFormError(form, messages.emailInvalid);
    if (consent && !consent.checked) return showFormError(form, messages.consentRequired);
    void whileBusy(form.querySelector('button[type="submit"]'), async () => {
      const body = new URLSearchParams();
      if (email) body.set('email', address);
      if (consent?.checked) body.set('consent', '1');
      const answer = await postForm<StatusAnswer>('/login/oauth/complete/', body).catch(() => null);
      if (!answer) return showFormError(form, messages.loginServerError);
      if (answer.status === 'success' && answer.codeSent === 1) {
        showFormError(form, null);
        return codeStep(address, answer.message ?? messages.emailCodeSent(address));
      }
      if (answer.status === 'success') return reloadWithoutQuery(win);
      // A code sent a moment ago still works (217): straight to the code.
      if (answer.code === ErrorCode.pinAlreadySent) return codeStep(address, answer.message ?? '');
      showFormError(form, answer.message ?? messages.loginServerError);
    });
  });

  codeForm?.addEventListener('submit', (event) => {
    event.preventDefault();
    const code = codeForm.querySelector<HTMLInputElement>('input[name="form[code]"]')?.value.trim() ?? '';
    if (!/^\d{4}$/.test(code)) return showFormError(codeForm, messages.restoreCodeFormat);
    void whileBusy(codeForm.querySelector('button[type="submit"]'), async () => {
      const answer = await postForm<StatusAnswer>(
        '/email/codecheck/',
        new URLSearchParams({ 'form[email]': codeForm.dataset.email ?? '', 'form[code]': code }),
      ).catch(() => null);
      if (answer?.status === 'success') return reloadWithoutQuery(win);
      showFormError(codeForm, answer?.message ?? messages.emailCheckError);
    });
  });
}
