/**
 * The rating vote (site-browsing-account.md 2.9, 3 Rating vote, 4 Rating widget, 5 Rating vote,
 * 7 Browsing): POST /rating/?s {voteid, score}. The score is rounded to a whole star, the average
 * moves by (old average × votes + score) / (votes + 1) and is answered rounded; one vote per voter
 * per show (the account when signed in, else the session); simultaneous votes all count.
 */
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { registeredBuyer, TEST_PASSWORD } from './support/accounts.js';
import { type Buyer, buildTestApp, buyer } from './support/app.js';
import { describeEachDatabase } from './support/databases.js';
import { createHallFixture } from './support/fixture.js';

describeEachDatabase('the rating vote', (get) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    ({ app } = await buildTestApp(get().db));
  });

  async function newShow(rating = 0, votes = 0): Promise<number> {
    const hall = await createHallFixture(get().db);
    const r = await get().db.query<{ show_id: number }>('SELECT show_id FROM performances WHERE id = $1', [
      hall.performanceId,
    ]);
    const showId = r.rows[0]!.show_id;
    await get().db.query('UPDATE shows SET rating = $2, votes = $3 WHERE id = $1', [showId, rating, votes]);
    return showId;
  }

  const vote = (b: Buyer, voteid: number | string, score: number | string) => b.post('/rating/?s', { voteid, score });

  const showRow = async (showId: number) =>
    (await get().db.query<{ rating: number; votes: number }>('SELECT rating, votes FROM shows WHERE id = $1', [showId]))
      .rows[0]!;

  it("moves the average by the spec's formula and answers it rounded", async () => {
    const showId = await newShow();
    expect((await vote(buyer(app), showId, 4)).json()).toEqual({ status: 'OK', val: 4, votes: 1 });
    // (4 × 1 + 5) / 2 = 4.5: the show keeps 4.5, the answer rounds it.
    expect((await vote(buyer(app), showId, 5)).json()).toEqual({ status: 'OK', val: 5, votes: 2 });
    expect(await showRow(showId)).toEqual({ rating: 4.5, votes: 2 });
    // (4.5 × 2 + 1) / 3 = 3.33…
    expect((await vote(buyer(app), showId, 1)).json()).toEqual({ status: 'OK', val: 3, votes: 3 });
    const row = await showRow(showId);
    expect(row.votes).toBe(3);
    expect(row.rating).toBeCloseTo(10 / 3, 5);
  });

  it('rounds a clicked score to a whole star, and refuses one outside the stars', async () => {
    const showId = await newShow();
    expect((await vote(buyer(app), showId, '3.6')).json()).toEqual({ status: 'OK', val: 4, votes: 1 });
    const stored = await get().db.query<{ score: number }>('SELECT score FROM ratings WHERE show_id = $1', [showId]);
    expect(stored.rows).toEqual([{ score: 4 }]);
    for (const score of ['9', '0', 'пять']) {
      const r = await vote(buyer(app), showId, score);
      expect(r.status, score).toBe(400);
      expect(r.json().status).toBe('ERROR');
    }
    expect((await showRow(showId)).votes).toBe(1);
  });

  it('counts one vote per guest session: a second vote answers non-OK with a message', async () => {
    const showId = await newShow(4, 10);
    const guest = buyer(app);
    expect((await vote(guest, showId, 2)).json().status).toBe('OK');
    expect((await vote(guest, showId, 5)).json()).toEqual({ status: 'ERROR', msg: 'Вы уже оценили это шоу' });
    expect(await showRow(showId)).toMatchObject({ votes: 11 });
    // The session is kept only as a hash.
    const keys = await get().db.query<{ voter_key: string }>('SELECT voter_key FROM ratings WHERE show_id = $1', [
      showId,
    ]);
    expect(keys.rows[0]!.voter_key).toMatch(/^session:[0-9a-f]{40}$/);
    expect(keys.rows[0]!.voter_key).not.toContain(guest.sessionId);
  });

  it('counts one vote per account, whichever browser it signs in from', async () => {
    const showId = await newShow();
    const { b, email } = await registeredBuyer(app);
    expect((await vote(b, showId, 5)).json().status).toBe('OK');
    const other = buyer(app);
    const login = await other.post('/login/ajaxauth/', {
      'LoginForm[contact]': email,
      'LoginForm[password]': TEST_PASSWORD,
    });
    expect(login.json().state).toBe(1);
    expect((await vote(other, showId, 1)).json()).toEqual({ status: 'ERROR', msg: 'Вы уже оценили это шоу' });
    expect(await showRow(showId)).toEqual({ rating: 5, votes: 1 });
  });

  it('answers a vote for no show with a message, and one without a show as malformed', async () => {
    expect((await vote(buyer(app), 2_000_000_000, 3)).json()).toEqual({ status: 'ERROR', msg: 'Шоу не найдено' });
    const r = await buyer(app).post('/rating/?s', { score: 3 });
    expect(r.status).toBe(400);
  });

  it('counts every one of many simultaneous votes', async () => {
    const showId = await newShow();
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => vote(buyer(app), showId, (i % 5) + 1)));
    expect(answers.every((r) => r.json().status === 'OK')).toBe(true);
    const row = await showRow(showId);
    expect(row.votes).toBe(12);
    // 1+2+3+4+5+1+2+3+4+5+1+2 = 33
    expect(row.rating).toBeCloseTo(33 / 12, 4);
    const counted = await get().db.query<{ n: number }>('SELECT count(*)::int AS n FROM ratings WHERE show_id = $1', [
      showId,
    ]);
    expect(counted.rows[0]!.n).toBe(12);
  });
});
