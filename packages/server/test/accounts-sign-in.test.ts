/**
 * Issue 10, signing in: registration (with the personal-data consent), login by e-mail or by a
 * confirmed phone, the session rotated at each sign-in with the guest's basket kept, logout
 * releasing the basket, and password guessing cut off per contact.
 */
import { messages, PERSONAL_DATA_CONSENT_VERSION } from '@partera/contract';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { accountOfSession, contactOf, hashPassword } from '../src/accounts/index.js';
import { SESSION_PARAM } from '../src/http/names.js';
import { safeReturnPath } from '../src/http/return-path.js';
import { type Buyer, buildTestApp, buyer } from './support/app.js';
import { describeEachDatabase } from './support/databases.js';
import { createHallFixture } from './support/fixture.js';

let emails = 0;
const uniqueEmail = () => `buyer${Date.now().toString(36)}${++emails}@example.ru`;
const PASSWORD = 'correct horse 42';

function registrationForm(email: string, extra: Record<string, string> = {}) {
  return {
    'RegistrationForm[email]': email,
    'RegistrationForm[password]': PASSWORD,
    'RegistrationForm[firstname]': 'Анна',
    'RegistrationForm[surname]': 'Каренина',
    'RegistrationForm[consent]': '1',
    ...extra,
  };
}

const login = (b: Buyer, contact: string, password = PASSWORD) =>
  b.post('/login/ajaxauth/', { 'LoginForm[contact]': contact, 'LoginForm[password]': password });

describe('login contacts', () => {
  it('are an e-mail in lower case, or a phone’s digits with 8 read as 7', () => {
    expect(contactOf(' Anna@Example.RU ')).toEqual({ kind: 'email', value: 'anna@example.ru' });
    expect(contactOf('+7 (916) 123-45-67')).toEqual({ kind: 'phone', value: '79161234567' });
    expect(contactOf('8 916 123 45 67')).toEqual({ kind: 'phone', value: '79161234567' });
    expect(contactOf('9161234567')).toEqual({ kind: 'phone', value: '79161234567' });
    expect(contactOf('not a contact')).toBeNull();
    expect(contactOf('a@b')).toBeNull();
  });

  it('send a form login back only to a path of this site', () => {
    expect(safeReturnPath('/private/orders')).toBe('/private/orders');
    expect(safeReturnPath('//evil.example/')).toBe('/');
    expect(safeReturnPath('/\\evil.example/')).toBe('/');
    expect(safeReturnPath('https://evil.example/')).toBe('/');
    expect(safeReturnPath(undefined, '/private/')).toBe('/private/');
  });
});

describeEachDatabase('issue 10: registration and sign-in', (get) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    ({ app } = await buildTestApp(get().db));
  });

  it('registers, signs the session in under a new id, and records the consent with its version', async () => {
    const b = buyer(app);
    const guestSession = b.sessionId;
    const email = uniqueEmail();
    const r = await b.post('/registration/', registrationForm(email.toUpperCase()));
    expect(r.json()).toMatchObject({ state: 1 });
    expect(b.sessionId).not.toBe(guestSession);
    const account = await accountOfSession(get().db, b.sessionId);
    expect(account).toMatchObject({ email, emailConfirmed: false, firstName: 'Анна', surname: 'Каренина' });
    expect(await accountOfSession(get().db, guestSession)).toBeNull();
    const consent = await get().db.query<{ text_version: string; client: string }>(
      'SELECT text_version, client FROM consents WHERE user_id = $1',
      [account!.id],
    );
    expect(consent.rows).toEqual([{ text_version: PERSONAL_DATA_CONSENT_VERSION, client: expect.any(String) }]);
    const stored = await get().db.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE id = $1', [
      account!.id,
    ]);
    expect(stored.rows[0]!.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('keeps an optional phone given at registration unconfirmed, and refuses one that is not a mobile number', async () => {
    const wrong = await buyer(app).post('/registration/', {
      ...registrationForm(uniqueEmail()),
      'RegistrationForm[phone]': '+7 (495) 123-45-67',
      'RegistrationForm[country]': 'RU',
    });
    expect(wrong.json()).toEqual({ state: 0, messages: { phone: messages.phoneInvalid('Россия', '7') } });
    const b = buyer(app);
    const r = await b.post('/registration/', {
      ...registrationForm(uniqueEmail()),
      'RegistrationForm[phone]': '+7 (701) 123-45-67',
      'RegistrationForm[country]': 'KZ',
    });
    expect(r.json().state).toBe(1);
    expect(await accountOfSession(get().db, b.sessionId)).toMatchObject({
      phone: '77011234567',
      phoneCountry: 'KZ',
      phoneConfirmed: false,
    });
    // Unconfirmed, it signs nobody in.
    const login = await buyer(app).post('/login/ajaxauth/', {
      'LoginForm[contact]': '77011234567',
      'LoginForm[password]': PASSWORD,
    });
    expect(login.json().state).toBe(0);
  });

  it('answers each field’s problem, and refuses a taken e-mail in any case', async () => {
    const b = buyer(app);
    const bad = await b.post('/registration/', {
      ...registrationForm('not-an-email'),
      'RegistrationForm[password]': 'short',
      'RegistrationForm[firstname]': ' ',
      'RegistrationForm[consent]': '0',
    });
    expect(bad.json()).toEqual({
      state: 0,
      messages: {
        email: messages.emailInvalid,
        password: messages.passwordTooShort(8),
        firstname: messages.nameRequired,
        consent: messages.consentRequired,
      },
    });
    const email = uniqueEmail();
    expect((await buyer(app).post('/registration/', registrationForm(email))).json().state).toBe(1);
    const again = await buyer(app).post('/registration/', registrationForm(email.replace('buyer', 'BUYER')));
    expect(again.json()).toEqual({ state: 0, messages: { email: messages.emailTaken } });
  });

  it('signs in by e-mail; a wrong password and an unknown contact get the same answer', async () => {
    const email = uniqueEmail();
    await buyer(app).post('/registration/', registrationForm(email));
    const b = buyer(app);
    const wrong = await login(b, email, 'wrong password');
    const unknown = await login(b, uniqueEmail(), PASSWORD);
    expect(wrong.json()).toEqual({ state: 0, messages: { error: messages.loginFailed } });
    expect(unknown.json()).toEqual(wrong.json());
    expect(await accountOfSession(get().db, b.sessionId)).toBeNull();
    const before = b.sessionId;
    expect((await login(b, ` ${email.toUpperCase()} `)).json()).toEqual({ state: 1, csrfToken: b.csrf });
    expect(b.sessionId).not.toBe(before);
    expect((await accountOfSession(get().db, b.sessionId))?.email).toBe(email);
  });

  it('signs in by a confirmed phone only', async () => {
    const email = uniqueEmail();
    const phone = `7916${String(Date.now()).slice(-7)}`;
    await get().db.query(
      `INSERT INTO users (email, password_hash, phone, phone_confirmed, created_at) VALUES ($1, $2, $3, false, now())`,
      [email, await hashPassword(PASSWORD), phone],
    );
    const b = buyer(app);
    expect((await login(b, `+${phone}`)).json().state).toBe(0);
    await get().db.query('UPDATE users SET phone_confirmed = true WHERE email = $1', [email]);
    expect((await login(b, `8${phone.slice(1)}`)).json().state).toBe(1);
  });

  it('keeps the guest’s basket through the sign-in, and releases it at logout', async () => {
    const f = await createHallFixture(get().db, { seatCount: 4 });
    const email = uniqueEmail();
    await buyer(app).post('/registration/', registrationForm(email));
    const b = buyer(app);
    expect((await b.post('/hallPlace/select/', { cypher: f.seats[0]! })).json().result).toBe(1);
    const guestSession = b.sessionId;
    expect((await login(b, email)).json().state).toBe(1);
    const held = await get().db.query<{ hold_session_id: string }>(
      'SELECT hold_session_id FROM performance_places WHERE id = $1',
      [f.seats[0]],
    );
    expect(held.rows[0]!.hold_session_id).toBe(b.sessionId);
    expect(b.sessionId).not.toBe(guestSession);
    // Whoever still has the guest's old id holds an empty basket and is nobody.
    const old = await app.inject({
      method: 'GET',
      url: '/shopcart/state/',
      cookies: { [SESSION_PARAM]: guestSession },
    });
    expect(old.json().ticketCount).toBe(0);
    expect(await accountOfSession(get().db, guestSession)).toBeNull();

    const signedIn = b.sessionId;
    const out = await b.post('/logout/', {});
    expect(out.json()).toEqual({ redirectUrl: '/' });
    expect(b.sessionId).not.toBe(signedIn);
    expect(await accountOfSession(get().db, signedIn)).toBeNull();
    const state = await get().db.query<{ state: number }>('SELECT state FROM performance_places WHERE id = $1', [
      f.seats[0],
    ]);
    expect(state.rows[0]!.state).toBe(0);
  });

  it('the form login redirects back on success and to the login page with the reason otherwise', async () => {
    const email = uniqueEmail();
    await buyer(app).post('/registration/', registrationForm(email));
    const b = buyer(app);
    const wrong = await b.post('/login/', {
      'LoginForm[contact]': email,
      'LoginForm[password]': 'nope',
      back: '/show/x/',
    });
    expect(wrong.status).toBe(303);
    const ok = await b.post('/login/', {
      'LoginForm[contact]': email,
      'LoginForm[password]': PASSWORD,
      back: '//evil/',
    });
    expect(ok.status).toBe(303);
    expect(await accountOfSession(get().db, b.sessionId)).not.toBeNull();
  });

  it('cuts off password guessing for one contact from many addresses, and the owner too, until the window ends', async () => {
    const email = uniqueEmail();
    await buyer(app).post('/registration/', registrationForm(email));
    for (let i = 0; i < 10; i++) {
      expect((await login(buyer(app), email, `guess ${i}`)).json().messages.error).toBe(messages.loginFailed);
    }
    const owner = buyer(app);
    expect((await login(owner, email)).json()).toEqual({
      state: 0,
      messages: { error: messages.loginTooManyAttempts },
    });
    expect(await accountOfSession(get().db, owner.sessionId)).toBeNull();
  });
});

describe.runIf(process.env.REDIS_URL)('issue 10: password guessing counted across server processes (Redis)', () => {
  it('ten failures spread over two processes cut the contact off on both', async () => {
    const { openTestDatabase } = await import('./support/databases.js');
    const db = await openTestDatabase('pglite');
    const apps = [
      (await buildTestApp(db.db, { config: { redisUrl: process.env.REDIS_URL } })).app,
      (await buildTestApp(db.db, { config: { redisUrl: process.env.REDIS_URL } })).app,
    ] as const;
    try {
      const email = uniqueEmail();
      await buyer(apps[0]).post('/registration/', registrationForm(email));
      for (let i = 0; i < 10; i++) {
        expect((await login(buyer(apps[i % 2]!), email, `guess ${i}`)).json().messages.error).toBe(
          messages.loginFailed,
        );
      }
      for (const app of apps) {
        expect((await login(buyer(app), email)).json().messages.error).toBe(messages.loginTooManyAttempts);
      }
    } finally {
      for (const app of apps) await app.close();
      await db.close();
    }
  });
});
