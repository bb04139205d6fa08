/**
 * The guest's contact fields of the anonymous order (spec 5.5): e-mail, first name, surname, and
 * for non-card methods (the culture card, cash, bonus: guestNeedsPatronymicAndPhone) patronymic
 * and phone (typed into the Russian mask; a phone not filled to the end is incomplete). The
 * culture card also asks the buyer's birth date (its programme is for buyers aged 14–22; it goes
 * to the server in pushkinCardInfo). The pattern and name rules are the contract's (validateGuestForm); an e-mail that
 * passes them is then checked by the server (GET /registration/validateField/: an address that
 * belongs to an account is refused with the server's message), and the verdict is kept per
 * address so the buyer is not asked twice. Framework-free: the checkout's view reads `state`.
 */
import {
  applyPhoneMask,
  guestNeedsPatronymicAndPhone,
  MASK,
  messageOr,
  messages,
  type PaymentMethod,
  RU_PHONE_MASK,
  validateGuestForm,
} from '@partera/contract';
import { proxy } from 'valtio/vanilla';
import { checkEmail } from '../api/basket.js';
import type { Http } from '../api/http.js';

/** Patronymic and phone are asked for non-card methods, the birth date for the culture card. */
export type GuestContactField = 'email' | 'name' | 'surname' | 'patronymic' | 'phone' | 'birthDate';
export type GuestFields = Record<GuestContactField, string>;
/** A failing field's message; '' marks a field that fails without a message of its own. */
export type GuestErrors = Partial<Record<GuestContactField, string>>;

export const GUEST_FIELDS: readonly GuestContactField[] = [
  'email',
  'name',
  'surname',
  'patronymic',
  'phone',
  'birthDate',
];

/** The fields the form asks for a payment method (5.5; the culture card's birth date, 4.11). */
export function guestFieldsFor(payment: PaymentMethod | null): GuestContactField[] {
  const fields: GuestContactField[] = ['email', 'name', 'surname'];
  if (guestNeedsPatronymicAndPhone(payment)) fields.push('patronymic', 'phone');
  if (payment === 'pushkin_card') fields.push('birthDate');
  return fields;
}

/** A birth date as the date input gives it (yyyy-mm-dd), a real day in the past. */
function isBirthDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(value) && day.getTime() < Date.now();
}

/** The masked phone as 5.5 reads it: one not typed to the end still ends with the placeholder '_'. */
function phoneAsMasked(phone: string): string {
  return phone !== '' && phone.replace(/\D/g, '').length < 11 ? `${phone}${MASK.placeholder}` : phone;
}

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
  /** The payment method chosen: it decides which fields are asked (5.5). */
  payment: PaymentMethod | null;
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
  /** The checkout's payment method changed. */
  setPayment(payment: PaymentMethod | null): void;
  change(field: GuestContactField, value: string): void;
  /** The buyer left a field: its errors show; an e-mail that fits the pattern goes to the server. */
  blur(field: GuestContactField): void;
  /** A pay attempt: every error shows, and the e-mail check is awaited. */
  validateAll(): Promise<GuestVerdict>;
}

/** Fields that break the form's own rules. */
function ruleFailures(state: Pick<GuestFormState, 'fields' | 'payment'>): Set<string> {
  const { fields, payment } = state;
  const asked = guestFieldsFor(payment);
  const failing = new Set<string>(
    validateGuestForm({ ...fields, phone: phoneAsMasked(fields.phone.trim()), payment: payment ?? 'card' }).invalid,
  );
  if (asked.includes('birthDate') && !isBirthDate(fields.birthDate)) failing.add('birthDate');
  for (const field of failing) if (!asked.includes(field as GuestContactField)) failing.delete(field);
  return failing;
}

/** The errors to show for a state (a pure reading, for the view). */
export function guestErrors(state: GuestFormState): GuestErrors {
  const invalid = ruleFailures(state);
  const check = state.checks[state.fields.email.trim()];
  const errors: GuestErrors = {};
  for (const field of guestFieldsFor(state.payment)) {
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
  return ruleFailures(state).size === 0 && state.checks[state.fields.email.trim()]?.state === 'ok';
}

export function createGuestForm(http: Http): GuestForm {
  const state = proxy<GuestFormState>({
    fields: { email: '', name: '', surname: '', patronymic: '', phone: '', birthDate: '' },
    payment: 'card',
    shown: { email: false, name: false, surname: false, patronymic: false, phone: false, birthDate: false },
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
    setPayment(payment) {
      state.payment = payment;
    },
    change(field, value) {
      state.fields[field] = field === 'phone' ? applyPhoneMask(RU_PHONE_MASK, value) : value;
    },
    blur(field) {
      state.shown[field] = true;
      if (field === 'email' && !ruleFailures(state).has('email')) void runEmailCheck(state.fields.email.trim());
    },
    async validateAll() {
      const asked = guestFieldsFor(state.payment);
      for (const field of asked) state.shown[field] = true;
      const invalid = ruleFailures(state);
      const email = state.fields.email.trim();
      let emailOk = false;
      if (!invalid.has('email')) {
        const known = state.checks[email];
        const verdict = known?.state === 'ok' || known?.state === 'rejected' ? known : await runEmailCheck(email);
        emailOk = verdict.state === 'ok';
      }
      const failing = asked.filter((field) => (field === 'email' ? !emailOk : invalid.has(field)));
      return { valid: failing.length === 0, failing, incomplete: invalid.size > 0 };
    },
  };
}
