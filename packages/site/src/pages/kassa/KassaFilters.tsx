/** @jsxRuntime automatic */
import type { KassaPageData } from './KassaPage.js';

/** The filters of /kassa/ (spec 2.10): a plain GET form, the address is the filter. */
export function KassaFilters({ data }: { data: KassaPageData }) {
  const { selected } = data;
  return (
    <form className="kassa-filter" action="/kassa/" method="get" data-kassa-filter="" aria-label="Фильтры касс">
      <label className="kassa-filter__field">
        <span>Метро</span>
        <select name="idm" defaultValue={selected.idm ?? ''}>
          <option value="">Все станции</option>
          {data.metros.map((m) => (
            <option key={m.id} value={m.id}>
              {m.name}
            </option>
          ))}
        </select>
      </label>
      <label className="kassa-filter__field">
        <span>Округ или район</span>
        <select name="idd" defaultValue={selected.idd ?? ''}>
          <option value="">Все</option>
          {data.divisions.map((d) => (
            <option key={d.id} value={d.id}>
              {d.name}
            </option>
          ))}
        </select>
      </label>
      <label className="kassa-filter__online">
        <input type="checkbox" name="online" value="1" defaultChecked={selected.online} /> Только онлайн-кассы
      </label>
      <button type="submit" className="button kassa-filter__submit" data-kassa-submit="">
        Показать
      </button>
    </form>
  );
}
