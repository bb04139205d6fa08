import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { messages } from '@partera/contract';
import type { Queryable } from '../db/index.js';
import type { ServerDeps } from '../deps.js';
import { enqueue, type OutboxMessageInput } from '../notifications/outbox.js';

/**
 * Confirmation codes (PINs) for a phone or an e-mail: THE rules of sending and checking them.
 *
 * - A code is 4 digits, lives 10 minutes and works once.
 * - It is checked only from the session it was sent to, for the same address and purpose.
 * - 5 wrong tries end a code (a new one must be sent); the count is in the code's row, so every
 *   server process sees the same count.
 * - A new code for the same address and purpose waits 60 s after the last one (the answer says
 *   how long), and an address gets at most 5 codes an hour, whoever asks: each costs an SMS or
 *   an e-mail and opens another guess.
 * - Only a keyed hash of the code is stored (HMAC with the server secret).
 * - SMS codes, whoever they go to, are capped per hour across the site (config smsBudget), with
 *   a smaller cap for numbers outside Russia: SMS pumping (bots asking codes for numbers whose
 *   operator pays the attacker a share) spreads over many numbers and addresses, so only a cap on
 *   the total bounds what it can cost. Over the cap no SMS leaves until the hour's count drops.
 */
export const PIN_RULES = {
  digits: 4,
  lifetimeMs: 10 * 60_000,
  maxAttempts: 5,
  resendAfterMs: 60_000,
  perTargetPerHour: 5,
} as const;

export type CodeChannel = 'phone' | 'email';
export type CodePurpose = 'confirm' | 'change' | 'registration' | 'restore' | 'purchase' | 'delete';

export interface CodeRequest {
  sessionId: string;
  userId: number | null;
  channel: CodeChannel;
  /** The phone's digits or the e-mail in lower case. */
  target: string;
  purpose: CodePurpose;
}

export type CodeDeps = Pick<ServerDeps, 'db' | 'clock'> & {
  config: Pick<ServerDeps['config'], 'csrfSecret'> & Partial<Pick<ServerDeps['config'], 'smsBudget'>>;
};

export type SendOutcome =
  | { ok: true }
  | { ok: false; reason: 'cooldown'; retryAfterSeconds: number }
  | { ok: false; reason: 'limit' }
  | { ok: false; reason: 'budget' };

export type CheckOutcome =
  | { ok: true; userId: number | null; sentAt: Date }
  | { ok: false; reason: 'none' | 'expired' | 'exhausted' }
  | { ok: false; reason: 'wrong'; attemptsLeft: number };

function codeHash(secret: string, r: Pick<CodeRequest, 'channel' | 'target' | 'purpose'>, code: string): string {
  return createHmac('sha256', secret).update(`pin:${r.channel}:${r.target}:${r.purpose}:${code}`).digest('base64url');
}

/**
 * Sends a new code: stored and put in the outbox in one transaction (the message leaves exactly
 * when the code exists). `message` writes the SMS or e-mail around the code.
 */
export async function sendCode(
  deps: CodeDeps,
  request: CodeRequest,
  message: (code: string) => OutboxMessageInput,
): Promise<SendOutcome> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    // One sender at a time per address: two requests cannot both pass the hourly count.
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`pin:${request.channel}:${request.target}`]);
    const recent = await tx.query<{ created_at: Date; same: boolean }>(
      `SELECT created_at, (session_id = $3 AND purpose = $4) AS same FROM confirmation_codes
        WHERE channel = $1 AND target = $2 AND created_at > $5
        ORDER BY created_at DESC`,
      [request.channel, request.target, request.sessionId, request.purpose, new Date(now.getTime() - 3_600_000)],
    );
    const last = recent.rows.find((r) => r.same);
    if (last) {
      const wait = new Date(last.created_at).getTime() + PIN_RULES.resendAfterMs - now.getTime();
      if (wait > 0) return { ok: false, reason: 'cooldown', retryAfterSeconds: Math.ceil(wait / 1000) };
    }
    if (recent.rows.length >= PIN_RULES.perTargetPerHour) return { ok: false, reason: 'limit' };
    if (
      request.channel === 'phone' &&
      deps.config.smsBudget &&
      (await smsBudgetSpent(tx, deps.config.smsBudget, request.target, now))
    ) {
      return { ok: false, reason: 'budget' };
    }
    const code = String(randomInt(0, 10 ** PIN_RULES.digits)).padStart(PIN_RULES.digits, '0');
    await tx.query(
      `INSERT INTO confirmation_codes (session_id, user_id, channel, target, purpose, code_hash, expires_at, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        request.sessionId,
        request.userId,
        request.channel,
        request.target,
        request.purpose,
        codeHash(deps.config.csrfSecret, request, code),
        new Date(now.getTime() + PIN_RULES.lifetimeMs),
        now,
      ],
    );
    await enqueue(tx, message(code), now);
    return { ok: true };
  });
}

/** A Russian mobile number: +7 9xx (Kazakhstan's +7 numbers are 7 7xx, counted as abroad). */
const isRussianMobile = (digits: string) => digits.startsWith('79');

/** Whether the hour's SMS codes (all, or those abroad for a number abroad) reached the site's cap. */
async function smsBudgetSpent(
  tx: Queryable,
  budget: ServerDeps['config']['smsBudget'],
  target: string,
  now: Date,
): Promise<boolean> {
  const r = await tx.query<{ total: number; abroad: number }>(
    `SELECT count(*)::int AS total, count(*) FILTER (WHERE target NOT LIKE '79%')::int AS abroad
       FROM confirmation_codes WHERE channel = 'phone' AND created_at > $1`,
    [new Date(now.getTime() - 3_600_000)],
  );
  const { total, abroad } = r.rows[0] ?? { total: 0, abroad: 0 };
  return total >= budget.perHour || (!isRussianMobile(target) && abroad >= budget.perHourAbroad);
}

/**
 * Checks a code against the last one sent to this session for the address and purpose. A right
 * code is used up; a wrong one counts against the code's tries.
 */
export async function checkCode(
  deps: CodeDeps,
  request: Omit<CodeRequest, 'userId'>,
  code: string,
): Promise<CheckOutcome> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const r = await tx.query<{
      id: number;
      code_hash: string;
      attempts: number;
      expires_at: Date;
      user_id: number | null;
      created_at: Date;
    }>(
      `SELECT id, code_hash, attempts, expires_at, user_id, created_at FROM confirmation_codes
        WHERE session_id = $1 AND channel = $2 AND target = $3 AND purpose = $4 AND consumed_at IS NULL
        ORDER BY created_at DESC, id DESC LIMIT 1 FOR UPDATE`,
      [request.sessionId, request.channel, request.target, request.purpose],
    );
    const row = r.rows[0];
    if (!row) return { ok: false, reason: 'none' };
    if (new Date(row.expires_at).getTime() <= now.getTime()) return { ok: false, reason: 'expired' };
    if (row.attempts >= PIN_RULES.maxAttempts) return { ok: false, reason: 'exhausted' };
    const want = Buffer.from(row.code_hash);
    const got = Buffer.from(codeHash(deps.config.csrfSecret, request, code));
    if (want.length !== got.length || !timingSafeEqual(want, got)) {
      await tx.query('UPDATE confirmation_codes SET attempts = attempts + 1 WHERE id = $1', [row.id]);
      const left = PIN_RULES.maxAttempts - row.attempts - 1;
      return left > 0 ? { ok: false, reason: 'wrong', attemptsLeft: left } : { ok: false, reason: 'exhausted' };
    }
    await tx.query('UPDATE confirmation_codes SET consumed_at = $2 WHERE id = $1', [row.id, now]);
    return { ok: true, userId: row.user_id, sentAt: new Date(row.created_at) };
  });
}

/** A failed send or check, as the account code says it; 'taken' is a confirm that lost a race. */
export type CodeFailure =
  | Exclude<SendOutcome, { ok: true }>
  | Exclude<CheckOutcome, { ok: true }>
  | { ok: false; reason: 'taken' };

/** The message of a code that was not sent or not accepted, for an e-mail or a phone. */
export function codeMessage(outcome: CodeFailure, channel: CodeChannel = 'email'): string {
  switch (outcome.reason) {
    case 'cooldown':
      return messages.codeCooldown(outcome.retryAfterSeconds);
    case 'limit':
      return channel === 'phone' ? messages.phoneCodeSendLimit : messages.codeSendLimit;
    case 'wrong':
      return messages.codeWrong(outcome.attemptsLeft);
    case 'expired':
      return messages.codeExpired;
    case 'exhausted':
      return messages.codeExhausted;
    case 'taken':
      return channel === 'phone' ? messages.phoneBelongsToAnother : messages.emailBelongsToAnother;
    case 'budget':
      return messages.smsBudgetSpent;
    case 'none':
      return messages.codeNotSent;
  }
}
