/** @jsxRuntime automatic */
import { type SiteChrome, withSession } from './chrome.js';
import { Layout } from './Layout.js';

export function NotFoundPage({ data }: { data: { chrome: SiteChrome } }) {
  return (
    <Layout chrome={data.chrome}>
      <div className="container not-found" data-not-found="" data-report="/uiperformancelog/">
        <p className="not-found__code" aria-hidden="true">
          404
        </p>
        <h1 className="page-title">Страница не найдена</h1>
        <p>Возможно, событие уже прошло или в адресе есть опечатка.</p>
        <p>
          <a className="button" href={withSession('/', data.chrome.urlSession)}>
            На главную
          </a>
        </p>
      </div>
    </Layout>
  );
}
