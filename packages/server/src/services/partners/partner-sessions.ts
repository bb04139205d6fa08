/**
 * Sessions that belong to a partner: a framed session (the partner's page frames the site and the
 * handshake confirmed it) or a session handed to a partner page's own widgets. The table is
 * framed_sessions for both. Such a session gets the partner's light layout, pay flow and cashback,
 * and its session id may travel in URLs, but only within that partner's frame or origins
 * (http/session.ts).
 */
import type { Database, Queryable } from '../../db/index.js';
import { lockSession } from '../basket/index.js';
import { rotateSession } from '../sessions/index.js';
import { cappedCashback, findFramedSession } from './iframe-config.js';
import { findPartnerByHash, normalizeOrigin, type Partner } from './registry.js';

export interface FrameConfirmationRequest {
  /** The hash the parent window answered with (sendMyHash:{hash}). */
  hash: string;
  /** The origin that message came from, as the framed page's browser reported it. */
  parentOrigin: string;
  /** The session the framed page runs in, and the id it moves to when first marked. */
  session: { id: string; csrfToken: string };
  fresh: { id: string; csrfToken: string };
  /** cashback_value of the frame's first URL. */
  cashbackValue?: number | undefined;
  /** The framed page's path, kept where the start-url cookie cannot be written. */
  startPath?: string | undefined;
  now: Date;
}

export type FrameConfirmation =
  | { ok: true; sessionId: string; rotated: boolean; cashbackPercent: number }
  | { ok: false; message: string };

export const FRAME_MESSAGES = {
  unknownPartner: 'Партнёр не найден',
  foreignOrigin: 'Страница партнёра открыта не с его зарегистрированного адреса',
} as const;

/**
 * The handshake's result: the framed page saw `sendMyHash:{hash}` come from its parent window at
 * `parentOrigin`. Only a partner's registered origin may frame a session into its light layout,
 * pay flow and cashback. The first mark moves the session to a fresh id (rotateSession), so an
 * id that travelled in a URL before the handshake cannot be the one that gains the partner's
 * frame; later pages of the same frame repeat the handshake and keep their id.
 */
export async function confirmFramedSession(
  db: Database,
  request: FrameConfirmationRequest,
): Promise<FrameConfirmation> {
  const partner = await findPartnerByHash(db, request.hash);
  if (!partner) return { ok: false, message: FRAME_MESSAGES.unknownPartner };
  const origin = normalizeOrigin(request.parentOrigin);
  if (!origin || !partner.allowedOrigins.includes(origin)) return { ok: false, message: FRAME_MESSAGES.foreignOrigin };
  return db.transaction(async (tx) => {
    await lockSession(tx, request.session.id);
    const current = await findFramedSession(tx, request.session.id);
    const asked = request.cashbackValue;
    if (current?.partnerId === partner.id) {
      const { rows } = await tx.query<{ cashback_percent: number }>(
        `UPDATE framed_sessions SET cashback_percent = coalesce($2, cashback_percent),
                start_url = coalesce(start_url, $3), updated_at = $4
          WHERE session_id = $1 RETURNING cashback_percent`,
        [
          request.session.id,
          asked === undefined ? null : cappedCashback(partner, asked),
          request.startPath ?? null,
          request.now,
        ],
      );
      return {
        ok: true,
        sessionId: request.session.id,
        rotated: false,
        cashbackPercent: rows[0]?.cashback_percent ?? 0,
      };
    }
    await rotateSession(tx, request.session.id, request.fresh);
    const cashbackPercent = cappedCashback(partner, asked);
    await tx.query(
      `INSERT INTO framed_sessions (session_id, partner_id, cashback_percent, start_url, updated_at)
       VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (session_id) DO UPDATE SET partner_id = EXCLUDED.partner_id,
         cashback_percent = EXCLUDED.cashback_percent, start_url = EXCLUDED.start_url, updated_at = EXCLUDED.updated_at`,
      [request.fresh.id, partner.id, cashbackPercent, request.startPath ?? null, request.now],
    );
    return { ok: true, sessionId: request.fresh.id, rotated: true, cashbackPercent };
  });
}

/** The partner whose registration lists this origin (the first registered, should two share it). */
export async function findPartnerByOrigin(
  db: Queryable,
  origin: string,
): Promise<Pick<Partner, 'id' | 'cashbackPercent'> | null> {
  const { rows } = await db.query<{ id: number; cashback_percent: number }>(
    'SELECT id, cashback_percent FROM partners WHERE $1 = ANY(allowed_origins) ORDER BY id LIMIT 1',
    [origin],
  );
  const row = rows[0];
  return row ? { id: row.id, cashbackPercent: row.cashback_percent } : null;
}

/**
 * A session handed to a partner page's own widgets (no frame) belongs to that partner: its calls
 * are accepted from the partner's origins only, and its orders carry the partner.
 */
export async function bindWidgetSession(
  db: Queryable,
  sessionId: string,
  partner: Pick<Partner, 'id' | 'cashbackPercent'>,
  now: Date,
): Promise<void> {
  await db.query(
    `INSERT INTO framed_sessions (session_id, partner_id, cashback_percent, updated_at)
     VALUES ($1, $2, $3, $4) ON CONFLICT (session_id) DO NOTHING`,
    [sessionId, partner.id, partner.cashbackPercent, now],
  );
}
