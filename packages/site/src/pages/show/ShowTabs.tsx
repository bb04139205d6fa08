/** @jsxRuntime automatic */
import type { ShowTab } from '@partera/server';
import { type UrlSession, withSession } from '../chrome.js';

/** The show page's address of each server-rendered tab (spec 2.9: {show}/ and {show}/reviews/). */
export const tabPath = (showUrl: string, tab: ShowTab) => (tab === 'reviews' ? `${showUrl}reviews/` : showUrl);

/**
 * The tabs of the show page (spec 2.9): 'Описание' and 'Отзывы' are links to their own addresses
 * (each server-rendered); on mobile a third, 'Даты', shows the performances. The page's script
 * (client/show/tabs.ts) loads a tab's content through showAjax, keeps the address in the history
 * and follows back and forward. The active tab's content comes rendered (`html`, from the
 * server's show-tabs module, escaped there).
 */
export function ShowTabs({
  showUrl,
  slug,
  tab,
  html,
  urlSession,
}: {
  showUrl: string;
  slug: string;
  tab: ShowTab;
  html: string;
  urlSession: UrlSession | null;
}) {
  const link = (t: ShowTab, label: string) => (
    <a
      className="show-tabs__tab"
      href={withSession(tabPath(showUrl, t), urlSession)}
      data-tab={t}
      aria-current={t === tab ? 'page' : undefined}
    >
      {label}
    </a>
  );
  return (
    <>
      <nav className="show-tabs" aria-label="Разделы страницы" data-show-tabs={slug}>
        {link('desc', 'Описание')}
        {link('reviews', 'Отзывы')}
        <a className="show-tabs__tab show-tabs__tab--mobile" href="#performances" data-tab="perfs">
          Даты
        </a>
      </nav>
      <div
        className="show-tab-panel"
        data-tab-panel={tab}
        aria-live="polite"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's show-tabs module escapes every value
        dangerouslySetInnerHTML={{ __html: html }}
      />
    </>
  );
}
