/**
 * Bonus payment's phone check before the order (hall-basket-checkout.md 4.7, 7.7, 8.6, 5.6): a PIN
 * is sent to the buyer's confirmed phone (GET /phone/pinsendbonus/) and checked
 * (POST /phone/pincheckbonus/); then the order is placed. errCode 212 (no phone) hands the buyer to
 * the host's add-phone dialog, after which the pay press is repeated; code 217 (a PIN was already
 * sent) shows the PIN form at once. Framework-free: the PIN dialog reads `state`.
 */
import {
  clampPinInput,
  ErrorCode,
  isCompletePin,
  messageOr,
  messages,
  phonePinCheckBonus,
  phonePinSendBonus,
} from '@partera/contract';
import { proxy } from 'valtio/vanilla';
import { type Http, HttpError } from '../api/http.js';

type PinSendAnswer = ReturnType<(typeof phonePinSendBonus)['response']['parse']>;
type PinCheckAnswer = ReturnType<(typeof phonePinCheckBonus)['response']['parse']>;

/** GET /phone/pinsendbonus/ → status, code, errCode, message (7.7); the answer is also read from an error body. */
async function sendBonusPin(http: Http): Promise<PinSendAnswer> {
  try {
    return phonePinSendBonus.response.parse(await http.get(phonePinSendBonus.path));
  } catch (error) {
    const parsed = error instanceof HttpError ? phonePinSendBonus.response.safeParse(error.body) : null;
    if (parsed?.success) return parsed.data;
    throw error;
  }
}

/** POST /phone/pincheckbonus/ {form[code]} → status, message (7.7). */
async function checkBonusPin(http: Http, code: string): Promise<PinCheckAnswer> {
  return phonePinCheckBonus.response.parse(await http.postForm(phonePinCheckBonus.path, { 'form[code]': code }));
}

export interface PinState {
  /** The PIN form is shown. */
  open: boolean;
  pin: string;
  error: string | null;
  busy: boolean;
  /** What the server said when it sent the PIN (the number it went to). */
  sentTo: string | null;
}

export interface PinDeps {
  http: Http;
  alert(message: string): void;
  /** 212: asks the host to add and confirm a phone, then to call `retry`; false when no host takes it. */
  askPhone(detail: { code: number; message: string; retry: () => Promise<void> }): boolean;
}

export interface BonusPin {
  state: PinState;
  /**
   * Starts the check: resolves true once the PIN is confirmed, false when the buyer cancels or
   * the check cannot go on. `retry` is the pay press to repeat after the host added a phone.
   */
  confirm(retry: () => Promise<void>): Promise<boolean>;
  type(value: string): void;
  submit(): Promise<void>;
  cancel(): void;
}

export function createBonusPin(deps: PinDeps): BonusPin {
  const { http } = deps;
  const state = proxy<PinState>({ open: false, pin: '', error: null, busy: false, sentTo: null });
  let settle: ((ok: boolean) => void) | null = null;

  const finish = (ok: boolean) => {
    state.open = false;
    state.pin = '';
    state.busy = false;
    const done = settle;
    settle = null;
    done?.(ok);
  };

  return {
    state,
    async confirm(retry) {
      let answer: Awaited<ReturnType<typeof sendBonusPin>>;
      try {
        answer = await sendBonusPin(http);
      } catch {
        deps.alert(messages.pinSendError);
        return false;
      }
      const code = answer.errCode ?? answer.code;
      if (code === ErrorCode.noPhone) {
        const message = messageOr(answer.message, messages.noPhoneOnAccount);
        if (!deps.askPhone({ code, message, retry })) deps.alert(message);
        return false;
      }
      if (answer.status !== 'success' && code !== ErrorCode.pinAlreadySent) {
        deps.alert(messageOr(answer.message, messages.pinSendError));
        return false;
      }
      state.sentTo = answer.number ?? null;
      state.error = null;
      state.pin = '';
      state.open = true;
      return new Promise<boolean>((resolve) => {
        settle = resolve;
      });
    },
    type(value) {
      state.pin = clampPinInput(value.replace(/\D/g, ''));
      state.error = null;
    },
    async submit() {
      if (state.busy) return;
      if (!isCompletePin(state.pin)) {
        state.error = messages.pinFormat;
        return;
      }
      state.busy = true;
      try {
        const answer = await checkBonusPin(http, state.pin);
        if (answer.status === 'success') {
          finish(true);
          return;
        }
        state.error = messageOr(answer.message, messages.pinCheckError);
      } catch {
        state.error = messages.pinCheckServerError;
      }
      state.busy = false;
    },
    cancel() {
      finish(false);
    },
  };
}
