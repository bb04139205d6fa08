/** @jsxRuntime automatic */
import { dayOf, rangeLabel } from './DateRangeModel.js';

const WEEKDAYS = ['Пн', 'Вт', 'Ср', 'Чт', 'Пт', 'Сб', 'Вс'] as const;

export interface DateRangeCalendarProps {
  /** Unique on the page: names the panel the toggle opens. */
  id: string;
  /** The first day that can be chosen (today in the page's city), dd.mm.yyyy. */
  min: string;
  /** The chosen range, dd.mm.yyyy or ''. */
  from: string;
  till: string;
}

/**
 * The date-range calendar (spec 2.6: the mobile search's; 2.7: the genre page's): a toggle that
 * shows the chosen range and a panel whose months client/lib/date-range.ts draws, from `min` to 9
 * months ahead, Monday first. The page's own mnd/mxd inputs hold the range; without scripts they
 * are what the buyer types.
 */
export function DateRangeCalendar({ id, min, from, till }: DateRangeCalendarProps) {
  const label = rangeLabel({ from: dayOf(from), till: dayOf(till) });
  return (
    <div className="date-range" data-date-range="" data-min={min}>
      <button
        type="button"
        className="date-range__toggle"
        aria-expanded="false"
        aria-controls={id}
        data-date-range-toggle=""
      >
        <span aria-hidden="true" className="date-range__icon" />
        <span data-date-range-label="">{label}</span>
      </button>
      <section className="date-range__panel" id={id} aria-label="Календарь" hidden data-date-range-panel="">
        <div className="date-range__head">
          <button type="button" className="date-range__arrow" aria-label="Предыдущий месяц" data-date-range-prev="">
            ‹
          </button>
          <span className="date-range__month" aria-live="polite" data-date-range-month="" />
          <button type="button" className="date-range__arrow" aria-label="Следующий месяц" data-date-range-next="">
            ›
          </button>
        </div>
        <table className="date-range__grid">
          <thead>
            <tr>
              {WEEKDAYS.map((d) => (
                <th key={d} scope="col">
                  {d}
                </th>
              ))}
            </tr>
          </thead>
          <tbody data-date-range-days="" />
        </table>
        <p className="date-range__hint">Выберите первый и последний день</p>
        <button type="button" className="button date-range__done" data-date-range-done="">
          Готово
        </button>
      </section>
    </div>
  );
}
