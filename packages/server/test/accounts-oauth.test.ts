/**
 * Sign-in with an outside account (decision 0022), against a local OpenID provider started here:
 * a new account made and signed in, the same person signed in again to it, a verified e-mail
 * linking an existing account and an unverified one not, the state bound to the session and used
 * once, the guest's basket kept, and the completion form's consent and e-mail code.
 */
import { messages, PERSONAL_DATA_CONSENT_VERSION } from '@partera/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { accountOfSession, completionOf } from '../src/accounts/index.js';
import { loadConfig } from '../src/config.js';
import { registeredBuyer, uniqueEmail } from './support/accounts.js';
import { buildTestApp } from './support/app.js';
import { describeEachDatabase } from './support/databases.js';
import { createHallFixture } from './support/fixture.js';
import { type OAuthBrowser as Browser, oauthBrowser } from './support/oauth-browser.js';
import { type LocalProvider, startLocalProvider } from './support/oidc-provider.js';

const SECRET = 'test-secret';
const PUBLIC_URL = 'http://localhost:3999';
const REDIRECT_URI = `${PUBLIC_URL}/login/oauth/test/callback`;

let people = 0;
const newSubject = () => `person-${Date.now().toString(36)}-${++people}`;

const browser = (app: FastifyInstance) => oauthBrowser(app, { secret: SECRET, publicUrl: PUBLIC_URL });

describeEachDatabase('sign-in with an outside account', (get) => {
  let app: FastifyInstance;
  let provider: LocalProvider;

  beforeAll(async () => {
    provider = await startLocalProvider(REDIRECT_URI);
    ({ app } = await buildTestApp(get().db, {
      config: {
        publicUrl: PUBLIC_URL,
        oauth: { test: { issuer: provider.issuer, clientId: provider.clientId, clientSecret: provider.clientSecret } },
      },
    }));
  });
  afterAll(async () => {
    await provider?.close();
  });

  /** 'Войти через …' → the provider, where `subject` signs in → the return address to our callback. */
  async function atProvider(b: Browser, subject: string, back = '/shopcart/'): Promise<URL> {
    const start = await b.get(`/login/oauth/test/?back=${encodeURIComponent(back)}`);
    expect(start.statusCode).toBe(303);
    const authorization = new URL(String(start.headers.location));
    expect(authorization.origin).toBe(provider.issuer);
    expect(authorization.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorization.searchParams.get('nonce')).toBeTruthy();
    provider.signInAs(subject);
    const callback = await provider.walk(authorization.href);
    expect(`${callback.origin}${callback.pathname}`).toBe(REDIRECT_URI);
    return callback;
  }

  const back = (b: Browser, callback: URL) => b.get(`${callback.pathname}${callback.search}`);

  async function signInOutside(b: Browser, subject: string, backPath = '/shopcart/') {
    const r = await back(b, await atProvider(b, subject, backPath));
    expect(r.statusCode).toBe(303);
    return String(r.headers.location);
  }

  const db = () => get().db;

  it('is offered only for configured providers, the test provider never in production', async () => {
    expect(loadConfig({ NODE_ENV: 'test' }).oauth).toEqual({});
    expect(() =>
      loadConfig({ NODE_ENV: 'production', SECRET: 'x'.repeat(40), OAUTH_TEST_ISSUER: 'http://127.0.0.1:1' }),
    ).toThrow(/OAUTH_TEST_ISSUER/);
    expect(() => loadConfig({ NODE_ENV: 'test', OAUTH_VK_CLIENT_ID: '1' })).toThrow(/OAUTH_VK_CLIENT_SECRET/);
    expect(
      loadConfig({ NODE_ENV: 'test', OAUTH_YANDEX_CLIENT_ID: 'a', OAUTH_YANDEX_CLIENT_SECRET: 'b' }).oauth,
    ).toEqual({ yandex: { clientId: 'a', clientSecret: 'b' } });
    expect((await browser(app).get('/login/oauth/vk/')).statusCode).toBe(404);
  });

  it('makes a new account, signs it in on a new id, and signs the same person in to it again', async () => {
    const subject = newSubject();
    const email = uniqueEmail('outside');
    provider.people.set(subject, { email, email_verified: true, given_name: 'Лев', family_name: 'Толстой' });
    const b = browser(app);
    const guest = b.sid;
    // New accounts answer the completion form (the consent) first.
    expect(await signInOutside(b, subject, '/show/x/')).toBe('/show/x/?oauth=complete');
    expect(b.sid).not.toBe(guest);
    const account = await accountOfSession(db(), b.sid);
    expect(account).toMatchObject({ email, emailConfirmed: true, firstName: 'Лев', surname: 'Толстой' });
    expect(await completionOf(db(), account!.id)).toEqual({ needsEmail: false, needsConsent: true });
    const done = (await b.post('/login/oauth/complete/', { consent: '1' })).json();
    expect(done).toMatchObject({ status: 'success', codeSent: 0 });
    expect(await completionOf(db(), account!.id)).toBeNull();

    const again = browser(app);
    expect(await signInOutside(again, subject, '/private/')).toBe('/private/');
    expect((await accountOfSession(db(), again.sid))?.id).toBe(account!.id);
    const links = await db().query('SELECT provider FROM outside_accounts WHERE user_id = $1', [account!.id]);
    expect(links.rows).toEqual([{ provider: 'test' }]);
  });

  it('links an existing account by an e-mail the provider verified, never by an unverified one', async () => {
    const { b: owner, email } = await registeredBuyer(app);
    const ownerAccount = (await accountOfSession(db(), owner.sessionId))!;
    // The owner confirms the address first: an account that never did cannot be taken by it.
    await db().query('UPDATE users SET email_confirmed = true WHERE id = $1', [ownerAccount.id]);

    const unverified = newSubject();
    provider.people.set(unverified, { email: email.toUpperCase(), email_verified: false, given_name: 'Чужой' });
    const stranger = browser(app);
    expect(await signInOutside(stranger, unverified)).toBe('/shopcart/?oauth=complete');
    const strangerAccount = (await accountOfSession(db(), stranger.sid))!;
    expect(strangerAccount.id).not.toBe(ownerAccount.id);
    expect(strangerAccount.email).toBeNull();

    const verified = newSubject();
    provider.people.set(verified, { email, email_verified: true });
    const b = browser(app);
    expect(await signInOutside(b, verified)).toBe('/shopcart/');
    expect((await accountOfSession(db(), b.sid))?.id).toBe(ownerAccount.id);
  });

  it('does not link by a verified e-mail an account whose own e-mail was never confirmed', async () => {
    const { b: squatter, email } = await registeredBuyer(app);
    const squatterAccount = (await accountOfSession(db(), squatter.sessionId))!;
    const subject = newSubject();
    provider.people.set(subject, { email, email_verified: true });
    const b = browser(app);
    await signInOutside(b, subject);
    const account = (await accountOfSession(db(), b.sid))!;
    expect(account.id).not.toBe(squatterAccount.id);
    expect(account.email).toBeNull();
  });

  it('refuses a return to another session, a replayed state and a provider’s refusal', async () => {
    const subject = newSubject();
    provider.people.set(subject, {});
    const victim = browser(app);
    const callback = await atProvider(victim, subject);
    // Another browser (an attacker's link, a login CSRF) cannot use the return.
    const other = browser(app);
    const refused = await back(other, callback);
    expect(refused.statusCode).toBe(303);
    expect(String(refused.headers.location)).toMatch(/^\/login\/\?failed=oauth&reason=state/);
    expect(await accountOfSession(db(), other.sid)).toBeNull();
    // A made-up state is refused too.
    const forged = new URL(callback);
    forged.searchParams.set('state', 'not-the-state');
    expect(String((await back(victim, forged)).headers.location)).toMatch(/failed=oauth/);
    // The owner's return works once; the same return again is refused.
    const first = await back(victim, callback);
    expect(String(first.headers.location)).not.toMatch(/failed/);
    const signedIn = victim.sid;
    const replay = await back(victim, callback);
    expect(String(replay.headers.location)).toMatch(/^\/login\/\?failed=oauth/);
    expect(victim.sid).toBe(signedIn);

    // The provider says no: the login page explains.
    const b = browser(app);
    const start = await b.get('/login/oauth/test/');
    const state = new URL(String(start.headers.location)).searchParams.get('state')!;
    const denied = await b.get(`/login/oauth/test/callback?error=access_denied&state=${state}`);
    expect(String(denied.headers.location)).toMatch(/^\/login\/\?failed=oauth&reason=denied/);
    expect(await accountOfSession(db(), b.sid)).toBeNull();
  });

  it('keeps the guest’s basket through the outside sign-in', async () => {
    const f = await createHallFixture(db(), { seatCount: 4 });
    const b = browser(app);
    expect((await b.post('/hallPlace/select/', { cypher: String(f.seats[0]) })).json().result).toBe(1);
    const guest = b.sid;
    const subject = newSubject();
    provider.people.set(subject, { given_name: 'Анна' });
    await signInOutside(b, subject);
    expect(b.sid).not.toBe(guest);
    const held = await db().query<{ hold_session_id: string }>(
      'SELECT hold_session_id FROM performance_places WHERE id = $1',
      [f.seats[0]],
    );
    expect(held.rows[0]!.hold_session_id).toBe(b.sid);
    expect((await b.get('/shopcart/state/')).json().ticketCount).toBe(1);
  });

  it('completes a new account without an e-mail: consent, the e-mail, a code, confirmed', async () => {
    const subject = newSubject();
    provider.people.set(subject, { given_name: 'Пьер', family_name: 'Безухов' });
    const b = browser(app);
    expect(await signInOutside(b, subject, '/')).toBe('/?oauth=complete');
    const account = (await accountOfSession(db(), b.sid))!;
    expect(account).toMatchObject({ email: null, firstName: 'Пьер', surname: 'Безухов' });
    expect(await completionOf(db(), account.id)).toEqual({ needsEmail: true, needsConsent: true });

    const email = uniqueEmail('pierre');
    expect((await b.post('/login/oauth/complete/', { email })).json()).toEqual({
      status: 'error',
      message: messages.consentRequired,
    });
    expect((await b.post('/login/oauth/complete/', { email: 'not an address', consent: '1' })).json()).toMatchObject({
      status: 'error',
      message: messages.emailInvalid,
    });
    const sent = (await b.post('/login/oauth/complete/', { email, consent: '1' })).json();
    expect(sent).toMatchObject({ status: 'success', codeSent: 1 });
    const consent = await db().query('SELECT text_version FROM consents WHERE user_id = $1', [account.id]);
    expect(consent.rows).toEqual([{ text_version: PERSONAL_DATA_CONSENT_VERSION }]);
    const mail = await db().query<{ subject: string }>(
      `SELECT subject FROM outbox WHERE recipient = $1 ORDER BY id DESC LIMIT 1`,
      [email],
    );
    const code = /\d{4}/.exec(mail.rows[0]!.subject)![0];
    const checked = (await b.post('/email/codecheck/', { 'form[email]': email, 'form[code]': code })).json();
    expect(checked).toMatchObject({ status: 'success' });
    expect(await accountOfSession(db(), b.sid)).toMatchObject({ email, emailConfirmed: true });
    expect(await completionOf(db(), account.id)).toBeNull();
    // A guest has nothing to complete.
    expect((await browser(app).post('/login/oauth/complete/', { consent: '1' })).statusCode).toBe(401);
  });
});
