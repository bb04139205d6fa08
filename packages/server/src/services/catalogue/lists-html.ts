/**
 * The list widgets' items as HTML (site-browsing-account.md 2.12, 7 Schedule and lists): the
 * shows list (GET /show/jsGetShows/) and the venue list (GET /placetype/jsGetBuildings/). The
 * per-city landing shows their first page with the same markup. Each item is marked
 * data-list-item: the widget counts them to know whether 'more' has anything left.
 */
import { plural } from '@partera/contract';
import { html, type SafeHtml } from '../../http/html.js';
import type { ListedVenue } from './lists.js';
import type { ListedPerformance } from './schedule.js';
import { buyLink, performanceWhen, priceFromText } from './schedule-html.js';

/** Items a row of the widget holds (inRow, inrow): 1 to 6, 4 unless asked. */
export const LIST_IN_ROW_DEFAULT = 4;
export const LIST_IN_ROW_MAX = 6;

export const inRowOf = (asked: number | undefined) =>
  Math.min(Math.max(Math.trunc(asked ?? LIST_IN_ROW_DEFAULT), 1), LIST_IN_ROW_MAX);

/** Shows list items: poster, genre, name, date (dd.mm.yy, the widget's form), venue, price, buy. */
export function showItemsHtml(items: readonly ListedPerformance[], inRow: number): SafeHtml {
  return html`${items.map((p) => {
    const when = performanceWhen(p);
    return html`<li class="list-show" data-list-item="" data-performance="${p.performanceId}" style="--in-row:${inRow}"><a class="list-show__poster" href="${p.showUrl}" tabindex="-1"><img src="${p.posterUrl}" alt="" width="180" height="240" loading="lazy"></a><span class="list-show__genre">${p.genreName} · ${p.ageMark}+</span><a class="list-show__name" href="${p.showUrl}">${p.showName}</a><time class="list-show__when" datetime="${p.startsAt}">${when.short}, ${when.weekday}, ${when.time}</time><span class="list-show__venue">${p.venueName}</span><span class="list-show__buy"><span class="list-show__price">${priceFromText(p.minPrice)}</span>${buyLink(p)}</span></li>`;
  })}`;
}

const EVENT_FORMS = ['событие', 'события', 'событий'] as const;

/** Venue list items: name (to the venue's schedule), 'Организатор' when so, address and metro, count of events. */
export function venueItemsHtml(
  items: readonly ListedVenue[],
  inRow: number,
  scheduleHref: (venueId: number) => string,
) {
  return html`${items.map((v) => {
    const where = [v.address, v.metroName && `м. ${v.metroName}`].filter(Boolean).join(' · ');
    return html`<li class="list-venue" data-list-item="" style="--in-row:${inRow}">${v.type === 'organizer' ? html`<span class="list-venue__label">Организатор</span>` : ''}<a class="list-venue__name" href="${scheduleHref(v.id)}">${v.name}</a><span class="list-venue__address">${where}</span><span class="list-venue__count">${v.performances} ${plural(v.performances, EVENT_FORMS)}</span></li>`;
  })}`;
}
