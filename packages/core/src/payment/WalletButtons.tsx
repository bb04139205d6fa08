import { useEffect, useMemo, useSyncExternalStore } from 'react';
import type { Http } from '../api/http.js';
import type { Navigation } from '../ui/navigation.js';
import { PaymentFrame } from './PaymentFrame.js';
import type { ReturnUrls } from './session.js';
import {
  browserWalletDevice,
  createWalletController,
  type OrderSource,
  WALLET_TITLES,
  type WalletConfig,
  type WalletController,
  type WalletDevice,
  type WalletName,
} from './wallets.js';

export interface WalletButtonsProps {
  http: Http;
  navigation: Navigation;
  /** 3.17, from the server: gateway, merchant, environment, type, isAndroidApp, orderTotal. */
  config: WalletConfig;
  /** The wallets the checkout offers here (its payment methods); both by default. */
  wallets?: readonly WalletName[];
  /** The order to pay, asked once the buyer approved in the wallet (the checkout may create it then). */
  order: OrderSource;
  /** Where the 3-D Secure frame leads when the bank names no page. */
  fallbackUrls: Required<ReturnUrls>;
  /** The browser's by default; tests give a fake. */
  device?: WalletDevice;
  /** Tells the checkout what the device offers (type 0: an option the device lacks is removed). */
  onAvailability?: (wallet: WalletName, available: boolean) => void;
}

/** The 3-D Secure frame's name: the page may hold the card's bank frame as well. */
export const ACS_FRAME_NAME = 'pt-acs-frame';

const ALL: readonly WalletName[] = ['google_pay', 'apple_pay'];
const KEY: Record<WalletName, 'google' | 'apple'> = { google_pay: 'google', apple_pay: 'apple' };

function useController(props: WalletButtonsProps): WalletController {
  const { http, navigation, config, device } = props;
  const controller = useMemo(
    () => createWalletController({ http, navigation, config, device: device ?? browserWalletDevice() }),
    [http, navigation, config, device],
  );
  useSyncExternalStore(controller.subscribe, () => controller.state);
  useEffect(() => {
    void controller.check();
  }, [controller]);
  return controller;
}

/**
 * The device-wallet buttons (4.10): a wallet the device offers gets its button; one it lacks
 * gets the not-supported text of 8.5; a payment's message is announced; a card that asks for
 * 3-D Secure opens its bank's page in the payment frame (the hidden MD, PaReq, TermUrl form).
 */
export function WalletButtons(props: WalletButtonsProps) {
  const controller = useController(props);
  const { state } = controller;
  const wallets = props.wallets ?? ALL;
  const { onAvailability } = props;
  useEffect(() => {
    for (const wallet of wallets) {
      const availability = state[KEY[wallet]];
      if (availability !== 'checking') onAvailability?.(wallet, availability === 'available');
    }
  }, [wallets, state, onAvailability]);

  if (state.acs) {
    const start = {
      kind: 'form' as const,
      action: state.acs.action,
      method: 'post' as const,
      fields: state.acs.fields,
      returnUrls: { success: state.acs.fields.TermUrl },
    };
    return (
      <PaymentFrame
        start={start}
        http={props.http}
        navigation={props.navigation}
        fallbackUrls={props.fallbackUrls}
        frameName={ACS_FRAME_NAME}
      />
    );
  }
  return (
    <div className="pt-wallets" aria-busy={state.busy || undefined}>
      {wallets.map((wallet) => {
        const availability = state[KEY[wallet]];
        if (availability === 'checking') return null;
        if (availability === 'unavailable') {
          return (
            <p key={wallet} className="pt-wallets__unsupported" data-wallet={wallet}>
              {controller.unsupportedText(wallet)}
            </p>
          );
        }
        return (
          <button
            key={wallet}
            type="button"
            className={`pt-button pt-wallets__button pt-wallets__button--${wallet}`}
            data-wallet={wallet}
            disabled={state.busy}
            onClick={() => void controller.pay(wallet, props.order)}
          >
            {`Оплатить через ${WALLET_TITLES[wallet]}`}
          </button>
        );
      })}
      {state.message ? (
        <p className="pt-wallets__message" role="alert">
          {state.message}
        </p>
      ) : null}
    </div>
  );
}
