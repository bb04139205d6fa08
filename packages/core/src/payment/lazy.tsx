/**
 * The payment parts as the checkout shows them: loaded when the buyer reaches payment, so the
 * checkout's own file does not carry them (in the script-tag bundle they are files of their own).
 */
import { messages } from '@partera/contract';
import { Component, type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import type { PartnerPayProps } from './PartnerPay.js';
import type { PaymentFrameProps } from './PaymentFrame.js';
import type { SbpPaymentProps } from './SbpPayment.js';
import type { WalletButtonsProps } from './WalletButtons.js';

/** Shown if the part's file cannot be fetched (the network dropped while paying). */
class LoadFailure extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <p className="pt-load-error" role="alert">
        {messages.walletNetworkError}
      </p>
    );
  }
}

function onDemand<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Part = lazy(() => load().then((component) => ({ default: component })));
  return (props: P) => (
    <LoadFailure>
      <Suspense
        fallback={
          <p className="pt-checkout__status" role="status">
            Заказ оформляется…
          </p>
        }
      >
        <Part {...props} />
      </Suspense>
    </LoadFailure>
  );
}

export const PaymentFrame = onDemand<PaymentFrameProps>(() => import('./PaymentFrame.js').then((m) => m.PaymentFrame));
export const PartnerPay = onDemand<PartnerPayProps>(() => import('./PartnerPay.js').then((m) => m.PartnerPay));
export const SbpPayment = onDemand<SbpPaymentProps>(() => import('./SbpPayment.js').then((m) => m.SbpPayment));
export const WalletButtons = onDemand<WalletButtonsProps>(() =>
  import('./WalletButtons.js').then((m) => m.WalletButtons),
);
