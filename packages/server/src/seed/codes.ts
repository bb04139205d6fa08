/**
 * The demo's codes and cards at the checkout (issue 12, decision 0034), beside the promo codes
 * and gift cards of extras.ts (DEMO10, WELCOME500, BONUS300 for the cabinet, EXPIRED20, USEDUP;
 * cards 1234-5678-9012, 1111-2222-3333, 9999-0000-1111 empty, 4321-8765-2109 expired). Listed in
 * the README's demo section.
 */
import type { Queryable } from '../db/index.js';

/** Shows of the culture-card programme (Pushkin card): the Moscow drama theatre's classics. */
export const DEMO_PUSHKIN_SHOWS = ['Вишнёвый сад', 'Три сестры', 'Ревизор'] as const;

/** Promo codes with the checkout's limits: to shows, to a minimum basket, a start date. */
export const DEMO_CHECKOUT_PROMOS = [
  { code: 'CHEKHOV15', kind: 'percent', value: 15, shows: ['Вишнёвый сад', 'Три сестры'], minTotal: null, fromDays: 0 },
  { code: 'FROM3000', kind: 'fixed', value: 50_000, shows: null, minTotal: 300_000, fromDays: 0 },
  { code: 'SOON10', kind: 'percent', value: 10, shows: null, minTotal: null, fromDays: 30 },
] as const;

/** A gift card with the longest number the mask takes (8 groups of 4). */
export const DEMO_LONG_GIFT_CARD = { number: 'PART-ERA0-GIFT-CARD-2026-DEMO-0000-0001', balance: 1_000_000 } as const;

const DAY = 24 * 60 * 60_000;

export async function writeCodesDemo(tx: Queryable, now: Date): Promise<void> {
  await tx.query('UPDATE shows SET pushkin_card = true WHERE name = ANY($1::text[])', [[...DEMO_PUSHKIN_SHOWS]]);
  for (const p of DEMO_CHECKOUT_PROMOS) {
    await tx.query(
      `INSERT INTO promo_codes (code, kind, value, valid_from, valid_until, min_total, show_ids)
       VALUES ($1, $2, $3, $4, $5, $6,
               CASE WHEN $7::text[] IS NULL THEN NULL
                    ELSE (SELECT array_agg(id ORDER BY id) FROM shows WHERE name = ANY($7::text[])) END)`,
      [
        p.code,
        p.kind,
        p.value,
        new Date(now.getTime() + p.fromDays * DAY),
        new Date(now.getTime() + 180 * DAY),
        p.minTotal,
        p.shows ? [...p.shows] : null,
      ],
    );
  }
  await tx.query(`INSERT INTO gift_cards (number, initial_balance, balance, expires_at) VALUES ($1, $2, $2, $3)`, [
    DEMO_LONG_GIFT_CARD.number,
    DEMO_LONG_GIFT_CARD.balance,
    new Date(now.getTime() + 365 * DAY),
  ]);
}
