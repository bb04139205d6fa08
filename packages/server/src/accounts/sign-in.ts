import {
  checkPhoneNumber,
  DEFAULT_PHONE_COUNTRY,
  messages,
  PERSONAL_DATA_CONSENT_VERSION,
  type RegistrationField,
  type RegistrationForm,
  registrationErrors,
} from '@partera/contract';
import type { ServerDeps } from '../deps.js';
import { type BasketDeps, deselectAll } from '../services/basket/index.js';
import { hashPassword, passwordMatches } from './passwords.js';
import { bindSessionToAccount } from './sessions.js';
import {
  ACCOUNT_COLUMNS,
  type Account,
  type AccountRow,
  emailOwner,
  findAccountForLogin,
  normalizeEmail,
  toAccount,
} from './users.js';

export type AccountDeps = Pick<ServerDeps, 'db' | 'clock'>;

/** The session a sign-in moves to, and the one it leaves (see bindSessionToAccount). */
export interface SessionMove {
  from: string;
  to: { id: string; csrfToken: string };
}

export type SignInOutcome = { ok: true; account: Account } | { ok: false; message: string };

/**
 * Signs in with a contact (an e-mail, or a confirmed phone) and the password. A wrong contact
 * and a wrong password get the same answer in the same time, so neither tells whether an account
 * exists. Attempts are limited by the caller (limits/table.ts: per client, per session and per
 * contact).
 */
export async function signIn(
  deps: AccountDeps,
  credentials: { contact: string; password: string },
  session: SessionMove,
): Promise<SignInOutcome> {
  const found = await findAccountForLogin(deps.db, credentials.contact);
  const matches = await passwordMatches(credentials.password, found?.passwordHash ?? null);
  if (!found || !matches) return { ok: false, message: messages.loginFailed };
  await deps.db.transaction((tx) =>
    bindSessionToAccount(tx, session.from, session.to, found.account.id, deps.clock.now()),
  );
  return { ok: true, account: found.account };
}

export type RegistrationOutcome =
  | { ok: true; account: Account }
  | { ok: false; errors: Partial<Record<RegistrationField, string>> };

/**
 * Creates an account from the registration form and signs the session in. The e-mail is not
 * confirmed yet (the caller sends its code); the consent to personal data is recorded with its
 * text's version, the time and the client address.
 */
export async function register(
  deps: AccountDeps,
  form: RegistrationForm,
  session: SessionMove & { client: string },
): Promise<RegistrationOutcome> {
  const errors = registrationErrors(form);
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const email = normalizeEmail(form.email);
  // Before the costly hash; the insert below still settles a race between two registrations.
  if ((await emailOwner(deps.db, email)) !== null) return { ok: false, errors: { email: messages.emailTaken } };
  const passwordHash = await hashPassword(form.password);
  const now = deps.clock.now();
  // An optional phone is kept unconfirmed: it is the account's only once its SMS code comes back.
  const phone = form.phone?.trim() ? checkPhoneNumber(form.phone, form.country || DEFAULT_PHONE_COUNTRY) : null;
  const account = await deps.db.transaction(async (tx) => {
    const r = await tx.query<AccountRow>(
      `INSERT INTO users AS u (email, password_hash, first_name, surname, phone, phone_country, created_at,
                               password_changed_at)
       VALUES ($1, $2, $3, $4, $5, coalesce($6, 'RU'), $7, $7)
       ON CONFLICT DO NOTHING RETURNING ${ACCOUNT_COLUMNS}`,
      [
        email,
        passwordHash,
        form.firstname.trim(),
        form.surname.trim(),
        phone?.ok ? phone.number : null,
        phone?.ok ? phone.country : null,
        now,
      ],
    );
    const row = r.rows[0];
    if (!row) return null;
    await tx.query(
      `INSERT INTO consents (user_id, kind, text_version, given_at, client) VALUES ($1, 'personal_data', $2, $3, $4)`,
      [row.id, PERSONAL_DATA_CONSENT_VERSION, now, session.client],
    );
    await bindSessionToAccount(tx, session.from, session.to, row.id, now);
    return toAccount(row);
  });
  // Two registrations of one address at once: the second finds it taken.
  if (account === null) return { ok: false, errors: { email: messages.emailTaken } };
  return { ok: true, account };
}

/**
 * Signs a session out: its held places go back on sale (the next person at this computer starts
 * with an empty basket), and the binding to the account is removed. The caller gives the browser
 * a fresh session id.
 */
export async function signOut(deps: BasketDeps, sessionId: string): Promise<number[]> {
  const outcome = await deselectAll(deps, { id: sessionId });
  await deps.db.query('DELETE FROM sessions WHERE id = $1', [sessionId]);
  return outcome.ok ? outcome.changedPerformances : [];
}
