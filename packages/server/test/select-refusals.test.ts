import { beforeEach, expect, it } from 'vitest';
import type { Queryable } from '../src/db/index.js';
import { claimEntranceTickets, claimPlaces } from '../src/services/holds/index.js';
import { describeEachDatabase } from './support/databases.js';
import { createHallFixture, type HallFixture } from './support/fixture.js';

/**
 * A seat select's refusals, straight from basket_select_place. Its first statement reads the
 * place, its performance and whether any hold row names the session, and refuses a place sold
 * alone that is someone else's before the set's own checks (basket_take_places): these check that
 * the answers and their order are what the full steps give.
 */

const MIN = 60_000;

interface Answer {
  refusal: string | null;
  performances: number[];
  limit: number | null;
  lines: { kind: string; ticket_count: number }[];
}

describeEachDatabase('seat select refusals', (get) => {
  const now = new Date('2030-01-01T10:00:00Z');
  const until = new Date(now.getTime() + 15 * MIN);
  const startsAt = new Date('2030-02-01T19:00:00Z');
  let f: HallFixture;

  /** A session of this test's own: the tests share one database. */
  const own = (name: string) => `${name}-${f.performanceId}`;

  async function select(db: Queryable, session: string, place: number, unsafe = false): Promise<Answer> {
    const r = await db.query<{ answer: Answer }>(
      'SELECT basket_select_place($1, $2, NULL, $3, $4, $5, 20, 10, $6) AS answer',
      [own(session), place, '10.0.0.1', now, 15 * MIN, unsafe],
    );
    return r.rows[0]!.answer;
  }

  const lines = (a: Answer) => a.lines.map((l) => [l.kind, l.ticket_count]);

  beforeEach(async () => {
    const { db } = get();
    f = await createHallFixture(db, { seatCount: 6, entranceCapacity: 5, startsAt });
    await db.transaction(async (tx) => {
      await claimPlaces(tx, { performancePlaceIds: [f.seats[0]!], sessionId: own('holder'), heldUntil: until, now });
      await claimPlaces(tx, {
        performancePlaceIds: [f.sofa[0]!, f.sofa[1]!],
        sessionId: own('holder'),
        heldUntil: until,
        now,
      });
    });
  });

  it('a place someone else holds: placeTaken with the basket limit, and the basket of whoever asked', async () => {
    const { db } = get();
    await db.transaction((tx) =>
      claimEntranceTickets(tx, {
        performanceSectionId: f.performanceSectionId,
        sessionId: own('with-ticket'),
        count: 1,
        tariffId: f.tariffId,
        heldUntil: until,
        now,
      }),
    );
    const nobody = await select(db, 'nobody', f.seats[0]!);
    expect(nobody).toMatchObject({ refusal: 'placeTaken', limit: 8, performances: [] });
    expect(lines(nobody)).toEqual([]);
    const withTicket = await select(db, 'with-ticket', f.seats[0]!);
    expect(withTicket).toMatchObject({ refusal: 'placeTaken', limit: 8 });
    expect(lines(withTicket)).toEqual([['entrance', 1]]);
    // A sold place is someone else's too.
    await db.query('UPDATE performance_places SET state = 2, hold_session_id = NULL, held_until = NULL WHERE id = $1', [
      f.seats[1],
    ]);
    expect((await select(db, 'nobody', f.seats[1]!)).refusal).toBe('placeTaken');
  });

  it('a place of a group someone else holds: placeTaken as well', async () => {
    const answer = await select(get().db, 'nobody', f.sofa[1]!);
    expect(answer).toMatchObject({ refusal: 'placeTaken', limit: 8, lines: [] });
  });

  it('the holder’s own place is done again; a lapsed hold is anyone’s', async () => {
    const { db } = get();
    const again = await select(db, 'holder', f.seats[0]!);
    expect(again.refusal).toBeNull();
    expect(again.performances).toEqual([]);
    // The seat and the two of the sofa.
    expect(lines(again)).toEqual([
      ['place', 1],
      ['place', 1],
      ['place', 1],
    ]);
    await db.query('UPDATE performance_places SET held_until = $2 WHERE id = $1', [f.seats[0], now]);
    const taken = await select(db, 'nobody', f.seats[0]!);
    expect(taken.refusal).toBeNull();
    expect(taken.performances).toEqual([f.performanceId]);
    expect(lines(taken)).toEqual([['place', 1]]);
  });

  it('a closed sale and a missing phone are answered before a taken place', async () => {
    const { db } = get();
    await db.query(`UPDATE performances SET phone_check = 'account' WHERE id = $1`, [f.performanceId]);
    expect((await select(db, 'nobody', f.seats[0]!)).refusal).toBe('loginRequired');
    await db.query(`UPDATE performances SET sale_state = 'closed' WHERE id = $1`, [f.performanceId]);
    expect((await select(db, 'nobody', f.seats[0]!)).refusal).toBe('saleClosed');
    expect((await select(db, 'nobody', 999_999)).refusal).toBe('notFound');
  });

  it('a basket of bookings refuses a ticket to pay before a taken place', async () => {
    const { db } = get();
    const booking = await createHallFixture(db, { seatCount: 2, startsAt });
    await db.query('UPDATE performances SET allow_reserve = true, allow_pay = false WHERE id = $1', [
      booking.performanceId,
    ]);
    expect((await select(db, 'booker', booking.seats[0]!)).refusal).toBeNull();
    const answer = await select(db, 'booker', f.seats[0]!);
    expect(answer.refusal).toBe('purchaseAmongBookings');
    expect(lines(answer)).toEqual([['place', 1]]);
  });

  it('with the guard off (the concurrency test’s control) a taken place is claimed again', async () => {
    const answer = await select(get().db, 'nobody', f.seats[0]!, true);
    expect(answer.refusal).toBeNull();
  });

  it('a place sold alone that someone else holds is refused by the first statement, without the set’s steps', async () => {
    // The refusal most selects of a sale rush get: from a buyer who holds nothing, for a seat
    // taken a moment ago. The functions the database ran for it, counted in one transaction.
    const called = await get().db.transaction(async (tx) => {
      await tx.query(`SET LOCAL track_functions = 'all'`);
      expect((await select(tx, 'nobody', f.seats[0]!)).refusal).toBe('placeTaken');
      const r = await tx.query<{ funcname: string }>('SELECT funcname FROM pg_stat_xact_user_functions');
      return r.rows.map((row) => row.funcname).sort();
    });
    expect(called).toEqual(['basket_answer', 'basket_lock', 'basket_phone_refusal', 'basket_select_place']);
  });
});
