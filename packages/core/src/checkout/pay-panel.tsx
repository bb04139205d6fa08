import { secondsLabel } from '@partera/contract';
import type { Http } from '../api/http.js';
import { PartnerPay, PaymentFrame } from '../payment/lazy.js';
import type { ReturnUrls } from '../payment/session.js';
import type { FrameStart } from '../store/checkout-flow.js';
import { useCountdown } from '../ui/countdown.js';
import { type Navigation, siteUrl } from '../ui/navigation.js';

/** The order's processing line (4.7): announced once; the ticking seconds are for the eye only. */
export function ProcessingStatus({ id, until }: { id: string; until: number | null }) {
  const secondsLeft = useCountdown(until);
  return (
    <div id={id} className="pt-checkout__status" role="status">
      {until !== null ? (
        <>
          <span className="pt-sr-only">Заказ оформляется, пожалуйста, подождите.</span>
          <span aria-hidden="true">
            {secondsLeft ? `Заказ оформляется: ${secondsLabel(secondsLeft)}` : 'Заказ оформляется…'}
          </span>
        </>
      ) : null}
    </div>
  );
}

/** Where the payment goes on once its session is open: the partner's pay flow or the bank frame. */
export function PaymentPanel({
  frame,
  http,
  navigation,
  returnUrls,
  partnerPayPollMs,
}: {
  frame: FrameStart;
  http: Http;
  navigation: Navigation;
  returnUrls: Required<ReturnUrls>;
  partnerPayPollMs?: number;
}) {
  return frame.kind === 'partner' ? (
    <PartnerPay
      http={http}
      navigation={navigation}
      url={frame.url}
      params={frame.params}
      successUrl={returnUrls.success}
      pollIntervalMs={partnerPayPollMs}
    />
  ) : (
    <PaymentFrame start={frame} http={http} navigation={navigation} fallbackUrls={returnUrls} />
  );
}

/**
 * The pay button: grey (but pressable, to say what is missing) until the order can be placed,
 * 'Оплатить' with the user-agreement line on a phone (4.7).
 */
export function PayButton({
  ready,
  processing,
  mobile,
  statusId,
  http,
  onPay,
}: {
  ready: boolean;
  processing: boolean;
  mobile: boolean;
  statusId: string;
  http: Http;
  onPay: () => void;
}) {
  return (
    <div className="pt-checkout__pay">
      <button
        type="button"
        className={`pt-button pt-pay${ready ? '' : ' pt-pay--inactive'}`}
        aria-disabled={!ready || undefined}
        aria-describedby={statusId}
        disabled={processing}
        onClick={onPay}
      >
        {mobile ? 'Оплатить' : 'Перейти к оплате'}
      </button>
      {mobile ? (
        <p className="pt-checkout__agreement">
          <a className="pt-link" href={siteUrl(http, '/landing/useragreement/')}>
            Нажимая кнопку "Оплатить", вы принимаете условия пользовательского соглашения.
          </a>
        </p>
      ) : null}
    </div>
  );
}
