/**
 * The review form (site-browsing-account.md 2.15 Review form, 4 Review after posting): a dialog
 * that loads the form of a show from /review/form/?idShow= (HTML the server builds and escapes),
 * posts it to /review/add/ and then shows the 'good' popup for 4 stars or more, the 'bad' one for
 * fewer or none. Closing that popup reloads the page, so the new review shows where it belongs.
 * Loaded on demand: from the orders' 'Написать отзыв' and from the review prompt.
 */
import { messages, reviewAdd, reviewPopupKind } from '@partera/contract';
import { el } from './dom.js';
import { postForm, showFormError, whileBusy } from './forms.js';
import { sitePath } from './site-path.js';

/** What each popup after posting says. */
export const REVIEW_POPUPS = {
  good: {
    title: 'Спасибо за отзыв!',
    text:
      'Мы рады, что вам понравилось. Расскажите о мероприятии друзьям — ' +
      'хорошими впечатлениями приятно делиться, а в следующий раз можно пойти вместе.',
  },
  bad: {
    title: 'Спасибо, что рассказали',
    text:
      'Нам жаль, что впечатления оказались не такими, как хотелось. ' +
      'Мы передадим ваш отзыв организатору: он поможет сделать следующие вечера лучше.',
  },
} as const;

const SEND_FAILED = 'Не удалось отправить отзыв. Проверьте соединение и попробуйте ещё раз.';

/** The dialog of the form and of the popups after it, with its close button. */
function reviewDialog(doc: Document): { dialog: HTMLDialogElement; body: HTMLElement } {
  doc.querySelector('dialog.review-dialog')?.remove();
  const close = el(doc, 'button', 'review-dialog__close', ['×']);
  close.type = 'button';
  close.setAttribute('aria-label', 'Закрыть');
  const body = el(doc, 'div', 'review-dialog__body', [el(doc, 'p', 'cabinet__loading', ['Загрузка…'])]);
  const dialog = el(doc, 'dialog', 'auth-dialog review-dialog', [close, body]);
  dialog.setAttribute('aria-label', 'Отзыв');
  close.addEventListener('click', () => dialog.close());
  dialog.addEventListener('close', () => dialog.remove());
  doc.body.append(dialog);
  dialog.showModal();
  return { dialog, body };
}

/** After posting: the good or bad popup in place of the form; closing it reloads the page. */
function showPopup(dialog: HTMLDialogElement, body: HTMLElement, rating: number | null | undefined): void {
  const doc = dialog.ownerDocument;
  const kind = reviewPopupKind(rating);
  const popup = REVIEW_POPUPS[kind];
  const title = el(doc, 'h2', 'auth-dialog__title', [popup.title]);
  title.id = 'review-popup-title';
  const ok = el(doc, 'button', 'button', ['Закрыть']);
  ok.type = 'button';
  ok.addEventListener('click', () => dialog.close());
  body.replaceChildren(
    el(doc, 'div', `review-popup review-popup--${kind}`, [title, el(doc, 'p', '', [popup.text]), ok]),
  );
  dialog.dataset.reviewPopup = kind;
  dialog.setAttribute('aria-labelledby', title.id);
  dialog.addEventListener('close', () => doc.defaultView?.location.reload());
  ok.focus();
}

/** The form's submit: checked in the browser as the server checks it again, then posted. */
function enhanceForm(form: HTMLFormElement, dialog: HTMLDialogElement, body: HTMLElement): void {
  const text = form.querySelector<HTMLTextAreaElement>('textarea[name="Review[text]"]');
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  text?.focus();
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const min = text?.minLength ?? 0;
    if (text && text.value.trim().length < min) {
      showFormError(form, `Отзыв слишком короткий: напишите хотя бы ${min} символов.`);
      text.focus();
      return;
    }
    void whileBusy(button, async () => {
      const raw = await postForm<unknown>('/review/add/', new FormData(form)).catch(() => null);
      const answer = raw === null ? null : reviewAdd.response.safeParse(raw);
      if (!answer?.success) return showFormError(form, SEND_FAILED);
      if (answer.data.status !== 'success') return showFormError(form, answer.data.message ?? messages.genericError);
      showPopup(dialog, body, answer.data.rating);
    });
  });
}

/** Opens the review form of a show in a dialog. */
export async function openReviewForm(showId: number, doc: Document = document): Promise<void> {
  const { dialog, body } = reviewDialog(doc);
  try {
    const res = await fetch(sitePath(`/review/form/?idShow=${encodeURIComponent(String(showId))}`), {
      credentials: 'same-origin',
      headers: { accept: 'text/html' },
    });
    if (!res.ok && res.status !== 404 && res.status !== 401) throw new Error(`HTTP ${res.status}`);
    // The server's own fragment: every value in it was escaped by its html template.
    body.innerHTML = await res.text();
  } catch {
    const failure = el(doc, 'p', 'auth-form__error', [messages.formDisplayError]);
    failure.setAttribute('role', 'alert');
    body.replaceChildren(failure);
    return;
  }
  const form = body.querySelector<HTMLFormElement>('form[data-review-form]');
  if (form) {
    dialog.setAttribute('aria-labelledby', 'review-form-title');
    enhanceForm(form, dialog, body);
  }
}

/** Every 'Написать отзыв' of the page (data-review-open="{showId}") opens the form of its show. */
export function reviewLinks(doc: Document = document): void {
  doc.addEventListener('click', (event) => {
    const link = (event.target as Element | null)?.closest<HTMLElement>('[data-review-open]');
    const showId = Number(link?.dataset.reviewOpen);
    if (!link || !(showId > 0)) return;
    event.preventDefault();
    void openReviewForm(showId, doc);
  });
}
