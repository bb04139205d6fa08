import { DEFAULT_TIME_ZONE, wallClock } from '@partera/contract';
import type { Clock } from '../clock.js';
import type { Queryable, Transaction } from '../db/index.js';
import type { ServerDeps } from '../deps.js';
import { iso, showPath } from '../services/catalogue/fragments.js';
import { accountVoterKey, countVote } from '../services/catalogue/rating-vote.js';
import type { Account } from './users.js';

/**
 * Reviews by buyers (site-browsing-account.md 2.15 Reviews tab, Review prompt popup, Review form;
 * 4 Review after posting, Review answers, Review prompt; 7 Reviews).
 *
 * The rules, all here:
 * - Only a buyer who saw the show reviews it: the account has an issued ticket of a paid order for
 *   a performance of that show, and that performance is over (its start plus the show's duration,
 *   three hours when the show gives none, is past).
 * - One review per account and show: a second one is refused (the unique index of migration 0012
 *   settles two posts racing); the first one, and the answer it may have, stay as they were.
 * - The text is trimmed and 10 to 2000 characters long; the rating (1–5 stars) is optional. A
 *   rating counts once in the show's rating, as the account's vote (the `ratings` table, voter
 *   key RATING_VOTER_KEY): when the account already voted with the stars, that vote stands.
 * - The ticket company answers a review (answerReview); an answer is new for the buyer until half
 *   of it has been on their screen (markAnswerViewed), and answering again makes it new again.
 * - The prompt asks about the latest show the buyer saw in the last 30 days and has not reviewed.
 *
 * Every function takes the account of the session (accountOfSession), never one a request names:
 * a buyer reads and changes only their own reviews.
 */

export type ReviewDeps = Pick<ServerDeps, 'db' | 'clock'>;

/** The length of a review's text, after trimming. */
export const REVIEW_TEXT = { min: 10, max: 2000 } as const;
/** The prompt asks only about performances that ended this many days ago or less. */
export const REVIEW_PROMPT_DAYS = 30;
/** How long a performance lasts when its show gives no duration. */
const DEFAULT_DURATION_MINUTES = 180;

export const REVIEW_MESSAGES = {
  added: 'Спасибо за отзыв!',
  unknownShow: 'Мероприятие не найдено.',
  notSeen: 'Отзыв можно оставить после мероприятия, на которое вы купили билет.',
  alreadyReviewed: 'Вы уже оставили отзыв об этом мероприятии. Его можно найти в разделе «Отзывы».',
  tooShort: `Отзыв слишком короткий: напишите хотя бы ${REVIEW_TEXT.min} символов.`,
  tooLong: `Отзыв слишком длинный: не больше ${REVIEW_TEXT.max} символов.`,
  viewed: 'Ответ прочитан',
  noSuchReview: 'Отзыв не найден среди ваших отзывов',
} as const;

/** SQL: the performance `p` (joined to its show `s`) is over at $now. */
const performanceOver = (now: string) =>
  `p.starts_at + coalesce(s.duration_minutes, ${DEFAULT_DURATION_MINUTES}) * interval '1 minute' <= ${now}`;

/** SQL: the performances the account $user holds an issued ticket of, from a paid order. */
const SEEN_PERFORMANCES = `
  FROM orders o
  JOIN tickets t ON t.order_id = o.id AND t.status = 'issued'
  JOIN performances p ON p.id = t.performance_id
  JOIN shows s ON s.id = p.show_id
  WHERE o.user_id = $1 AND o.status = 'paid'`;

/** A date as the buyer reads it: dd.mm.yyyy in Moscow time. */
export function reviewDate(at: Date | string): string {
  const t = wallClock(at, DEFAULT_TIME_ZONE);
  if (!t) return '';
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(t.day)}.${two(t.month)}.${t.year}`;
}

/** The name a review is signed with: the first name and the surname's initial ('Анна К.'). */
export function authorNameOf(account: Pick<Account, 'firstName' | 'surname'>): string {
  const initial = account.surname.trim().charAt(0);
  const name = [account.firstName.trim(), initial ? `${initial}.` : ''].filter(Boolean).join(' ');
  return name || 'Покупатель';
}

export type ReviewEligibility =
  | { ok: true; showId: number; showName: string }
  | { ok: false; reason: 'unknownShow' | 'notSeen' | 'alreadyReviewed'; showName: string | null };

/** Whether the account may review the show now (the rules above), with the show's name. */
export async function reviewEligibility(
  db: Queryable,
  userId: number,
  showId: number,
  now: Date,
): Promise<ReviewEligibility> {
  const r = await db.query<{ name: string; seen: boolean; reviewed: boolean }>(
    `SELECT s.name,
            EXISTS (SELECT 1 ${SEEN_PERFORMANCES} AND p.show_id = $2 AND ${performanceOver('$3')}) AS seen,
            EXISTS (SELECT 1 FROM reviews r WHERE r.user_id = $1 AND r.show_id = $2) AS reviewed
       FROM shows s WHERE s.id = $2`,
    [userId, showId, now],
  );
  const row = r.rows[0];
  if (!row) return { ok: false, reason: 'unknownShow', showName: null };
  if (row.reviewed) return { ok: false, reason: 'alreadyReviewed', showName: row.name };
  if (!row.seen) return { ok: false, reason: 'notSeen', showName: row.name };
  return { ok: true, showId, showName: row.name };
}

export interface ReviewInput {
  showId: number;
  text: string;
  /** 1–5 stars, or null without a rating. */
  rating: number | null;
}

export type AddReviewOutcome = { ok: true; reviewId: number; rating: number | null } | { ok: false; message: string };

/**
 * Publishes the account's review of a show it saw, and counts its rating once in the show's
 * rating. Refused with a message the buyer can act on when a rule is not met.
 */
export async function addReview(deps: ReviewDeps, account: Account, input: ReviewInput): Promise<AddReviewOutcome> {
  const text = input.text.trim();
  if (text.length < REVIEW_TEXT.min) return { ok: false, message: REVIEW_MESSAGES.tooShort };
  if (text.length > REVIEW_TEXT.max) return { ok: false, message: REVIEW_MESSAGES.tooLong };
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const allowed = await reviewEligibility(tx, account.id, input.showId, now);
    if (!allowed.ok) return { ok: false, message: REVIEW_MESSAGES[allowed.reason] };
    const inserted = await tx.query<{ id: number }>(
      `INSERT INTO reviews (show_id, user_id, author_name, text, rating, created_at)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (user_id, show_id) WHERE user_id IS NOT NULL DO NOTHING
       RETURNING id`,
      [input.showId, account.id, authorNameOf(account), text, input.rating, now],
    );
    const reviewId = inserted.rows[0]?.id;
    // A post racing this one won: it is the account's review.
    if (reviewId === undefined) return { ok: false, message: REVIEW_MESSAGES.alreadyReviewed };
    if (input.rating !== null) await countRating(tx, input.showId, account.id, input.rating, now);
    return { ok: true, reviewId, rating: input.rating };
  });
}

/**
 * The review's stars as the account's vote for the show (the rating's one rule, countVote), unless
 * it voted already with the stars of the show page or a review before.
 */
export async function countRating(
  tx: Transaction,
  showId: number,
  userId: number,
  score: number,
  now: Date,
): Promise<void> {
  await countVote(tx, { showId, voterKey: accountVoterKey(userId), score }, now);
}

/** One of the account's reviews, as the cabinet's 'Отзывы' tab shows it. */
export interface AccountReview {
  id: number;
  showName: string;
  showUrl: string;
  text: string;
  rating: number | null;
  /** ISO 8601. */
  createdAt: string;
  answer: { text: string; viewed: boolean; answeredAt: string | null } | null;
}

/** The most reviews the tab lists (a buyer writes a few a year). */
const ACCOUNT_REVIEWS_MAX = 200;

/** The account's reviews, newest first, with the answers to them. */
export async function listAccountReviews(db: Queryable, userId: number): Promise<AccountReview[]> {
  const r = await db.query<{
    id: number;
    show_name: string;
    slug: string;
    text: string;
    rating: number | null;
    created_at: Date;
    answer_text: string | null;
    answer_viewed: boolean;
    answered_at: Date | null;
  }>(
    `SELECT r.id, s.name AS show_name, s.slug, r.text, r.rating, r.created_at,
            r.answer_text, r.answer_viewed, r.answered_at
       FROM reviews r JOIN shows s ON s.id = r.show_id
      WHERE r.user_id = $1
      ORDER BY r.created_at DESC, r.id DESC
      LIMIT ${ACCOUNT_REVIEWS_MAX}`,
    [userId],
  );
  return r.rows.map((row) => ({
    id: row.id,
    showName: row.show_name,
    showUrl: showPath(row.slug),
    text: row.text,
    rating: row.rating,
    createdAt: iso(row.created_at),
    answer:
      row.answer_text === null
        ? null
        : {
            text: row.answer_text,
            viewed: row.answer_viewed,
            answeredAt: row.answered_at ? iso(row.answered_at) : null,
          },
  }));
}

/** How many answers to the account's reviews it has not seen yet. */
export function newAnswerCount(reviews: readonly AccountReview[]): number {
  return reviews.filter((r) => r.answer && !r.answer.viewed).length;
}

/**
 * Marks the answer to one of the account's reviews as viewed. False (and nothing changed) when
 * the review is not the account's or has no answer.
 */
export async function markAnswerViewed(db: Queryable, userId: number, reviewId: number): Promise<boolean> {
  const r = await db.query(
    `UPDATE reviews SET answer_viewed = true
      WHERE id = $1 AND user_id = $2 AND answer_text IS NOT NULL
      RETURNING id`,
    [reviewId, userId],
  );
  return r.rowCount > 0;
}

/**
 * The ticket company's answer to a review (the demo seed and tests; no admin screen yet). An
 * answer is new for the buyer until they see it, also when it replaces an earlier one. False
 * for an unknown review.
 */
export async function answerReview(
  deps: { db: Queryable; clock: Clock },
  reviewId: number,
  text: string,
): Promise<boolean> {
  const answer = text.trim();
  if (!answer) throw new Error('An answer to a review needs a text');
  const r = await deps.db.query(
    `UPDATE reviews SET answer_text = $2, answer_viewed = false, answered_at = $3 WHERE id = $1 RETURNING id`,
    [reviewId, answer, deps.clock.now()],
  );
  return r.rowCount > 0;
}

/** A show to prompt a review of: the latest the account saw in the last 30 days, not reviewed yet. */
export async function reviewPromptShow(
  db: Queryable,
  userId: number,
  now: Date,
): Promise<{ showId: number; showName: string } | null> {
  const since = new Date(now.getTime() - REVIEW_PROMPT_DAYS * 86_400_000);
  const r = await db.query<{ id: number; name: string }>(
    `SELECT s.id, s.name ${SEEN_PERFORMANCES}
        AND ${performanceOver('$2')} AND p.starts_at >= $3
        AND NOT EXISTS (SELECT 1 FROM reviews r WHERE r.user_id = $1 AND r.show_id = s.id)
      GROUP BY s.id, s.name
      ORDER BY max(p.starts_at) DESC, s.id DESC
      LIMIT 1`,
    [userId, now, since],
  );
  const row = r.rows[0];
  return row ? { showId: row.id, showName: row.name } : null;
}

/**
 * The performances (id → its show's id) the account saw and whose show it has not reviewed yet:
 * the orders tab links each to the review form.
 */
export async function reviewablePerformances(
  db: Queryable,
  userId: number,
  now: Date,
): Promise<Record<number, number>> {
  const r = await db.query<{ performance_id: number; show_id: number }>(
    `SELECT DISTINCT p.id AS performance_id, p.show_id ${SEEN_PERFORMANCES}
        AND ${performanceOver('$2')}
        AND NOT EXISTS (SELECT 1 FROM reviews r WHERE r.user_id = $1 AND r.show_id = p.show_id)`,
    [userId, now],
  );
  return Object.fromEntries(r.rows.map((row) => [row.performance_id, row.show_id]));
}
