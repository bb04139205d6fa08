/**
 * The dates' month and weekend filter (spec 2.9: 'Все дни', each month, weekends only; on mobile
 * in the 'perfs' tab): months hide and show as a whole, weekday rows hide under 'Только выходные'
 * and the month calendars dim their weekdays.
 */

/** Longer lists open on their first month rather than as one long column. */
const OPEN_ON_FIRST_MONTH_ABOVE = 12;

export function performanceFilter(bar: HTMLElement): void {
  const doc = bar.ownerDocument;
  const chips = [...bar.querySelectorAll<HTMLButtonElement>('[data-month-choice]')];
  const weekendOnly = bar.querySelector<HTMLInputElement>('[data-weekend-only]');
  const section = bar.closest<HTMLElement>('.show-perfs');
  const groups = [...doc.querySelectorAll<HTMLElement>('.month-group')];
  const empty = doc.createElement('p');
  empty.className = 'empty-note';
  empty.textContent = 'В выбранные дни показов нет.';
  empty.hidden = true;
  groups[groups.length - 1]?.after(empty);

  let month = '';
  const apply = () => {
    const weekends = Boolean(weekendOnly?.checked);
    section?.classList.toggle('show-perfs--weekends', weekends);
    let shown = 0;
    for (const group of groups) {
      let inGroup = 0;
      for (const row of group.querySelectorAll<HTMLElement>('.performance-row')) {
        row.hidden = weekends && row.dataset.weekend !== '1';
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
