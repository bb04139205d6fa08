/**
 * Issue 10, confirmation codes: the e-mail code registration sends, wrong codes until the limit,
 * an expired code, the resend pause and the hourly limit per address, a code of another session
 * or address, two server processes sharing a code's tries, and the calls' answers for a guest.
 */
import { messages } from '@partera/contract';
import type { FastifyInstance } from 'fastify';
import { beforeAll, beforeEach, expect, it } from 'vitest';
import { accountOfSession, PIN_RULES } from '../src/accounts/index.js';
import type { ManualClock } from '../src/clock.js';
import { lastOutboxCode } from './support/accounts.js';
import { type Buyer, buildTestApp, buyer } from './support/app.js';
import { describeEachDatabase } from './support/databases.js';

let emails = 0;
const uniqueEmail = () => `code${Date.now().toString(36)}${++emails}@example.ru`;

describeEachDatabase('issue 10: e-mail confirmation codes', (get) => {
  let app: FastifyInstance;
  let clock: ManualClock;
  beforeAll(async () => {
    ({ app, clock } = await buildTestApp(get().db));
  });
  beforeEach(() => clock.reset());

  const lastCode = (email: string) => lastOutboxCode(get().db, email);

  async function registered(email = uniqueEmail()): Promise<{ b: Buyer; email: string }> {
    const b = buyer(app);
    const r = await b.post('/registration/', {
      'RegistrationForm[email]': email,
      'RegistrationForm[password]': 'long enough 1',
      'RegistrationForm[firstname]': 'Анна',
      'RegistrationForm[surname]': 'Каренина',
      'RegistrationForm[consent]': '1',
    });
    expect(r.json().state).toBe(1);
    return { b, email };
  }

  const check = (b: Buyer, email: string, code: string) =>
    b.post('/email/codecheck/', { 'form[email]': email, 'form[code]': code }).then((r) => r.json());
  const wrongOf = (code: string) => String((Number(code) + 1) % 10_000).padStart(4, '0');

  it('registration sends a code; a wrong one says how many tries are left, the right one confirms, once', async () => {
    const { b, email } = await registered();
    const code = await lastCode(email);
    expect(await check(b, email, wrongOf(code))).toEqual({
      status: 'error',
      message: messages.codeWrong(PIN_RULES.maxAttempts - 1),
    });
    expect(await check(b, email, code)).toEqual({ status: 'success', message: messages.emailConfirmed });
    expect((await accountOfSession(get().db, b.sessionId))?.emailConfirmed).toBe(true);
    expect(await check(b, email, code)).toEqual({ status: 'error', message: messages.codeNotSent });
    const stored = await get().db.query<{ code_hash: string }>(
      'SELECT code_hash FROM confirmation_codes WHERE target = $1',
      [email],
    );
    expect(stored.rows[0]!.code_hash).not.toContain(code);
  });

  it('ends a code after 5 wrong tries: the right code no longer works', async () => {
    const { b, email } = await registered();
    const code = await lastCode(email);
    for (let i = 1; i < PIN_RULES.maxAttempts; i++) {
      expect((await check(b, email, wrongOf(code))).message).toBe(messages.codeWrong(PIN_RULES.maxAttempts - i));
    }
    expect((await check(b, email, wrongOf(code))).message).toBe(messages.codeExhausted);
    expect((await check(b, email, code)).message).toBe(messages.codeExhausted);
  });

  it('refuses an expired code', async () => {
    const { b, email } = await registered();
    const code = await lastCode(email);
    clock.advance(PIN_RULES.lifetimeMs + 1);
    expect((await check(b, email, code)).message).toBe(messages.codeExpired);
  });

  it('makes a resend wait a minute, and sends an address at most 5 codes an hour, whichever account asks', async () => {
    const { b, email } = await registered();
    const send = (who: Buyer, to: string) =>
      who.post('/email/codesend/', { email: to, similarCheck: 0, nourl: 1 }).then((r) => r.json());
    expect(await send(b, email)).toEqual({ status: 'error', message: messages.codeCooldown(60), code: 217 });
    clock.advance(PIN_RULES.resendAfterMs);
    expect(await send(b, email)).toEqual({ status: 'success', message: messages.emailCodeSent(email) });
    // The newest code is the one that counts.
    expect((await check(b, email, await lastCode(email))).status).toBe('success');

    // Two accounts asking codes for one (unregistered) address: 5 an hour in all.
    const target = uniqueEmail();
    const { b: other } = await registered();
    for (let i = 0; i < PIN_RULES.perTargetPerHour; i++) {
      clock.advance(PIN_RULES.resendAfterMs);
      expect((await send(i % 2 === 0 ? b : other, target)).status).toBe('success');
    }
    clock.advance(PIN_RULES.resendAfterMs);
    expect(await send(other, target)).toEqual({ status: 'error', message: messages.codeSendLimit });
    clock.advance(3_600_000);
    expect((await send(other, target)).status).toBe('success');
  });

  it('accepts a code only in the session it was sent to, for its own address', async () => {
    const { b, email } = await registered();
    const code = await lastCode(email);
    // The same account signed in elsewhere cannot use this session's code.
    const other = buyer(app);
    await other.post('/login/ajaxauth/', { 'LoginForm[contact]': email, 'LoginForm[password]': 'long enough 1' });
    expect((await check(other, email, code)).message).toBe(messages.codeNotSent);
    expect((await check(b, uniqueEmail(), code)).message).toBe(messages.codeNotSent);
    expect((await check(b, email, code)).status).toBe('success');
  });

  it('checks the address before sending: well-formed, and no other account’s', async () => {
    const { email: taken } = await registered();
    const { b } = await registered();
    expect((await b.post('/email/validate/', { email: 'nope' })).json()).toEqual({
      status: 'error',
      message: messages.emailInvalid,
    });
    expect((await b.post('/email/codesend/', { email: taken.toUpperCase() })).json()).toEqual({
      status: 'error',
      message: messages.emailBelongsToAnother,
    });
    const fresh = uniqueEmail();
    expect((await b.post('/email/validate/', { email: ` ${fresh.toUpperCase()} ` })).json()).toEqual({
      status: 'success',
      email: fresh,
    });
  });

  it('asks a guest to sign in first', async () => {
    const guest = buyer(app);
    const r = await guest.post('/email/codesend/', { email: uniqueEmail() });
    expect(r.status).toBe(401);
    expect(r.json()).toEqual({ status: 'error', message: messages.loginRequired });
  });

  it('shares a code’s tries between two server processes', async () => {
    const second = (await buildTestApp(get().db, { clock })).app;
    try {
      const { b, email } = await registered();
      const code = await lastCode(email);
      const same = (app2: FastifyInstance) =>
        app2.inject({
          method: 'POST',
          url: '/email/codecheck/',
          cookies: { sid: b.sessionId },
          headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-csrf-token': b.csrf },
          payload: new URLSearchParams({ 'form[email]': email, 'form[code]': wrongOf(code) }).toString(),
        });
      for (let i = 0; i < PIN_RULES.maxAttempts; i++) await same(i % 2 === 0 ? app : second);
      expect((await check(b, email, code)).message).toBe(messages.codeExhausted);
    } finally {
      await second.close();
    }
  });
});
