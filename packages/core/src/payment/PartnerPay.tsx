import { useEffect, useId, useRef, useState } from 'react';
import { useSnapshot } from 'valtio/react';
import type { Http } from '../api/http.js';
import { embedHost } from '../embed/host.js';
import { useDomEffect } from '../ui/dom-effect.js';
import type { Navigation } from '../ui/navigation.js';
import { createPartnerPay, PARTNER_PAY_TEXTS, type PartnerPayFlow, type PartnerPayPhase } from './partner-pay.js';

export { PARTNER_PAY_POLL_MS, PARTNER_PAY_TEXTS } from './partner-pay.js';

export interface PartnerPayProps {
  http: Http;
  navigation: Navigation;
  /** The payment session answer's url (provider mts_pay): this order's /payment/session/{orderId}/. */
  url: string;
  /** The params the payment session was opened with (the order token of a guest). */
  params: Record<string, string | number | boolean>;
  /** Where a paid order leads when the server names no page. */
  successUrl: string;
  pollIntervalMs?: number;
}

/**
 * The partner's own pay flow (hall-basket-checkout.md 4.8), drawn over its controller
 * (partner-pay.ts): the hand-over to the partner, the wait for its confirmation, and a declined,
 * failed or cancelled payment with its way on.
 */
export function PartnerPay(props: PartnerPayProps) {
  const [flow] = useState(() => createPartnerPay(props));
  const { phase } = useSnapshot(flow.state);
  const [partner] = useState(() => embedHost()?.partner);
  const heading = useRef<HTMLHeadingElement>(null);
  const headingId = useId();

  useDomEffect(() => {
    heading.current?.focus();
    heading.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  }, []);

  useEffect(() => {
    flow.start();
    return () => flow.stop();
  }, [flow]);

  const waiting = phase.kind === 'waiting';
  return (
    <section className="pt-payment pt-partner-pay" aria-labelledby={headingId}>
      <h3 id={headingId} ref={heading} className="pt-payment__title" tabIndex={-1}>
        {PARTNER_PAY_TEXTS.title(partner?.name)}
      </h3>
      {partner && partner.cashbackPercent > 0 ? (
        <p className="pt-partner-pay__cashback">{PARTNER_PAY_TEXTS.cashback(partner.cashbackPercent, partner.name)}</p>
      ) : null}
      {waiting ? <p className="pt-partner-pay__text">{PARTNER_PAY_TEXTS.instructions}</p> : null}
      <p className="pt-partner-pay__status" role="status">
        {phase.kind === 'handing-over' ? PARTNER_PAY_TEXTS.handingOver : null}
        {waiting ? PARTNER_PAY_TEXTS.waiting : null}
      </p>
      {phase.kind === 'declined' || phase.kind === 'failed' || phase.kind === 'cancelled' ? (
        <PartnerPayProblem phase={phase} flow={flow} navigation={props.navigation} />
      ) : null}
    </section>
  );
}

/** What went wrong, and the way on: hand the order over again, or choose the tickets anew. */
function PartnerPayProblem({
  phase,
  flow,
  navigation,
}: {
  phase: Extract<PartnerPayPhase, { message: string }>;
  flow: PartnerPayFlow;
  navigation: Navigation;
}) {
  return (
    <div className="pt-partner-pay__problem">
      <p className="pt-partner-pay__error" role="alert">
        {phase.message}
      </p>
      {phase.kind === 'cancelled' ? (
        <button type="button" className="pt-button" onClick={() => navigation.reload()}>
          {PARTNER_PAY_TEXTS.chooseAgain}
        </button>
      ) : (
        <button type="button" className="pt-button pt-pay" onClick={() => void flow.handOver()}>
          {phase.kind === 'declined' ? PARTNER_PAY_TEXTS.payAgain : PARTNER_PAY_TEXTS.tryAgain}
        </button>
      )}
    </div>
  );
}
