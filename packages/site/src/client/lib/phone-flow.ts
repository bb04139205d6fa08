/**
 * The phone confirmation flow without a view (site-browsing-account.md 4 'Phone or e-mail
 * add/change'; hall-basket-checkout.md 6 and 7.7): the number is entered, checked by the server,
 * a PIN goes to it by SMS, the PIN is entered and checked; then the account's phone is the new,
 * confirmed one. The purchase's check (codes 212, 216, 631, 113) starts with a PIN to the number
 * the account already has: errCode 212 (no number) goes to the number step, code 217 (a PIN was
 * sent a moment ago) straight to the PIN step. Views (the purchase dialog, the cabinet's
 * sub-form) render the state and call the actions; this file knows no DOM.
 */
import { DEFAULT_PHONE_COUNTRY, ErrorCode, messages, normalizePhone } from '@partera/contract';

export type PhoneFlowState =
  | { step: 'number'; country: string; busy: boolean; error: string | null }
  | { step: 'code'; number: string; country: string | null; note: string; busy: boolean; error: string | null }
  | { step: 'done'; message: string };

interface StatusAnswer {
  status: 'success' | 'error' | string;
  message?: string;
  number?: string;
  country?: string;
  code?: number;
  errCode?: number;
}

/** How the flow reaches the server (the site's fetch helpers; a test's fake). */
export interface PhoneFlowApi {
  post(url: string, form: Record<string, string>): Promise<StatusAnswer>;
  get(url: string): Promise<StatusAnswer>;
}

/** 212: the account has no phone; 217: a PIN was sent and still works. */
const NO_PHONE = ErrorCode.noPhone;
const PIN_ALREADY_SENT = ErrorCode.pinAlreadySent;

export class PhoneFlow {
  state: PhoneFlowState;
  private readonly listeners = new Set<(state: PhoneFlowState) => void>();

  constructor(
    private readonly api: PhoneFlowApi,
    /** 'add' (similarCheck 1) or 'change' (similarCheck 0) the account's number. */
    private readonly mode: 'add' | 'change' = 'add',
    country = DEFAULT_PHONE_COUNTRY,
  ) {
    this.state = { step: 'number', country, busy: false, error: null };
  }

  subscribe(listener: (state: PhoneFlowState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private set(state: PhoneFlowState): void {
    this.state = state;
    for (const listener of this.listeners) listener(state);
  }

  private busy(error: string | null = null): void {
    if (this.state.step !== 'done') this.set({ ...this.state, busy: true, error });
  }

  private fail(message: string): void {
    if (this.state.step !== 'done') this.set({ ...this.state, busy: false, error: message });
  }

  /** The purchase's check: a PIN to the account's own number, or the number step without one. */
  async startWithAccountPhone(): Promise<void> {
    this.busy();
    const answer = await this.api.get('/phone/pinsend/').catch(() => null);
    if (!answer) return this.fail(messages.pinSendError);
    if (answer.errCode === NO_PHONE) {
      return this.set({ step: 'number', country: DEFAULT_PHONE_COUNTRY, busy: false, error: null });
    }
    if ((answer.status === 'success' || answer.code === PIN_ALREADY_SENT) && answer.number) {
      return this.set({
        step: 'code',
        number: answer.number,
        country: null,
        note: answer.message ?? '',
        busy: false,
        error: null,
      });
    }
    this.fail(answer.message ?? messages.pinSendError);
  }

  chooseCountry(country: string): void {
    if (this.state.step === 'number') this.set({ ...this.state, country, error: null });
  }

  /** Checks the number with the server, then sends the PIN to it. */
  async submitNumber(typed: string): Promise<void> {
    if (this.state.step !== 'number' || this.state.busy) return;
    const { country } = this.state;
    if (normalizePhone(typed) === '') return this.fail(messages.phoneEmpty);
    this.busy();
    const valid = await this.api.post('/phone/validate/', { number: typed, country }).catch(() => null);
    if (!valid) return this.fail(messages.phoneValidationErrorShort);
    if (valid.status !== 'success' || !valid.number) {
      return this.fail(valid.message ?? messages.phoneValidationErrorShort);
    }
    await this.sendTo(valid.number, valid.country ?? country);
  }

  private async sendTo(number: string, country: string): Promise<void> {
    const similarCheck = this.mode === 'add' ? '1' : '0';
    const sent = await this.api.post('/phone/codesend/', { number, country, similarCheck }).catch(() => null);
    if (!sent) return this.fail(messages.codeSendError);
    // 217: the code sent a moment ago still works; the PIN step says so.
    const stillValid = sent.code === PIN_ALREADY_SENT;
    if (sent.status !== 'success' && !stillValid) return this.fail(sent.message ?? messages.codeSendError);
    this.set({ step: 'code', number, country, note: sent.message ?? '', busy: false, error: null });
  }

  /** Sends a new PIN to the same number (the server says how long to wait, if it is too soon). */
  async resend(): Promise<void> {
    const state = this.state;
    if (state.step !== 'code' || state.busy) return;
    this.busy();
    if (state.country === null) {
      const answer = await this.api.get('/phone/pinsend/').catch(() => null);
      if (answer?.status === 'success') this.set({ ...state, note: answer.message ?? state.note, busy: false });
      else this.fail(answer?.message ?? messages.pinSendError);
      return;
    }
    await this.sendTo(state.number, state.country);
  }

  /** Back from the PIN to the number (a typo in it). */
  editNumber(): void {
    const state = this.state;
    if (state.step === 'code') {
      this.set({ step: 'number', country: state.country ?? DEFAULT_PHONE_COUNTRY, busy: false, error: null });
    }
  }

  async submitCode(typed: string): Promise<void> {
    const state = this.state;
    if (state.step !== 'code' || state.busy) return;
    const code = typed.trim();
    if (!/^\d{4}$/.test(code)) return this.fail(messages.pinFormat);
    this.busy();
    const form: Record<string, string> =
      state.country === null
        ? { 'form[phone]': state.number, 'form[code]': code }
        : { number: state.number, country: state.country, code };
    const answer = await this.api.post('/phone/codecheck/', form).catch(() => null);
    if (!answer) return this.fail(messages.pinCheckServerError);
    if (answer.status !== 'success') return this.fail(answer.message ?? messages.pinCheckError);
    this.set({ step: 'done', message: answer.message ?? messages.phoneConfirmed });
  }
}
