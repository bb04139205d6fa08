/**
 * The schedule's rows as HTML (site-browsing-account.md 7: GET /schedule/…/page-{n}/?ajax → HTML
 * rows). The same markup is the first page inside the server-rendered schedule and every page the
 * infinite scroll appends, so one module writes it. Every value goes through the `html` template,
 * which escapes it.
 */
import { formatKopecks, MONTHS_GENITIVE, WEEKDAYS_SHORT, wallClock } from '@partera/contract';
import { html, type SafeHtml } from '../../http/html.js';
import type { ListedPerformance } from './schedule.js';

const pad = (n: number) => String(n).padStart(2, '0');

/** The venue's wall clock of a performance: '25 ноября', 'ср', '19:00', '25.11.26'. */
export function performanceWhen(p: Pick<ListedPerformance, 'startsAt' | 'timezone'>) {
  const t = wallClock(p.startsAt, p.timezone);
  if (!t) return { day: '', weekday: '', time: '', short: '' };
  return {
    day: `${t.day} ${MONTHS_GENITIVE[t.month - 1]}`,
    weekday: WEEKDAYS_SHORT[t.weekday] ?? '',
    time: `${pad(t.hour)}:${pad(t.minute)}`,
    short: `${pad(t.day)}.${pad(t.month)}.${pad(t.year % 100)}`,
  };
}

/** 'от 1 500 ₽', or nothing without prices. */
export const priceFromText = (kopecks: number | null) => (kopecks === null ? '' : `от ${formatKopecks(kopecks)}`);

/** The buy button of a performance on sale, or the 'coming soon' mark that leads to the show page. */
export function buyLink(p: ListedPerformance): SafeHtml {
  return p.saleState === 'on_sale'
    ? html`<a class="button button--small" href="${p.performanceUrl}">Купить</a>`
    : html`<a class="button button--small button--outline" href="${p.showUrl}">Скоро в продаже</a>`;
}

/**
 * Rows of the schedule, a list item each. `venueHref` gives the schedule of one venue with the
 * same dates (a row's venue link). The first row of each day carries the day's heading; a page
 * appended by the infinite scroll may start with the day the page before ended with, and the
 * client drops that repeated heading (data-day).
 */
export function scheduleRowsHtml(
  items: readonly ListedPerformance[],
  venueHref: (venueId: number) => string,
): SafeHtml {
  let day: string | null = null;
  return html`${items.map((p) => {
    const when = performanceWhen(p);
    const heading = when.day !== day ? html`<h2 class="schedule-row__day">${when.day}, ${when.weekday}</h2>` : '';
    day = when.day;
    return html`<li class="schedule-row" data-schedule-row="" data-performance="${p.performanceId}" data-day="${when.day}">${heading}<div class="schedule-row__grid"><time class="schedule-row__time" datetime="${p.startsAt}">${when.time}</time><div class="schedule-row__show"><a class="schedule-row__name" href="${p.showUrl}">${p.showName}</a><span class="schedule-row__genre">${p.genreName} · ${p.ageMark}+</span></div><div class="schedule-row__place"><a class="schedule-row__venue" href="${venueHref(p.venueId)}">${p.venueName}</a><span class="schedule-row__hall">${p.hallName}</span></div><div class="schedule-row__buy"><span class="schedule-row__price">${priceFromText(p.minPrice)}</span>${buyLink(p)}</div></div></li>`;
  })}`;
}
