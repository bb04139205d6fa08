import { createHash } from 'node:crypto';
import { newAverage, roundScore } from '@partera/contract';
import type { Database, Queryable } from '../../db/index.js';

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
export function voterKeyOf(who: { userId: number | null; sessionId: string }): string {
  if (who.userId !== null) return `user:${who.userId}`;
  return `session:${createHash('sha256').update(who.sessionId).digest('hex').slice(0, 40)}`;
}

export type RatingVoteOutcome =
  | { ok: true; score: number; val: number; votes: number }
  | { ok: false; message: string };

/**
 * Counts one vote: the score is clamped to the stars and rounded to a whole star; a voter who
 * voted for the show before is refused. The show keeps the exact running average
 * ((old average × votes + score) / (votes + 1)), so many votes do not drift; the answer carries
 * it rounded, as the widget shows it. The vote row and the show's numbers change in one
 * transaction, the show's row locked, so simultaneous votes all count.
 */
export async function voteForShow(
  db: Database,
  vote: { showId: number; voterKey: string; score: number },
  now: Date,
): Promise<RatingVoteOutcome> {
  const score = roundScore(vote.score, { min: 1 });
  return db.transaction(async (tx) => {
    const show = await tx.query<{ rating: number; votes: number }>(
      'SELECT rating, votes FROM shows WHERE id = $1 FOR UPDATE',
      [vote.showId],
    );
    const current = show.rows[0];
    if (!current) return { ok: false, message: RATING_MESSAGES.unknownShow };
    const counted = await tx.query(
      `INSERT INTO ratings (show_id, voter_key, score, created_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (show_id, voter_key) DO NOTHING RETURNING show_id`,
      [vote.showId, vote.voterKey, score, now],
    );
    if (counted.rowCount === 0) return { ok: false, message: RATING_MESSAGES.alreadyVoted };
    const average = Number(current.rating);
    const votes = current.votes;
    const exact = (average * votes + score) / (votes + 1);
    await tx.query('UPDATE shows SET rating = $2, votes = votes + 1 WHERE id = $1', [vote.showId, exact]);
    return { ok: true, score, val: newAverage(average, votes, score), votes: votes + 1 };
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
