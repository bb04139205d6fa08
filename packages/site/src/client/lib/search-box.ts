/**
 * The header's search box (site-browsing-account.md 2.2): suggestions as the buyer types, the
 * arrows and Enter. Loaded by every page (enhance.ts); the box is a plain form without it.
 */
import {
  type AutocompleteGrouped,
  type AutocompleteOld,
  type AutocompleteSource,
  SEARCH_RESULT_ROUTES,
} from '@partera/contract';
import { metaContent } from './forms.js';
import { SuggestController } from './search-suggest.js';
import { renderGrouped, renderList } from './search-suggest-view.js';
import { sitePath } from './site-path.js';

type Answer = AutocompleteGrouped | AutocompleteOld;

async function ask(url: string, text: string, city: string): Promise<Answer> {
  const body = new URLSearchParams({ text, city });
  // Framed pages without cookies carry the session as a parameter (spec 2.1).
  const name = metaContent(document, 'session-name');
  if (name) body.set(name, metaContent(document, 'session-id'));
  const res = await fetch(sitePath(url), {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body,
  });
  if (!res.ok) throw new Error(String(res.status));
  return (await res.json()) as Answer;
}

export function startHeaderSearch(doc: Document = document): SuggestController<Answer> | null {
  const root = doc.querySelector<HTMLElement>('[data-header-search]');
  const form = doc.querySelector<HTMLFormElement>('#searchForm');
  const input = form?.querySelector<HTMLInputElement>('input[name="text"]');
  const list = root?.querySelector<HTMLElement>('[role="listbox"]');
  if (!root || !form || !input || !list) return null;
  const grouped = root.dataset.variant !== 'list';
  const city = root.dataset.city ?? '';
  const items = () => [...list.querySelectorAll<HTMLElement>('[data-suggest-item]')];

  const controller = new SuggestController<Answer>({
    ask: (text) => ask(grouped ? '/search/autocompleteMore/' : '/search/autocomplete/', text, city),
    isEmpty: (a) => ('items' in a ? a.items.length === 0 : a.count === 0 && a.genres.result.length === 0),
    view: {
      show(answer, text) {
        if ('items' in answer) renderList(doc, list, answer);
        else renderGrouped(doc, list, answer, text);
        list.hidden = false;
        input.setAttribute('aria-expanded', 'true');
        return items().length;
      },
      hide() {
        list.hidden = true;
        list.replaceChildren();
        input.setAttribute('aria-expanded', 'false');
        input.removeAttribute('aria-activedescendant');
      },
      select(index) {
        items().forEach((item, i) => {
          item.classList.toggle('is-selected', i === index);
          item.setAttribute('aria-selected', String(i === index));
          if (i === index) {
            item.id = 'header-search-selected';
            input.setAttribute('aria-activedescendant', item.id);
            item.scrollIntoView({ block: 'nearest' });
          } else if (item.id) item.removeAttribute('id');
        });
      },
    },
  });

  /** The older variant's choice: the label into the box, the form to its source's results page. */
  const choose = (item: HTMLElement) => {
    input.value = item.dataset.label ?? '';
    const route = SEARCH_RESULT_ROUTES[item.dataset.source as AutocompleteSource];
    if (route) form.action = sitePath(route);
    controller.hide();
    form.submit();
  };

  input.addEventListener('input', () => controller.input(input.value));
  input.addEventListener('keydown', (event) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (controller.move(event.key === 'ArrowDown' ? 1 : -1)) event.preventDefault();
    } else if (event.key === 'Escape') {
      controller.hide();
    } else if (event.key === 'Enter' && controller.visible && controller.selected >= 0) {
      const item = items()[controller.selected];
      if (!item) return;
      event.preventDefault();
      // The newer variant: Enter goes to the selected item's link, replacing this page in history.
      if (item instanceof HTMLAnchorElement) window.location.replace(item.href);
      else choose(item);
    }
  });
  list.addEventListener('mouseenter', () => {
    controller.mouseOver = true;
  });
  list.addEventListener('mouseleave', () => {
    controller.mouseOver = false;
  });
  list.addEventListener('click', (event) => {
    const item = (event.target as Element).closest<HTMLElement>('[data-suggest-item]');
    if (item && !(item instanceof HTMLAnchorElement)) choose(item);
  });
  doc.addEventListener('click', (event) => {
    if (!root.contains(event.target as Node)) controller.hide();
  });
  // What was typed before this code arrived is asked for now.
  if (doc.activeElement === input && input.value) controller.input(input.value);
  return controller;
}

// Loaded by every page (enhance.ts) and started at once.
startHeaderSearch();
