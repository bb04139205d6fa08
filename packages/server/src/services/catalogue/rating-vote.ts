import { createHash } from 'node:crypto';
import { newAverage, roundScore } from '@partera/contract';
import type { Database, Queryable, Transaction } from '../../db/index.js';

/**
 * The show's star rating (site-browsing-account.md 2.9, 3 Rating vote, 4 Rating widget, 5 Rating
 * vote): one vote per voter per show, the score rounded to a whole star, the average moved by
 * the spec's formula. The arithmetic is the contract's (rules/rating.ts), the same the widget runs.
 */

export const RATING_MESSAGES = {
  alreadyVoted: 'Вы уже оценили это шоу',
  unknownShow: 'Шоу не найдено',
} as const;

/**
 * Who votes: the account when signed in, else the browser's session. The session id is a
 * secret (it signs the buyer in), so only a hash of it is kept.
 */
export const accountVoterKey = (userId: number) => `user:${userId}`;

export function voterKeyOf(who: { userId: number | null; sessionId: string }): string {
  if (who.userId !== null) return accountVoterKey(who.userId);
  return `session:${createHash('sha256').update(who.sessionId).digest('hex').slice(0, 40)}`;
}

export type RatingVoteOutcome =
  | { ok: true; score: number; val: number; votes: number }
  | { ok: false; message: string };

/**
 * Counts one vote inside the caller's transaction (THE rule of a show's rating; the rating call
 * and a review's stars both come here): the score is clamped to the stars and rounded to a whole
 * star; a voter who voted for the show before is not counted again. The show keeps the exact
 * running average ((old average × votes + score) / (votes + 1)), so many votes do not drift; its
 * row is locked, so simultaneous votes all count. Null for an unknown show.
 */
export async function countVote(
  tx: Transaction,
  vote: { showId: number; voterKey: string; score: number },
  now: Date,
): Promise<{ counted: boolean; score: number; average: number; votes: number } | null> {
  const score = roundScore(vote.score, { min: 1 });
  const show = await tx.query<{ rating: number; votes: number }>(
    'SELECT rating, votes FROM shows WHERE id = $1 FOR UPDATE',
    [vote.showId],
  );
  const current = show.rows[0];
  if (!current) return null;
  const average = Number(current.rating);
  const votes = current.votes;
  const counted = await tx.query(
    `INSERT INTO ratings (show_id, voter_key, score, created_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (show_id, voter_key) DO NOTHING RETURNING show_id`,
    [vote.showId, vote.voterKey, score, now],
  );
  if (counted.rows.length === 0) return { counted: false, score, average, votes };
  const exact = (average * votes + score) / (votes + 1);
  await tx.query('UPDATE shows SET rating = $2, votes = votes + 1 WHERE id = $1', [vote.showId, exact]);
  return { counted: true, score, average: newAverage(average, votes, score), votes: votes + 1 };
}

/** The rating call: one vote, its answer rounded as the widget shows it. */
export async function voteForShow(
  db: Database,
  vote: { showId: number; voterKey: string; score: number },
  now: Date,
): Promise<RatingVoteOutcome> {
  return db.transaction(async (tx) => {
    const result = await countVote(tx, vote, now);
    if (!result) return { ok: false, message: RATING_MESSAGES.unknownShow };
    if (!result.counted) return { ok: false, message: RATING_MESSAGES.alreadyVoted };
    return { ok: true, score: result.score, val: result.average, votes: result.votes };
  });
}

/** The score this voter gave the show, or null when they have not voted. */
export async function scoreOfVoter(db: Queryable, showId: number, voterKey: string): Promise<number | null> {
  const r = await db.query<{ score: number }>('SELECT score FROM ratings WHERE show_id = $1 AND voter_key = $2', [
    showId,
    voterKey,
  ]);
  return r.rows[0]?.score ?? null;
}
