/**
 * The list widgets of the per-city landing (site-browsing-account.md 2.12): 'more' appends the
 * next items of the widget's call (GET /show/jsGetShows/, GET /placetype/jsGetBuildings/) and
 * hides when fewer than the limit come back; the shows list's date filters (today, tomorrow,
 * week, month, a range dd.mm.yy) load its first items again in place.
 */
import { type ShowsWhen, showsQuery } from '../pages/lists/shows-when.js';
import { enhancePage } from './lib/enhance.js';
import { sitePath } from './lib/site-path.js';

enhancePage();

interface Widget {
  load(reset: boolean): Promise<void>;
  setQuery(query: URLSearchParams): void;
}

function widget(section: HTMLElement): Widget | null {
  const list = section.querySelector<HTMLElement>('[data-list-items]');
  const more = section.querySelector<HTMLAnchorElement>('[data-list-more]');
  if (!list) return null;
  const url = list.dataset.listUrl ?? '';
  const limit = Number(list.dataset.listLimit) || 12;
  let query = new URLSearchParams(list.dataset.listQuery ?? '');
  let asked = 0;
  const empty = section.querySelector<HTMLElement>('[data-list-empty]');

  const load = async (reset: boolean) => {
    const n = ++asked;
    const offset = reset ? 0 : list.querySelectorAll('[data-list-item]').length;
    const q = new URLSearchParams(query);
    q.set('offset', String(offset));
    q.set('limit', String(limit));
    section.setAttribute('aria-busy', 'true');
    try {
      const res = await fetch(sitePath(`${url}?${q.toString()}`), { credentials: 'same-origin' });
      if (n !== asked || !res.ok) return;
      const template = document.createElement('template');
      template.innerHTML = await res.text();
      const items = [...template.content.querySelectorAll('[data-list-item]')];
      if (reset) list.replaceChildren(...items);
      else list.append(...items);
      if (more?.parentElement) more.parentElement.hidden = items.length < limit;
      if (empty) empty.hidden = list.children.length > 0;
    } finally {
      if (n === asked) section.removeAttribute('aria-busy');
    }
  };
  more?.addEventListener('click', (event) => {
    event.preventDefault();
    void load(false);
  });
  return {
    load,
    setQuery(next) {
      query = next;
    },
  };
}

for (const section of document.querySelectorAll<HTMLElement>('[data-list-widget]')) {
  const w = widget(section);
  const filter = section.querySelector<HTMLFormElement>('[data-shows-filter]');
  if (!w || !filter) continue;
  const city =
    new URLSearchParams(section.querySelector<HTMLElement>('[data-list-items]')?.dataset.listQuery).get('city') ?? '';
  const apply = () => {
    const data = new FormData(filter);
    const range = (name: string) => String(data.get(name) ?? '').trim();
    const when = (String(data.get('when') ?? 'all') as ShowsWhen) || 'all';
    w.setQuery(showsQuery(city, range('mnd') || range('mxd') ? 'all' : when, range('mnd'), range('mxd')));
    void w.load(true);
  };
  filter.addEventListener('change', (event) => {
    const target = event.target as HTMLInputElement;
    // Choosing a day clears the range, which would win over it.
    if (target.name === 'when')
      for (const input of filter.querySelectorAll<HTMLInputElement>('[data-list-date]')) input.value = '';
    if (target.name === 'when' || /^\d{2}\.\d{2}\.\d{2}$/.test(target.value) || target.value === '') apply();
  });
  filter.addEventListener('submit', (event) => {
    event.preventDefault();
    apply();
  });
  // Spec 5: the date inputs take only digits, the arrows, backspace, delete and the dot.
  for (const input of filter.querySelectorAll<HTMLInputElement>('[data-list-date]')) {
    input.addEventListener('keydown', (event) => {
      if (event.ctrlKey || event.metaKey || event.key.length > 1) return;
      if (!/[\d.]/.test(event.key)) event.preventDefault();
    });
  }
}
