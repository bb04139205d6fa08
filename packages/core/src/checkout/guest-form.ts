import { messageOr, messages, validateGuestForm } from '@partera/contract';
import { useCallback, useRef, useState } from 'react';
import { checkEmail } from '../api/basket.js';
import type { Http } from '../api/http.js';

/** The guest's contact fields for card payment (patronymic and phone are for other methods). */
export type GuestContactField = 'email' | 'name' | 'surname';
export type GuestFields = Record<GuestContactField, string>;
/** A failing field's message; '' marks the field without a message of its own. */
export type GuestErrors = Partial<Record<GuestContactField, string>>;

const FIELDS: readonly GuestContactField[] = ['email', 'name', 'surname'];

/**
 * The outcome of the server's e-mail check for one address. A rejection stands for that
 * address; an unreachable server is asked again on the next attempt.
 */
type EmailCheck =
  | { state: 'pending' }
  | { state: 'ok' }
  | { state: 'rejected'; message: string }
  | { state: 'unreachable'; message: string };

export interface GuestVerdict {
  valid: boolean;
  /** Failing fields, in form order. */
  failing: GuestContactField[];
  /** Some field breaks the form's own rules (empty, not an e-mail), not only the server check. */
  incomplete: boolean;
}

export interface GuestFormControl {
  fields: GuestFields;
  /** Errors to show: fields the buyer has left, or all of them after a pay attempt. */
  errors: GuestErrors;
  /** Every rule passes, the server's e-mail check included. */
  valid: boolean;
  change(field: GuestContactField, value: string): void;
  /** The buyer left a field: show its errors; an e-mail that fits the pattern goes to the server. */
  blur(field: GuestContactField): void;
  /** Pay attempt: shows every error and waits for the e-mail check. */
  validateAll(): Promise<GuestVerdict>;
}

/**
 * The guest (anonymous order) form of spec 5.5 for card payment: e-mail, first name, surname.
 * The pattern and name rules are the contract's (validateGuestForm); an e-mail that passes them is then checked by the server
 * (GET /registration/validateField/), whose message is shown under the field.
 */
export function useGuestForm(http: Http): GuestFormControl {
  const [fields, setFields] = useState<GuestFields>({ email: '', name: '', surname: '' });
  const [shown, setShown] = useState<Record<GuestContactField, boolean>>({ email: false, name: false, surname: false });
  const [checks, setChecks] = useState<Record<string, EmailCheck>>({});
  const inflight = useRef(new Map<string, Promise<EmailCheck>>());

  const runEmailCheck = useCallback(
    (email: string): Promise<EmailCheck> => {
      const running = inflight.current.get(email);
      if (running) return running;
      setChecks((all) => ({ ...all, [email]: { state: 'pending' } }));
      const promise = checkEmail(http, email).then(
        (answer): EmailCheck =>
          answer.error === 0
            ? { state: 'ok' }
            : { state: 'rejected', message: messageOr(answer.message, messages.emailCheckError) },
        (): EmailCheck => ({ state: 'unreachable', message: messages.emailCheckError }),
      );
      inflight.current.set(email, promise);
      void promise.then((check) => {
        setChecks((all) => ({ ...all, [email]: check }));
        if (check.state === 'unreachable') inflight.current.delete(email);
      });
      return promise;
    },
    [http],
  );

  const invalid = new Set(validateGuestForm({ ...fields, payment: 'card' }).invalid);
  const email = fields.email.trim();
  const check = checks[email];
  const errors: GuestErrors = {};
  for (const field of FIELDS) {
    if (!shown[field]) continue;
    if (invalid.has(field)) errors[field] = '';
    else if (field === 'email' && (check?.state === 'rejected' || check?.state === 'unreachable')) {
      errors.email = check.message;
    }
  }
  const valid = invalid.size === 0 && check?.state === 'ok';

  const change = useCallback((field: GuestContactField, value: string) => {
    setFields((all) => ({ ...all, [field]: value }));
  }, []);

  const blur = (field: GuestContactField) => {
    setShown((all) => ({ ...all, [field]: true }));
    if (field === 'email' && !invalid.has('email')) void runEmailCheck(email);
  };

  const validateAll = async (): Promise<GuestVerdict> => {
    setShown({ email: true, name: true, surname: true });
    let emailOk = false;
    if (!invalid.has('email')) {
      const verdict = check?.state === 'ok' || check?.state === 'rejected' ? check : await runEmailCheck(email);
      emailOk = verdict.state === 'ok';
    }
    const failing = FIELDS.filter((field) => (field === 'email' ? !emailOk : invalid.has(field)));
    return { valid: failing.length === 0, failing, incomplete: invalid.size > 0 };
  };

  return { fields, errors, valid, change, blur, validateAll };
}
