/**
 * Show page: plain HTML plus two enhancements. The description collapses (spec 2.9: on mobile,
 * 'Читать полностью' / 'Скрыть'), and the dates get the month and weekend filter of spec 2.9.
 */
import { enhancePage, MOBILE_QUERY, showMore } from './lib/enhance.js';

/** Longer lists open on their first month rather than as one long column. */
const OPEN_ON_FIRST_MONTH_ABOVE = 12;

enhancePage();
// The rating, wishlist and 'Скоро в продаже' code loads after the page: the first load stays tiny.
if (document.querySelector('[data-show-actions]')) {
  void import('./lib/show-actions.js').then((m) => m.enhanceShowActions());
}

const mobile = window.matchMedia(MOBILE_QUERY).matches;
for (const block of document.querySelectorAll<HTMLElement>('[data-show-more]')) {
  showMore(block, mobile ? { more: 'Читать полностью', less: 'Скрыть' } : { more: 'Показать ещё', less: 'Скрыть' });
}

const filter = document.querySelector<HTMLElement>('[data-performance-filter]');
if (filter) performanceFilter(filter);

function performanceFilter(bar: HTMLElement): void {
  const chips = [...bar.querySelectorAll<HTMLButtonElement>('[data-month-choice]')];
  const weekendOnly = bar.querySelector<HTMLInputElement>('[data-weekend-only]');
  const groups = [...document.querySelectorAll<HTMLElement>('.month-group')];
  const empty = document.createElement('p');
  empty.className = 'empty-note';
  empty.textContent = 'В выбранные дни показов нет.';
  empty.hidden = true;
  groups[groups.length - 1]?.after(empty);

  let month = '';
  const apply = () => {
    let shown = 0;
    for (const group of groups) {
      let inGroup = 0;
      for (const row of group.querySelectorAll<HTMLElement>('.performance-row')) {
        row.hidden = Boolean(weekendOnly?.checked) && row.dataset.weekend !== '1';
        if (!row.hidden) inGroup++;
      }
      group.hidden = (month !== '' && group.dataset.month !== month) || inGroup === 0;
      if (!group.hidden) shown += inGroup;
    }
    empty.hidden = shown > 0;
    for (const chip of chips) chip.setAttribute('aria-pressed', String(chip.dataset.monthChoice === month));
  };

  for (const chip of chips) {
    chip.addEventListener('click', () => {
      month = chip.dataset.monthChoice ?? '';
      apply();
    });
  }
  weekendOnly?.addEventListener('change', apply);
  if (Number(bar.dataset.count) > OPEN_ON_FIRST_MONTH_ABOVE && chips.length > 1) {
    month = chips[1]?.dataset.monthChoice ?? '';
  }
  bar.hidden = false;
  apply();
}
