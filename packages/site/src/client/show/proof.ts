/**
 * The social-proof popups (site-browsing-account.md 2.9 'N tickets were bought' and 'N visitors
 * browsing', 4, 9 plurals): the numbers of `{currentPath}showInfo/` (tickets bought for the show
 * in the last 24 hours, sessions on its page in the last 5 minutes, decision 0039); each number
 * above zero shows as a small popup, one after the other, for PROOF_SHOW_MS each, or until closed.
 */
import { ticketsBoughtText, visitorsBrowsingText } from '@partera/contract';
import { sitePath } from '../lib/site-path.js';

const PROOF_DELAY_MS = 1500;
const PROOF_SHOW_MS = 6000;

export async function showSocialProof(box: HTMLElement): Promise<void> {
  const showUrl = box.dataset.socialProof ?? '';
  let info: { soldTickets?: unknown; visitors?: unknown };
  try {
    // `{currentPath}/showInfo/`: the page's own address, the show's {show}/ or its reviews tab
    // {show}/reviews/ (the server answers both, decision 0048).
    const here = box.ownerDocument.defaultView?.location.pathname ?? '';
    const currentPath = here.startsWith(showUrl) && here.endsWith('/') ? here : showUrl;
    const res = await fetch(sitePath(`${currentPath}showInfo/`), { credentials: 'same-origin' });
    if (!res.ok) return;
    info = (await res.json()) as typeof info;
  } catch {
    return;
  }
  const texts: string[] = [];
  const sold = Number(info.soldTickets);
  const visitors = Number(info.visitors);
  if (Number.isInteger(sold) && sold > 0) texts.push(ticketsBoughtText(sold));
  if (Number.isInteger(visitors) && visitors > 0) texts.push(visitorsBrowsingText(visitors));
  let delay = PROOF_DELAY_MS;
  for (const text of texts) {
    setTimeout(() => popup(box, text), delay);
    delay += PROOF_SHOW_MS + 500;
  }
}

function popup(box: HTMLElement, text: string): void {
  const doc = box.ownerDocument;
  const item = doc.createElement('p');
  item.className = 'social-proof__item';
  item.dataset.socialProofItem = '';
  const words = doc.createElement('span');
  words.textContent = text;
  const close = doc.createElement('button');
  close.type = 'button';
  close.className = 'social-proof__close';
  close.setAttribute('aria-label', 'Закрыть');
  close.textContent = '×';
  close.addEventListener('click', () => item.remove());
  item.append(words, close);
  box.append(item);
  setTimeout(() => item.remove(), PROOF_SHOW_MS);
}
