/**
 * Signing in and out without React (site-browsing-account.md 2.3): the popup and the /login/
 * page sign in through the popup call (state 1: the page reloads, or goes back where the buyer
 * came from); 'Выйти' signs out. Browsing pages load this at the first click on the account
 * corner (enhance.ts), so their first load stays small.
 */
import { messages } from '@partera/contract';
import { postForm, showFormError, whileBusy } from './forms.js';
import { sitePath } from './site-path.js';

// For the header's fallback to the login page (enhance.ts), which keeps the first load small.
export { sitePath };

interface LoginAnswer {
  state: 0 | 1;
  messages?: Record<string, string>;
}

function loginDialog(doc: Document): HTMLDialogElement | null {
  const dialog = doc.getElementById('login-dialog');
  return dialog instanceof HTMLDialogElement && typeof dialog.showModal === 'function' ? dialog : null;
}

/** Opens the header's login popup; false where the page has none (the caller goes to /login/). */
export function openLogin(doc: Document = document): boolean {
  enhanceLoginForms(doc);
  const dialog = loginDialog(doc);
  if (!dialog) return false;
  if (!dialog.open) dialog.showModal();
  dialog.querySelector<HTMLInputElement>('input[name="LoginForm[contact]"]')?.focus();
  return true;
}

const enhanced = new WeakSet<HTMLFormElement>();

/** Every login form of the page sends through the popup call (once per form). */
export function enhanceLoginForms(doc: Document = document): void {
  for (const form of doc.querySelectorAll<HTMLFormElement>('form[data-login-form]')) {
    if (enhanced.has(form)) continue;
    enhanced.add(form);
    enhanceLoginForm(form, doc);
  }
}

function enhanceLoginForm(form: HTMLFormElement, doc: Document): void {
  const inDialog = form.closest('dialog') !== null;
  form.querySelector('[data-login-cancel]')?.addEventListener('click', () => {
    if (inDialog) form.closest('dialog')?.close();
    else doc.defaultView?.history.back();
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const contact = form.querySelector<HTMLInputElement>('input[name="LoginForm[contact]"]');
    const password = form.querySelector<HTMLInputElement>('input[name="LoginForm[password]"]');
    if (!contact?.value.trim()) return showFormError(form, messages.loginContactEmpty);
    if (!password?.value) return showFormError(form, messages.loginPasswordEmpty);
    void whileBusy(form.querySelector('button[type="submit"]'), async () => {
      try {
        const answer = await postForm<LoginAnswer>('/login/ajaxauth/', new FormData(form));
        if (answer.state === 1) {
          // The popup reloads the page it opened on; the /login/ page goes back where it came from.
          if (inDialog) doc.defaultView?.location.reload();
          else doc.defaultView?.location.assign(sitePath(form.dataset.back ?? '/private/'));
          return;
        }
        showFormError(form, Object.values(answer.messages ?? {})[0] ?? messages.loginServerError);
      } catch {
        showFormError(form, messages.loginServerError);
      }
    });
  });
}

/** Signs out; the browser goes where the answer says (the home page). */
export async function logout(doc: Document = document): Promise<void> {
  const answer = await postForm<{ redirectUrl: string }>('/logout/', new URLSearchParams()).catch(() => null);
  doc.defaultView?.location.assign(sitePath(answer?.redirectUrl ?? '/'));
}
