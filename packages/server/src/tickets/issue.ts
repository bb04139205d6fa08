import { randomBytes } from 'node:crypto';
import { TICKET_CODE_PATTERN } from '@partera/contract';
import type { Queryable, Transaction } from '../db/index.js';

/** Unambiguous when read aloud or typed at the door: no 0/O, 1/I. 32 symbols, so each byte maps without bias. */
const ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
export const TICKET_CODE_LENGTH = 12;
/** The shape of a code, as the contract checks it on the wire. */
export const TICKET_CODE = TICKET_CODE_PATTERN;

/** A random ticket code: 12 symbols, 60 bits, unguessable. */
export function newTicketCode(): string {
  const bytes = randomBytes(TICKET_CODE_LENGTH);
  let code = '';
  for (const b of bytes) code += ALPHABET[b % ALPHABET.length];
  return code;
}

interface ItemRow {
  id: number;
  performance_id: number;
  performance_place_id: number | null;
  performance_section_id: number | null;
  ticket_count: number;
}

const CODE_ATTEMPTS = 5;

/**
 * Issues the tickets of a paid order inside the settlement transaction: one per place and one
 * per entrance ticket. A place that already has an issued ticket makes the insert raise on
 * tickets_one_issued_per_place — deliberately not caught: a double sale must fail loudly and
 * roll the whole settlement back.
 */
export async function issueOrderTickets(tx: Transaction, orderId: number, now: Date): Promise<string[]> {
  const items = await tx.query<ItemRow>(
    `SELECT id, performance_id, performance_place_id, performance_section_id, ticket_count
       FROM order_items WHERE order_id = $1 ORDER BY id`,
    [orderId],
  );
  const codes: string[] = [];
  for (const item of items.rows) {
    const count = item.performance_place_id !== null ? 1 : item.ticket_count;
    for (let i = 0; i < count; i++) {
      codes.push(await insertTicket(tx, orderId, item, now));
    }
  }
  return codes;
}

async function insertTicket(tx: Queryable, orderId: number, item: ItemRow, now: Date): Promise<string> {
  for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt++) {
    const code = newTicketCode();
    // Only a clash of codes is skipped (and a new code drawn); any other conflict raises.
    const r = await tx.query<{ code: string }>(
      `INSERT INTO tickets (order_id, order_item_id, performance_id, performance_place_id, performance_section_id,
                            code, status, issued_at)
       VALUES ($1, $2, $3, $4, $5, $6, 'issued', $7)
       ON CONFLICT (code) DO NOTHING RETURNING code`,
      [orderId, item.id, item.performance_id, item.performance_place_id, item.performance_section_id, code, now],
    );
    if (r.rows[0]) return r.rows[0].code;
  }
  throw new Error('Could not draw a unique ticket code');
}
