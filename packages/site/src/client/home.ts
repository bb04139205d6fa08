/**
 * Home page: plain HTML; 'Показать ещё' appends the next 24 cards in place (spec 2.4) by reading
 * the next page of the same URL, and stays an ordinary link without scripts.
 */
import { enhancePage } from './lib/enhance.js';

enhancePage();

// After the cabinet deleted the account (/?account=deleted): a short notice, once.
if (new URLSearchParams(window.location.search).get('account') === 'deleted') {
  const notice = document.createElement('p');
  notice.className = 'container notice notice--info';
  notice.setAttribute('role', 'status');
  notice.dataset.accountDeleted = '';
  notice.textContent = 'Аккаунт удалён. Заказы и билеты остаются действительными.';
  document.querySelector('#main')?.prepend(notice);
  window.history.replaceState(null, '', window.location.pathname);
}

const button = document.querySelector<HTMLAnchorElement>('[data-more]');
const grid = document.querySelector<HTMLElement>('[data-poster-grid]');

if (button && grid) {
  button.addEventListener('click', async (event) => {
    event.preventDefault();
    if (button.getAttribute('aria-busy') === 'true') return;
    const label = button.textContent;
    button.setAttribute('aria-busy', 'true');
    button.textContent = 'Загружаем…';
    try {
      const res = await fetch(button.href, { headers: { accept: 'text/html' }, credentials: 'same-origin' });
      if (!res.ok) throw new Error(String(res.status));
      const next = new DOMParser().parseFromString(await res.text(), 'text/html');
      const cards = [...next.querySelectorAll('[data-poster-grid] > li')];
      const first = cards[0];
      grid.append(...cards.map((card) => document.importNode(card, true)));
      const more = next.querySelector<HTMLAnchorElement>('[data-more]');
      if (more && cards.length > 0) {
        button.href = more.getAttribute('href') ?? button.href;
        button.textContent = label;
        button.removeAttribute('aria-busy');
      } else {
        button.closest('.more')?.remove();
      }
      // Keyboard users continue from the first new card.
      if (first)
        grid.querySelectorAll<HTMLAnchorElement>('.poster-card__link')[grid.children.length - cards.length]?.focus();
    } catch {
      // The link itself still works: follow it.
      window.location.assign(button.href);
    }
  });
}
