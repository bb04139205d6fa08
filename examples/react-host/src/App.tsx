import type { Http } from '@partera/core';
import { useEffect, useState } from 'react';
import { PerformanceList } from './PerformanceList.js';
import { connectToSite } from './site.js';
import { Tickets } from './Tickets.js';

type Connection = { state: 'connecting' } | { state: 'failed' } | { state: 'ready'; http: Http };

/** `?performance=<id>` sells that performance; without it the page offers a few to pick from. */
function performanceOfPage(): number | null {
  const id = Number(new URLSearchParams(window.location.search).get('performance'));
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

export function App({ siteUrl }: { siteUrl: string }) {
  const [connection, setConnection] = useState<Connection>({ state: 'connecting' });
  const [performanceId] = useState(performanceOfPage);

  useEffect(() => {
    let live = true;
    connectToSite(siteUrl).then(
      (http) => {
        if (live) setConnection({ state: 'ready', http });
      },
      (error: unknown) => {
        // For the page's developer: the usual cause is an origin the ticket site has not registered.
        console.error(`react-host: ${siteUrl} gave ${window.location.origin} no widget session`, error);
        if (live) setConnection({ state: 'failed' });
      },
    );
    return () => {
      live = false;
    };
  }, [siteUrl]);

  return (
    <>
      <header className="host-header">
        <a href="/">Кулисы</a>
        <span>театральный журнал</span>
      </header>
      <main className="host-main">
        {connection.state === 'connecting' ? <p role="status">Подключение к продаже билетов…</p> : null}
        {connection.state === 'failed' ? (
          <p role="alert" className="host-error">
            Продажа билетов сейчас недоступна: не удалось подключиться к сайту билетов. Попробуйте обновить страницу
            позже.
          </p>
        ) : null}
        {connection.state === 'ready' ? (
          performanceId ? (
            <Tickets http={connection.http} performanceId={performanceId} />
          ) : (
            <PerformanceList http={connection.http} />
          )
        ) : null}
      </main>
    </>
  );
}
