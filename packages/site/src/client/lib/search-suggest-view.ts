/**
 * Draws the header suggestions (site-browsing-account.md 2.2, 3 Autocomplete result): the newer
 * grouped list (genre tags, shows, venues, persons, each with its count and 'see all' link) or
 * the older list of labels. Every text goes in as text, never as markup.
 */
import {
  type AutocompleteGrouped,
  type AutocompleteOld,
  type AutocompleteSource,
  plural,
  ratingBadgeColor,
  TICKET_FORMS,
} from '@partera/contract';
import { el } from './dom.js';
import { sitePath } from './site-path.js';

const SOURCE_LABELS: Record<AutocompleteSource, string> = {
  performance: 'Событие',
  building: 'Площадка',
  organizer: 'Организатор',
  person: 'Персона',
};

const rubles = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 0 });

function link(doc: Document, href: string, className: string, children: Array<Node | string>, item = true) {
  const a = el(doc, 'a', className, children);
  a.href = sitePath(href);
  if (item) {
    a.dataset.suggestItem = '';
    a.setAttribute('role', 'option');
    a.tabIndex = -1;
  }
  return a;
}

function image(doc: Document, src: string, className: string): Node {
  if (!src) return el(doc, 'span', `${className} hs-image--empty`);
  const img = el(doc, 'img', className);
  img.src = sitePath(src);
  img.alt = '';
  img.loading = 'lazy';
  return img;
}

function section(doc: Document, title: string, count: number, seeAll: string, items: Node[]): HTMLElement {
  const head = el(doc, 'div', 'hs-section__head', [
    el(doc, 'span', 'hs-section__title', [title, el(doc, 'span', 'hs-section__count', [` ${count}`])]),
    // The 'see all' link is clicked, not reached with the arrows, which walk the results.
    link(doc, seeAll, 'hs-section__all', ['Смотреть все'], false),
  ]);
  return el(doc, 'section', 'hs-section', [head, ...items]);
}

export function renderGrouped(doc: Document, list: HTMLElement, a: AutocompleteGrouped, text: string): void {
  const q = encodeURIComponent(text);
  const parts: Node[] = [];
  if (a.genres.result.length > 0) {
    const tags = a.genres.result.map((g) =>
      link(doc, `/search/performance/?text=&${g.genre_is_parent === 1 ? 'g' : 'sg'}=${g.genre_id}`, 'hs-tag', [
        g.genre_name,
      ]),
    );
    parts.push(el(doc, 'div', 'hs-tags', tags));
  }
  if (a.performance.result.length > 0) {
    const shows = a.performance.result.map((s) => {
      const badge = el(doc, 'span', 'hs-rating', [s.client_rating.toFixed(1)]);
      badge.style.background = ratingBadgeColor(s.client_rating);
      const meta = [`${s.date.day}, ${s.date.time}`, s.building_name].join(' · ');
      return link(doc, s.show_url, 'hs-show', [
        image(doc, s.image, 'hs-show__image'),
        el(doc, 'span', 'hs-show__body', [
          el(doc, 'span', 'hs-show__genre', [s.genre_name]),
          el(doc, 'span', 'hs-show__name', [s.show_name]),
          el(doc, 'span', 'hs-show__meta', [meta]),
          el(doc, 'span', 'hs-show__sale', [
            s.min_price > 0 ? `от ${rubles.format(s.min_price)} ₽` : '',
            s.free_tickets > 0 ? ` · ${s.free_tickets} ${plural(s.free_tickets, TICKET_FORMS)}` : '',
          ]),
        ]),
        s.client_rating > 0 ? badge : '',
      ]);
    });
    parts.push(section(doc, 'События', a.performance.count, `/search/performance/?text=${q}`, shows));
  }
  if (a.building.result.length > 0) {
    const venues = a.building.result.map((v) =>
      link(doc, v.url, 'hs-venue', [
        image(doc, v.widescreen_image, 'hs-venue__image'),
        el(doc, 'span', 'hs-venue__body', [
          v.type === 'organizer' ? el(doc, 'span', 'hs-venue__label', ['Организатор']) : '',
          el(doc, 'span', 'hs-venue__name', [v.name]),
          el(doc, 'span', 'hs-venue__meta', [
            [v.address, v.metro_name && `м. ${v.metro_name}`].filter(Boolean).join(' · '),
          ]),
        ]),
      ]),
    );
    parts.push(section(doc, 'Площадки', a.building.count, `/search/place/?text=${q}`, venues));
  }
  if (a.person.result.length > 0) {
    const persons = a.person.result.map((p) =>
      el(doc, 'div', 'hs-person', [
        image(doc, p.image, 'hs-person__image'),
        el(doc, 'span', 'hs-person__body', [
          link(doc, p.full_url, 'hs-person__name', [p.name]),
          el(
            doc,
            'span',
            'hs-person__shows',
            p.shows.map((s) => link(doc, s.show_url, 'hs-person__show', [s.show_name])),
          ),
        ]),
      ]),
    );
    parts.push(section(doc, 'Персоны', a.person.count, `/search/person/?text=${q}`, persons));
  }
  list.replaceChildren(...parts);
}

export function renderList(doc: Document, list: HTMLElement, a: AutocompleteOld): void {
  const items = a.items.map((item) => {
    const li = el(doc, 'div', 'hs-item', [
      el(doc, 'span', 'hs-item__label', [item.label]),
      el(doc, 'span', 'hs-item__source', [SOURCE_LABELS[item.source]]),
    ]);
    li.dataset.suggestItem = '';
    li.dataset.source = item.source;
    li.dataset.label = item.label;
    li.setAttribute('role', 'option');
    return li;
  });
  list.replaceChildren(...items);
}
