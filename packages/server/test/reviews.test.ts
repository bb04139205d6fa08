/**
 * Reviews (site-browsing-account.md 2.15, 4 Review after posting / Review answers / Review prompt,
 * 7 Reviews): only a buyer with a paid ticket of a performance that is over reviews the show, once;
 * the text trimmed and its length checked; the stars count once in the show's rating; the cabinet's
 * tab lists the buyer's own reviews with the answers, new ones marked and counted; an answer is
 * marked viewed only by its own buyer; the prompt names the latest show seen in 30 days and not
 * reviewed; a guest gets 401 everywhere.
 */
import { messages } from '@partera/contract';
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { accountOfSession } from '../src/accounts/index.js';
import { answerReview, REVIEW_MESSAGES, REVIEW_TEXT, reviewablePerformances } from '../src/accounts/reviews.js';
import type { ManualClock } from '../src/clock.js';
import { DEMO_BUYER_EMAIL, DEMO_BUYER_PASSWORD, seedDemo } from '../src/demo.js';
import { accountVoterKey } from '../src/services/catalogue/rating-vote.js';
import { registeredBuyer, uniqueEmail } from './support/accounts.js';
import { type Buyer, buildTestApp, buyer } from './support/app.js';
import { describeEachDatabase } from './support/databases.js';
import { createHallFixture, type HallFixture } from './support/fixture.js';
import { payOrder, placeSessionOrder } from './support/orders.js';

const HOUR = 3_600_000;
const unviewedIds = (body: string) => [...body.matchAll(/data-review-id="(\d+)"/g)].map((m) => Number(m[1]));
const DAY = 24 * HOUR;

describeEachDatabase('reviews: the form, posting, the cabinet’s tab, answers and the prompt', (get) => {
  let app: FastifyInstance;
  let clock: ManualClock;
  /** A performance tomorrow: over once the clock has moved past it. */
  let seen: HallFixture;
  /** A performance in a month: bought, not seen yet. */
  let upcoming: HallFixture;
  let next = 0;
  let nextUpcoming = 0;
  let showId: number;
  let upcomingShowId: number;

  const showOf = async (performanceId: number) =>
    (await get().db.query<{ show_id: number }>('SELECT show_id FROM performances WHERE id = $1', [performanceId]))
      .rows[0]!.show_id;

  /** Buys a seat of the fixture's performance as a session order; paid through the sandbox bank unless told not to. */
  async function buy(b: Buyer, seatId: number, paid = true): Promise<void> {
    expect((await b.post('/hallPlace/select/', { cypher: seatId })).json().result).toBe(1);
    const order = await placeSessionOrder(b);
    if (paid) await payOrder(app, b, order);
  }

  /** A buyer who bought (and paid, unless told not to) a seat of the performance tomorrow. */
  async function spectator(opts: { paid?: boolean; firstname?: string; surname?: string } = {}) {
    const { b } = await registeredBuyer(app, { email: uniqueEmail('reviews'), ...opts });
    await buy(b, seen.seats[next++]!, opts.paid ?? true);
    return b;
  }

  const post = (b: Buyer, form: Record<string, string | number>) =>
    b.post('/review/add/', { 'Review[idShow]': showId, ...form });
  const text = 'Прекрасный спектакль, актёры играли замечательно.';
  const userIdOf = async (b: Buyer) => (await accountOfSession(get().db, b.sessionId))!.id;

  let anna: Buyer;
  let boris: Buyer;
  let unpaid: Buyer;
  let carol: Buyer;
  let dora: Buyer;

  beforeAll(async () => {
    ({ app, clock } = await buildTestApp(get().db));
    seen = await createHallFixture(get().db, { seatCount: 30, startsAt: new Date(clock.now().getTime() + DAY) });
    upcoming = await createHallFixture(get().db, {
      seatCount: 10,
      startsAt: new Date(clock.now().getTime() + 30 * DAY),
    });
    showId = await showOf(seen.performanceId);
    upcomingShowId = await showOf(upcoming.performanceId);
    anna = await spectator({ firstname: 'Анна', surname: 'Каренина' });
    boris = await spectator({ firstname: 'Борис', surname: 'Годунов' });
    unpaid = await spectator({ paid: false });
    carol = await spectator();
    dora = await spectator();
    // Anna also holds a paid ticket of the performance in a month.
    await buy(anna, upcoming.seats[nextUpcoming++]!);
    // The next day, four hours after the start: the three-hour performance is over.
    clock.advance(DAY + 4 * HOUR);
  }, 120_000);

  it('answers a guest with HTTP 401 on every call', async () => {
    const guest = buyer(app);
    const form = await guest.get(`/review/form/?idShow=${showId}`);
    expect(form.status).toBe(401);
    expect(form.body).toContain('Войдите, чтобы написать отзыв');
    const added = await post(guest, { 'Review[text]': text, 'Review[rating]': 5 });
    expect([added.status, added.json()]).toEqual([401, { status: 'error', message: messages.loginRequired }]);
    expect((await guest.get('/private/reviewsPage/')).status).toBe(401);
    const viewed = await guest.get('/private/markAsViewed/?reviewId=1');
    expect([viewed.status, viewed.json()]).toEqual([401, { message: messages.loginRequired }]);
    const info = await guest.get('/private/getReviewInfo/');
    expect([info.status, info.json()]).toEqual([401, { message: messages.loginRequired }]);
  });

  it('refuses a buyer who has not seen the show: no ticket, an unpaid order, a performance still to come', async () => {
    const { b: stranger } = await registeredBuyer(app);
    for (const [b, id] of [
      [stranger, showId],
      [unpaid, showId],
      [anna, upcomingShowId],
    ] as const) {
      const form = await b.get(`/review/form/?idShow=${id}`);
      expect(form.status).toBe(200);
      expect(form.body).toContain(REVIEW_MESSAGES.notSeen);
      expect(form.body).not.toContain('<form');
      const added = await b.post('/review/add/', { 'Review[idShow]': id, 'Review[text]': text });
      expect(added.json()).toEqual({ status: 'error', message: REVIEW_MESSAGES.notSeen });
    }
    expect((await stranger.get('/private/getReviewInfo/')).json()).toEqual({});
    expect((await unpaid.get('/private/getReviewInfo/')).json()).toEqual({});
    const missing = await anna.get('/review/form/?idShow=999999');
    expect([missing.status, missing.body.includes(REVIEW_MESSAGES.unknownShow)]).toEqual([404, true]);
    const none = await anna.post('/review/add/', { 'Review[idShow]': 999999, 'Review[text]': text });
    expect(none.json()).toEqual({ status: 'error', message: REVIEW_MESSAGES.unknownShow });
    const count = await get().db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM reviews WHERE show_id = ANY($1)',
      [[showId, upcomingShowId, 999999]],
    );
    expect(count.rows[0]!.n).toBe(0);
  });

  it('prompts the spectator for the show, then publishes the review once, trimmed, its stars counted in the show’s rating', async () => {
    expect((await anna.get('/private/getReviewInfo/')).json()).toEqual({
      data: { show_name: 'Гамлет', show_id: showId },
      clientName: 'Анна',
    });
    const form = await anna.get(`/review/form/?idShow=${showId}`);
    expect(form.status).toBe(200);
    expect(form.body).toContain('Отзыв о мероприятии «Гамлет»');
    expect(form.body).toContain(`name="Review[idShow]" value="${showId}"`);
    const stars = [...form.body.matchAll(/name="Review\[rating\]"\s+value="(\d)"/g)].map((m) => m[1]);
    expect(stars).toEqual(['5', '4', '3', '2', '1']);
    expect(form.body).toContain(`maxlength="${REVIEW_TEXT.max}"`);

    const short = await post(anna, { 'Review[text]': '   Класс!   ', 'Review[rating]': 5 });
    expect(short.json()).toEqual({ status: 'error', message: REVIEW_MESSAGES.tooShort });
    const long = await post(anna, { 'Review[text]': 'о'.repeat(REVIEW_TEXT.max + 1) });
    expect(long.json()).toEqual({ status: 'error', message: REVIEW_MESSAGES.tooLong });

    const before = (await get().db.query<{ votes: number }>('SELECT votes FROM shows WHERE id = $1', [showId]))
      .rows[0]!;
    const added = await post(anna, { 'Review[text]': `  ${text}\n `, 'Review[rating]': 5 });
    expect(added.json()).toEqual({ status: 'success', message: REVIEW_MESSAGES.added, rating: 5 });
    const userId = await userIdOf(anna);
    const stored = await get().db.query(
      'SELECT author_name, text, rating, answer_text FROM reviews WHERE user_id = $1',
      [userId],
    );
    expect(stored.rows).toEqual([{ author_name: 'Анна К.', text, rating: 5, answer_text: null }]);
    const vote = await get().db.query('SELECT score FROM ratings WHERE show_id = $1 AND voter_key = $2', [
      showId,
      accountVoterKey(userId),
    ]);
    expect(vote.rows).toEqual([{ score: 5 }]);
    const after = (
      await get().db.query<{ votes: number; rating: number }>('SELECT votes, rating FROM shows WHERE id = $1', [showId])
    ).rows[0]!;
    expect(after.votes).toBe(before.votes + 1);
    expect(after.rating).toBeCloseTo(5);

    // One review per buyer and show: the second is refused, the first stays as it was.
    const again = await post(anna, { 'Review[text]': 'Передумала, было скучновато.', 'Review[rating]': 2 });
    expect(again.json()).toEqual({ status: 'error', message: REVIEW_MESSAGES.alreadyReviewed });
    expect((await anna.get(`/review/form/?idShow=${showId}`)).body).toContain(REVIEW_MESSAGES.alreadyReviewed);
    const votes = await get().db.query<{ votes: number }>('SELECT votes FROM shows WHERE id = $1', [showId]);
    expect(votes.rows[0]!.votes).toBe(before.votes + 1);
    // Nothing left to ask about.
    expect((await anna.get('/private/getReviewInfo/')).json()).toEqual({});
  });

  it('publishes a review without stars: the bad popup’s empty rating, no vote counted', async () => {
    const b = carol;
    const added = await post(b, { 'Review[text]': text });
    expect(added.json()).toEqual({ status: 'success', message: REVIEW_MESSAGES.added, rating: null });
    const vote = await get().db.query('SELECT 1 FROM ratings WHERE voter_key = $1', [
      accountVoterKey(await userIdOf(b)),
    ]);
    expect(vote.rows).toEqual([]);
  });

  it('lists the buyer’s own reviews newest first, escaped, with the answers; a new answer is marked and counted until its buyer views it', async () => {
    const b = dora;
    const added = await post(b, {
      'Review[text]': '<script>alert(1)</script> и ещё немного слов',
      'Review[rating]': 3,
    });
    expect(added.json().status).toBe('success');
    const reviewId = (
      await get().db.query<{ id: number }>('SELECT id FROM reviews WHERE user_id = $1', [await userIdOf(b)])
    ).rows[0]!.id;

    let page = await b.get('/private/reviewsPage/');
    expect(page.status).toBe(200);
    expect(page.body).toContain('&#60;script&#62;alert(1)&#60;/script&#62;');
    expect(page.body).not.toContain('<script>');
    expect(page.body).toContain('Гамлет');
    expect(page.body).not.toContain('data-new-answers');
    expect(unviewedIds(page.body)).toEqual([]);
    // Anna's review is not in this buyer's list, nor this one in hers.
    expect(page.body).not.toContain(text);
    expect((await anna.get('/private/reviewsPage/')).body).not.toContain('alert(1)');

    expect(await answerReview({ db: get().db, clock }, reviewId, 'Спасибо, передадим театру!')).toBe(true);
    page = await b.get('/private/reviewsPage/');
    expect(page.body).toContain('Спасибо, передадим театру!');
    expect(unviewedIds(page.body)).toEqual([reviewId]);
    expect(page.body).toContain('data-new-answers="1"');
    expect(page.body).toContain('новый');

    // Another buyer's mark changes nothing and says so.
    const foreign = await anna.get(`/private/markAsViewed/?reviewId=${reviewId}`);
    expect([foreign.status, foreign.json()]).toEqual([404, { message: REVIEW_MESSAGES.noSuchReview }]);
    expect(unviewedIds((await b.get('/private/reviewsPage/')).body)).toEqual([reviewId]);

    const own = await b.get(`/private/markAsViewed/?reviewId=${reviewId}`);
    expect([own.status, own.json()]).toEqual([200, { message: REVIEW_MESSAGES.viewed }]);
    page = await b.get('/private/reviewsPage/');
    expect(unviewedIds(page.body)).toEqual([]);
    expect(page.body).not.toContain('data-new-answers');
    expect(page.body).toContain('Спасибо, передадим театру!');

    // A new answer is new again.
    await answerReview({ db: get().db, clock }, reviewId, 'Театр ответил: спасибо за отзыв.');
    expect(unviewedIds((await b.get('/private/reviewsPage/')).body)).toEqual([reviewId]);
    expect(await answerReview({ db: get().db, clock }, 999_999, 'Никому')).toBe(false);
  });

  it('asks about shows seen in the last 30 days only', async () => {
    expect((await boris.get('/private/getReviewInfo/')).json()).toMatchObject({ data: { show_name: 'Гамлет' } });
    clock.advance(30 * DAY);
    try {
      expect((await boris.get('/private/getReviewInfo/')).json()).toEqual({});
      // The form still takes the review: only the prompt stops asking.
      expect((await post(boris, { 'Review[text]': text, 'Review[rating]': 4 })).json().status).toBe('success');
    } finally {
      clock.advance(-30 * DAY);
    }
  });

  it('refuses a malformed request in the call’s own shape', async () => {
    const r = await post(anna, { 'Review[text]': text, 'Review[rating]': 7 });
    expect(r.status).toBe(400);
    expect(r.json().status).toBe('error');
    const m = await anna.get('/private/markAsViewed/?reviewId=abc');
    expect(m.status).toBe(400);
  });
});

describeEachDatabase('reviews: the demo buyer of the demo room', (get) => {
  let app: FastifyInstance;
  let clock: ManualClock;
  beforeAll(async () => {
    ({ app, clock } = await buildTestApp(get().db));
    await seedDemo(get().db, { now: clock.now(), scale: 'small' });
  }, 120_000);

  it('signs in with a confirmed e-mail, is prompted for the newer show, and has a new answer to the older show’s review', async () => {
    const b = buyer(app);
    const login = await b.post('/login/ajaxauth/', {
      'LoginForm[contact]': DEMO_BUYER_EMAIL,
      'LoginForm[password]': DEMO_BUYER_PASSWORD,
    });
    expect(login.json().state).toBe(1);
    const userId = (await accountOfSession(get().db, b.sessionId))!.id;
    const seen = await get().db.query<{ show_id: number; name: string; starts_at: Date; reviewed: boolean }>(
      `SELECT DISTINCT p.show_id, s.name, p.starts_at,
              EXISTS (SELECT 1 FROM reviews r WHERE r.user_id = o.user_id AND r.show_id = p.show_id) AS reviewed
         FROM orders o JOIN tickets t ON t.order_id = o.id JOIN performances p ON p.id = t.performance_id
         JOIN shows s ON s.id = p.show_id
        WHERE o.user_id = $1 AND o.status = 'paid' AND p.starts_at < $2 ORDER BY p.starts_at`,
      [userId, clock.now()],
    );
    // Two performances already over (other demo data may add upcoming ones).
    expect(seen.rows.map((r) => r.reviewed)).toEqual([true, false]);
    const newer = seen.rows[1]!;
    expect((await b.get('/private/getReviewInfo/')).json()).toEqual({
      data: { show_name: newer.name, show_id: newer.show_id },
      clientName: 'Мария Сергеевна',
    });
    const page = await b.get('/private/reviewsPage/');
    expect(page.body).toContain('data-new-answers="1"');
    expect(unviewedIds(page.body)).toHaveLength(1);
    expect(Object.values(await reviewablePerformances(get().db, userId, clock.now()))).toEqual([newer.show_id]);
    // The catalogue's answered reviews carry the answer's date.
    const undated = await get().db.query(
      'SELECT 1 FROM reviews WHERE answer_text IS NOT NULL AND answered_at IS NULL LIMIT 1',
    );
    expect(undated.rows).toEqual([]);
  });
});
