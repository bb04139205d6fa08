/** The order page's other ways to pay (decision 0036): the device-wallet buttons and SBP, each mounted on its own. */
import { type MountPartOptions, mountPaymentPart } from './mount.js';
import { SbpPayment, type SbpPaymentProps } from './SbpPayment.js';
import { WalletButtons, type WalletButtonsProps } from './WalletButtons.js';

/** The device-wallet buttons of an order's own page (3.17 type 1). */
export function mountWallets(element: Element, options: MountPartOptions<WalletButtonsProps>): () => void {
  return mountPaymentPart(WalletButtons, element, options);
}

/** An order's SBP payment by QR code. */
export function mountSbp(element: Element, options: MountPartOptions<SbpPaymentProps>): () => void {
  return mountPaymentPart(SbpPayment, element, options);
}
