/**
 * The review prompt (site-browsing-account.md 2.15 Review prompt popup, 4 Review prompt, 9
 * showReviewPopup): on any page of a signed-in buyer (never a guest's: enhance.ts loads this only
 * when the header shows the account), asks /private/getReviewInfo/ for a show the buyer saw and
 * has not reviewed, and offers to write a review of it. Shown once, then held back for 3 days by
 * the showReviewPopup cookie. When there is nothing to ask about, this browser tab does not ask
 * again until it is closed (no call on every page). Also makes the page's 'Написать отзыв' links
 * open the review form.
 */
import { COOKIES, getReviewInfo } from '@partera/contract';
import { el } from './dom.js';
import { sitePath } from './site-path.js';

const NOTHING_TO_ASK = 'partera.reviewPrompt.none';
const cookie = COOKIES.showReviewPopup;

const heldBack = (doc: Document) => doc.cookie.split('; ').some((c) => c.startsWith(`${cookie.name}=`));

function holdBack(doc: Document): void {
  doc.cookie = `${cookie.name}=1; max-age=${cookie.maxAgeSeconds}; path=/; samesite=lax`;
}

const loadForm = () => import('./review-form.js');

/** The prompt's dialog: the show, the buyer's name, 'Написать отзыв' or 'Не сейчас'. */
function showPrompt(doc: Document, info: { showName: string; showId: number | null; clientName: string }): void {
  const title = el(doc, 'h2', 'auth-dialog__title', [`Оцените спектакль «${info.showName}»`]);
  title.id = 'review-prompt-title';
  const greeting = info.clientName ? `${info.clientName}, вы` : 'Вы';
  const text = el(doc, 'p', 'review-prompt__text', [
    `${greeting} недавно побывали на «${info.showName}». Поделитесь впечатлениями — ваш отзыв поможет другим зрителям с выбором.`,
  ]);
  const write = el(doc, 'button', 'button', ['Написать отзыв']);
  const later = el(doc, 'button', 'button button--outline', ['Не сейчас']);
  write.type = 'button';
  later.type = 'button';
  const dialog = el(doc, 'dialog', 'auth-dialog review-prompt', [
    title,
    text,
    el(doc, 'p', 'review-prompt__actions', info.showId ? [write, later] : [later]),
  ]);
  dialog.setAttribute('aria-labelledby', title.id);
  later.addEventListener('click', () => dialog.close());
  write.addEventListener('click', () => {
    dialog.close();
    if (info.showId) void loadForm().then((m) => m.openReviewForm(info.showId as number, doc));
  });
  dialog.addEventListener('close', () => dialog.remove());
  doc.body.append(dialog);
  dialog.showModal();
  write.focus();
}

/** Asks the server for a show to review and shows the prompt, unless held back. */
async function promptReview(doc: Document): Promise<void> {
  const win = doc.defaultView;
  // Not inside a partner's frame, nor in the light layout: the buyer came there to buy.
  if (!win || win.parent !== win || doc.body.hasAttribute('data-lite-layout')) return;
  if (heldBack(doc) || win.sessionStorage.getItem(NOTHING_TO_ASK)) return;
  const res = await fetch(sitePath('/private/getReviewInfo/'), {
    credentials: 'same-origin',
    headers: { accept: 'application/json' },
  });
  if (!res.ok) return;
  const parsed = getReviewInfo.response.safeParse(await res.json());
  const data = parsed.success ? parsed.data.data : undefined;
  if (!parsed.success || !data) {
    win.sessionStorage.setItem(NOTHING_TO_ASK, '1');
    return;
  }
  // Another dialog is open (the login, a phone check): the prompt waits for another page.
  if (doc.querySelector('dialog[open]')) return;
  holdBack(doc);
  showPrompt(doc, { showName: data.show_name, showId: data.show_id ?? null, clientName: parsed.data.clientName ?? '' });
}

/** For a signed-in buyer's page: the prompt, and the page's 'Написать отзыв' links. */
export function startReviewPrompt(doc: Document = document): void {
  if (doc.querySelector('[data-review-open]')) void loadForm().then((m) => m.reviewLinks(doc));
  promptReview(doc).catch(() => {});
}
