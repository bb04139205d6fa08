import { surveyComplete } from '@partera/contract';
import { Rollback } from '../db/index.js';
import { bonusMessages, changeBonus } from './bonus.js';
import type { AccountDeps } from './sign-in.js';

/**
 * Surveys that earn bonus points (site-browsing-account.md 2.15 Survey block, 3 Survey response,
 * 5 Survey, 7 processSurvey). A survey is a list of questions, each a group of checkboxes (any
 * number of choices) or of radio buttons (one choice); a submission needs a choice in every group.
 * Each account answers a survey once, and the survey's reward is credited through the ledger with
 * the answer, in one transaction.
 *
 * Form fields: `survey` (the survey's id), `answers[{question}][]` for a checkbox group (repeated)
 * and `answers[{question}]` for a radio group; a choice is the option's index.
 */

export interface SurveyQuestion {
  id: number;
  text: string;
  kind: 'checkbox' | 'radio';
  options: string[];
}

export interface Survey {
  id: number;
  title: string;
  rewardPoints: number;
  questions: SurveyQuestion[];
}

export type SurveyOutcome = { ok: true; points: number } | { ok: false; message: string };

async function questionsOf(db: AccountDeps['db'], surveyId: number): Promise<SurveyQuestion[]> {
  const r = await db.query<SurveyQuestion>(
    'SELECT id, text, kind, options FROM survey_questions WHERE survey_id = $1 ORDER BY position, id',
    [surveyId],
  );
  return r.rows;
}

/** The survey the buyer may answer now: the latest active one not answered yet (null when none). */
export async function openSurveyFor(db: AccountDeps['db'], userId: number): Promise<Survey | null> {
  const r = await db.query<{ id: number; title: string; reward_points: number }>(
    `SELECT s.id, s.title, s.reward_points FROM surveys s
      WHERE s.active AND NOT EXISTS (SELECT 1 FROM survey_responses a WHERE a.survey_id = s.id AND a.user_id = $1)
      ORDER BY s.created_at DESC, s.id DESC LIMIT 1`,
    [userId],
  );
  const row = r.rows[0];
  if (!row) return null;
  return { id: row.id, title: row.title, rewardPoints: row.reward_points, questions: await questionsOf(db, row.id) };
}

/** The choices the form sent for a question: option indexes within range, without repeats. */
export function choicesOf(fields: Record<string, unknown>, question: SurveyQuestion): number[] {
  const raw = fields[`answers[${question.id}][]`] ?? fields[`answers[${question.id}]`];
  const values = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
  const picked = values
    .map((v) => (typeof v === 'string' || typeof v === 'number' ? Number(v) : Number.NaN))
    .filter((n) => Number.isInteger(n) && n >= 0 && n < question.options.length);
  const unique = [...new Set(picked)];
  // A radio group holds one choice: more than one is no answer.
  return question.kind === 'radio' && unique.length > 1 ? [] : unique;
}

export async function submitSurvey(
  deps: AccountDeps,
  userId: number,
  surveyId: number,
  fields: Record<string, unknown>,
): Promise<SurveyOutcome> {
  const survey = await deps.db.query<{ title: string; reward_points: number }>(
    'SELECT title, reward_points FROM surveys WHERE id = $1 AND active',
    [surveyId],
  );
  const row = survey.rows[0];
  if (!row) return { ok: false, message: bonusMessages.surveyNotFound };
  const questions = await questionsOf(deps.db, surveyId);
  const answers = questions.map((q) => ({ question: q.id, choices: choicesOf(fields, q) }));
  if (!surveyComplete(answers.map((a) => (a.choices.length > 0 ? [true] : [false])))) {
    return { ok: false, message: bonusMessages.surveyIncomplete };
  }
  const now = deps.clock.now();
  try {
    return await deps.db.transaction(async (tx) => {
      const saved = await tx.query(
        `INSERT INTO survey_responses (survey_id, user_id, answers, points, answered_at) VALUES ($1, $2, $3, $4, $5)
          ON CONFLICT DO NOTHING RETURNING 1`,
        [surveyId, userId, JSON.stringify(answers), row.reward_points, now],
      );
      if (saved.rowCount === 0) throw new Rollback(bonusMessages.surveyAlreadyAnswered);
      if (row.reward_points > 0) await changeBonus(tx, userId, row.reward_points, `Опрос «${row.title}»`, now);
      return { ok: true as const, points: row.reward_points };
    });
  } catch (err) {
    if (err instanceof Rollback) return { ok: false, message: err.value as string };
    throw err;
  }
}
