/** @jsxRuntime automatic */
import { type SiteChrome, type UrlSession, withSession } from './chrome.js';
import { Layout } from './Layout.js';
import { VisitorSlot } from './VisitorSlot.js';

export interface WaitingData {
  chrome: SiteChrome;
  showName: string;
}

/** What the waiting page tells one buyer: its place and when the page asks again. */
export interface WaitingTicketData {
  performanceUrl: string;
  urlSession: UrlSession | null;
  /** Buyers ahead, this one included. */
  position: number;
  retryAfterSeconds: number;
}

/**
 * The admission gate's waiting page: the buyer's place in the queue for choosing seats. The
 * browser asks again by itself (the answer's Refresh header), and the buyer keeps the place. At a
 * sale's start it is the page most asked for, so it is the header and the queue alone, and the
 * buyer's own lines (WaitingTicket) come last, in the page's visitor slot: the rest is the same
 * for every buyer of the performance and is rendered and compressed once.
 */
export function WaitingPage({ data }: { data: WaitingData }) {
  return (
    <Layout chrome={data.chrome} bare>
      <div className="container waiting" role="status" aria-live="polite">
        <h1 className="page-title">Очередь на выбор мест</h1>
        <p>
          Сейчас билеты на «{data.showName}» выбирают очень многие, и мы пускаем покупателей по очереди, чтобы у всех
          выбор работал быстро.
        </p>
        <VisitorSlot className="waiting__ticket" />
      </div>
    </Layout>
  );
}

export function WaitingTicket({ data }: { data: WaitingTicketData }) {
  return (
    <>
      <p className="waiting__position">
        Ваше место в очереди: <strong>{data.position}</strong>
      </p>
      <p>
        Страница обновится сама примерно через {data.retryAfterSeconds} с. Не закрывайте её: место в очереди сохранится
        и после обновления.
      </p>
      <p>
        <a className="button" href={withSession(data.performanceUrl, data.urlSession)}>
          Обновить сейчас
        </a>
      </p>
    </>
  );
}
