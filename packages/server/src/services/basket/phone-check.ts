import { ErrorCode, messages } from '@partera/contract';
import type { Queryable } from '../../db/index.js';

/**
 * Placing an order asks again what a hold asked (basket_phone_refusal in routines.ts, THE rule of
 * a sale that asks for a checked phone): the phone may have lost its confirmation, or the
 * session's check its freshness, since the seats were held. A phone refusal is code 113 (the
 * buyer confirms the phone, then the order is placed again); a session that is nobody's is asked
 * to sign in.
 */
export async function orderPhoneRefusal(
  tx: Queryable,
  sessionId: string,
  performanceIds: readonly number[],
  now: Date,
): Promise<{ code: number; message: string } | null> {
  const r = await tx.query<{ refusal: string | null }>(
    `SELECT basket_phone_refusal($1, pf.phone_check, $2) AS refusal FROM performances pf
      WHERE pf.id = ANY($3::int[]) AND pf.phone_check <> 'none'`,
    [sessionId, now, [...new Set(performanceIds)]],
  );
  const refusal = r.rows.find((row) => row.refusal !== null)?.refusal;
  if (!refusal) return null;
  if (refusal === 'loginRequired') return { code: 1, message: messages.loginRequired };
  return {
    code: ErrorCode.orderPhoneRequired,
    message: refusal === 'noPhone' ? messages.noPhoneOnAccount : messages.phoneConfirmToBuy,
  };
}
