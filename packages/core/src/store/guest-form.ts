/**
 * The guest's contact fields of the anonymous order (spec 5.5) for card payment: e-mail, first
 * name, surname. The pattern and name rules are the contract's (validateGuestForm); an e-mail that
 * passes them is then checked by the server (GET /registration/validateField/: an address that
 * belongs to an account is refused with the server's message), and the verdict is kept per
 * address so the buyer is not asked twice. Framework-free: the checkout's view reads `state`.
 */
import { messageOr, messages, validateGuestForm } from '@partera/contract';
import { proxy } from 'valtio/vanilla';
import { checkEmail } from '../api/basket.js';
import type { Http } from '../api/http.js';

/** Patronymic and phone belong to other payment methods. */
export type GuestContactField = 'email' | 'name' | 'surname';
export type GuestFields = Record<GuestContactField, string>;
/** A failing field's message; '' marks a field that fails without a message of its own. */
export type GuestErrors = Partial<Record<GuestContactField, string>>;

export const GUEST_FIELDS: readonly GuestContactField[] = ['email', 'name', 'surname'];

/**
 * The server's verdict on one address. A rejection stands for that address; an unreachable server
 * is asked again on the next attempt.
 */
type EmailCheck =
  | { state: 'pending' }
  | { state: 'ok' }
  | { state: 'rejected'; message: string }
  | { state: 'unreachable'; message: string };

export interface GuestFormState {
  fields: GuestFields;
  /** Fields whose errors are shown: left by the buyer, or all of them after a pay attempt. */
  shown: Record<GuestContactField, boolean>;
  /** Trimmed address → the server's verdict. */
  checks: Record<string, EmailCheck>;
}

export interface GuestVerdict {
  valid: boolean;
  /** Failing fields, in form order. */
  failing: GuestContactField[];
  /** Some field breaks the form's own rules (empty, not an e-mail), not only the server check. */
  incomplete: boolean;
}

export interface GuestForm {
  state: GuestFormState;
  change(field: GuestContactField, value: string): void;
  /** The buyer left a field: its errors show; an e-mail that fits the pattern goes to the server. */
  blur(field: GuestContactField): void;
  /** A pay attempt: every error shows, and the e-mail check is awaited. */
  validateAll(): Promise<GuestVerdict>;
}

/** Fields that break the form's own rules. */
function ruleFailures(fields: GuestFields): Set<string> {
  return new Set(validateGuestForm({ ...fields, payment: 'card' }).invalid);
}

/** The errors to show for a state (a pure reading, for the view). */
export function guestErrors(state: GuestFormState): GuestErrors {
  const invalid = ruleFailures(state.fields);
  const check = state.checks[state.fields.email.trim()];
  const errors: GuestErrors = {};
  for (const field of GUEST_FIELDS) {
    if (!state.shown[field]) continue;
    if (invalid.has(field)) errors[field] = '';
    else if (field === 'email' && (check?.state === 'rejected' || check?.state === 'unreachable')) {
      errors.email = check.message;
    }
  }
  return errors;
}

/** Every rule passes, the server's e-mail check included. */
export function guestValid(state: GuestFormState): boolean {
  return ruleFailures(state.fields).size === 0 && state.checks[state.fields.email.trim()]?.state === 'ok';
}

export function createGuestForm(http: Http): GuestForm {
  const state = proxy<GuestFormState>({
    fields: { email: '', name: '', surname: '' },
    shown: { email: false, name: false, surname: false },
    checks: {},
  });
  const inflight = new Map<string, Promise<EmailCheck>>();

  const runEmailCheck = (email: string): Promise<EmailCheck> => {
    const running = inflight.get(email);
    if (running) return running;
    state.checks[email] = { state: 'pending' };
    const promise = checkEmail(http, email).then(
      (answer): EmailCheck =>
        answer.error === 0
          ? { state: 'ok' }
          : { state: 'rejected', message: messageOr(answer.message, messages.emailCheckError) },
      (): EmailCheck => ({ state: 'unreachable', message: messages.emailCheckError }),
    );
    inflight.set(email, promise);
    void promise.then((check) => {
      state.checks[email] = check;
      if (check.state === 'unreachable') inflight.delete(email);
    });
    return promise;
  };

  return {
    state,
    change(field, value) {
      state.fields[field] = value;
    },
    blur(field) {
      state.shown[field] = true;
      if (field === 'email' && !ruleFailures(state.fields).has('email')) void runEmailCheck(state.fields.email.trim());
    },
    async validateAll() {
      for (const field of GUEST_FIELDS) state.shown[field] = true;
      const invalid = ruleFailures(state.fields);
      const email = state.fields.email.trim();
      let emailOk = false;
      if (!invalid.has('email')) {
        const known = state.checks[email];
        const verdict = known?.state === 'ok' || known?.state === 'rejected' ? known : await runEmailCheck(email);
        emailOk = verdict.state === 'ok';
      }
      const failing = GUEST_FIELDS.filter((field) => (field === 'email' ? !emailOk : invalid.has(field)));
      return { valid: failing.length === 0, failing, incomplete: invalid.size > 0 };
    },
  };
}
