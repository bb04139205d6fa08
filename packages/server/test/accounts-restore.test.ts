/**
 * The password reset by an e-mail code ('Забыли пароль?'): the same answer for an unknown address
 * with nothing sent, wrong codes ending a code and cutting the address off, the right code setting
 * the password and signing this session in while every other session ends, a code used once,
 * only from its session, only within its lifetime and not from before the last password change,
 * and the new password's own checks answered as 'field::text'.
 */
import { messages, PASSWORD_MIN_LENGTH, restoreFieldMessage } from '@partera/contract';
import type { FastifyInstance } from 'fastify';
import { beforeAll, beforeEach, expect, it } from 'vitest';
import { accountOfSession, PIN_RULES } from '../src/accounts/index.js';
import type { ManualClock } from '../src/clock.js';
import { csrfTokenFor } from '../src/http/session.js';
import { subjectBudgets } from '../src/limits/index.js';
import { type Buyer, buildTestApp, buyer } from './support/app.js';
import { describeEachDatabase } from './support/databases.js';

const OLD_PASSWORD = 'long enough 1';
const NEW_PASSWORD = 'brand new secret 2';
const WRONG_CODE = restoreFieldMessage('code', messages.restoreCodeWrong);

let emails = 0;
const uniqueEmail = () => `restore${Date.now().toString(36)}${++emails}@example.ru`;
const wrongOf = (code: string) => String((Number(code) + 1) % 10_000).padStart(4, '0');

describeEachDatabase('password reset by an e-mail code', (get) => {
  let app: FastifyInstance;
  let clock: ManualClock;
  beforeAll(async () => {
    ({ app, clock } = await buildTestApp(get().db));
  });
  beforeEach(() => clock.reset());

  async function registered(email = uniqueEmail()): Promise<string> {
    const r = await buyer(app).post('/registration/', {
      'RegistrationForm[email]': email,
      'RegistrationForm[password]': OLD_PASSWORD,
      'RegistrationForm[firstname]': 'Анна',
      'RegistrationForm[surname]': 'Каренина',
      'RegistrationForm[consent]': '1',
    });
    expect(r.json().state).toBe(1);
    return email;
  }

  /** The reset e-mails the outbox holds for the address, newest first. */
  async function resetMails(email: string) {
    const r = await get().db.query<{ subject: string; body_text: string }>(
      `SELECT subject, body_text FROM outbox WHERE recipient = $1 AND subject LIKE 'Код для смены пароля%'
        ORDER BY id DESC`,
      [email],
    );
    return r.rows;
  }

  async function lastCode(email: string): Promise<string> {
    const code = /\d{4}/.exec((await resetMails(email))[0]?.subject ?? '')?.[0];
    if (!code) throw new Error(`no reset code for ${email}`);
    return code;
  }

  const request = (b: Buyer, email: string) => b.post('/login/restore/', { email }).then((r) => r.json());
  const confirm = (b: Buyer, email: string, code: string, password = NEW_PASSWORD, password2 = password) =>
    b.post('/login/restore/confirm/', { email, code, password, password2 }).then((r) => r.json());
  const signIn = (email: string, password: string) =>
    buyer(app)
      .post('/login/ajaxauth/', { 'LoginForm[contact]': email, 'LoginForm[password]': password })
      .then((r) => r.json().state as 0 | 1);

  const sent = { status: 'success', message: messages.restoreCodeSent };

  it('answers an unknown address as a registered one, and sends it nothing', async () => {
    const known = await registered();
    const unknown = uniqueEmail();
    expect(await request(buyer(app), known)).toEqual(sent);
    expect(await request(buyer(app), unknown)).toEqual(sent);
    expect(await resetMails(known)).toHaveLength(1);
    const left = await get().db.query(
      `SELECT (SELECT count(*) FROM outbox WHERE recipient = $1)::int AS mails,
              (SELECT count(*) FROM confirmation_codes WHERE target = $1)::int AS codes`,
      [unknown],
    );
    expect(left.rows[0]).toEqual({ mails: 0, codes: 0 });
    // Its confirm answers as a wrong code does, not 'send a code first'.
    expect(await confirm(buyer(app), unknown, '1234')).toEqual({ status: 'error', message: WRONG_CODE });

    // A deleted account is no account.
    const deleted = await registered();
    await get().db.query('UPDATE users SET deleted_at = now() WHERE email = $1', [deleted]);
    expect(await request(buyer(app), deleted)).toEqual(sent);
    expect(await resetMails(deleted)).toHaveLength(0);

    // Only a malformed address is told.
    expect(await request(buyer(app), 'not an address')).toEqual({ status: 'error', message: messages.emailInvalid });
  });

  it('says nothing of the resend pause: a second request answers the same, and the first code still works', async () => {
    const email = await registered();
    const b = buyer(app);
    expect(await request(b, email)).toEqual(sent);
    const code = await lastCode(email);
    expect(await request(b, email)).toEqual(sent);
    expect(await resetMails(email)).toHaveLength(1);
    expect((await confirm(b, email, code)).status).toBe('success');
  });

  it('writes who asked and what to do otherwise in the e-mail', async () => {
    const email = await registered();
    await request(buyer(app), email);
    const [mail] = await resetMails(email);
    expect(mail?.body_text).toContain('запросил смену пароля');
    expect(mail?.body_text).toContain('проигнорируйте это письмо');
    expect(mail?.body_text).toContain(`действует ${PIN_RULES.lifetimeMs / 60_000} минут`);
  });

  it('counts wrong codes down: the code ends after its tries, and the password stays', async () => {
    const email = await registered();
    const b = buyer(app);
    await request(b, email);
    const code = await lastCode(email);
    for (let i = 0; i < PIN_RULES.maxAttempts; i++) {
      expect(await confirm(b, email, wrongOf(code))).toEqual({ status: 'error', message: WRONG_CODE });
    }
    expect(await confirm(b, email, code)).toEqual({ status: 'error', message: WRONG_CODE });
    expect(await signIn(email, OLD_PASSWORD)).toBe(1);
    // A new code starts again.
    clock.advance(PIN_RULES.resendAfterMs);
    await request(b, email);
    expect((await confirm(b, email, await lastCode(email))).status).toBe('success');
  });

  it('cuts an address off after too many wrong codes from any sessions, until the window ends', async () => {
    const email = await registered();
    // Past the hour of the registration's own code: the address may get its 5 codes.
    clock.advance(3_600_000);
    // Wrong tries short of ending each code (the try that ends one is not 'wrong' any more).
    const perCode = PIN_RULES.maxAttempts - 1;
    const sessions = Math.ceil(subjectBudgets.codeTarget.maxFailures / perCode);
    expect(sessions).toBeLessThan(PIN_RULES.perTargetPerHour);
    for (let s = 0; s < sessions; s++) {
      const b = buyer(app);
      await request(b, email);
      const code = await lastCode(email);
      for (let i = 0; i < perCode; i++) {
        expect(await confirm(b, email, wrongOf(code))).toEqual({ status: 'error', message: WRONG_CODE });
      }
    }
    const owner = buyer(app);
    await request(owner, email);
    expect(await resetMails(email)).toHaveLength(sessions + 1);
    const code = await lastCode(email);
    expect(await confirm(owner, email, code)).toEqual({ status: 'error', message: WRONG_CODE });
    expect(await signIn(email, OLD_PASSWORD)).toBe(1);
    clock.advance(subjectBudgets.codeTarget.windowMs);
    await request(owner, email);
    expect((await confirm(owner, email, await lastCode(email))).status).toBe('success');
  });

  it('sets the password with the right code, signs this session in on a new id and ends the others; once', async () => {
    const email = await registered();
    // The owner signed in elsewhere (a forgotten computer, or whoever learned the password).
    const elsewhere = buyer(app);
    expect(
      (
        await elsewhere.post('/login/ajaxauth/', { 'LoginForm[contact]': email, 'LoginForm[password]': OLD_PASSWORD })
      ).json().state,
    ).toBe(1);
    expect(await accountOfSession(get().db, elsewhere.sessionId)).not.toBeNull();

    const b = buyer(app);
    const guestId = b.sessionId;
    await request(b, email);
    const code = await lastCode(email);
    const answer = await confirm(b, email, code);
    expect(answer).toEqual({
      status: 'success',
      message: messages.restorePasswordSet,
      csrfToken: csrfTokenFor(b.sessionId, 'test-secret'),
    });
    expect(b.sessionId).not.toBe(guestId);
    const account = await accountOfSession(get().db, b.sessionId);
    expect(account?.email).toBe(email);
    expect(account?.emailConfirmed).toBe(true);
    expect(await accountOfSession(get().db, guestId)).toBeNull();
    expect(await accountOfSession(get().db, elsewhere.sessionId)).toBeNull();

    expect(await signIn(email, OLD_PASSWORD)).toBe(0);
    expect(await signIn(email, NEW_PASSWORD)).toBe(1);
    const changed = await get().db.query<{ password_changed_at: Date }>(
      'SELECT password_changed_at FROM users WHERE email = $1',
      [email],
    );
    expect(new Date(changed.rows[0]!.password_changed_at).getTime()).toBe(clock.now().getTime());

    // The code is spent: a second try changes nothing.
    expect(await confirm(b, email, code, 'yet another secret 3')).toEqual({ status: 'error', message: WRONG_CODE });
    expect(await signIn(email, NEW_PASSWORD)).toBe(1);
  });

  it('accepts a code only in the session it was sent to', async () => {
    const email = await registered();
    const b = buyer(app);
    const other = buyer(app);
    await request(b, email);
    const code = await lastCode(email);
    expect(await confirm(other, email, code)).toEqual({ status: 'error', message: WRONG_CODE });
    // Even once that session asked a code of its own: only its own last one counts.
    await request(other, email);
    const its = await lastCode(email);
    expect(await confirm(other, email, code === its ? wrongOf(its) : code)).toEqual({
      status: 'error',
      message: WRONG_CODE,
    });
    expect(await signIn(email, OLD_PASSWORD)).toBe(1);
    expect((await confirm(b, email, code)).status).toBe('success');
  });

  it('refuses an expired code', async () => {
    const email = await registered();
    const b = buyer(app);
    await request(b, email);
    const code = await lastCode(email);
    clock.advance(PIN_RULES.lifetimeMs + 1);
    expect(await confirm(b, email, code)).toEqual({ status: 'error', message: WRONG_CODE });
    expect(await signIn(email, OLD_PASSWORD)).toBe(1);
  });

  it('refuses a code sent before the last password change', async () => {
    const email = await registered();
    const first = buyer(app);
    const second = buyer(app);
    await request(first, email);
    const early = await lastCode(email);
    await request(second, email);
    clock.advance(1_000);
    expect((await confirm(second, email, await lastCode(email))).status).toBe('success');
    expect(await confirm(first, email, early, 'someone elses secret')).toEqual({
      status: 'error',
      message: WRONG_CODE,
    });
    expect(await signIn(email, NEW_PASSWORD)).toBe(1);
  });

  it('answers the new password’s own checks per field, without spending the code', async () => {
    const email = await registered();
    const b = buyer(app);
    await request(b, email);
    const code = await lastCode(email);
    expect(await confirm(b, email, code, NEW_PASSWORD, `${NEW_PASSWORD}!`)).toEqual({
      status: 'error',
      message: restoreFieldMessage('password2', messages.passwordsDiffer),
    });
    expect(await confirm(b, email, code, 'short')).toEqual({
      status: 'error',
      message: restoreFieldMessage('password', messages.passwordTooShort(PASSWORD_MIN_LENGTH)),
    });
    // A code that is not 4 digits is a malformed request.
    const malformed = await b.post('/login/restore/confirm/', {
      email,
      code: '12',
      password: NEW_PASSWORD,
      password2: NEW_PASSWORD,
    });
    expect(malformed.status).toBe(400);
    expect(malformed.json().status).toBe('error');
    expect((await confirm(b, email, code)).status).toBe('success');
  });
});
