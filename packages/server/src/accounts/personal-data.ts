import { messages } from '@partera/contract';
import type { Queryable } from '../db/index.js';
import type { OutboxMessageInput } from '../notifications/outbox.js';
import { iso, showPath } from '../services/catalogue/fragments.js';
import { type CodeChannel, type CodeDeps, checkCode, codeMessage, PIN_RULES, sendCode } from './codes.js';
import { ACCOUNT_ORDERS_MAX_LIMIT, type AccountOrder, listAccountOrders } from './orders.js';
import { passwordMatches } from './passwords.js';
import type { WrongPasswordCounter } from './profile.js';
import type { AccountDeps } from './sign-in.js';
import { type AccountRow, normalizeEmail } from './users.js';

/**
 * The buyer's rights over their personal data (152-ФЗ, art. 14 and 21): a copy of everything we
 * keep about them, and the deletion of the account. Both take the account of the session
 * (accountOfSession): no call names an account.
 *
 * Deletion keeps what other laws require: orders with their items, tickets and payments stay
 * (54-ФЗ: the receipts and the sale they prove), anonymised (no name, e-mail or phone); the
 * buyer's tickets stay valid for whoever holds the order's link. The consents stay too (they
 * prove that consent was given), tied to the deleted account, which has no personal field left.
 */

/** What the export's `format` says: the shape of the file, for whoever reads it later. */
export const PERSONAL_DATA_EXPORT_FORMAT = 'partera-personal-data/1';

/** The name the deleted account and its orders carry from then on (names are kept empty). */
export const DELETED_ACCOUNT_NAME = 'Удалённый пользователь';

/** The e-mail an anonymised order keeps (the column is required; `.invalid` reaches nobody). */
export const anonymisedOrderEmail = (orderId: number) => `deleted-${orderId}@invalid`;

const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));

/** An order of the export: the cabinet's view without the links (they carry the order's token). */
function exportedOrder(o: AccountOrder, buyer: OrderBuyerRow | undefined, payments: PaymentRow[]) {
  return {
    id: o.id,
    number: o.number,
    status: o.status,
    statusText: o.statusText,
    createdAt: o.createdAt,
    paidAt: o.paidAt,
    /** Kopecks. */
    total: o.total,
    /** Kopecks. */
    discount: buyer?.discount ?? 0,
    paymentMethod: o.paymentMethod,
    deliveryMethod: o.deliveryMethod,
    buyer: buyer
      ? {
          surname: buyer.surname,
          firstName: buyer.first_name,
          patronymic: buyer.patronymic ?? '',
          email: buyer.email,
          phone: buyer.phone ?? '',
        }
      : null,
    delivery: buyer?.delivery ?? null,
    performances: o.performances.map((p) => ({
      showName: p.showName,
      startsAt: p.startsAt,
      timeZone: p.timeZone,
      buildingName: p.buildingName,
      buildingAddress: p.buildingAddress,
      hallName: p.hallName,
      items: p.items.map((i) => ({
        kind: i.kind,
        sectionName: i.sectionName,
        row: i.row,
        place: i.place,
        ticketCount: i.ticketCount,
        price: i.price,
        tariffName: i.tariffName,
        giftsCount: i.giftsCount,
        giftPrice: i.giftPrice,
        tickets: i.tickets.map((t) => ({ code: t.code, status: t.status })),
      })),
    })),
    payments: payments.map((p) => ({
      provider: p.provider,
      status: p.status,
      amount: p.amount,
      createdAt: iso(p.created_at),
      updatedAt: iso(p.updated_at),
    })),
  };
}

interface OrderBuyerRow {
  id: number;
  email: string;
  first_name: string;
  surname: string;
  patronymic: string | null;
  phone: string | null;
  discount: number;
  delivery: unknown;
}

interface PaymentRow {
  order_id: number;
  provider: string;
  status: string;
  amount: number;
  created_at: Date | string;
  updated_at: Date | string;
}

/** Every order of the account, all pages of the cabinet's list. */
async function allOrdersOf(db: Queryable, userId: number): Promise<AccountOrder[]> {
  const orders: AccountOrder[] = [];
  let before: number | null = null;
  for (;;) {
    const page = await listAccountOrders(db, userId, { limit: ACCOUNT_ORDERS_MAX_LIMIT, before });
    orders.push(...page.orders);
    if (page.nextBefore === null) return orders;
    before = page.nextBefore;
  }
}

export type PersonalDataExport = Awaited<ReturnType<typeof exportAccountData>>;

/**
 * Everything we keep about the account's buyer, as one JSON-ready object: the account, the
 * consents, the orders with their items, tickets and payments, bookmarks, reviews, bonuses, linked
 * outside accounts and the sessions (times only). Never a secret: no password hash, no session id, no order token, no code
 * or its hash. Null when the account does not exist or was deleted.
 */
export async function exportAccountData(db: Queryable, userId: number, now: Date = new Date()) {
  const u = await db.query<AccountRow & { created_at: Date | string; password_changed_at: Date | string | null }>(
    `SELECT id, email, email_confirmed, phone, phone_country, phone_confirmed, surname, first_name, patronymic,
            to_char(birth_date, 'YYYY-MM-DD') AS birth_date, user_type, created_at, password_changed_at
       FROM users WHERE id = $1 AND deleted_at IS NULL`,
    [userId],
  );
  const user = u.rows[0];
  if (!user) return null;

  const consents = await db.query<{
    kind: string;
    text_version: string;
    given_at: Date | string;
    client: string;
    order_id: number | null;
  }>('SELECT kind, text_version, given_at, client, order_id FROM consents WHERE user_id = $1 ORDER BY given_at, id', [
    userId,
  ]);
  const orders = await allOrdersOf(db, userId);
  const orderIds = orders.map((o) => o.id);
  const buyers = await db.query<OrderBuyerRow>(
    `SELECT id, email, first_name, surname, patronymic, phone, discount, delivery FROM orders WHERE id = ANY($1::int[])`,
    [orderIds],
  );
  const payments = await db.query<PaymentRow>(
    `SELECT order_id, provider, status, amount, created_at, updated_at FROM payments
      WHERE order_id = ANY($1::int[]) ORDER BY created_at`,
    [orderIds],
  );
  const bookmarks = await db.query<{ name: string; slug: string; to_notify: boolean; created_at: Date | string }>(
    `SELECT s.name, s.slug, b.to_notify, b.created_at FROM bookmarks b JOIN shows s ON s.id = b.show_id
      WHERE b.user_id = $1 ORDER BY b.created_at`,
    [userId],
  );
  const reviews = await db.query<{
    name: string;
    author_name: string;
    text: string;
    rating: number | null;
    answer_text: string | null;
    created_at: Date | string;
  }>(
    `SELECT s.name, r.author_name, r.text, r.rating, r.answer_text, r.created_at FROM reviews r
       JOIN shows s ON s.id = r.show_id WHERE r.user_id = $1 ORDER BY r.created_at`,
    [userId],
  );
  const bonus = await db.query<{ amount: number; reason: string; created_at: Date | string }>(
    'SELECT amount, reason, created_at FROM bonus_transactions WHERE user_id = $1 ORDER BY created_at, id',
    [userId],
  );
  const balance = await db.query<{ balance: number }>('SELECT balance FROM bonus_accounts WHERE user_id = $1', [
    userId,
  ]);
  const gifts = await db.query<{ name: string; points: number; created_at: Date | string }>(
    `SELECT g.name, r.points, r.created_at FROM gift_reservations r JOIN bonus_gifts g ON g.id = r.gift_id
      WHERE r.user_id = $1 ORDER BY r.created_at, r.id`,
    [userId],
  );
  const promoCodes = await db.query<{ code: string; points: number; used_at: Date | string }>(
    `SELECT c.code, u.points, u.used_at FROM promo_code_uses u JOIN promo_codes c ON c.id = u.promo_code_id
      WHERE u.user_id = $1 ORDER BY u.used_at`,
    [userId],
  );
  const card = await db.query<{ number: string; activated_at: Date | string | null }>(
    'SELECT number, activated_at FROM loyalty_cards WHERE user_id = $1',
    [userId],
  );
  const surveys = await db.query<{ title: string; answers: unknown; points: number; answered_at: Date | string }>(
    `SELECT s.title, r.answers, r.points, r.answered_at FROM survey_responses r JOIN surveys s ON s.id = r.survey_id
      WHERE r.user_id = $1 ORDER BY r.answered_at`,
    [userId],
  );
  const sessions = await db.query<{
    created_at: Date | string;
    last_seen_at: Date | string;
    signed_in_at: Date | string | null;
  }>('SELECT created_at, last_seen_at, signed_in_at FROM sessions WHERE user_id = $1 ORDER BY created_at', [userId]);
  const outside = await db.query<{ provider: string; subject: string; created_at: Date | string }>(
    'SELECT provider, subject, created_at FROM outside_accounts WHERE user_id = $1 ORDER BY created_at',
    [userId],
  );

  const buyerOf = new Map(buyers.rows.map((r) => [r.id, r]));
  return {
    format: PERSONAL_DATA_EXPORT_FORMAT,
    exportedAt: iso(now),
    account: {
      id: user.id,
      surname: user.surname,
      firstName: user.first_name,
      patronymic: user.patronymic,
      /** yyyy-mm-dd, or null. */
      birthDate: typeof user.birth_date === 'string' ? user.birth_date : null,
      email: user.email === null ? null : { value: user.email, confirmed: user.email_confirmed },
      phone:
        user.phone === null
          ? null
          : { value: user.phone, country: user.phone_country, confirmed: user.phone_confirmed },
      userType: user.user_type,
      createdAt: iso(user.created_at),
      passwordChangedAt: isoOrNull(user.password_changed_at),
    },
    consents: consents.rows.map((c) => ({
      kind: c.kind,
      textVersion: c.text_version,
      givenAt: iso(c.given_at),
      client: c.client,
      orderId: c.order_id,
    })),
    orders: orders.map((o) =>
      exportedOrder(
        o,
        buyerOf.get(o.id),
        payments.rows.filter((p) => p.order_id === o.id),
      ),
    ),
    bookmarks: bookmarks.rows.map((b) => ({
      showName: b.name,
      showUrl: showPath(b.slug),
      notify: b.to_notify,
      createdAt: iso(b.created_at),
    })),
    reviews: reviews.rows.map((r) => ({
      showName: r.name,
      authorName: r.author_name,
      text: r.text,
      rating: r.rating,
      answer: r.answer_text,
      createdAt: iso(r.created_at),
    })),
    bonuses: {
      balance: balance.rows[0]?.balance ?? 0,
      transactions: bonus.rows.map((t) => ({ amount: t.amount, reason: t.reason, createdAt: iso(t.created_at) })),
      giftReservations: gifts.rows.map((g) => ({ gift: g.name, points: g.points, reservedAt: iso(g.created_at) })),
      promoCodes: promoCodes.rows.map((c) => ({ code: c.code, points: c.points, usedAt: iso(c.used_at) })),
      loyaltyCard: card.rows[0]
        ? { number: card.rows[0].number, activatedAt: isoOrNull(card.rows[0].activated_at) }
        : null,
    },
    surveys: surveys.rows.map((r) => ({
      survey: r.title,
      answers: r.answers,
      points: r.points,
      answeredAt: iso(r.answered_at),
    })),
    /** Outside accounts (VK ID, Yandex ID) linked to sign in with: the provider's id of the person. */
    linkedAccounts: outside.rows.map((o) => ({
      provider: o.provider,
      subject: o.subject,
      linkedAt: iso(o.created_at),
    })),
    /** Signed-in browsers: times only (a session id would let its reader act as the buyer). */
    sessions: sessions.rows.map((s) => ({
      createdAt: iso(s.created_at),
      lastSeenAt: iso(s.last_seen_at),
      signedInAt: isoOrNull(s.signed_in_at),
    })),
  };
}

/** The consent to personal data the account gave (the latest), as the cabinet shows it. */
export interface PersonalDataConsent {
  /** ISO 8601. */
  givenAt: string;
  textVersion: string;
}

export async function personalDataConsentOf(db: Queryable, userId: number): Promise<PersonalDataConsent | null> {
  const r = await db.query<{ given_at: Date | string; text_version: string }>(
    `SELECT given_at, text_version FROM consents WHERE user_id = $1 AND kind = 'personal_data'
      ORDER BY given_at DESC, id DESC LIMIT 1`,
    [userId],
  );
  const row = r.rows[0];
  return row ? { givenAt: iso(row.given_at), textVersion: row.text_version } : null;
}

/** The file name of an export: partera-data-2026-11-24.json (the day in UTC). */
export function exportFileName(now: Date): string {
  return `partera-data-${now.toISOString().slice(0, 10)}.json`;
}

export type AccountDeletionOutcome = { ok: true; releasedPerformances: number[] } | { ok: false; message: string };

/** What confirms a deletion: the current password, or, for an account without one, the code sent for it. */
export interface DeletionProof {
  password?: string;
  code?: string;
}

interface DeletingUser {
  password_hash: string | null;
  email: string | null;
  email_confirmed: boolean;
  phone: string | null;
  phone_confirmed: boolean;
}

/** Where an account without a password gets its deletion code: its confirmed e-mail, else its confirmed phone. */
function deletionTarget(user: DeletingUser): { channel: CodeChannel; target: string } | null {
  if (user.email && user.email_confirmed) return { channel: 'email', target: normalizeEmail(user.email) };
  if (user.phone && user.phone_confirmed) return { channel: 'phone', target: user.phone };
  return null;
}

async function deletingUser(db: Queryable, userId: number): Promise<DeletingUser | null> {
  const r = await db.query<DeletingUser>(
    `SELECT password_hash, email, email_confirmed, phone, phone_confirmed FROM users
      WHERE id = $1 AND deleted_at IS NULL`,
    [userId],
  );
  return r.rows[0] ?? null;
}

function deletionCodeMessage(channel: CodeChannel, target: string, code: string): OutboxMessageInput {
  if (channel === 'phone') {
    return {
      channel: 'sms',
      recipient: target,
      text: `Partera: код для удаления аккаунта ${code}. Никому его не сообщайте.`,
    };
  }
  const minutes = PIN_RULES.lifetimeMs / 60_000;
  return {
    channel: 'email',
    recipient: target,
    subject: `Удаление аккаунта: код ${code}`,
    text:
      'Здравствуйте!\n\n' +
      'В личном кабинете Partera запрошено удаление вашего аккаунта.\n\n' +
      `Код для удаления: ${code}\n\n` +
      `Код действует ${minutes} минут. Никому его не сообщайте.\n\n` +
      'Если это были не вы, не вводите код и смените пароль от почты: аккаунт останется как был.\n\nPartera',
  };
}

export type DeletionCodeOutcome = { ok: true; message: string } | { ok: false; message: string };

/**
 * Sends the code that confirms the deletion of an account without a password (signed up with VK
 * ID or Yandex ID) to its confirmed e-mail, or its confirmed phone when it has no e-mail; the
 * code rules are codes.ts's (purpose 'delete', this session only). An account with a password
 * confirms with the password and gets no code.
 */
export async function sendDeletionCode(
  deps: CodeDeps,
  who: { userId: number; sessionId: string },
): Promise<DeletionCodeOutcome> {
  const user = await deletingUser(deps.db, who.userId);
  if (!user) return { ok: false, message: messages.accountDeleteError };
  if (user.password_hash !== null) return { ok: false, message: messages.deletionByPassword };
  const to = deletionTarget(user);
  if (!to) return { ok: false, message: messages.deletionNoContact };
  const sent = await sendCode(
    deps,
    { sessionId: who.sessionId, userId: who.userId, purpose: 'delete', ...to },
    (code) => deletionCodeMessage(to.channel, to.target, code),
  );
  if (!sent.ok && sent.reason === 'limit') return { ok: false, message: codeMessage(sent, to.channel) };
  // A code still valid (the pause) is as good as a new one: the form goes on to the code.
  return { ok: true, message: messages.deletionCodeSent };
}

/** Whether the proof confirms the deletion; wrong passwords and codes are counted together. */
async function proofRefusal(
  deps: CodeDeps,
  who: { userId: number; sessionId: string },
  user: DeletingUser,
  proof: DeletionProof,
  wrong: WrongPasswordCounter,
): Promise<string | null> {
  if (user.password_hash !== null) {
    const password = proof.password ?? '';
    if (password === '') return messages.passwordOldEmpty;
    if (await wrong.refused()) return messages.passwordTooManyAttempts;
    if (await passwordMatches(password, user.password_hash)) return null;
    await wrong.failed();
    return messages.passwordOldWrong;
  }
  const code = proof.code?.trim() ?? '';
  if (code === '') return messages.deletionCodeEmpty;
  if (await wrong.refused()) return messages.passwordTooManyAttempts;
  const to = deletionTarget(user);
  if (!to) return messages.deletionNoContact;
  const checked = await checkCode(deps, { sessionId: who.sessionId, purpose: 'delete', ...to }, code);
  if (checked.ok) return null;
  if (checked.reason === 'wrong') await wrong.failed();
  return codeMessage(checked, to.channel);
}

/**
 * Deletes the session's account once its current password confirms it (an account without a
 * password, signed up with VK ID or Yandex ID, confirms with the code of sendDeletionCode). Wrong
 * passwords and codes are counted with wrong sign-ins, and refused outright once there are too
 * many. In one transaction:
 * - the baskets of every session of the account are emptied (the places go back on sale) and
 *   every session is deleted (every browser signed in to it is a guest from then on);
 * - its unpaid orders are cancelled: nobody could receive their tickets any more (a payment still
 *   under way for one is refunded when it arrives, as for any closed order);
 * - its confirmation codes, stored ticket PDFs (they print the buyer's name), bookmarks, on-sale
 *   requests, joined promotions, the loyalty sign-ups of its phone, linked outside accounts and
 *   sign-ins under way are deleted, and so are the messages
 *   to its contacts still in the outbox, but for tickets on their way;
 * - its orders are kept (54-ФЗ) without the buyer's name, e-mail and phone or delivery address;
 *   amounts, items, tickets and payments stay, and the tickets stay valid;
 * - its reviews keep their text under DELETED_ACCOUNT_NAME;
 * - the account keeps only its id, times and consents: no e-mail (it can register again), phone,
 *   names, birth date or password hash, and deleted_at is set (it signs in no more).
 * The update applies only if the password hash is still the one verified. The caller gives the
 * browser a fresh guest session.
 */
export async function deleteAccount(
  deps: AccountDeps & CodeDeps,
  who: { userId: number; sessionId: string },
  proof: DeletionProof,
  wrong: WrongPasswordCounter,
): Promise<AccountDeletionOutcome> {
  const user = await deletingUser(deps.db, who.userId);
  if (!user) return { ok: false, message: messages.passwordOldWrong };
  const refusal = await proofRefusal(deps, who, user, proof, wrong);
  if (refusal) return { ok: false, message: refusal };
  const stored = user.password_hash;
  const now = deps.clock.now();
  const contacts = [user.email, user.phone].filter((c): c is string => Boolean(c));
  const released = await deps.db.transaction(async (tx) => {
    // First the account's row: of two deletions (or a deletion and a password change) one wins.
    const u = await tx.query<{ id: number }>(
      `UPDATE users SET email = NULL, email_confirmed = false, phone = NULL, phone_confirmed = false,
              surname = '', first_name = '', patronymic = '', birth_date = NULL, password_hash = NULL,
              deleted_at = $2
        WHERE id = $1 AND password_hash IS NOT DISTINCT FROM $3 AND deleted_at IS NULL RETURNING id`,
      [who.userId, now, stored],
    );
    if (u.rows.length === 0) return null;
    const sessions = await tx.query<{ id: string }>('SELECT id FROM sessions WHERE user_id = $1', [who.userId]);
    const sessionIds = [...new Set([who.sessionId, ...sessions.rows.map((s) => s.id)])].sort();
    const performances = new Set<number>();
    for (const id of sessionIds) {
      const cleared = await tx.query<{ answer: { performances: number[] | null } }>(
        'SELECT basket_clear($1, $2) AS answer',
        [id, now],
      );
      for (const p of cleared.rows[0]?.answer.performances ?? []) performances.add(p);
    }
    await tx.query('DELETE FROM sessions WHERE user_id = $1 OR id = ANY($2::text[])', [who.userId, sessionIds]);
    await tx.query(
      `DELETE FROM confirmation_codes WHERE user_id = $1 OR session_id = ANY($2::text[])
          OR lower(target) = ANY($3::text[])`,
      [who.userId, sessionIds, contacts.map((c) => c.toLowerCase())],
    );
    // At the app's clock: the codes' release trigger (migration 0027) gives a gift card's amount
    // back at cancelled_at.
    await tx.query(`UPDATE orders SET status = 'cancelled', cancelled_at = $2 WHERE user_id = $1 AND status = 'new'`, [
      who.userId,
      now,
    ]);
    const orders = await tx.query<{ id: number }>('SELECT id FROM orders WHERE user_id = $1', [who.userId]);
    const orderIds = orders.rows.map((o) => o.id);
    await tx.query(
      `UPDATE orders SET email = 'deleted-' || id || '@invalid', first_name = '', surname = '', patronymic = NULL,
              phone = NULL, delivery = NULL
        WHERE id = ANY($1::int[])`,
      [orderIds],
    );
    await tx.query('DELETE FROM ticket_pdfs WHERE order_id = ANY($1::int[])', [orderIds]);
    // Tickets still on their way are delivered; every other message to the buyer goes.
    await tx.query(
      `DELETE FROM outbox WHERE (lower(recipient) = ANY($1::text[]) OR order_id = ANY($2::int[]))
          AND NOT (status = 'pending' AND order_id IS NOT NULL)`,
      [contacts.map((c) => c.toLowerCase()), orderIds],
    );
    await tx.query('DELETE FROM bookmarks WHERE user_id = $1', [who.userId]);
    await tx.query('DELETE FROM buyer_promotions WHERE user_id = $1', [who.userId]);
    // The loyalty programme's phone sign-ups of the account's number (kept as its digits).
    if (user.phone) await tx.query('DELETE FROM loyalty_signups WHERE phone = $1', [user.phone]);
    // The outside accounts sign nobody in to it any more (and may sign up anew).
    await tx.query('DELETE FROM outside_accounts WHERE user_id = $1', [who.userId]);
    await tx.query('DELETE FROM oauth_logins WHERE session_id = ANY($1::text[])', [sessionIds]);
    if (user.email) await tx.query('DELETE FROM on_sale_requests WHERE lower(email) = $1', [user.email.toLowerCase()]);
    await tx.query('UPDATE reviews SET author_name = $2 WHERE user_id = $1', [who.userId, DELETED_ACCOUNT_NAME]);
    return [...performances];
  });
  // Changed meanwhile by another session: the password verified is no longer the current one.
  if (released === null) return { ok: false, message: messages.passwordOldWrong };
  return { ok: true, releasedPerformances: released };
}
