/**
 * The wishlist and 'Скоро в продаже' (site-browsing-account.md 2.9, 2.15, 3 Bookmark and
 * Notify-on-sale request, 4, 5, 7 Browsing): bookmarks are the signed-in buyer's own (a guest gets
 * 401, another buyer can neither see nor change them), notify on and off, the cabinet's list; the
 * request's checks, one open request per address and show, its limits per session and per address;
 * and the on-sale e-mails: to bookmarkers with notify on and to matching requests, once each.
 */
import { formatDate, messages, ON_SALE_REQUEST_MESSAGES } from '@partera/contract';
import type { FastifyInstance } from 'fastify';
import { beforeAll, beforeEach, expect, it } from 'vitest';
import { buyersToday } from '../src/accounts/profile.js';
import { listWishlist } from '../src/accounts/wishlist.js';
import type { ManualClock } from '../src/clock.js';
import type { ServerConfig } from '../src/config.js';
import { SESSION_PARAM } from '../src/http/names.js';
import { TOO_MANY_REQUESTS } from '../src/limits/index.js';
import { notifyOnSale } from '../src/services/catalogue/on-sale-notify.js';
import { openSales, PERFORMANCE_CHANGE_MESSAGES } from '../src/services/catalogue/performance-changes.js';
import { registeredBuyer, uniqueEmail } from './support/accounts.js';
import { type Buyer, buildTestApp, buyer } from './support/app.js';
import { describeEachDatabase } from './support/databases.js';
import { createHallFixture } from './support/fixture.js';

const DAY = 86_400_000;

describeEachDatabase('the wishlist and notify-on-sale', (get) => {
  let app: FastifyInstance;
  let clock: ManualClock;
  let config: ServerConfig;
  beforeAll(async () => {
    ({ app, clock, config } = await buildTestApp(get().db));
  });
  beforeEach(() => clock.reset());

  /** A show with one performance on sale `days` ahead; its id and the performance's. */
  async function newShow(days = 30): Promise<{ showId: number; performanceId: number; hallId: number }> {
    const hall = await createHallFixture(get().db, { startsAt: new Date(clock.now().getTime() + days * DAY) });
    const r = await get().db.query<{ show_id: number }>('SELECT show_id FROM performances WHERE id = $1', [
      hall.performanceId,
    ]);
    return { showId: r.rows[0]!.show_id, performanceId: hall.performanceId, hallId: hall.hallId };
  }

  const userIdOf = async (email: string) =>
    (await get().db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [email])).rows[0]!.id;

  const add = (b: Buyer, objId: number | string) => b.post('/show/JsAddBookmark/', { objId });
  const remove = (b: Buyer, objId: number) => b.post('/show/JsRemoveBookmark/', { objId });
  const update = (b: Buyer, objId: number, toNotify: 0 | 1) =>
    b.get(`/show/JsUpdateBookmark/?objId=${objId}&toNotify=${toNotify}`);

  const bookmarksOf = async (email: string) =>
    (
      await get().db.query<{ show_id: number; to_notify: boolean }>(
        'SELECT show_id, to_notify FROM bookmarks WHERE user_id = $1 ORDER BY show_id',
        [await userIdOf(email)],
      )
    ).rows;

  /** dd.mm.yyyy of the buyer's today moved by `days`. */
  const day = (days: number) => {
    const d = buyersToday(clock.now());
    d.setDate(d.getDate() + days);
    return formatDate(d);
  };

  const request = (b: Buyer, form: { from: string; to: string; email: string; showId: number }) =>
    b.post('/show/clientRequest/', {
      requestFrom: form.from,
      requestTo: form.to,
      requestEmail: form.email,
      requestShowId: form.showId,
    });

  const mailsTo = async (email: string) =>
    (
      await get().db.query<{ subject: string; body_text: string }>(
        'SELECT subject, body_text FROM outbox WHERE recipient = $1 ORDER BY id',
        [email],
      )
    ).rows;

  it('answers a guest 401 with the login message and stores nothing', async () => {
    const { showId } = await newShow();
    const guest = buyer(app);
    for (const r of [await add(guest, showId), await remove(guest, showId), await update(guest, showId, 1)]) {
      expect(r.status).toBe(401);
      expect(r.json().message).toBe(messages.loginRequired);
    }
    const count = await get().db.query<{ n: number }>('SELECT count(*)::int AS n FROM bookmarks WHERE show_id = $1', [
      showId,
    ]);
    expect(count.rows[0]!.n).toBe(0);
  });

  it('bookmarks a show once, lists it in the cabinet with its next date, and turns notify on and off', async () => {
    const { showId, performanceId } = await newShow(12);
    const { b, email } = await registeredBuyer(app);
    expect((await add(b, showId)).json()).toEqual({ is_added: true });
    expect((await add(b, showId)).json()).toEqual({ is_added: true });
    expect(await bookmarksOf(email)).toEqual([{ show_id: showId, to_notify: false }]);

    const [listed] = await listWishlist(get().db, await userIdOf(email), clock.now());
    expect(listed).toMatchObject({
      showId,
      name: 'Гамлет',
      toNotify: false,
      posterUrl: `/media/poster/${showId}.svg`,
      next: { saleState: 'on_sale', url: `/performance/${performanceId}/` },
    });
    expect(new Date(listed!.next!.startsAt).getTime()).toBe(clock.now().getTime() + 12 * DAY);

    expect((await update(b, showId, 1)).json()).toEqual({ is_updated: true });
    expect(await bookmarksOf(email)).toEqual([{ show_id: showId, to_notify: true }]);
    expect((await update(b, showId, 0)).json()).toEqual({ is_updated: true });
    expect(await bookmarksOf(email)).toEqual([{ show_id: showId, to_notify: false }]);

    expect((await remove(b, showId)).json()).toEqual({ is_removed: true });
    expect(await bookmarksOf(email)).toEqual([]);
    expect((await remove(b, showId)).json()).toMatchObject({ is_removed: false });
    expect((await update(b, showId, 1)).json()).toMatchObject({ is_updated: false });
    expect(await bookmarksOf(email)).toEqual([]);
  });

  it('refuses the notify switch (a GET that changes state) without the CSRF token', async () => {
    const { showId } = await newShow();
    const { b, email } = await registeredBuyer(app);
    await add(b, showId);
    const r = await app.inject({
      method: 'GET',
      url: `/show/JsUpdateBookmark/?objId=${showId}&toNotify=1`,
      cookies: { [SESSION_PARAM]: b.sessionId },
    });
    expect(r.statusCode).toBe(403);
    expect(await bookmarksOf(email)).toEqual([{ show_id: showId, to_notify: false }]);
  });

  it('refuses a show id of 0 or of no show, and changes nothing', async () => {
    const { b, email } = await registeredBuyer(app);
    const zero = await add(b, 0);
    expect(zero.status).toBe(400);
    expect(zero.json().is_added).toBe(false);
    const none = await add(b, 2_000_000_000);
    expect(none.status).toBe(404);
    expect(none.json()).toEqual({ is_added: false, message: 'Шоу не найдено' });
    expect(await bookmarksOf(email)).toEqual([]);
  });

  it("keeps each buyer's bookmarks their own: another buyer can neither list, remove nor switch them", async () => {
    const { showId } = await newShow();
    const anna = await registeredBuyer(app);
    const boris = await registeredBuyer(app, { firstname: 'Борис' });
    await add(anna.b, showId);
    expect(await listWishlist(get().db, await userIdOf(boris.email), clock.now())).toEqual([]);
    expect((await remove(boris.b, showId)).json()).toMatchObject({ is_removed: false });
    expect((await update(boris.b, showId, 1)).json()).toMatchObject({ is_updated: false });
    expect(await bookmarksOf(anna.email)).toEqual([{ show_id: showId, to_notify: false }]);
    expect(await bookmarksOf(boris.email)).toEqual([]);
    // Boris's own bookmark of the same show is his, and removing it leaves Anna's.
    await add(boris.b, showId);
    await remove(boris.b, showId);
    expect(await bookmarksOf(anna.email)).toEqual([{ show_id: showId, to_notify: false }]);
  });

  it("stores a guest's request with the address normalised; asking again moves the period of the open one", async () => {
    const { showId } = await newShow();
    const guest = buyer(app);
    const email = uniqueEmail('ask');
    const first = await request(guest, { from: day(0), to: day(10), email: `  ${email.toUpperCase()} `, showId });
    expect(first.json()).toEqual({ status: 'success', message: ON_SALE_REQUEST_MESSAGES.sent });
    await request(guest, { from: day(5), to: day(40), email, showId });
    const rows = await get().db.query<{ email: string; f: string; t: string }>(
      `SELECT email, to_char(date_from, 'DD.MM.YYYY') AS f, to_char(date_to, 'DD.MM.YYYY') AS t
         FROM on_sale_requests WHERE show_id = $1`,
      [showId],
    );
    expect(rows.rows).toEqual([{ email, f: day(5), t: day(40) }]);
  });

  it('refuses a request with a date in the past, an end before its start, a bad e-mail or an unknown show', async () => {
    const { showId } = await newShow();
    const guest = buyer(app);
    const email = uniqueEmail('bad');
    const cases: Array<[Parameters<typeof request>[1], string]> = [
      [{ from: day(-1), to: day(3), email, showId }, ON_SALE_REQUEST_MESSAGES.fromInPast],
      [{ from: day(5), to: day(4), email, showId }, ON_SALE_REQUEST_MESSAGES.toBeforeFrom],
      [{ from: '31.02.2031', to: day(4), email, showId }, ON_SALE_REQUEST_MESSAGES.datesMissing],
      [{ from: day(1), to: day(800), email, showId }, ON_SALE_REQUEST_MESSAGES.tooFarAhead],
      [{ from: day(1), to: day(2), email: 'anna@', showId }, ON_SALE_REQUEST_MESSAGES.emailInvalid],
      [{ from: day(1), to: day(2), email, showId: 2_000_000_000 }, 'Шоу не найдено'],
    ];
    for (const [form, message] of cases) {
      const r = await request(guest, form);
      expect(r.json(), JSON.stringify(form)).toEqual({ status: 'error', message });
    }
    const stored = await get().db.query('SELECT 1 FROM on_sale_requests WHERE email = $1', [email]);
    expect(stored.rowCount).toBe(0);
    // A request without its e-mail is malformed: 400 in the call's shape.
    const malformed = await guest.post('/show/clientRequest/', { requestFrom: day(1), requestTo: day(2) });
    expect(malformed.status).toBe(400);
    expect(malformed.json().status).toBe('error');
  });

  it('limits requests per session, and per e-mail address whoever sends them', async () => {
    const { showId } = await newShow();
    const one = buyer(app);
    const answers = [];
    for (let i = 0; i < 11; i++) {
      answers.push(await request(one, { from: day(1), to: day(2), email: uniqueEmail('sess'), showId }));
    }
    expect(answers.slice(0, 10).every((r) => r.status === 200)).toBe(true);
    expect(answers[10]!.status).toBe(429);

    const target = uniqueEmail('victim');
    for (let i = 0; i < 20; i++) {
      const shows = await newShow();
      const r = await request(buyer(app), { from: day(1), to: day(2), email: target, showId: shows.showId });
      expect(r.json().status).toBe('success');
    }
    const refused = await request(buyer(app), { from: day(1), to: day(2), email: target, showId });
    expect(refused.json()).toEqual({ status: 'error', message: TOO_MANY_REQUESTS });
  });

  it('e-mails bookmarkers with notify on and matching requests once each, when new dates go on sale', async () => {
    const { showId, performanceId, hallId } = await newShow(20);
    const db = get().db;
    const deps = { db, clock, config };
    const fan = await registeredBuyer(app);
    const quiet = await registeredBuyer(app);
    await add(fan.b, showId);
    await update(fan.b, showId, 1);
    await add(quiet.b, showId);
    const inRange = uniqueEmail('inrange');
    const outOfRange = uniqueEmail('later');
    const guest = buyer(app);
    await request(guest, { from: day(15), to: day(25), email: inRange, showId });
    await request(guest, { from: day(40), to: day(50), email: outOfRange, showId });
    // The fan asked by the form too: still one e-mail.
    await request(guest, { from: day(1), to: day(60), email: fan.email, showId });

    const first = await notifyOnSale(deps, showId);
    expect(first.performances).toEqual([performanceId]);
    expect(first.recipients.sort()).toEqual([fan.email, inRange].sort());
    const [fanMail] = await mailsTo(fan.email).then((m) => m.filter((x) => x.subject.startsWith('Билеты в продаже')));
    expect(fanMail?.subject).toBe('Билеты в продаже: «Гамлет»');
    expect(fanMail?.body_text).toContain(`/performance/${performanceId}/`);
    expect(fanMail?.body_text).toContain('/private/#wishlist');
    expect(await mailsTo(inRange)).toHaveLength(1);
    expect(await mailsTo(outOfRange)).toHaveLength(0);
    const quietMails = await mailsTo(quiet.email);
    expect(quietMails.some((m) => m.subject.startsWith('Билеты в продаже'))).toBe(false);

    // Again, or twice at once: nothing more.
    const again = await Promise.all([notifyOnSale(deps, showId), notifyOnSale(deps, showId)]);
    expect(again.map((r) => r.recipients)).toEqual([[], []]);

    // A date announced as 'soon' is not on sale; once it is, the fan hears, and so does the later request.
    const later = await db.query<{ id: number }>(
      `INSERT INTO performances (show_id, hall_id, starts_at, sale_state) VALUES ($1, $2, $3, 'soon') RETURNING id`,
      [showId, hallId, new Date(clock.now().getTime() + 45 * DAY)],
    );
    expect((await notifyOnSale(deps, showId)).recipients).toEqual([]);
    await db.query(`UPDATE performances SET sale_state = 'on_sale' WHERE id = $1`, [later.rows[0]!.id]);
    const second = await notifyOnSale(deps, showId);
    expect(second.performances).toEqual([later.rows[0]!.id]);
    expect(second.recipients.sort()).toEqual([fan.email, outOfRange].sort());
    expect(await mailsTo(inRange)).toHaveLength(1);
    const requestMail = (await mailsTo(outOfRange))[0]!;
    expect(requestMail.body_text).toContain('Скоро в продаже');
    expect(requestMail.body_text).not.toContain('/private/#wishlist');
  });

  it('opening the sale of a coming performance tells those who asked, about that performance only', async () => {
    const { showId, performanceId, hallId } = await newShow(20);
    const db = get().db;
    const deps = { db, clock, config };
    const fan = await registeredBuyer(app);
    await add(fan.b, showId);
    await update(fan.b, showId, 1);
    const coming = await db.query<{ id: number }>(
      `INSERT INTO performances (show_id, hall_id, starts_at, sale_state) VALUES ($1, $2, $3, 'soon') RETURNING id`,
      [showId, hallId, new Date(clock.now().getTime() + 45 * DAY)],
    );
    const id = coming.rows[0]!.id;

    expect(await openSales(deps, id)).toEqual({ ok: true, performanceId: id, notified: 1 });
    const sale = await db.query<{ sale_state: string }>('SELECT sale_state FROM performances WHERE id = $1', [id]);
    expect(sale.rows[0]!.sale_state).toBe('on_sale');
    const [mail] = (await mailsTo(fan.email)).filter((m) => m.subject.startsWith('Билеты в продаже'));
    expect(mail?.body_text).toContain(`/performance/${id}/`);
    // The date on sale since before was not news: it is not in the e-mail.
    expect(mail?.body_text).not.toContain(`/performance/${performanceId}/`);

    expect(await openSales(deps, id)).toEqual({ ok: false, message: PERFORMANCE_CHANGE_MESSAGES.notComing });
    expect(await openSales(deps, 999_999)).toEqual({ ok: false, message: PERFORMANCE_CHANGE_MESSAGES.notFound });
  });
});
