/**
 * The preview of a popular show on the main page (site-browsing-account.md 2.4; decision 0038):
 * hovering a card (or reaching it with the keyboard) loads the show's reviews into a carousel
 * labelled '{n} из {total}' (GET /show/JsGetReviews/?showId=) and its share counters for three
 * networks (GET /show/JsGetSocialCounters/?url=). A share button opens the network's share window
 * (550×420, spec 9) and reports the share (GET /site/event/?code=vkshare&webObjId=), then shows
 * the counters again. Everything is drawn with text nodes: no answer becomes markup.
 */
import { type ReviewPreview, SHOW_PAGE } from '@partera/contract';
import { el } from '../lib/dom.js';
import { sitePath } from '../lib/site-path.js';

interface Counters {
  fb: number;
  vk: number;
  ok: number;
}

type Network = keyof Counters;

/** The networks of the counters, in the order the buttons show them, with their share codes. */
export const SHARE_NETWORKS: readonly {
  key: Network;
  code: string;
  label: string;
  /** What the button shows; the label is what it is called. */
  short: string;
  shareUrl: (url: string) => string;
}[] = [
  {
    key: 'vk',
    code: 'vkshare',
    label: 'ВКонтакте',
    short: 'ВК',
    shareUrl: (u) => `https://vk.com/share.php?url=${encodeURIComponent(u)}`,
  },
  {
    key: 'fb',
    code: 'fbshare',
    label: 'Facebook',
    short: 'FB',
    shareUrl: (u) => `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(u)}`,
  },
  {
    key: 'ok',
    code: 'okshare',
    label: 'Одноклассники',
    short: 'ОК',
    shareUrl: (u) => `https://connect.ok.ru/offer?url=${encodeURIComponent(u)}`,
  },
];

async function getJson<T>(url: string, fallback: T): Promise<T> {
  try {
    const res = await fetch(sitePath(url), { credentials: 'same-origin', headers: { accept: 'application/json' } });
    return res.ok ? ((await res.json()) as T) : fallback;
  } catch {
    return fallback;
  }
}

const countersOf = (showUrl: string) =>
  getJson<Counters>(`/show/JsGetSocialCounters/?url=${encodeURIComponent(showUrl)}`, { fb: 0, vk: 0, ok: 0 });

/** The reviews carousel: one review at a time, '{n} из {total}' between the arrows. */
export function reviewsCarousel(doc: Document, reviews: ReviewPreview[]): HTMLElement {
  const box = el(doc, 'section', 'card-reviews');
  box.setAttribute('aria-label', 'Отзывы');
  if (reviews.length === 0) {
    box.append(el(doc, 'p', 'card-reviews__empty', ['Отзывов пока нет']));
    return box;
  }
  const text = el(doc, 'blockquote', 'card-reviews__text');
  const author = el(doc, 'p', 'card-reviews__author');
  const position = el(doc, 'span', 'card-reviews__position');
  position.dataset.reviewsPosition = '';
  position.setAttribute('aria-live', 'polite');
  const prev = el(doc, 'button', 'card-reviews__arrow', ['‹']);
  const next = el(doc, 'button', 'card-reviews__arrow', ['›']);
  prev.type = next.type = 'button';
  prev.setAttribute('aria-label', 'Предыдущий отзыв');
  next.setAttribute('aria-label', 'Следующий отзыв');
  let at = 0;
  const show = () => {
    const r = reviews[at] as ReviewPreview;
    text.textContent = r.review;
    author.textContent = `${r.name}, ${r.date}`;
    position.textContent = `${at + 1} из ${reviews.length}`;
    prev.disabled = reviews.length < 2;
    next.disabled = reviews.length < 2;
  };
  // The arrows go round: after the last review comes the first.
  prev.addEventListener('click', () => {
    at = (at - 1 + reviews.length) % reviews.length;
    show();
  });
  next.addEventListener('click', () => {
    at = (at + 1) % reviews.length;
    show();
  });
  show();
  box.append(text, author, el(doc, 'div', 'card-reviews__nav', [prev, position, next]));
  return box;
}

/** Share buttons with their counters; a share opens the network's window and is reported. */
function shareButtons(doc: Document, showId: string, showUrl: string, counters: Counters): HTMLElement {
  const row = el(doc, 'div', 'card-share');
  row.setAttribute('aria-label', 'Поделиться');
  row.setAttribute('role', 'group');
  const counts = new Map<Network, HTMLElement>();
  const render = (c: Counters) => {
    for (const [key, node] of counts) node.textContent = String(c[key]);
  };
  for (const network of SHARE_NETWORKS) {
    const count = el(doc, 'span', 'card-share__count');
    count.dataset.shareCount = network.key;
    counts.set(network.key, count);
    const button = el(doc, 'button', `card-share__button card-share__button--${network.key}`, [
      el(doc, 'span', 'card-share__label', [network.short]),
      count,
    ]);
    button.type = 'button';
    button.dataset.share = network.key;
    button.setAttribute('aria-label', `Поделиться: ${network.label}`);
    button.addEventListener('click', async () => {
      const win = doc.defaultView ?? window;
      const absolute = new URL(showUrl, win.location.origin).toString();
      const { width, height } = SHOW_PAGE.sharePopup;
      const left = Math.max(0, Math.round((win.screen.width - width) / 2));
      const top = Math.max(0, Math.round((win.screen.height - height) / 2));
      win.open(
        network.shareUrl(absolute),
        `share-${network.key}`,
        `popup=yes,width=${width},height=${height},left=${left},top=${top}`,
      );
      await getJson(`/site/event/?code=${network.code}&webObjId=${encodeURIComponent(showId)}`, null);
      render(await countersOf(showUrl));
    });
    row.append(button);
  }
  render(counters);
  return row;
}

/** Fills a card's preview once, the first time the buyer reaches it. */
async function fill(card: HTMLElement, box: HTMLElement): Promise<void> {
  const doc = card.ownerDocument;
  const showId = card.dataset.showId ?? '';
  const showUrl = card.dataset.showUrl ?? '';
  box.setAttribute('aria-busy', 'true');
  const [reviews, counters] = await Promise.all([
    getJson<ReviewPreview[]>(`/show/JsGetReviews/?showId=${encodeURIComponent(showId)}`, []),
    countersOf(showUrl),
  ]);
  box.replaceChildren(
    reviewsCarousel(doc, Array.isArray(reviews) ? reviews : []),
    shareButtons(doc, showId, showUrl, counters),
  );
  box.removeAttribute('aria-busy');
}

/**
 * Gives every card of the grid (now and appended later) its preview: shown while the pointer is
 * over the card or focus is inside it. Only where the device can hover: a touch opens the show.
 */
export function attachPreviews(grid: HTMLElement): void {
  const win = grid.ownerDocument.defaultView ?? window;
  if (!win.matchMedia('(hover: hover)').matches) return;
  const filled = new WeakSet<HTMLElement>();
  const open = (target: EventTarget | null) => {
    const card = (target as Element | null)?.closest<HTMLElement>('.poster-card[data-show-id]');
    const box = card?.querySelector<HTMLElement>('[data-preview]');
    if (!card || !box) return;
    box.hidden = false;
    card.classList.add('poster-card--preview');
    if (!filled.has(card)) {
      filled.add(card);
      void fill(card, box);
    }
  };
  const close = (card: HTMLElement | null) => {
    if (!card || card.matches(':hover') || card.contains(card.ownerDocument.activeElement)) return;
    const box = card.querySelector<HTMLElement>('[data-preview]');
    if (box) box.hidden = true;
    card.classList.remove('poster-card--preview');
  };
  grid.addEventListener('mouseover', (event) => open(event.target));
  grid.addEventListener('focusin', (event) => open(event.target));
  grid.addEventListener('mouseout', (event) => {
    const card = (event.target as Element | null)?.closest<HTMLElement>('.poster-card[data-show-id]') ?? null;
    if (card && !card.contains(event.relatedTarget as Node | null)) close(card);
  });
  grid.addEventListener('focusout', (event) => {
    const card = (event.target as Element | null)?.closest<HTMLElement>('.poster-card[data-show-id]') ?? null;
    if (card && !card.contains(event.relatedTarget as Node | null)) {
      // After the focus has moved: the card's own check sees where it went.
      win.requestAnimationFrame(() => close(card));
    }
  });
}
