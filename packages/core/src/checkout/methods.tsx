import type { Http } from '../api/http.js';
import type { CheckoutFlow } from '../store/checkout-flow.js';
import { type ChoiceRules, deliveriesFor, isCourier, paymentOf } from '../store/checkout-offer.js';
import type { CheckoutSnapshot } from './Checkout.js';
import { DeliveryChoice } from './delivery-choice.js';
import { CashbackChoice, CodeInputs, CourierFields } from './lazy.js';
import { CardTypes, PaymentChoice } from './payment-choice.js';

/**
 * The choices of the checkout (2.3, 4.5): how to pay (with the card-type block and the cashback),
 * how to get the tickets (with the courier form), and the codes. In karmaStop mode they fold
 * once the payment has started.
 */
export function Methods({
  flow,
  snap,
  rules,
  mobile,
  locked,
  http,
}: {
  flow: CheckoutFlow;
  snap: CheckoutSnapshot;
  rules: ChoiceRules;
  mobile: boolean;
  locked: boolean;
  http: Http;
}) {
  const { offer, choice } = snap;
  const cashback = offer.payments.some((p) => p.id === 'mts_cashback') ? offer.cashback : null;
  return (
    <>
      <PaymentChoice
        payments={offer.payments}
        chosen={choice.payment === 'mts_cashback' ? choice.lastPayment : choice.payment}
        rules={rules}
        mobile={mobile}
        disabled={locked}
        onChoose={flow.choosePayment}
      />
      <CardTypes
        payment={paymentOf(offer, choice.payment)}
        chosen={choice.cardType}
        hidden={rules.cardSelectorHidden}
        disabled={locked}
        onChoose={flow.chooseCardType}
      />
      {cashback ? (
        <CashbackChoice
          cashback={cashback}
          alertText={offer.mtsCashbachAlertText}
          on={choice.payment === 'mts_cashback'}
          action={choice.cashbackAction}
          spendDisabled={rules.cashbackSpendDisabled}
          disabled={locked}
          http={http}
          onToggle={flow.setCashback}
          onAction={flow.chooseCashbackAction}
        />
      ) : null}
      <DeliveryChoice
        deliveries={deliveriesFor(offer, choice.payment)}
        chosen={choice.delivery}
        alertText={offer.deliveryAlertText}
        cash={choice.payment === 'cash'}
        disabled={locked}
        onChoose={flow.chooseDelivery}
      />
      {isCourier(choice.delivery) ? <CourierFields form={flow.courier} disabled={locked} /> : null}
      {snap.hasCheckout ? (
        <CodeInputs
          codes={flow.codes}
          offer={offer}
          promoDisabled={rules.promoDisabled}
          giftCardDisabled={rules.giftCardDisabled}
          disabled={locked}
        />
      ) : null}
    </>
  );
}
