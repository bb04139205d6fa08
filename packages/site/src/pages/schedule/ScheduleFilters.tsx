/** @jsxRuntime automatic */
import type { SchedulePageData } from './SchedulePage.js';

/**
 * The schedule's filters (spec 2.8): the venue, the genre, the dates and 'on sale only'. A plain
 * GET form to /schedule/, which answers with the schedule's own address; with scripts a change of
 * the venue or of the check box goes to the new address at once, page 1 (client/schedule.ts).
 */
export function ScheduleFilters({ data }: { data: SchedulePageData }) {
  const a = data.address;
  return (
    <form className="schedule-filters" action="/schedule/" method="get" data-schedule-filters="">
      <label className="schedule-filters__field">
        <span>Площадка</span>
        <select name="place" defaultValue={String(a.place)} data-schedule-place="">
          <option value="all">Все площадки</option>
          {data.venues.map((v) => (
            <option key={v.id} value={v.id}>
              {v.name}
            </option>
          ))}
        </select>
      </label>
      <label className="schedule-filters__field">
        <span>Жанр</span>
        <select name="genre" defaultValue={a.genre} data-schedule-genre="">
          <option value="all">Все жанры</option>
          {data.genres.map((g) => (
            <option key={g.slug} value={g.slug}>
              {g.sub ? `— ${g.name}` : g.name}
            </option>
          ))}
        </select>
      </label>
      <label className="schedule-filters__field">
        <span>С</span>
        <input type="date" name="from" defaultValue={a.from} required data-schedule-from="" />
      </label>
      <label className="schedule-filters__field">
        <span>по</span>
        <input type="date" name="till" defaultValue={a.till} required data-schedule-till="" />
      </label>
      <label className="schedule-filters__sale">
        <input type="checkbox" name="sale" value="insale" defaultChecked={a.sale === 'insale'} data-schedule-sale="" />{' '}
        Только в продаже
      </label>
      <button type="submit" className="button">
        Показать
      </button>
    </form>
  );
}
