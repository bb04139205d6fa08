/** @jsxRuntime automatic */
import { type SiteChrome, withSession } from './chrome.js';
import { Layout } from './Layout.js';

export interface WaitingData {
  chrome: SiteChrome;
  showName: string;
  performanceUrl: string;
  /** Buyers ahead, this one included. */
  position: number;
  retryAfterSeconds: number;
}

/**
 * The admission gate's waiting page: the buyer's place in the queue for choosing seats. The
 * browser asks again by itself (the answer's Refresh header), and the buyer keeps the place.
 */
export function WaitingPage({ data }: { data: WaitingData }) {
  return (
    <Layout chrome={data.chrome}>
      <div className="container waiting" role="status" aria-live="polite">
        <h1 className="page-title">Очередь на выбор мест</h1>
        <p>
          Сейчас билеты на «{data.showName}» выбирают очень многие, и мы пускаем покупателей по очереди, чтобы у всех
          выбор работал быстро.
        </p>
        <p className="waiting__position">
          Ваше место в очереди: <strong>{data.position}</strong>
        </p>
        <p>
          Страница обновится сама примерно через {data.retryAfterSeconds} с. Не закрывайте её: место в очереди
          сохранится и после обновления.
        </p>
        <p>
          <a className="button" href={withSession(data.performanceUrl, data.chrome.urlSession)}>
            Обновить сейчас
          </a>
        </p>
      </div>
    </Layout>
  );
}
