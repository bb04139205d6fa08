import { isValidEmail, normalizePhone } from '@partera/contract';
import type { Queryable } from '../db/index.js';

/** A buyer's account as the services read it. */
export interface Account {
  id: number;
  email: string | null;
  emailConfirmed: boolean;
  phone: string | null;
  phoneCountry: string;
  phoneConfirmed: boolean;
  surname: string;
  firstName: string;
  patronymic: string;
  /** yyyy-mm-dd, or null. */
  birthDate: string | null;
  userType: 'regular' | 'direct';
  hasKarmaStop: boolean;
  /** False for an account that signs in only through an outside account (VK ID, Yandex ID). */
  hasPassword: boolean;
}

export interface AccountRow {
  id: number;
  email: string | null;
  email_confirmed: boolean;
  phone: string | null;
  phone_country: string;
  phone_confirmed: boolean;
  surname: string;
  first_name: string;
  patronymic: string;
  birth_date: string | Date | null;
  user_type: 'regular' | 'direct';
  has_karma_stop: boolean;
  has_password: boolean;
}

export const ACCOUNT_COLUMNS = `u.id, u.email, u.email_confirmed, u.phone, u.phone_country, u.phone_confirmed,
  u.surname, u.first_name, u.patronymic, u.birth_date, u.user_type, u.has_karma_stop,
  (u.password_hash IS NOT NULL) AS has_password`;

function isoDate(value: string | Date | null): string | null {
  if (value === null) return null;
  if (typeof value === 'string') return value.slice(0, 10);
  return `${value.getFullYear()}-${String(value.getMonth() + 1).padStart(2, '0')}-${String(value.getDate()).padStart(2, '0')}`;
}

export function toAccount(r: AccountRow): Account {
  return {
    id: r.id,
    email: r.email,
    emailConfirmed: r.email_confirmed,
    phone: r.phone,
    phoneCountry: r.phone_country,
    phoneConfirmed: r.phone_confirmed,
    surname: r.surname,
    firstName: r.first_name,
    patronymic: r.patronymic,
    birthDate: isoDate(r.birth_date),
    userType: r.user_type,
    hasKarmaStop: r.has_karma_stop,
    hasPassword: r.has_password,
  };
}

/** E-mails are compared and kept in lower case, without surrounding spaces. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * What a login contact names: an e-mail (it has an '@'), else a phone (its digits; a Russian
 * number typed with the trunk prefix 8 is the same as with 7).
 */
export function contactOf(contact: string): { kind: 'email'; value: string } | { kind: 'phone'; value: string } | null {
  const trimmed = contact.trim();
  if (trimmed.includes('@')) return isValidEmail(trimmed) ? { kind: 'email', value: normalizeEmail(trimmed) } : null;
  let digits = normalizePhone(trimmed);
  if (!/^\d{10,15}$/.test(digits)) return null;
  if (digits.length === 10) digits = `7${digits}`;
  if (digits.length === 11 && digits.startsWith('8')) digits = `7${digits.slice(1)}`;
  return { kind: 'phone', value: digits };
}

/**
 * The account a login contact names, with its password hash: by e-mail, or by a confirmed
 * phone (an unconfirmed number proves nothing about who owns it). Deleted accounts sign in no more.
 */
export async function findAccountForLogin(
  db: Queryable,
  contact: string,
): Promise<{ account: Account; passwordHash: string | null } | null> {
  const c = contactOf(contact);
  if (!c) return null;
  const where = c.kind === 'email' ? 'lower(u.email) = $1' : 'u.phone = $1 AND u.phone_confirmed';
  const r = await db.query<AccountRow & { password_hash: string | null }>(
    `SELECT ${ACCOUNT_COLUMNS}, u.password_hash FROM users u WHERE ${where} AND u.deleted_at IS NULL`,
    [c.value],
  );
  const row = r.rows[0];
  return row ? { account: toAccount(row), passwordHash: row.password_hash } : null;
}

/** The account that has the address (in any case), or null. */
export async function emailOwner(db: Queryable, email: string): Promise<number | null> {
  const r = await db.query<{ id: number }>('SELECT id FROM users WHERE lower(email) = $1', [normalizeEmail(email)]);
  return r.rows[0]?.id ?? null;
}
