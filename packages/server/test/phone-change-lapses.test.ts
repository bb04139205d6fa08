/**
 * Decision 0046: a new phone number lapses the phone checks made for the old one. Every session
 * of the account forgets its bonus PIN (the PIN proved the old number: an order placed on it
 * answers 113), the other sessions forget their phone check, the session that confirmed the new
 * number keeps its own; re-confirming the same number lapses nothing.
 */
import { messages } from '@partera/contract';
import type { FastifyInstance } from 'fastify';
import { beforeAll, beforeEach, expect, it } from 'vitest';
import { PIN_RULES } from '../src/accounts/index.js';
import type { ManualClock } from '../src/clock.js';
import { lastOutboxCode, registeredBuyer, TEST_PASSWORD } from './support/accounts.js';
import { type Buyer, buildTestApp, buyer } from './support/app.js';
import { describeEachDatabase } from './support/databases.js';

let serial = 0;
const uniquePhone = () => `79${String(Date.now() % 1e6).padStart(6, '0')}${String(++serial % 1000).padStart(3, '0')}`;

describeEachDatabase('decision 0046: a new phone number lapses the old checks', (get) => {
  let app: FastifyInstance;
  let clock: ManualClock;
  beforeAll(async () => {
    ({ app, clock } = await buildTestApp(get().db));
  });
  beforeEach(() => clock.reset());

  const post = (b: Buyer, url: string, form: Record<string, string | number>) =>
    b.post(url, form).then((r) => r.json());
  const checks = async (b: Buyer) =>
    (
      await get().db.query<{ bonus_pin_at: Date | null; phone_checked_at: Date | null }>(
        'SELECT bonus_pin_at, phone_checked_at FROM sessions WHERE id = $1',
        [b.sessionId],
      )
    ).rows[0]!;

  async function confirm(b: Buyer, number: string, similarCheck: 0 | 1): Promise<void> {
    expect((await post(b, '/phone/codesend/', { number, country: 'RU', similarCheck })).status).toBe('success');
    const code = await lastOutboxCode(get().db, `+${number}`);
    expect(await post(b, '/phone/codecheck/', { number, country: 'RU', code })).toEqual({
      status: 'success',
      message: messages.phoneConfirmed,
    });
  }
  async function checkBonusPin(b: Buyer, number: string): Promise<void> {
    expect((await b.get('/phone/pinsendbonus/')).json().status).toBe('success');
    const code = await lastOutboxCode(get().db, `+${number}`);
    expect((await post(b, '/phone/pincheckbonus/', { 'form[code]': code })).status).toBe('success');
  }

  it('changing the number lapses every bonus PIN and the other sessions’ phone checks; the same number lapses none', async () => {
    const { b: here, email } = await registeredBuyer(app);
    const first = uniquePhone();
    await confirm(here, first, 1);
    clock.advance(PIN_RULES.resendAfterMs);
    // Another device of the same account, with its own checks.
    const there = buyer(app);
    await there.post('/login/', { 'LoginForm[contact]': email, 'LoginForm[password]': TEST_PASSWORD, back: '/' });
    expect((await there.get('/phone/pinsend/')).json().status).toBe('success');
    const code = await lastOutboxCode(get().db, `+${first}`);
    expect((await post(there, '/phone/codecheck/', { number: first, country: 'RU', code })).status).toBe('success');
    await checkBonusPin(here, first);
    clock.advance(PIN_RULES.resendAfterMs);
    await checkBonusPin(there, first);
    expect(await checks(here)).toMatchObject({ bonus_pin_at: expect.any(Date), phone_checked_at: expect.any(Date) });
    expect(await checks(there)).toMatchObject({ bonus_pin_at: expect.any(Date), phone_checked_at: expect.any(Date) });

    // Re-confirming the same number (the purchase's check) lapses nothing.
    clock.advance(PIN_RULES.resendAfterMs);
    expect((await there.get('/phone/pinsend/')).json().status).toBe('success');
    const again = await lastOutboxCode(get().db, `+${first}`);
    expect((await post(there, '/phone/codecheck/', { number: first, country: 'RU', code: again })).status).toBe(
      'success',
    );
    expect((await checks(here)).bonus_pin_at).not.toBeNull();

    // A new number, confirmed here: both bonus PINs lapse; this session keeps its phone check.
    await confirm(here, uniquePhone(), 0);
    expect(await checks(here)).toMatchObject({ bonus_pin_at: null, phone_checked_at: expect.any(Date) });
    expect(await checks(there)).toMatchObject({ bonus_pin_at: null, phone_checked_at: null });
  });
});
