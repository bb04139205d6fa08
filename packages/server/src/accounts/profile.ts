import {
  DEFAULT_PHONE_COUNTRY,
  DEFAULT_TIME_ZONE,
  fieldMessage,
  messages,
  type PasswordChangeForm,
  type ProfileEditForm,
  passwordChangeError,
  phoneMaskMap,
  profileEditError,
  type UserProfileNested,
  wallClock,
} from '@partera/contract';
import { hashPassword, passwordMatches } from './passwords.js';
import { endOtherSessions } from './sessions.js';
import type { AccountDeps } from './sign-in.js';
import type { Account } from './users.js';

/**
 * The cabinet's requisites block (site-browsing-account.md 2.15, 3 User profile, 5, 8 Profile
 * and Password): what the signed-in buyer reads of their account, the personal info they edit and
 * the password change. Every function takes the account of the session (accountOfSession): no call
 * names an account, so nobody reads or changes another's.
 */

/** yyyy-mm-dd (the database's date) as dd.mm.yyyy (the site's). */
function ruDateOf(iso: string): string {
  const [yyyy, mm, dd] = iso.split('-');
  return `${dd}.${mm}.${yyyy}`;
}

/** dd.mm.yyyy (already checked) as yyyy-mm-dd. */
function isoDateOf(ru: string): string {
  const [dd, mm, yyyy] = ru.split('.');
  return `${yyyy}-${mm}-${dd}`;
}

/**
 * Today as the buyer's calendar sees it (Moscow time, whatever the server's zone), as a local
 * Date at midnight: the latest birth date a form accepts.
 */
export function buyersToday(now: Date): Date {
  const t = wallClock(now, DEFAULT_TIME_ZONE);
  if (!t) return now;
  const today = new Date(t.year, t.month - 1, t.day);
  today.setFullYear(t.year);
  return today;
}

/** The requisites block in the profile's second (nested) reading, with the phone masks. */
export function profileOf(account: Account): UserProfileNested {
  return {
    phone: {
      value: account.phone ?? '',
      confirmed: account.phoneConfirmed,
      country: account.phoneCountry || DEFAULT_PHONE_COUNTRY,
    },
    email: { value: account.email ?? '', confirmed: account.emailConfirmed },
    firstname: account.firstName,
    patrname: account.patronymic,
    surname: account.surname,
    birthdate: account.birthDate ? ruDateOf(account.birthDate) : null,
    phoneMasks: phoneMaskMap(),
  };
}

export type ProfileEditOutcome = { ok: true } | { ok: false; message: string };

/**
 * Saves the personal info (profileEditError's checks, the first failure answered): surname and
 * first name always; the patronymic and the birth date when the form has them ('' clears them,
 * a field left out stays as it is). Names are kept trimmed.
 */
export async function editProfile(
  deps: AccountDeps,
  userId: number,
  form: ProfileEditForm,
): Promise<ProfileEditOutcome> {
  const error = profileEditError(form, buyersToday(deps.clock.now()));
  if (error) return { ok: false, message: error };
  const values: unknown[] = [userId, form.surname.trim(), form.firstname.trim()];
  const set = ['surname = $2', 'first_name = $3'];
  if (form.patronymic !== undefined) {
    values.push(form.patronymic.trim());
    set.push(`patronymic = $${values.length}`);
  }
  if (form.birthday !== undefined) {
    const birthday = form.birthday.trim();
    values.push(birthday === '' ? null : isoDateOf(birthday));
    set.push(`birth_date = $${values.length}::date`);
  }
  await deps.db.query(`UPDATE users SET ${set.join(', ')} WHERE id = $1 AND deleted_at IS NULL`, values);
  return { ok: true };
}

/**
 * Wrong current passwords, counted across sessions and processes (the route gives the rate-limit
 * store's counter): past the budget the check is refused before any password is verified.
 */
export interface WrongPasswordCounter {
  refused(): Promise<boolean>;
  failed(): Promise<void>;
}

/**
 * The subjects a wrong current password is counted against: the account's login contacts (its
 * e-mail, its confirmed phone), the keys wrong sign-ins count under too, so guessing through the
 * cabinet and through the login form draw on one budget. An account with neither counts by id.
 */
export function loginSubjectsOf(account: Pick<Account, 'id' | 'email' | 'phone' | 'phoneConfirmed'>): string[] {
  const subjects: string[] = [];
  if (account.email) subjects.push(account.email.trim().toLowerCase());
  if (account.phone && account.phoneConfirmed) subjects.push(account.phone);
  return subjects.length > 0 ? subjects : [`account:${account.id}`];
}

export type PasswordChangeOutcome = { ok: true } | { ok: false; message: string };

/**
 * Changes the session's account's password. Answers 'field::text' (site 5): the form's own checks
 * (passwordChangeError), then the current password (refused outright once too many wrong ones
 * were counted; a wrong one is counted). On success, in one transaction: the new hash, the time
 * of the change (it ends older password-reset codes) and every other session of the account
 * signed out; this session stays signed in. The update applies only if the hash is still the one
 * verified, so of two changes at once only one wins.
 */
export async function changePassword(
  deps: AccountDeps,
  who: { sessionId: string; userId: number },
  form: PasswordChangeForm,
  wrongPasswords: WrongPasswordCounter,
): Promise<PasswordChangeOutcome> {
  const invalid = passwordChangeError(form);
  if (invalid) return { ok: false, message: invalid };
  if (await wrongPasswords.refused())
    return { ok: false, message: fieldMessage('old', messages.passwordTooManyAttempts) };
  const r = await deps.db.query<{ password_hash: string | null }>(
    'SELECT password_hash FROM users WHERE id = $1 AND deleted_at IS NULL',
    [who.userId],
  );
  const stored = r.rows[0]?.password_hash ?? null;
  if (!(await passwordMatches(form.old, stored))) {
    await wrongPasswords.failed();
    return { ok: false, message: fieldMessage('old', messages.passwordOldWrong) };
  }
  const hash = await hashPassword(form.new);
  const changed = await deps.db.transaction(async (tx) => {
    const u = await tx.query<{ id: number }>(
      `UPDATE users SET password_hash = $2, password_changed_at = $3
        WHERE id = $1 AND password_hash = $4 AND deleted_at IS NULL RETURNING id`,
      [who.userId, hash, deps.clock.now(), stored],
    );
    if (u.rows.length === 0) return false;
    await endOtherSessions(tx, who.userId, who.sessionId);
    return true;
  });
  // Changed meanwhile by another session: the password verified is no longer the current one.
  if (!changed) return { ok: false, message: fieldMessage('old', messages.passwordOldWrong) };
  return { ok: true };
}
