/**
 * The requisites' sub-forms of the cabinet (site-browsing-account.md 2.15, 5, 8): personal info
 * (the contract's profileEditError, the birth date masked with a calendar defaulting to
 * 01.01.1980 and the advisory above 65), the password change ('field::text' answers beside their
 * fields) and the e-mail with its code. Each checks in the browser what the server checks again.
 */
import {
  BIRTH_DATE_MIN_YEAR,
  ErrorCode,
  messages,
  parseFieldMessage,
  parseRuDate,
  passwordChangeError,
  profileEditError,
  showsAgeWarning,
} from '@partera/contract';
import { postForm, showFormError, whileBusy } from './forms.js';

type StatusAnswer = { status: string; message?: string; code?: number };

const input = (form: HTMLFormElement, name: string) => form.querySelector<HTMLInputElement>(`[name="${name}"]`);
const value = (form: HTMLFormElement, name: string) => input(form, name)?.value ?? '';

function showNote(form: HTMLFormElement, note: string | null): void {
  const box = form.querySelector<HTMLElement>('[data-form-note]');
  if (!box) return;
  box.textContent = note ?? '';
  box.hidden = !note;
}

/** One field's message under it (or none), the field marked. */
function showFieldError(form: HTMLFormElement, name: string, message: string | null): void {
  const box = form.querySelector<HTMLElement>(`[data-field-error="${name}"]`);
  if (box) {
    box.textContent = message ?? '';
    box.hidden = !message;
  }
  form.querySelector(`[data-field="${name}"]`)?.classList.toggle('field--invalid', Boolean(message));
  input(form, name)?.setAttribute('aria-invalid', String(Boolean(message)));
}

/** Posts the form; the answer, or null when the server could not be reached. */
function post(url: string, form: HTMLFormElement | URLSearchParams): Promise<StatusAnswer | null> {
  return postForm<StatusAnswer>(url, form instanceof URLSearchParams ? form : new FormData(form)).catch(() => null);
}

/** dd.mm.yyyy as the buyer types: digits only, the dots put in. */
function maskDate(text: string): string {
  const d = text.replace(/\D/g, '').slice(0, 8);
  return [d.slice(0, 2), d.slice(2, 4), d.slice(4)].filter(Boolean).join('.');
}

const isoOf = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/**
 * The birth date: masked typing, a calendar (the browser's date picker from 01.01.1900 to today,
 * opening at 01.01.1980 when the field is empty) and the advisory above 65, which never blocks.
 */
function enhanceBirthDate(form: HTMLFormElement): void {
  const field = input(form, 'form[birthday]');
  const advisory = form.querySelector<HTMLElement>('[data-age-advisory]');
  const button = form.querySelector<HTMLButtonElement>('[data-birthday-picker]');
  if (!field) return;
  const update = () => {
    const birth = parseRuDate(field.value);
    if (advisory) advisory.hidden = !(birth && showsAgeWarning(birth, new Date()));
  };
  field.addEventListener('input', () => {
    field.value = maskDate(field.value);
    update();
  });
  update();
  if (!button) return;
  const picker = document.createElement('input');
  picker.type = 'date';
  picker.min = `${BIRTH_DATE_MIN_YEAR}-01-01`;
  picker.max = isoOf(new Date());
  picker.className = 'visually-hidden';
  picker.tabIndex = -1;
  picker.setAttribute('aria-hidden', 'true');
  button.after(picker);
  picker.addEventListener('change', () => {
    const [y, m, d] = picker.value.split('-');
    if (y && m && d) field.value = `${d}.${m}.${y}`;
    update();
  });
  button.addEventListener('click', () => {
    const chosen = parseRuDate(field.value) ?? parseRuDate(button.dataset.default ?? '');
    picker.value = chosen ? isoOf(chosen) : '';
    if (typeof picker.showPicker === 'function') picker.showPicker();
    else picker.focus();
  });
}

/** Shows the new values in the requisites block after a save. */
function showValues(values: Record<string, string>): void {
  for (const [name, text] of Object.entries(values)) {
    const cell = document.querySelector<HTMLElement>(`[data-show="${name}"]`);
    if (cell) cell.textContent = text || '—';
  }
}

export function enhancePersonalForm(form: HTMLFormElement, done: (note: string) => void): void {
  enhanceBirthDate(form);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const values = {
      surname: value(form, 'form[name]'),
      firstname: value(form, 'form[firstname]'),
      patronymic: value(form, 'form[patronymic]'),
      birthday: value(form, 'form[birthday]'),
    };
    const problem = profileEditError(values, new Date());
    showFormError(form, problem);
    if (problem) return;
    void whileBusy(form.querySelector('button[type="submit"]'), async () => {
      const answer = await post('/private/edit/', form);
      if (answer?.status === 'success') {
        showValues(values);
        done(answer.message ?? messages.dataUpdated);
      } else showFormError(form, answer?.message ?? messages.profileChangeError);
    });
  });
}

export function enhancePasswordForm(form: HTMLFormElement, done: (note: string) => void): void {
  const fields = { old: 'pwd[old]', new: 'pwd[new]', new2: 'pwd[new2]' } as const;
  /** 'field::text' beside its field; anything else as the form's error. */
  const show = (message: string | null) => {
    for (const name of Object.values(fields)) showFieldError(form, name, null);
    showFormError(form, null);
    if (!message) return;
    const parsed = parseFieldMessage(message);
    if (parsed.field) {
      showFieldError(form, fields[parsed.field], parsed.text);
      input(form, fields[parsed.field])?.focus();
    } else showFormError(form, parsed.text);
  };
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const problem = passwordChangeError({
      old: value(form, fields.old),
      new: value(form, fields.new),
      new2: value(form, fields.new2),
    });
    show(problem);
    if (problem) return;
    void whileBusy(form.querySelector('button[type="submit"]'), async () => {
      const answer = await post('/private/passwordchange/', form);
      if (answer?.status === 'success') {
        form.reset();
        done(answer.message ?? messages.passwordChanged);
      } else show(answer?.message ?? messages.passwordChangeError);
    });
  });
}

/**
 * The e-mail: checked by the server, a code sent to it, then the code (site 4 'Phone or e-mail
 * add/change'). The form has two steps: the address, then the code under it.
 */
export function enhanceEmailForm(form: HTMLFormElement, confirmed: () => void): void {
  const codeStep = form.querySelector<HTMLElement>('[data-email-code]');
  const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  let sentTo: string | null = null;
  input(form, 'email')?.addEventListener('input', () => {
    // A changed address needs its own code.
    sentTo = null;
    if (codeStep) codeStep.hidden = true;
    if (submit) submit.textContent = 'Получить код';
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void whileBusy(submit, async () => {
      showFormError(form, null);
      const email = value(form, 'email').trim();
      if (sentTo === null) {
        const valid = await post('/email/validate/', new URLSearchParams({ email }));
        if (valid?.status !== 'success') return showFormError(form, valid?.message ?? messages.emailValidationError);
        const sent = await post('/email/codesend/', new URLSearchParams({ email, similarCheck: '0', nourl: '1' }));
        // 217: the code sent a moment ago (at registration, say) still works: on to the code.
        const stillValid = sent?.code === ErrorCode.pinAlreadySent;
        if (sent?.status !== 'success' && !stillValid) {
          return showFormError(form, sent?.message ?? messages.codeSendError);
        }
        sentTo = email;
        showNote(form, sent?.message ?? messages.emailCodeSent(email));
        if (codeStep) codeStep.hidden = false;
        if (submit) submit.textContent = 'Подтвердить';
        input(form, 'form[code]')?.focus();
        return;
      }
      const code = value(form, 'form[code]').trim();
      const checked = await post(
        '/email/codecheck/',
        new URLSearchParams({ 'form[email]': sentTo, 'form[code]': code }),
      );
      if (checked?.status === 'success') confirmed();
      else showFormError(form, checked?.message ?? messages.emailCheckError);
    });
  });
}

/**
 * Deleting the account (152-ФЗ): the current password, then the server deletes the account, signs
 * out every browser and gives this one a guest session; the browser goes to the home page, which
 * says the account was deleted.
 */
export function enhanceDeleteForm(form: HTMLFormElement, deleted: () => void): void {
  // An account without a password confirms with a code sent to it ('Получить код').
  const field = input(form, 'password') ? 'password' : 'code';
  const sendCode = form.querySelector<HTMLButtonElement>('[data-delete-code]');
  sendCode?.addEventListener('click', () => {
    showFieldError(form, field, null);
    void whileBusy(sendCode, async () => {
      const answer = await post('/private/delete/code/', new URLSearchParams());
      if (answer?.status === 'success') {
        showFormError(form, null);
        showNote(form, answer.message ?? null);
        input(form, field)?.focus();
      } else showFormError(form, answer?.message ?? messages.accountDeleteError);
    });
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    showFieldError(form, field, null);
    showFormError(form, null);
    if (value(form, field).trim() === '') {
      showFieldError(form, field, field === 'password' ? messages.passwordOldEmpty : messages.deletionCodeEmpty);
      input(form, field)?.focus();
      return;
    }
    void whileBusy(form.querySelector('button[type="submit"]'), async () => {
      const answer = await post('/private/delete/', form);
      if (answer?.status === 'success') return deleted();
      const message = answer?.message ?? messages.accountDeleteError;
      if (answer) {
        showFieldError(form, field, message);
        input(form, field)?.focus();
      } else showFormError(form, message);
    });
  });
}
