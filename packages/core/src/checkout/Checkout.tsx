import {
  messageOr,
  messages,
  ORDER_PROCESSING_SECONDS,
  orderErrorAction,
  SESSION_STORAGE_KEYS,
  secondsLabel,
} from '@partera/contract';
import { type RefObject, useId, useRef, useState } from 'react';
import { useSnapshot } from 'valtio/react';
import type { BasketState } from '../api/basket.js';
import type { Http } from '../api/http.js';
import {
  type AnonymousOrderAnswer,
  openPaymentSession,
  orderIdOfUrl,
  placeAnonymousOrder,
  placeSessionOrder,
} from '../api/orders.js';
import { type BasketStore, createBasketStore } from '../basket/store.js';
import { visitorId } from '../payment/fingerprint.js';
import { PartnerPay, PaymentFrame } from '../payment/lazy.js';
import { type PaymentStart, paymentStartOf } from '../payment/session.js';
import { askHost } from '../store/events.js';
import { useCountdown } from '../ui/countdown.js';
import { MOBILE_QUERY, useMediaQuery } from '../ui/media.js';
import { browserNavigation, type Navigation, siteUrl } from '../ui/navigation.js';
import { useNotices } from '../ui/notices.js';
import { useGuestForm } from './guest-form.js';

type SessionParams = Record<string, string | number | boolean>;
/** The bank frame, or the partner's own pay flow with the params the session was opened with (4.8). */
type FrameStart =
  | Extract<PaymentStart, { kind: 'form' | 'widget' }>
  | (Extract<PaymentStart, { kind: 'partner' }> & { params: SessionParams });

export interface CheckoutProps {
  http: Http;
  /** The server-rendered basket; ignored when `store` is given. */
  initialState?: BasketState;
  /** The store shared with the basket widget of the same page. */
  store?: BasketStore;
  /** Embedded in a partner's frame: card and e-ticket are not chosen for the buyer (spec 2.3, 6). */
  isIframe?: boolean;
  /** Overrides the 575 px media query (the mobile pay button and agreement line). */
  mobile?: boolean;
  navigation?: Navigation;
  /** The payment card type sent as pc. */
  paymentCard?: string;
  /** Analytics cookies sent with the order (default: session storage MetricCookie). */
  cookies?: () => string;
  /** Visitor id for extra[fingerprint]; false sends none. */
  fingerprint?: (() => Promise<string | undefined>) | false;
  /** How often the partner's pay flow panel asks whether the partner confirmed (default 3 s). */
  partnerPayPollMs?: number;
  /** Where a paid or failed payment leads when the session answer names no return URL. */
  successUrl?: string;
  failUrl?: string;
}

/**
 * Checkout of /shopcart/: card payment, e-ticket delivery, the guest form, the pay button with
 * its processing countdown, order creation and the bank frame.
 */
export function Checkout({
  http,
  initialState,
  store: given,
  isIframe = false,
  mobile,
  navigation = browserNavigation,
  paymentCard = 'bankovskaya_karta',
  cookies = metricCookies,
  fingerprint = visitorId,
  successUrl = '/order/complete/',
  partnerPayPollMs,
  failUrl = '/shopcart/',
}: CheckoutProps) {
  const [store] = useState(() => given ?? createBasketStore(requireState(initialState)));
  const { state } = useSnapshot(store) as BasketStore;
  const notices = useNotices();
  const form = useGuestForm(http);
  const matchesMobile = useMediaQuery(MOBILE_QUERY);
  const isMobile = mobile ?? matchesMobile;

  const [pm, setPm] = useState<'card' | null>(isIframe ? null : 'card');
  const [dm, setDm] = useState<'eticket' | null>(isIframe ? null : 'eticket');
  const [processingUntil, setProcessingUntil] = useState<number | null>(null);
  const [frameStart, setFrameStart] = useState<FrameStart | null>(null);
  const [fallbackUrls] = useState(() => ({ success: successUrl, fail: failUrl }));
  const secondsLeft = useCountdown(processingUntil);

  /** Spec 4.7: one order and one bank session at a time, whatever the clicks. */
  const inProgress = useRef(false);
  /** An order whose session failed: a retry opens the session again instead of a second order. */
  const root = useRef<HTMLElement>(null);
  const createdOrder = useRef<{ url: string; params: Record<string, string | number | boolean> } | null>(null);
  const inputs = {
    email: useRef<HTMLInputElement>(null),
    name: useRef<HTMLInputElement>(null),
    surname: useRef<HTMLInputElement>(null),
  };
  const ids = {
    root: useId(),
    pm: useId(),
    dm: useId(),
    email: useId(),
    name: useId(),
    surname: useId(),
    status: useId(),
  };

  if (state.tickets.length === 0) return null;

  const guest = state.userIsGuest;
  const ready = !state.cannotCreateOrder && pm !== null && dm !== null && (!guest || form.valid);
  const processing = processingUntil !== null;

  const stop = () => {
    inProgress.current = false;
    setProcessingUntil(null);
  };

  /** Spec 8.3: 638 is not shown; closing the alert of 620 and 630 reloads the page. */
  const showOrderError = (answer: { error: number; code?: number; message?: string }) => {
    const action = orderErrorAction(answer.code ?? answer.error);
    if (action.kind === 'silent') return;
    // 113: the host confirms the phone (the site's PIN dialog), then the order is placed again.
    // A host that does not take the event leaves the message shown here.
    const code = answer.code ?? answer.error;
    const message = answer.message ?? '';
    if (
      action.kind === 'confirmPhone' &&
      askHost(root.current, 'phone-confirmation-required', { code, message, retry: pay })
    ) {
      return;
    }
    notices.alert({
      message: messageOr(answer.message, messages.orderCreateFailed),
      persistent: true,
      onClose: action.kind === 'alert' && action.reloadOnClose ? () => navigation.reload() : undefined,
    });
  };

  const startSession = async (url: string, params: Record<string, string | number | boolean>) => {
    let start: PaymentStart;
    try {
      start = paymentStartOf(await openPaymentSession(http, url, params));
    } catch {
      start = { kind: 'error', message: messages.walletNetworkError };
    }
    if (start.kind === 'error') {
      stop();
      notices.alert({ message: messageOr(start.message, messages.walletNetworkError), persistent: true });
      return;
    }
    createdOrder.current = null;
    setProcessingUntil(null);
    if (start.kind === 'redirect') navigation.go(siteUrl(http, start.url));
    else setFrameStart(start.kind === 'partner' ? { ...start, params } : start);
  };

  const createOrder = async (): Promise<AnonymousOrderAnswer> => {
    if (guest) {
      const visitor = fingerprint ? await fingerprint() : undefined;
      return placeAnonymousOrder(http, {
        email: form.fields.email.trim(),
        name: form.fields.name.trim(),
        surname: form.fields.surname.trim(),
        pc: paymentCard,
        payment: 'card',
        token: '',
        cookies: cookies(),
        fingerprint: visitor,
      });
    }
    return placeSessionOrder(http, { pm: pm ?? 'card', dm: dm ?? 'eticket', pc: paymentCard, cookies: cookies() });
  };

  const pay = async () => {
    if (inProgress.current || frameStart) return;
    if (state.cannotCreateOrder) {
      notices.alert({ message: state.cannotCreateOrderCause, persistent: true });
      return;
    }
    inProgress.current = true;
    if (pm === null || dm === null) {
      inProgress.current = false;
      notices.toast(messages.fillAllFields);
      return;
    }
    if (guest) {
      const verdict = await form.validateAll();
      if (!verdict.valid) {
        inProgress.current = false;
        // A rejected e-mail speaks for itself under the field; the toast is for missing data.
        if (verdict.incomplete) notices.toast(messages.fillAllFields);
        const first = verdict.failing[0];
        if (first) inputs[first].current?.focus();
        return;
      }
    }

    setProcessingUntil(Date.now() + ORDER_PROCESSING_SECONDS * 1000);
    const pending = createdOrder.current;
    if (pending) {
      await startSession(pending.url, pending.params);
      return;
    }

    let answer: AnonymousOrderAnswer;
    try {
      answer = await createOrder();
    } catch {
      stop();
      notices.alert({ message: messages.orderCreateFailed, persistent: true });
      return;
    }
    if (answer.error !== 0 || !answer.url) {
      stop();
      showOrderError(answer.error !== 0 ? answer : { error: -1 });
      return;
    }
    if (answer.isFullGiftCardPayment) {
      navigation.go(siteUrl(http, answer.url));
      return;
    }
    if (!guest && isMobile) {
      // Spec 4.7: on mobile a session order is paid on the bank page.
      const orderId = orderIdOfUrl(answer.url);
      if (orderId) {
        navigation.go(siteUrl(http, `/payment/bank/${orderId}/`));
        return;
      }
    }
    createdOrder.current = { url: answer.url, params: answer.params ?? {} };
    await startSession(answer.url, answer.params ?? {});
  };

  const payLabel = isMobile ? 'Оплатить' : 'Перейти к оплате';

  return (
    <section ref={root} className="pt-widget pt-checkout" aria-labelledby={ids.root}>
      <h2 id={ids.root} className="pt-checkout__title">
        Оформление заказа
      </h2>

      <fieldset className="pt-choice" disabled={processing || frameStart !== null}>
        <legend className="pt-choice__legend">Способ оплаты</legend>
        <label className="pt-choice__option">
          <input type="radio" name={ids.pm} value="card" checked={pm === 'card'} onChange={() => setPm('card')} />
          <span>Банковской картой</span>
        </label>
      </fieldset>

      <fieldset className="pt-choice" disabled={processing || frameStart !== null}>
        <legend className="pt-choice__legend">Способ получения</legend>
        <label className="pt-choice__option">
          <input
            type="radio"
            name={ids.dm}
            value="eticket"
            checked={dm === 'eticket'}
            onChange={() => setDm('eticket')}
          />
          <span>Электронный билет</span>
        </label>
      </fieldset>

      {guest ? (
        <fieldset className="pt-guest" disabled={processing || frameStart !== null}>
          <legend className="pt-choice__legend">Данные покупателя</legend>
          <GuestInput
            id={ids.email}
            inputRef={inputs.email}
            label="E-mail"
            type="email"
            autoComplete="email"
            value={form.fields.email}
            error={form.errors.email}
            onChange={(v) => form.change('email', v)}
            onBlur={() => form.blur('email')}
          />
          <GuestInput
            id={ids.name}
            inputRef={inputs.name}
            label="Имя"
            autoComplete="given-name"
            value={form.fields.name}
            error={form.errors.name}
            onChange={(v) => form.change('name', v)}
            onBlur={() => form.blur('name')}
          />
          <GuestInput
            id={ids.surname}
            inputRef={inputs.surname}
            label="Фамилия"
            autoComplete="family-name"
            value={form.fields.surname}
            error={form.errors.surname}
            onChange={(v) => form.change('surname', v)}
            onBlur={() => form.blur('surname')}
          />
        </fieldset>
      ) : null}

      {/* Announced once; the ticking seconds are for the eye only. */}
      <div id={ids.status} className="pt-checkout__status" role="status">
        {processing ? (
          <>
            <span className="pt-sr-only">Заказ оформляется, пожалуйста, подождите.</span>
            <span aria-hidden="true">
              {secondsLeft ? `Заказ оформляется: ${secondsLabel(secondsLeft)}` : 'Заказ оформляется…'}
            </span>
          </>
        ) : null}
      </div>

      {frameStart?.kind === 'partner' ? (
        <PartnerPay
          http={http}
          navigation={navigation}
          url={frameStart.url}
          params={frameStart.params}
          successUrl={fallbackUrls.success}
          pollIntervalMs={partnerPayPollMs}
        />
      ) : frameStart ? (
        <PaymentFrame start={frameStart} http={http} navigation={navigation} fallbackUrls={fallbackUrls} />
      ) : (
        <div className="pt-checkout__pay">
          <button
            type="button"
            className={`pt-button pt-pay${ready ? '' : ' pt-pay--inactive'}`}
            aria-disabled={!ready || undefined}
            aria-describedby={ids.status}
            disabled={processing}
            onClick={() => void pay()}
          >
            {payLabel}
          </button>
          {isMobile ? (
            <p className="pt-checkout__agreement">
              <a className="pt-link" href={siteUrl(http, '/landing/useragreement/')}>
                Нажимая кнопку "Оплатить", вы принимаете условия пользовательского соглашения.
              </a>
            </p>
          ) : null}
        </div>
      )}
      {notices.view}
    </section>
  );
}

function GuestInput({
  id,
  inputRef,
  label,
  type = 'text',
  autoComplete,
  value,
  error,
  onChange,
  onBlur,
}: {
  id: string;
  inputRef: RefObject<HTMLInputElement | null>;
  label: string;
  type?: 'text' | 'email';
  autoComplete: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  onBlur: () => void;
}) {
  const invalid = error !== undefined;
  const errorId = `${id}-error`;
  return (
    <div className={`pt-field${invalid ? ' pt-field--error' : ''}`}>
      <label className="pt-field__label" htmlFor={id}>
        {label}
      </label>
      <input
        ref={inputRef}
        id={id}
        className="pt-field__input"
        type={type}
        autoComplete={autoComplete}
        required
        aria-required="true"
        aria-invalid={invalid || undefined}
        aria-describedby={error ? errorId : undefined}
        value={value}
        onInput={(e) => onChange(e.currentTarget.value)}
        onBlur={onBlur}
      />
      <span id={errorId} className="pt-field__error" role="alert">
        {error}
      </span>
    </div>
  );
}

function metricCookies(): string {
  try {
    return window.sessionStorage.getItem(SESSION_STORAGE_KEYS.metricCookie) ?? '';
  } catch {
    return '';
  }
}

function requireState(state: BasketState | undefined): BasketState {
  if (!state) throw new Error('Checkout: pass initialState or store');
  return state;
}
