/**
 * The 'Скоро в продаже' request popup (site-browsing-account.md 2.9, 4 Notify-on-sale request, 5,
 * 8): 'Уведомить' expands the form, 'Отправить' posts it to /show/clientRequest/. The dates come
 * from the calendar only (typing opens the picker), from today on, the end not before the start;
 * the call takes them as dd.mm.yyyy. Status 'error' shows the server's message in the form; after
 * success the show id joins the showRequestSent cookie, and opening the popup again for that show
 * says 'Вы уже отправили заявку для этого шоу.'
 */
import {
  COOKIES,
  checkOnSaleRequest,
  messages,
  requestedShowIds,
  ruDateOfIso,
  withRequestedShow,
} from '@partera/contract';
import { postForm, showFormError, whileBusy } from './forms.js';

/** The list is kept a year: long enough to outlast any announced season. */
const COOKIE_MAX_AGE = 365 * 24 * 3600;
const KEYS_KEPT = new Set(['Tab', 'Escape', 'Enter']);

function cookie(doc: Document, name: string): string {
  const pair = doc.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
  return pair ? decodeURIComponent(pair.slice(name.length + 1)) : '';
}

/** Today in the visitor's calendar as yyyy-mm-dd (the picker's minimum). */
function isoToday(): string {
  const d = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** A date field that only the calendar sets: keys other than Tab, Esc and Enter open the picker. */
function pickerOnly(input: HTMLInputElement): void {
  const open = () => {
    try {
      input.showPicker?.();
    } catch {
      // showPicker needs a user gesture; the browser's own calendar button still works.
    }
  };
  input.addEventListener('keydown', (event) => {
    if (KEYS_KEPT.has(event.key)) return;
    event.preventDefault();
    if (event.key === ' ' || event.key === 'ArrowDown') open();
  });
  input.addEventListener('click', open);
  input.addEventListener('paste', (event) => event.preventDefault());
}

export function openOnSaleRequest(doc: Document, dialog: HTMLDialogElement): void {
  const intro = dialog.querySelector<HTMLElement>('[data-on-sale-intro]');
  const form = dialog.querySelector<HTMLFormElement>('[data-on-sale-form]');
  const done = dialog.querySelector<HTMLElement>('[data-on-sale-done]');
  const message = dialog.querySelector<HTMLElement>('[data-on-sale-message]');
  if (!intro || !form || !done || !message) return;
  const showId = Number(form.querySelector<HTMLInputElement>('[name="requestShowId"]')?.value);
  const from = form.querySelector<HTMLInputElement>('[name="requestFrom"]');
  const to = form.querySelector<HTMLInputElement>('[name="requestTo"]');

  const showDone = (text: string) => {
    intro.hidden = true;
    form.hidden = true;
    done.hidden = false;
    message.textContent = text;
  };
  if (requestedShowIds(cookie(doc, COOKIES.showRequestSent.name)).includes(showId)) {
    showDone(messages.notifyRequestAlreadySent);
  } else {
    intro.hidden = false;
    form.hidden = true;
    done.hidden = true;
  }
  const today = isoToday();
  for (const input of [from, to]) if (input) input.min = today;
  dialog.showModal();
  dialog.querySelector<HTMLElement>(done.hidden ? '[data-on-sale-expand]' : '[data-on-sale-close]')?.focus();
}

/** Wires the popup once: expand, close, the date fields and the submission. */
export function enhanceOnSaleRequest(doc: Document, dialog: HTMLDialogElement): void {
  const intro = dialog.querySelector<HTMLElement>('[data-on-sale-intro]');
  const form = dialog.querySelector<HTMLFormElement>('[data-on-sale-form]');
  if (!intro || !form) return;
  const from = form.querySelector<HTMLInputElement>('[name="requestFrom"]');
  const to = form.querySelector<HTMLInputElement>('[name="requestTo"]');
  const email = form.querySelector<HTMLInputElement>('[name="requestEmail"]');
  for (const input of [from, to]) if (input) pickerOnly(input);
  // The end cannot come before the start: the second calendar opens from the first date.
  from?.addEventListener('change', () => {
    if (!to || !from.value) return;
    to.min = from.value;
    if (!to.value || to.value < from.value) to.value = from.value;
  });

  dialog.querySelector('[data-on-sale-expand]')?.addEventListener('click', () => {
    intro.hidden = true;
    form.hidden = false;
    from?.focus();
  });
  for (const close of dialog.querySelectorAll('[data-on-sale-close]')) {
    close.addEventListener('click', () => dialog.close());
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]');
    void whileBusy(submit, async () => {
      const fields = {
        from: ruDateOfIso(from?.value ?? ''),
        to: ruDateOfIso(to?.value ?? ''),
        email: email?.value ?? '',
      };
      // The same checks as the server's, against the visitor's today, before anything is sent.
      const local = checkOnSaleRequest(fields, new Date(new Date().setHours(0, 0, 0, 0)));
      if (!local.ok) {
        showFormError(form, local.message);
        return;
      }
      const showId = form.querySelector<HTMLInputElement>('[name="requestShowId"]')?.value ?? '';
      const body = new URLSearchParams({
        requestFrom: fields.from,
        requestTo: fields.to,
        requestEmail: fields.email.trim(),
        requestShowId: showId,
      });
      const answer = await postForm<{ status: string; message?: string }>('/show/clientRequest/', body).catch(
        () => null,
      );
      if (answer?.status !== 'success') {
        showFormError(form, answer?.message ?? messages.genericError);
        return;
      }
      showFormError(form, null);
      const name = COOKIES.showRequestSent.name;
      const list = withRequestedShow(cookie(doc, name), Number(showId));
      doc.cookie = `${name}=${encodeURIComponent(list)}; path=/; max-age=${COOKIE_MAX_AGE}; samesite=lax`;
      const done = dialog.querySelector<HTMLElement>('[data-on-sale-done]');
      const message = dialog.querySelector<HTMLElement>('[data-on-sale-message]');
      form.hidden = true;
      if (done) done.hidden = false;
      if (message) message.textContent = answer.message ?? '';
      dialog.querySelector<HTMLElement>('[data-on-sale-done] [data-on-sale-close]')?.focus();
    });
  });
}
