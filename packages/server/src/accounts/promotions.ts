import { DEFAULT_TIME_ZONE, type Promotion, type RewardType, wallClock } from '@partera/contract';
import type { Queryable } from '../db/index.js';
import type { AccountDeps } from './sign-in.js';

/**
 * Promotions (site-browsing-account.md 2.15 Promotions, 3 Promotion, 4 Promotions, 9 reward
 * labels). A buyer takes part in a promotion from the day it starts until the day it ends: the
 * cabinet's actualize call (signed-in buyers only, on each cabinet load) joins the buyer to every
 * promotion running today (buyer_promotions, with joined_at), and the list is the promotions the
 * buyer has joined that have not ended, the latest started first.
 */

interface PromotionRow {
  id: number;
  name: string;
  reward_type_code: RewardType;
  reward_value: number;
  description: string;
  starts_on: string | Date | null;
  img_src: string | null;
}

/** Today's date as the buyer's calendar (Moscow) sees it, yyyy-mm-dd. */
export function promotionDay(now: Date): string {
  const t = wallClock(now, DEFAULT_TIME_ZONE);
  const pad = (n: number) => String(n).padStart(2, '0');
  return t ? `${t.year}-${pad(t.month)}-${pad(t.day)}` : now.toISOString().slice(0, 10);
}

/** A date column as dd.mm.yyyy ('' when there is none). */
function ruDate(value: string | Date | null): string {
  if (value === null) return '';
  const iso = typeof value === 'string' ? value.slice(0, 10) : promotionDay(value);
  const [y, m, d] = iso.split('-');
  return `${d}.${m}.${y}`;
}

function promotionOfRow(row: PromotionRow): Promotion {
  return {
    name: row.name,
    reward_type_code: row.reward_type_code,
    reward_value: row.reward_value,
    description: row.description,
    dt: ruDate(row.starts_on),
    program_id: row.id,
    img_src: row.img_src ?? '',
  };
}

const COLUMNS = 'p.id, p.name, p.reward_type_code, p.reward_value, p.description, p.starts_on::text, p.img_src';

/** Joins the buyer to the promotions running today; the number newly joined. */
export async function actualizePromotions(deps: AccountDeps, userId: number): Promise<number> {
  const now = deps.clock.now();
  const r = await deps.db.query(
    `INSERT INTO buyer_promotions (user_id, promotion_id, joined_at)
     SELECT $1, p.id, $3 FROM promotions p
      WHERE p.starts_on IS NOT NULL AND p.starts_on <= $2::date AND (p.ends_on IS NULL OR p.ends_on >= $2::date)
     ON CONFLICT DO NOTHING`,
    [userId, promotionDay(now), now],
  );
  return r.rowCount;
}

/** The promotions the buyer takes part in that have not ended. */
export async function buyerPromotions(deps: AccountDeps, userId: number): Promise<Promotion[]> {
  const r = await deps.db.query<PromotionRow>(
    `SELECT ${COLUMNS} FROM buyer_promotions b JOIN promotions p ON p.id = b.promotion_id
      WHERE b.user_id = $1 AND (p.ends_on IS NULL OR p.ends_on >= $2::date)
      ORDER BY p.starts_on DESC, p.id DESC`,
    [userId, promotionDay(deps.clock.now())],
  );
  return r.rows.map(promotionOfRow);
}

/** One promotion for its detail page (null for an unknown id), and whether the buyer takes part. */
export async function promotionDetail(
  db: Queryable,
  userId: number,
  programId: number,
): Promise<{ promotion: Promotion; joinedAt: Date | null } | null> {
  const r = await db.query<PromotionRow & { joined_at: Date | string | null }>(
    `SELECT ${COLUMNS}, b.joined_at FROM promotions p
       LEFT JOIN buyer_promotions b ON b.promotion_id = p.id AND b.user_id = $1
      WHERE p.id = $2`,
    [userId, programId],
  );
  const row = r.rows[0];
  if (!row) return null;
  return { promotion: promotionOfRow(row), joinedAt: row.joined_at ? new Date(row.joined_at) : null };
}
