/**
 * Seat sets (hall-basket-checkout.md 4.1, 7.2, 8.1; decision 0026): selectGroup, deselectGroup
 * and selectExclusive hold a group (group id > 0) or an exclusive pair whole or not at all; the
 * path's session must be the caller's; two buyers racing for one set: exactly one gets it.
 */
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { CSRF_PARAM, SESSION_PARAM } from '../src/http/names.js';
import { csrfTokenFor } from '../src/http/session.js';
import { type Buyer, buildTestApp, buyer, nextClientAddress } from './support/app.js';
import { countMismatches } from './support/counts.js';
import { describeEachDatabase } from './support/databases.js';
import { createSeating, type Seating, seatRow } from './support/seating.js';

const TAKEN = 'Не удалось добавить билет в корзину';

/** Row 1: seats 1–10; 4, 5, 6 a group (a sofa); 9 and 10 an exclusive pair. Row 2: ten plain seats. */
const stalls = () => ({
  categories: { std: 300_000 },
  sections: [
    {
      name: 'Партер',
      rows: [
        {
          label: '1',
          seats: seatRow(10, 'std').map((s) => ({
            ...s,
            ...(s.number >= 4 && s.number <= 6 ? { group: 1 } : {}),
            ...(s.number >= 9 ? { pairWith: s.number === 9 ? 10 : 9 } : {}),
          })),
        },
        { label: '2', seats: seatRow(10, 'std') },
      ],
    },
  ],
});

describeEachDatabase('seat sets: groups and exclusive pairs', (get) => {
  let app: FastifyInstance;
  let hall: Seating;

  beforeAll(async () => {
    ({ app } = await buildTestApp(get().db));
  });

  const fresh = async () => {
    hall = await createSeating(get().db, stalls());
    return hall;
  };
  const seat = (row: string, n: number) => String(hall.seat('Партер', row, n));
  const held = async (ids: string[]) =>
    (
      await get().db.query<{ id: number; hold_session_id: string | null; tariff_id: number | null }>(
        'SELECT id, hold_session_id, tariff_id FROM performance_places WHERE id = ANY($1::int[]) AND state = 1 ORDER BY id',
        [ids.map(Number)],
      )
    ).rows;
  const group = (who: Buyer, places: object[], path = who.sessionId) =>
    who.post(`/hallPlace/selectGroup/${encodeURIComponent(path)}`, { places: JSON.stringify(places) });
  /** The same call with a JSON body, as the widgets may send it. */
  const groupJson = async (who: Buyer, url: string, body: object) => {
    const r = await app.inject({
      method: 'POST',
      url,
      remoteAddress: nextClientAddress(),
      cookies: { [SESSION_PARAM]: who.sessionId },
      headers: { 'content-type': 'application/json', 'x-csrf-token': who.csrf },
      payload: JSON.stringify(body),
    });
    return { status: r.statusCode, json: () => r.json() };
  };
  /** The cyphers a selection answer says the buyer holds. */
  const cyphers = (answer: { ticketHashList?: Record<string, string> }) =>
    Object.values(answer.ticketHashList ?? {}).sort((a, b) => Number(a) - Number(b));

  it('selectGroup holds every named place with its whole set and answers them all in ticketHashList', async () => {
    await fresh();
    const a = buyer(app);
    const r = (await group(a, [{ cypher: seat('1', 1) }, { cypher: seat('1', 5) }])).json();
    expect(r).toMatchObject({ result: 1, error: 0, ticketCount: 4, basketPrice: 12_000 });
    const expected = [seat('1', 1), seat('1', 4), seat('1', 5), seat('1', 6)];
    expect(cyphers(r)).toEqual(expected);
    expect((await held(expected)).every((row) => row.hold_session_id === a.sessionId)).toBe(true);

    // Taking one place of the sofa out takes the whole sofa out.
    const out = (
      await a.post(`/hallPlace/deselectGroup/${a.sessionId}`, { places: `[{"cypher":"${seat('1', 6)}"}]` })
    ).json();
    expect(out).toMatchObject({ result: 1, ticketCount: 1 });
    expect(cyphers(out)).toEqual([seat('1', 1)]);
    expect(await held([seat('1', 4), seat('1', 5), seat('1', 6)])).toEqual([]);
  });

  it('names each set in the basket’s lines (setKey), so the basket can show what a delete takes out', async () => {
    await fresh();
    const a = buyer(app);
    // The sofa (4–6), the pair (9, 10) and two single seats of row 2.
    const r = (await group(a, [{ cypher: seat('1', 5) }, { cypher: seat('1', 9) }, { cypher: seat('2', 1) }])).json();
    expect(r).toMatchObject({ result: 1, ticketCount: 6 });
    expect((await a.post('/hallPlace/select/', { cypher: seat('2', 2) })).json().result).toBe(1);
    const lines: Array<{ cypher: string; setKey?: string }> = (await a.get('/shopcart/state/')).json().tickets;
    const keyOf = (cypher: string) => lines.find((l) => l.cypher === cypher)?.setKey;
    const sofa = keyOf(seat('1', 4));
    const pair = keyOf(seat('1', 9));
    expect(sofa).toEqual(expect.any(String));
    expect(pair).toEqual(expect.any(String));
    expect(pair).not.toBe(sofa);
    expect([keyOf(seat('1', 5)), keyOf(seat('1', 6))]).toEqual([sofa, sofa]);
    expect(keyOf(seat('1', 10))).toBe(pair);
    // Single seats carry no key: a delete takes them out alone.
    const singles = lines.filter((l) => l.cypher === seat('2', 1) || l.cypher === seat('2', 2));
    expect(singles).toHaveLength(2);
    for (const line of singles) expect(line).not.toHaveProperty('setKey');
    // What a delete of a keyed line takes out is exactly the lines of its key.
    await a.post('/hallPlace/deselect/', { cypher: seat('1', 10) });
    const left: Array<{ cypher: string; setKey?: string }> = (await a.get('/shopcart/state/')).json().tickets;
    expect(left.some((l) => l.setKey === pair)).toBe(false);
    expect(left.filter((l) => l.setKey === sofa)).toHaveLength(3);
  });

  it('is all or nothing: one place someone else holds, and none of the others is held', async () => {
    await fresh();
    const a = buyer(app);
    const b = buyer(app);
    expect((await b.post('/hallPlace/select/', { cypher: seat('2', 2) })).json().result).toBe(1);
    const r = (await group(a, [{ cypher: seat('2', 1) }, { cypher: seat('2', 2) }, { cypher: seat('2', 3) }])).json();
    expect(r).toMatchObject({ result: 0, message: TAKEN, ticketCount: 0 });
    expect(await held([seat('2', 1), seat('2', 3)])).toEqual([]);
    expect(await countMismatches(get().db)).toEqual([]);
  });

  it('the exclusive form holds the pair; baseObjId must be the seat’s performance; a seat without a pair is refused', async () => {
    const other = await createSeating(get().db, stalls());
    await fresh();
    const a = buyer(app);
    const pair = [seat('1', 9), seat('1', 10)];
    const wrongBase = await groupJson(a, `/hallPlace/selectGroup/${a.sessionId}`, {
      places: [{ cypher: pair[0], tax: hall.tariffId.std, exclisivePlace: true, baseObjId: other.performanceId }],
    });
    expect(wrongBase.json()).toMatchObject({
      result: 0,
      message: 'Возникла ошибка при загрузки информации по данному месту.',
    });
    expect(await held(pair)).toEqual([]);
    const noPair = await groupJson(a, `/hallPlace/selectGroup/${a.sessionId}`, {
      places: [{ cypher: seat('2', 5), exclisivePlace: true, baseObjId: hall.performanceId }],
    });
    expect(noPair.json()).toMatchObject({ result: 0, message: 'Это место продаётся без пары' });

    const ok = await groupJson(a, `/hallPlace/selectGroup/${a.sessionId}`, {
      places: [{ cypher: pair[0], tax: hall.tariffId.std, exclisivePlace: true, baseObjId: hall.performanceId }],
    });
    expect(ok.json()).toMatchObject({ result: 1, ticketCount: 2 });
    expect(cyphers(ok.json())).toEqual(pair);
    const released = await groupJson(a, `/hallPlace/deselectGroup/${a.sessionId}`, {
      places: [{ cypher: pair[1], exclisivePlace: true, baseObjId: hall.performanceId }],
    });
    expect(released.json()).toMatchObject({ result: 1, ticketCount: 0 });
  });

  it('selectExclusive holds the star seat’s counterpart with it, checked against baseObjId', async () => {
    await fresh();
    const a = buyer(app);
    const pair = [seat('1', 9), seat('1', 10)];
    expect(
      (await a.post('/hallPlace/selectExclusive/', { cypher: pair[1]!, baseObjId: 999_999 })).json(),
    ).toMatchObject({ result: 0, message: 'Возникла ошибка при загрузки информации по данному месту.' });
    expect(
      (await a.post('/hallPlace/selectExclusive/', { cypher: seat('2', 1), baseObjId: hall.performanceId })).json(),
    ).toMatchObject({ result: 0, message: 'Это место продаётся без пары' });
    const r = (await a.post('/hallPlace/selectExclusive/', { cypher: pair[1]!, baseObjId: hall.performanceId })).json();
    expect(r).toMatchObject({ result: 1, error: 0, ticketCount: 2, basketPrice: 6_000 });
    expect(cyphers(r)).toEqual(pair);
    // Selecting it again (the spec's select then selectExclusive) changes nothing.
    expect(
      (await a.post('/hallPlace/selectExclusive/', { cypher: pair[0]!, baseObjId: hall.performanceId })).json(),
    ).toMatchObject({ result: 1, ticketCount: 2 });
  });

  it('holds each named place at its tariff, the rest of its set at the same, and refuses a tariff of another category', async () => {
    await fresh();
    const student = (
      await get().db.query<{ id: number }>(
        `INSERT INTO tariffs (price_category_id, name, price, is_default) VALUES ($1, 'Студенческий', 150000, false) RETURNING id`,
        [hall.categoryId.std],
      )
    ).rows[0]!.id;
    const other = await createSeating(get().db, stalls());
    const a = buyer(app);
    const wrong = (await group(a, [{ cypher: seat('2', 7), tax: other.tariffId.std }])).json();
    expect(wrong).toMatchObject({
      result: 0,
      message: 'Не удалось определить тариф для данного билета',
      ticketCount: 0,
    });
    const r = (await group(a, [{ cypher: seat('1', 4), tax: student }, { cypher: seat('2', 7) }])).json();
    // The sofa (three places) at the student tariff, row 2 seat 7 at the default.
    expect(r).toMatchObject({ result: 1, ticketCount: 4, basketPrice: 3 * 1_500 + 3_000 });
    const tariffs = await held([seat('1', 4), seat('1', 5), seat('1', 6), seat('2', 7)]);
    expect(tariffs.map((t) => t.tariff_id)).toEqual([student, student, student, hall.tariffId.std]);
  });

  it('obeys the basket limit for the whole set', async () => {
    hall = await createSeating(get().db, { ...stalls(), maxTicketCount: 3 });
    const a = buyer(app);
    expect((await group(a, [{ cypher: seat('2', 1) }])).json().result).toBe(1);
    const r = (await group(a, [{ cypher: seat('1', 5) }])).json();
    expect(r).toMatchObject({ result: 0, message: 'За один заказ можно купить только 3 билетов', ticketCount: 1 });
    expect(await held([seat('1', 4), seat('1', 5), seat('1', 6)])).toEqual([]);
  });

  it('refuses another session’s id in the path and never touches that session’s basket', async () => {
    await fresh();
    const a = buyer(app);
    const b = buyer(app);
    expect((await group(b, [{ cypher: seat('2', 4) }])).json()).toMatchObject({ result: 1, ticketCount: 1 });
    const intruding = await group(a, [{ cypher: seat('2', 5) }], b.sessionId);
    expect(intruding.status).toBe(403);
    expect(intruding.json()).toMatchObject({ result: 0, message: 'Сессия устарела, обновите страницу' });
    const releasing = await a.post(`/hallPlace/deselectGroup/${encodeURIComponent(b.sessionId)}`, {
      places: JSON.stringify([{ cypher: seat('2', 4) }]),
    });
    expect(releasing.status).toBe(403);
    expect((await held([seat('2', 4), seat('2', 5)])).map((row) => row.hold_session_id)).toEqual([b.sessionId]);
    expect((await b.get('/shopcart/state/')).json().ticketCount).toBe(1);
    expect((await a.get('/shopcart/state/')).json().ticketCount).toBe(0);
  });

  it('two buyers racing for the same exclusive pair or the same group: exactly one gets the whole set', async () => {
    for (let round = 0; round < 6; round++) {
      // A fresh hall each round: the race starts with every place free.
      await fresh();
      const pairNow = [seat('1', 9), seat('1', 10)];
      const sofaNow = [seat('1', 4), seat('1', 5), seat('1', 6)];
      const buyers = Array.from({ length: 4 }, () => buyer(app));
      const answers = await Promise.all([
        buyers[0]!.post('/hallPlace/selectExclusive/', { cypher: pairNow[0]!, baseObjId: hall.performanceId }),
        group(buyers[1]!, [{ cypher: pairNow[1], exclisivePlace: true, baseObjId: hall.performanceId }]),
        group(buyers[2]!, [{ cypher: sofaNow[0] }]),
        buyers[3]!.post('/hallPlace/select/', { cypher: sofaNow[2]! }),
      ]);
      const results = answers.map((r) => r.json());
      const pairWinners = results.slice(0, 2).filter((r) => r.result === 1);
      const sofaWinners = results.slice(2).filter((r) => r.result === 1);
      expect(pairWinners).toHaveLength(1);
      expect(sofaWinners).toHaveLength(1);
      expect(cyphers(pairWinners[0])).toEqual(pairNow);
      expect(cyphers(sofaWinners[0])).toEqual(sofaNow);
      for (const r of results.filter((x) => x.result !== 1))
        expect(r).toMatchObject({ message: TAKEN, ticketCount: 0 });
      const rows = await held([...pairNow, ...sofaNow]);
      expect(rows).toHaveLength(5);
      expect(new Set(rows.filter((r) => pairNow.includes(String(r.id))).map((r) => r.hold_session_id)).size).toBe(1);
      expect(new Set(rows.filter((r) => sofaNow.includes(String(r.id))).map((r) => r.hold_session_id)).size).toBe(1);
    }
    expect(await countMismatches(get().db)).toEqual([]);
  });

  it('refuses a request without the CSRF token', async () => {
    await fresh();
    const a = buyer(app);
    const r = await app.inject({
      method: 'POST',
      url: `/hallPlace/selectGroup/${a.sessionId}`,
      cookies: { [SESSION_PARAM]: a.sessionId },
      payload: { places: JSON.stringify([{ cypher: seat('2', 9) }]), [CSRF_PARAM]: csrfTokenFor('other', 'x') },
    });
    expect(r.statusCode).toBe(403);
    expect(await held([seat('2', 9)])).toEqual([]);
  });
});
