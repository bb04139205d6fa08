/**
 * The schedule (site-browsing-account.md 2.8): a change of the venue or of 'on sale only' goes
 * to the new address at once, page 1; the infinite scroll loads {url}page-{n}/?ajax when the
 * buyer is 400 px from the bottom and appends the rows (spec 4: page n+1 at each trigger).
 */
import { SCHEDULE_SCROLL_TRIGGER } from '@partera/contract';
import { enhancePage } from './lib/enhance.js';
import { sitePath } from './lib/site-path.js';

enhancePage();

const root = document.querySelector<HTMLElement>('[data-schedule-page]');
const form = root?.querySelector<HTMLFormElement>('[data-schedule-filters]');

/** The schedule's address of the form's fields, page 1 (services/catalogue/schedule-address.ts). */
function addressOf(f: HTMLFormElement): string {
  const value = (name: string) => (f.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement | null)?.value;
  const sale = (f.elements.namedItem('sale') as HTMLInputElement | null)?.checked ? 'insale' : 'all';
  const genre = encodeURIComponent(value('genre') || 'all');
  return `/schedule/place-${value('place') || 'all'}/${value('from')}/${value('till')}/genre-${genre}/${sale}/`;
}

if (form) {
  const go = () => {
    if (form.reportValidity()) window.location.assign(sitePath(addressOf(form)));
  };
  form.querySelector('[data-schedule-place]')?.addEventListener('change', go);
  form.querySelector('[data-schedule-sale]')?.addEventListener('change', go);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    go();
  });
}

const rows = root?.querySelector<HTMLOListElement>('[data-schedule-rows]');
const next = root?.querySelector<HTMLAnchorElement>('[data-schedule-next]');
const status = root?.querySelector<HTMLElement>('[data-schedule-status]');

if (root && rows && next) {
  // The page's own address without 'page-N/': every next page is {url}page-{n}/.
  const base = window.location.pathname.replace(/page-\d+\/$/, '');
  const current = /page-(\d+)\/$/.exec(window.location.pathname);
  let page = current ? Number(current[1]) : 1;
  let loading = false;
  let done = false;
  const city = root.dataset.city ?? '';

  const finish = () => {
    done = true;
    next.parentElement?.remove();
    window.removeEventListener('scroll', check);
  };

  const load = async () => {
    if (loading || done) return;
    loading = true;
    if (status) status.textContent = 'Загрузка…';
    try {
      const res = await fetch(sitePath(`${base}page-${page + 1}/?ajax&city=${encodeURIComponent(city)}`), {
        credentials: 'same-origin',
      });
      const body = res.ok ? await res.text() : '';
      const template = document.createElement('template');
      template.innerHTML = body;
      const added = [...template.content.querySelectorAll<HTMLLIElement>('[data-schedule-row]')];
      // A page may start on the day the one before ended with: its heading is said once.
      const last = rows.querySelector<HTMLLIElement>('[data-schedule-row]:last-child');
      if (added[0] && last && added[0].dataset.day === last.dataset.day) added[0].querySelector('h2')?.remove();
      rows.append(...added);
      if (status) status.textContent = '';
      if (added.length === 0) return finish();
      page++;
      next.href = `${base}page-${page + 1}/`;
    } catch {
      if (status) status.textContent = 'Не удалось загрузить расписание. Прокрутите ещё раз, чтобы повторить.';
    } finally {
      loading = false;
    }
    check();
  };

  function check() {
    const fromBottom = document.documentElement.scrollHeight - (window.scrollY + window.innerHeight);
    if (fromBottom <= SCHEDULE_SCROLL_TRIGGER) void load();
  }

  next.addEventListener('click', (event) => {
    event.preventDefault();
    void load();
  });
  window.addEventListener('scroll', check, { passive: true });
  check();
}
