/**
 * The password reset by an e-mail code ('Забыли пароль?' on the login form): the new-password
 * form's checks and its answers. Like the cabinet's password change (site 5), a message that
 * belongs to a field comes as 'field::text'.
 */
import { messages } from '../errors.js';
import { passwordError } from './account.js';
import { isCompletePin } from './codes.js';

/** The fields of the reset's second step a message may name. */
export type RestoreField = 'code' | 'password' | 'password2';

export interface RestoreForm {
  code: string;
  password: string;
  /** The new password typed again. */
  password2: string;
}

/** 'password::Пароль должен быть не короче 8 символов'. */
export function restoreFieldMessage(field: RestoreField, text: string): string {
  return `${field}::${text}`;
}

/** A reset answer's message: its field and text, or no field (a message for the whole form). */
export function parseRestoreFieldMessage(message: string): { field: RestoreField | null; text: string } {
  const m = /^(code|password2|password)::([\s\S]*)$/.exec(message);
  if (m) return { field: m[1] as RestoreField, text: m[2] ?? '' };
  return { field: null, text: message };
}

/**
 * The checks that need no server, the first failure wins, as 'field::text': the code is 4 digits,
 * the new password acceptable (passwordError) and typed twice the same. Whether the code is right
 * only the server knows. The browser runs them before sending, the server again. Null when the
 * form may be sent.
 */
export function restoreFormError(form: RestoreForm): string | null {
  if (!isCompletePin(form.code.trim())) return restoreFieldMessage('code', messages.restoreCodeFormat);
  const weak = passwordError(form.password);
  if (weak) return restoreFieldMessage('password', weak);
  if (form.password2 !== form.password) return restoreFieldMessage('password2', messages.passwordsDiffer);
  return null;
}
