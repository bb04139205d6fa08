/**
 * The site's hourly cap on SMS codes (config smsBudget): SMS pumping spreads over many numbers,
 * sessions and addresses, so only a cap on the total bounds its cost. Numbers outside Russia have
 * a smaller cap of their own; the cap frees up as the hour's codes age.
 */
import { messages } from '@partera/contract';
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import type { ManualClock } from '../src/clock.js';
import { registeredBuyer } from './support/accounts.js';
import { buildTestApp } from './support/app.js';
import { describeEachDatabase } from './support/databases.js';

let serial = 0;
const unique = () => `${String(Date.now() % 1e4).padStart(4, '0')}${String(++serial % 1000).padStart(3, '0')}`;
/** A Russian mobile number (7 9xx) and a Kazakh one (7 7xx), both unused in the run. */
const russian = () => `7916${unique()}`;
const kazakh = () => `7701${unique()}`;

describeEachDatabase('the SMS budget', (get) => {
  let app: FastifyInstance;
  let clock: ManualClock;
  beforeAll(async () => {
    // The test app's clock stands still unless moved: no rate-limit window ends mid-test.
    ({ app, clock } = await buildTestApp(get().db, { config: { smsBudget: { perHour: 4, perHourAbroad: 2 } } }));
  });

  /** A code sent by a new buyer (so no per-session or per-number limit is involved). */
  async function send(number: string, country: 'RU' | 'KZ') {
    const { b } = await registeredBuyer(app);
    return (await b.post('/phone/codesend/', { number, country, similarCheck: 1 })).json();
  }
  const sent = { status: 'success' };
  const spent = { status: 'error', message: messages.smsBudgetSpent };

  it('caps the hour’s SMS codes abroad, then all of them, and frees up as the hour passes', async () => {
    expect(await send(kazakh(), 'KZ')).toMatchObject(sent);
    expect(await send(kazakh(), 'KZ')).toMatchObject(sent);
    // Abroad is spent; Russian numbers still get theirs.
    expect(await send(kazakh(), 'KZ')).toMatchObject(spent);
    expect(await send(russian(), 'RU')).toMatchObject(sent);
    expect(await send(russian(), 'RU')).toMatchObject(sent);
    // Four codes in the hour: nobody gets an SMS.
    expect(await send(russian(), 'RU')).toMatchObject(spent);
    // E-mail codes are not SMS: the registration's e-mail code still goes.
    const { b } = await registeredBuyer(app);
    expect(
      (await b.post('/email/codesend/', { email: `budget${unique()}@example.ru`, similarCheck: 0, nourl: 1 })).json(),
    ).toMatchObject(sent);

    clock.advance(61 * 60_000);
    expect(await send(russian(), 'RU')).toMatchObject(sent);
    expect(await send(kazakh(), 'KZ')).toMatchObject(sent);
  });
});
