import { fetchUpcomingPerformances, type Http, type WidgetPerformance } from '@partera/core';
import { useEffect, useState } from 'react';
import { formatStart } from './format.js';

const roubles = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 0 });

/** A few upcoming performances of the ticket site; each opens this page with ?performance=<id>. */
export function PerformanceList({ http }: { http: Http }) {
  const [list, setList] = useState<WidgetPerformance[] | 'failed' | null>(null);

  useEffect(() => {
    fetchUpcomingPerformances(http, { limit: 6 }).then(setList, () => setList('failed'));
  }, [http]);

  if (list === null) return <p role="status">Загрузка афиши…</p>;
  if (list === 'failed') {
    return (
      <p role="alert" className="host-error">
        Не удалось загрузить афишу. Попробуйте обновить страницу.
      </p>
    );
  }
  return (
    <section aria-labelledby="upcoming">
      <h1 id="upcoming">Билеты на ближайшие события</h1>
      {list.length === 0 ? <p>Сейчас нет событий в продаже.</p> : null}
      <ul className="host-list">
        {list.map((p) => (
          <li key={p.performanceId}>
            <a href={`?performance=${p.performanceId}`}>{p.showName}</a>
            <span>
              {formatStart(p.startsAt)}, {p.buildingName}
              {p.minPrice !== null ? `, от ${roubles.format(p.minPrice)} ₽` : ''}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
