/**
 * The loyalty phone sign-up /loyalty/ (site-browsing-account.md 3 Loyalty sign-up, 5 Loyalty
 * phone): the phone is masked as +7(ddd) ddd-dd-dd while typed; anything else is refused with
 * 'Неверно введен номер телефона' before sending (the server checks again); on success the page
 * goes to /loyalty/thanks?group=.
 */
import { applyPhoneMask, loyaltyPhoneError, messages } from '@partera/contract';
import { enhancePage } from './lib/enhance.js';
import { postForm, showFormError, whileBusy } from './lib/forms.js';
import { sitePath } from './lib/site-path.js';

enhancePage();

const LOYALTY_MASK = '+7(999) 999-99-99';

const form = document.querySelector<HTMLFormElement>('form[data-loyalty-form]');
const phone = form?.querySelector<HTMLInputElement>('[data-loyalty-phone]');
if (form && phone) {
  phone.addEventListener('input', () => {
    phone.value = applyPhoneMask(LOYALTY_MASK, phone.value);
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const error = loyaltyPhoneError(phone.value);
    showFormError(form, error);
    if (error) {
      phone.focus();
      return;
    }
    void whileBusy(form.querySelector('button[type="submit"]'), async () => {
      try {
        const answer = await postForm<{ status: string; message?: string; redirectUrl?: string }>(
          form.action,
          new URLSearchParams(new FormData(form) as unknown as Record<string, string>),
        );
        if (answer.status === 'success' && answer.redirectUrl) window.location.assign(sitePath(answer.redirectUrl));
        else showFormError(form, answer.message ?? messages.loyaltyPhoneInvalid);
      } catch {
        showFormError(form, 'Возникла ошибка. Попробуйте позже.');
      }
    });
  });
}
