/**
 * The date-range calendar's script (site-browsing-account.md 2.6, 2.7): `mountDateRange` draws one
 * month at a time into the markup of pages/search/DateRangeCalendar.tsx and reports each choice.
 */
import { formatMonthYear } from '../../pages/format.js';
import {
  type DateRange,
  type Day,
  dayOf,
  filterDateOf,
  lastDay,
  monthWeeks,
  pickDay,
  rangeLabel,
  shiftMonths,
} from '../../pages/search/DateRangeModel.js';

export interface DateRangeOptions {
  /** The range's inputs (mnd and mxd): read when the calendar opens, written on each choice. */
  fromInput: HTMLInputElement;
  tillInput: HTMLInputElement;
  /** Called after each choice, once the inputs hold it. */
  onChange?: (range: DateRange) => void;
}

/**
 * Draws the calendar inside `root` ([data-date-range]): its toggle opens the panel on the month
 * of the chosen start (or today's), the arrows move between the months that can be chosen, a day
 * tap chooses, 'Готово', Escape and a tap outside close it.
 */
export function mountDateRange(root: HTMLElement, options: DateRangeOptions): { sync(): void } | null {
  const doc = root.ownerDocument;
  const toggle = root.querySelector<HTMLButtonElement>('[data-date-range-toggle]');
  const panel = root.querySelector<HTMLElement>('[data-date-range-panel]');
  const body = root.querySelector<HTMLElement>('[data-date-range-days]');
  const title = root.querySelector<HTMLElement>('[data-date-range-month]');
  const prev = root.querySelector<HTMLButtonElement>('[data-date-range-prev]');
  const next = root.querySelector<HTMLButtonElement>('[data-date-range-next]');
  const label = root.querySelector<HTMLElement>('[data-date-range-label]');
  const today = dayOf(root.dataset.min ?? '');
  if (!toggle || !panel || !body || !title || !prev || !next || !today) return null;
  const last = lastDay(today);
  let range: DateRange = { from: null, till: null };
  let picking = false;
  let month = shiftMonths(today, 0);

  const draw = () => {
    title.textContent = formatMonthYear(`${month}T12:00:00Z`, 'UTC');
    prev.disabled = month <= shiftMonths(today, 0);
    next.disabled = shiftMonths(month, 1) > last;
    body.replaceChildren(
      ...monthWeeks(month).map((week) => {
        const row = doc.createElement('tr');
        for (const day of week) {
          const cell = doc.createElement('td');
          if (day) {
            const button = doc.createElement('button');
            button.type = 'button';
            button.className = 'date-range__day';
            button.textContent = String(Number(day.slice(8)));
            button.dataset.day = day;
            button.disabled = day < today || day > last;
            const chosen = range.from !== null && range.till !== null && day >= range.from && day <= range.till;
            button.classList.toggle('is-chosen', chosen);
            button.classList.toggle('is-end', day === range.from || day === range.till);
            button.setAttribute('aria-pressed', String(chosen));
            button.setAttribute('aria-label', filterDateOf(day));
            cell.append(button);
          }
          row.append(cell);
        }
        return row;
      }),
    );
  };

  /** The range the inputs hold (typed, or set by a preset). */
  const read = (): DateRange => {
    const from = dayOf(options.fromInput.value);
    const till = dayOf(options.tillInput.value) ?? from;
    return from ? { from, till: till && till >= from ? till : from } : { from: null, till: null };
  };

  const setOpen = (open: boolean) => {
    panel.hidden = !open;
    toggle.setAttribute('aria-expanded', String(open));
    if (!open) return;
    range = read();
    picking = false;
    month = shiftMonths(range.from && range.from >= today ? range.from : today, 0);
    draw();
  };

  toggle.addEventListener('click', () => setOpen(panel.hidden));
  root.querySelector('[data-date-range-done]')?.addEventListener('click', () => {
    setOpen(false);
    toggle.focus();
  });
  root.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || panel.hidden) return;
    setOpen(false);
    toggle.focus();
  });
  // A tap anywhere else closes it too (the path, as the day tapped is redrawn before this runs).
  doc.addEventListener('click', (event) => {
    if (!panel.hidden && !event.composedPath().includes(root)) setOpen(false);
  });
  prev.addEventListener('click', () => {
    month = shiftMonths(month, -1);
    draw();
  });
  next.addEventListener('click', () => {
    month = shiftMonths(month, 1);
    draw();
  });
  body.addEventListener('click', (event) => {
    const button = (event.target as Element).closest<HTMLButtonElement>('[data-day]');
    if (!button || button.disabled) return;
    ({ range, picking } = pickDay(range, button.dataset.day as Day, picking));
    options.fromInput.value = range.from ? filterDateOf(range.from) : '';
    options.tillInput.value = range.till ? filterDateOf(range.till) : '';
    draw();
    body.querySelector<HTMLButtonElement>(`[data-day="${button.dataset.day}"]`)?.focus();
    if (label) label.textContent = rangeLabel(range);
    options.onChange?.(range);
  });
  return {
    /** Shows on the toggle the range the inputs hold now. */
    sync() {
      if (label) label.textContent = rangeLabel(read());
    },
  };
}
