/**
 * Issue 10, phone confirmation: the country masks and list, the number's check per country, an
 * SMS code and both readings of its check, a code for another number, a number another account
 * confirmed, the purchase's PIN (errCode 212 without a phone, 217 while a code still works) and
 * the bonus payment's PIN, and the answers to a guest.
 */
import { ErrorCode, formatPhone, messages, phoneMaskMap } from '@partera/contract';
import type { FastifyInstance } from 'fastify';
import { beforeAll, beforeEach, expect, it } from 'vitest';
import { accountOfSession, PIN_RULES } from '../src/accounts/index.js';
import type { ManualClock } from '../src/clock.js';
import { PHONE_CHECK_FRESH_MINUTES } from '../src/services/basket/rules.js';
import { registeredBuyer } from './support/accounts.js';
import { type Buyer, buildTestApp, buyer } from './support/app.js';
import { describeEachDatabase } from './support/databases.js';
import { createHallFixture } from './support/fixture.js';

let serial = 0;
/** A Russian mobile number nobody else in the run uses: 79xxxxxxxxx. */
const uniquePhone = () => `79${String(Date.now() % 1e6).padStart(6, '0')}${String(++serial % 1000).padStart(3, '0')}`;

describeEachDatabase('issue 10: phone confirmation', (get) => {
  let app: FastifyInstance;
  let clock: ManualClock;
  beforeAll(async () => {
    ({ app, clock } = await buildTestApp(get().db));
  });
  beforeEach(() => clock.reset());

  const registered = async (): Promise<Buyer> =>
    (await registeredBuyer(app, { firstname: 'Пётр', surname: 'Гринёв' })).b;

  /** The last SMS code the outbox holds for the number. */
  async function lastSms(number: string): Promise<{ code: string; text: string }> {
    const r = await get().db.query<{ body_text: string }>(
      `SELECT body_text FROM outbox WHERE channel = 'sms' AND recipient = $1 ORDER BY id DESC LIMIT 1`,
      [`+${number}`],
    );
    const text = r.rows[0]?.body_text ?? '';
    const code = /\b\d{4}\b/.exec(text)?.[0];
    if (!code) throw new Error(`no SMS for ${number}`);
    return { code, text };
  }
  const wrongOf = (code: string) => String((Number(code) + 1) % 10_000).padStart(4, '0');
  const post = (b: Buyer, url: string, form: Record<string, string | number>) =>
    b.post(url, form).then((r) => r.json());

  async function confirmed(b: Buyer, number = uniquePhone()): Promise<string> {
    expect((await post(b, '/phone/codesend/', { number, country: 'RU', similarCheck: 1 })).status).toBe('success');
    const { code } = await lastSms(number);
    expect(await post(b, '/phone/codecheck/', { number, country: 'RU', code })).toEqual({
      status: 'success',
      message: messages.phoneConfirmed,
    });
    return number;
  }

  it('answers the masks and the country list, RU first and chosen', async () => {
    const b = buyer(app);
    expect((await b.get('/phone/getphonemasks/')).json()).toEqual(phoneMaskMap());
    const html = (await b.get('/phone/getcountrycodes/')).body;
    expect(html).toMatch(/^<option value="RU" data-mask="\+7\(999\) 999-99-99" selected>Россия \+7<\/option>/);
    expect(html).toContain('<option value="KZ"');
  });

  it('checks a number for its country and answers it as international digits', async () => {
    const b = await registered();
    const ok = (number: string, country: string, want: string) =>
      expect(post(b, '/phone/validate/', { number, country })).resolves.toEqual({
        status: 'success',
        number: want,
        country,
      });
    await ok(' +7 (916) 123-45-67 ', 'RU', '79161234567');
    await ok('8 916 123 45 67', 'RU', '79161234567');
    await ok('9161234567', 'RU', '79161234567');
    await ok('+7 701 123 45 67', 'KZ', '77011234567');
    await ok('+375 29 123-45-67', 'BY', '375291234567');
    const refused = async (number: string, country: string, message: string) =>
      expect(await post(b, '/phone/validate/', { number, country })).toEqual({ status: 'error', message });
    // A landline cannot get an SMS; a Kazakh number is not Russian; too short.
    await refused('+7 (495) 123-45-67', 'RU', messages.phoneInvalid('Россия', '7'));
    await refused('+7 701 123 45 67', 'RU', messages.phoneInvalid('Россия', '7'));
    await refused('916123', 'RU', messages.phoneInvalid('Россия', '7'));
    await refused('9161234567', 'XX', messages.phoneCountryUnknown);
  });

  it('confirms a number with the SMS code, in either reading of the check', async () => {
    const b = await registered();
    const number = uniquePhone();
    expect(await post(b, '/phone/codesend/', { number: `+${number}`, country: 'RU', similarCheck: 1 })).toEqual({
      status: 'success',
      message: messages.phoneCodeSent(formatPhone(number)),
    });
    const sms = await lastSms(number);
    expect(sms.text).toContain('Никому его не сообщайте');
    // Asking again at once sends nothing: the code just sent still works (217, on to the code).
    expect(await post(b, '/phone/codesend/', { number, country: 'RU', similarCheck: 1 })).toEqual({
      status: 'error',
      message: messages.codeCooldown(60),
      code: 217,
    });
    expect(await post(b, '/phone/codecheck/', { 'form[phone]': number, 'form[code]': wrongOf(sms.code) })).toEqual({
      status: 'error',
      message: messages.codeWrong(PIN_RULES.maxAttempts - 1),
    });
    expect(
      await post(b, '/phone/codecheck/', { 'form[phone]': `8${number.slice(1)}`, 'form[code]': sms.code }),
    ).toEqual({
      status: 'success',
      message: messages.phoneConfirmed,
    });
    const account = await accountOfSession(get().db, b.sessionId);
    expect(account).toMatchObject({ phone: number, phoneConfirmed: true, phoneCountry: 'RU' });
    const session = await get().db.query<{ phone_checked_at: Date | null }>(
      'SELECT phone_checked_at FROM sessions WHERE id = $1',
      [b.sessionId],
    );
    expect(session.rows[0]!.phone_checked_at).not.toBeNull();
    // Asking again for the number that is already the account's: nothing to do.
    expect(await post(b, '/phone/codesend/', { number, country: 'RU', similarCheck: 1 })).toEqual({
      status: 'error',
      message: messages.phoneAlreadyConfirmed,
    });
    expect(await post(b, '/phone/codesend/', { number, country: 'RU', similarCheck: 0 })).toEqual({
      status: 'error',
      message: messages.phoneSameAsCurrent,
    });
  });

  it('changes a confirmed number only with the code sent to the new one', async () => {
    const b = await registered();
    const old = await confirmed(b);
    const next = uniquePhone();
    clock.advance(PIN_RULES.resendAfterMs);
    expect((await post(b, '/phone/codesend/', { number: next, country: 'RU', similarCheck: 0 })).status).toBe(
      'success',
    );
    const { code } = await lastSms(next);
    // The code of the new number does not confirm the old one, nor a third.
    expect((await post(b, '/phone/codecheck/', { number: old, country: 'RU', code })).message).toBe(
      messages.codeNotSent,
    );
    expect((await post(b, '/phone/codecheck/', { number: uniquePhone(), country: 'RU', code })).message).toBe(
      messages.codeNotSent,
    );
    expect((await post(b, '/phone/codecheck/', { number: next, country: 'RU', code })).status).toBe('success');
    expect(await accountOfSession(get().db, b.sessionId)).toMatchObject({ phone: next, phoneConfirmed: true });
    // The old number is free for someone else to confirm.
    const other = await registered();
    await confirmed(other, old);
  });

  it('keeps a confirmed number to one account, also when two race for it', async () => {
    const first = await registered();
    const number = await confirmed(first);
    const second = await registered();
    for (const url of ['/phone/validate/', '/phone/codesend/']) {
      expect(await post(second, url, { number, country: 'RU', similarCheck: 1 })).toEqual({
        status: 'error',
        message: messages.phoneBelongsToAnother,
      });
    }
    expect(await post(buyer(app), '/phone/validatereg/', { number, country: 'RU' })).toEqual({
      status: 'error',
      message: messages.phoneBelongsToAnother,
    });
    // Both ask for a free number; the first to check its code wins, the second is told why.
    const contested = uniquePhone();
    const a = await registered();
    const c = await registered();
    expect((await post(a, '/phone/codesend/', { number: contested, country: 'RU', similarCheck: 1 })).status).toBe(
      'success',
    );
    const codeA = (await lastSms(contested)).code;
    clock.advance(PIN_RULES.resendAfterMs);
    expect((await post(c, '/phone/codesend/', { number: contested, country: 'RU', similarCheck: 1 })).status).toBe(
      'success',
    );
    const codeC = (await lastSms(contested)).code;
    expect((await post(a, '/phone/codecheck/', { number: contested, country: 'RU', code: codeA })).status).toBe(
      'success',
    );
    expect(await post(c, '/phone/codecheck/', { number: contested, country: 'RU', code: codeC })).toEqual({
      status: 'error',
      message: messages.phoneBelongsToAnother,
    });
  });

  it('sends the purchase PIN to the account’s phone: 212 without one, 217 while a code still works', async () => {
    const b = await registered();
    expect((await b.get('/phone/pinsend/')).json()).toEqual({
      status: 'error',
      errCode: ErrorCode.noPhone,
      message: messages.noPhoneOnAccount,
    });
    // A number typed earlier but never confirmed: the PIN goes to it, and its check confirms it.
    const number = uniquePhone();
    const account = await accountOfSession(get().db, b.sessionId);
    await get().db.query('UPDATE users SET phone = $2 WHERE id = $1', [account!.id, number]);
    expect((await b.get('/phone/pinsend/')).json()).toEqual({
      status: 'success',
      message: messages.phoneCodeSent(formatPhone(number)),
      number,
    });
    expect((await b.get('/phone/pinsend/')).json()).toEqual({
      status: 'error',
      code: 217,
      message: messages.codeCooldown(60),
      number,
    });
    const { code } = await lastSms(number);
    expect((await post(b, '/phone/codecheck/', { 'form[phone]': number, 'form[code]': code })).status).toBe('success');
    expect(await accountOfSession(get().db, b.sessionId)).toMatchObject({ phoneConfirmed: true });
  });

  it('asks the bonus payment’s PIN of a confirmed phone only, and marks the session when it is right', async () => {
    const b = await registered();
    expect((await b.get('/phone/pinsendbonus/')).json()).toMatchObject({ errCode: ErrorCode.noPhone });
    const number = await confirmed(b);
    clock.advance(PIN_RULES.resendAfterMs);
    expect((await b.get('/phone/pinsendbonus/')).json().status).toBe('success');
    const sms = await lastSms(number);
    expect(sms.text).toContain('оплаты бонусами');
    // The confirmation code path does not accept a bonus PIN, nor the other way round.
    expect((await post(b, '/phone/codecheck/', { number, country: 'RU', code: sms.code })).message).toBe(
      messages.codeNotSent,
    );
    expect(await post(b, '/phone/pincheckbonus/', { 'form[code]': wrongOf(sms.code) })).toEqual({
      status: 'error',
      message: messages.codeWrong(PIN_RULES.maxAttempts - 1),
    });
    expect(await post(b, '/phone/pincheckbonus/', { 'form[code]': sms.code })).toEqual({
      status: 'success',
      message: messages.pinChecked,
    });
    const session = await get().db.query<{ bonus_pin_at: Date | null }>(
      'SELECT bonus_pin_at FROM sessions WHERE id = $1',
      [b.sessionId],
    );
    expect(session.rows[0]!.bonus_pin_at).not.toBeNull();
  });

  it('cuts a number off after 15 wrong codes in an hour, whatever sessions send them', async () => {
    const number = uniquePhone();
    let wrong = 0;
    while (wrong < 15) {
      const b = await registered();
      expect((await post(b, '/phone/codesend/', { number, country: 'RU', similarCheck: 1 })).status).toBe('success');
      const { code } = await lastSms(number);
      for (let i = 0; i < 3 && wrong < 15; i++, wrong++) {
        await post(b, '/phone/codecheck/', { number, country: 'RU', code: wrongOf(code) });
      }
      // Each session waits for no one (the resend pause is per session); the clock stays, so the
      // hour's count cannot straddle two windows.
      if (wrong === 15) {
        // Even the right code of this session is refused now.
        expect(await post(b, '/phone/codecheck/', { number, country: 'RU', code })).toEqual({
          status: 'error',
          message: messages.codeExhausted,
        });
      }
    }
  });

  it('holds seats of a sale that asks for a checked phone only for a buyer who proved it: 440, 212, 216, 631', async () => {
    const f = await createHallFixture(get().db);
    const select = (b: Buyer, i: number) => post(b, '/hallPlace/select/', { cypher: f.seats[i]! });
    const setCheck = (mode: string) =>
      get().db.query('UPDATE performances SET phone_check = $2 WHERE id = $1', [f.performanceId, mode]);
    await setCheck('account');
    expect(await select(buyer(app), 0)).toMatchObject({ result: 0, error: ErrorCode.loginRequired });
    const b = await registered();
    expect(await select(b, 0)).toMatchObject({
      result: 0,
      error: ErrorCode.noPhone,
      message: messages.noPhoneOnAccount,
    });
    const account = await accountOfSession(get().db, b.sessionId);
    await get().db.query('UPDATE users SET phone = $2 WHERE id = $1', [account!.id, uniquePhone()]);
    expect(await select(b, 0)).toMatchObject({ result: 0, error: ErrorCode.phoneNotConfirmed });
    // The purchase's flow: the PIN to the account's phone, its check, then the retry holds the seat.
    expect((await b.get('/phone/pinsend/')).json().status).toBe('success');
    const phone = (await accountOfSession(get().db, b.sessionId))!.phone!;
    const { code } = await lastSms(phone);
    expect((await post(b, '/phone/codecheck/', { 'form[phone]': phone, 'form[code]': code })).status).toBe('success');
    expect(await select(b, 0)).toMatchObject({ result: 1 });

    // 'session': the phone checked by a code in this session, lately.
    await setCheck('session');
    const elsewhere = buyer(app);
    await elsewhere.post('/login/ajaxauth/', { 'LoginForm[contact]': phone, 'LoginForm[password]': 'long enough 1' });
    expect(await select(elsewhere, 1)).toMatchObject({ result: 0, error: ErrorCode.phoneConfirmationRequired });
    expect(await select(b, 1)).toMatchObject({ result: 1 });
    clock.advance(PHONE_CHECK_FRESH_MINUTES * 60_000);
    expect(await select(b, 2)).toMatchObject({ result: 0, error: ErrorCode.phoneConfirmationRequired });
    // Taking seats out is never refused.
    expect((await post(b, '/hallPlace/deselect/', { cypher: f.seats[0]! })).result).toBe(1);
  });

  it('asks again when the order is placed (113), and gives the order to the signed-in buyer', async () => {
    const f = await createHallFixture(get().db);
    await get().db.query(`UPDATE performances SET phone_check = 'account' WHERE id = $1`, [f.performanceId]);
    const b = await registered();
    const phone = await confirmed(b);
    expect((await post(b, '/hallPlace/select/', { cypher: f.seats[0]! })).result).toBe(1);
    const account = (await accountOfSession(get().db, b.sessionId))!;
    // The confirmation lapsed since the hold (another account confirmed the number meanwhile, say).
    await get().db.query('UPDATE users SET phone_confirmed = false WHERE id = $1', [account.id]);
    const order = { email: 'petr@example.ru', name: 'Пётр', surname: 'Гринёв', payment: 'card' };
    expect(await post(b, '/order/createAnonymousOrder/', order)).toMatchObject({
      error: ErrorCode.orderPhoneRequired,
      message: messages.phoneConfirmToBuy,
    });
    clock.advance(PIN_RULES.resendAfterMs);
    expect((await b.get('/phone/pinsend/')).json().status).toBe('success');
    const { code } = await lastSms(phone);
    expect((await post(b, '/phone/codecheck/', { 'form[phone]': phone, 'form[code]': code })).status).toBe('success');
    const placed = await post(b, '/order/createAnonymousOrder/', order);
    expect(placed.error).toBe(0);
    const orderId = Number(placed.url.split('/')[3]);
    const row = await get().db.query<{ user_id: number | null }>('SELECT user_id FROM orders WHERE id = $1', [orderId]);
    expect(row.rows[0]!.user_id).toBe(account.id);
  });

  it('asks a guest to sign in, except for the registration check and the country lists', async () => {
    const guest = buyer(app);
    for (const [url, form] of [
      ['/phone/validate/', { number: uniquePhone(), country: 'RU' }],
      ['/phone/codesend/', { number: uniquePhone(), country: 'RU', similarCheck: 1 }],
      ['/phone/codecheck/', { number: uniquePhone(), country: 'RU', code: '1234' }],
      ['/phone/pincheckbonus/', { 'form[code]': '1234' }],
    ] as const) {
      const r = await guest.post(url, form);
      expect(r.status, url).toBe(401);
      expect(r.json()).toEqual({ status: 'error', message: messages.loginRequired });
    }
    for (const url of ['/phone/pinsend/', '/phone/pinsendbonus/']) {
      expect((await guest.get(url)).status, url).toBe(401);
    }
    expect((await post(guest, '/phone/validatereg/', { number: uniquePhone(), country: 'RU' })).status).toBe('success');
  });
});
