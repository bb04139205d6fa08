/**
 * Small enhancements every page gets, without React: the scroll-to-top button (spec 2.1: after
 * 400 px of scrolling) and show-more text blocks (spec 2.1: collapsed at 312 px, the toggle only
 * when the content is more than 80 px taller; 'Показать ещё' / 'Скрыть').
 */

import { MOBILE_BREAKPOINT, SCROLL_TO_TOP_AFTER, SHOW_MORE_HEIGHT, SHOW_MORE_MARGIN } from '@partera/contract';

export const MOBILE_QUERY = `(max-width: ${MOBILE_BREAKPOINT}px)`;

export function scrollToTopButton(doc: Document = document): void {
  const button = doc.querySelector<HTMLButtonElement>('.to-top');
  if (!button) return;
  const win = doc.defaultView ?? window;
  const update = () => {
    button.hidden = win.scrollY <= SCROLL_TO_TOP_AFTER;
  };
  win.addEventListener('scroll', update, { passive: true });
  button.addEventListener('click', () => {
    const reduce = win.matchMedia('(prefers-reduced-motion: reduce)').matches;
    win.scrollTo({ top: 0, behavior: reduce ? 'auto' : 'smooth' });
    doc.getElementById('main')?.focus({ preventScroll: true });
  });
  update();
}

export interface ShowMoreLabels {
  more: string;
  less: string;
}

/**
 * Collapses a [data-show-more] block when its content is taller than the collapsed height plus
 * the margin (spec 2.1: 312 px and 80 px by default).
 */
export function showMore(
  block: HTMLElement,
  labels: ShowMoreLabels,
  height = SHOW_MORE_HEIGHT,
  margin = SHOW_MORE_MARGIN,
): void {
  const content = block.querySelector<HTMLElement>('.show-more__content');
  if (!content || content.scrollHeight - margin <= height) return;
  block.style.setProperty('--show-more-height', `${height}px`);
  block.classList.add('show-more--collapsed');
  if (!content.id) content.id = `show-more-${Math.random().toString(36).slice(2, 8)}`;
  const toggle = block.ownerDocument.createElement('button');
  toggle.type = 'button';
  toggle.className = 'show-more__toggle';
  toggle.setAttribute('aria-controls', content.id);
  const render = () => {
    const collapsed = block.classList.contains('show-more--collapsed');
    toggle.textContent = collapsed ? labels.more : labels.less;
    toggle.setAttribute('aria-expanded', String(!collapsed));
  };
  toggle.addEventListener('click', () => {
    block.classList.toggle('show-more--collapsed');
    render();
  });
  render();
  block.append(toggle);
}

/** A poster that cannot be loaded gives way to the coloured frame with the show's name under it. */
export function posterFallbacks(doc: Document = document): void {
  for (const img of doc.querySelectorAll<HTMLImageElement>('img[data-poster]')) {
    if (img.complete && img.naturalWidth === 0) img.remove();
    else img.addEventListener('error', () => img.remove(), { once: true });
  }
}

/**
 * The header's account corner: 'Войти' opens the login popup, 'Выйти' signs out. Their code
 * (account.ts) loads at the first click, so browsing pages stay small; without scripts 'Войти'
 * is a link to /login/. A seat call answering 440 (login required) opens the same popup: the
 * seat map sends a bubbling 'login-required' event (core store/events.ts); after signing in the
 * page reloads with the basket kept. A seat that needs a confirmed phone (212, 216, 631) opens
 * the phone dialog (phone-dialog.ts) the same way, and is asked for again once it is confirmed.
 */
export function accountCorner(doc: Document = document): void {
  const win = doc.defaultView ?? window;
  const load = () => import('./account.js');
  const login = (fallback: string) =>
    void load().then((account) => {
      if (!account.openLogin(doc)) win.location.assign(account.sitePath(fallback));
    });
  for (const link of doc.querySelectorAll<HTMLAnchorElement>('[data-login-open]')) {
    link.addEventListener('click', (event) => {
      event.preventDefault();
      login(link.href);
    });
  }
  doc.addEventListener('login-required', () => login(`/login/?back=${encodeURIComponent(win.location.pathname)}`));
  // 212, 216, 631: the phone confirmed by a PIN in a dialog, then the seat is asked for again.
  // The checkout's 113 asks the same (a cancelable event: taking it tells the widget so).
  doc.addEventListener('phone-confirmation-required', (event) => {
    event.preventDefault();
    const detail = (event as CustomEvent<{ message: string; retry: () => Promise<void> }>).detail;
    void import('./phone-dialog.js').then((m) => m.confirmPhoneThenRetry(doc, detail));
  });
  for (const form of doc.querySelectorAll<HTMLFormElement>('form[data-logout-form]')) {
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      form.querySelector('button')?.setAttribute('aria-busy', 'true');
      void load().then((account) => account.logout(doc));
    });
  }
}

export function enhancePage(): void {
  scrollToTopButton();
  // The generic popups, the contact and cashback popups, the region question, Ctrl+Alt+0 (client/parts/popup.ts).
  void import('../parts/popup.js').then((m) => m.startSitePopups());
  // The promo banners of the page's type and width (spec 2.5, client/parts/banners.ts); the main page
  // fills its own places, with the mobile items among its cards (home/promos.ts).
  if (document.querySelector('[data-promo]') && !document.querySelector('[data-poster-grid]')) {
    void import('../parts/banners.js').then((m) => m.mountPromoBanners());
  }
  // The header's search suggestions (spec 2.2), loaded after the page; it starts itself.
  void import('./search-box.js');
  posterFallbacks();
  accountCorner();
  // A signed-in buyer's page (the header's 'Выйти'): the review prompt and 'Написать отзыв' (review-prompt.ts).
  if (document.querySelector('form[data-logout-form]'))
    void import('./review-prompt.js').then((m) => m.startReviewPrompt());
  // After an outside sign-in that made a new account: the completion form (its code loads only then).
  if (document.getElementById('oauth-completion')) {
    void import('./oauth-completion.js').then(({ openOAuthCompletion }) => openOAuthCompletion(document));
  }
  // Framed pages and the light layout only: everyone else never downloads the embedding code.
  if (window.parent !== window || document.body.hasAttribute('data-lite-layout')) {
    void import('./embedding.js').then(({ startEmbedding }) =>
      startEmbedding({
        connect: (parent) => {
          void import('./embed-channel.js').then(({ connectParent }) => connectParent(parent));
        },
      }),
    );
  }
}
