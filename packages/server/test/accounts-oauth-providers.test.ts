/**
 * VK ID and Yandex ID, each against a local stand-in that answers as the real provider does
 * (test/support/oauth-stand-ins.ts): the authorization request (PKCE S256, the scopes, the
 * registered return address), the code exchange (VK's device_id sent back, Yandex's client
 * secret; VK's own ID token ignored), the person read from each provider's user-info answer, and
 * what each e-mail may do: Yandex's default e-mail is confirmed and links an account with that
 * confirmed address; VK's is not vouched for and never links one.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { accountOfSession, completionOf } from '../src/accounts/index.js';
import { lastOutboxCode, registeredBuyer, uniqueEmail } from './support/accounts.js';
import { buildTestApp } from './support/app.js';
import { describeEachDatabase } from './support/databases.js';
import { oauthBrowser } from './support/oauth-browser.js';
import { type OAuthStandIn, startVkIdStandIn, startYandexIdStandIn } from './support/oauth-stand-ins.js';

const SECRET = 'test-secret';
const PUBLIC_URL = 'http://localhost:3998';

let people = 0;
const personId = () => String(100_000 + (Date.now() % 100_000) + ++people);

describeEachDatabase('sign-in with VK ID and Yandex ID', (get) => {
  let app: FastifyInstance;
  let vk: OAuthStandIn;
  let yandex: OAuthStandIn;

  beforeAll(async () => {
    vk = await startVkIdStandIn(`${PUBLIC_URL}/login/oauth/vk/callback`);
    yandex = await startYandexIdStandIn(`${PUBLIC_URL}/login/oauth/yandex/callback`);
    ({ app } = await buildTestApp(get().db, {
      config: {
        publicUrl: PUBLIC_URL,
        oauth: {
          vk: { clientId: vk.clientId, clientSecret: vk.clientSecret, standIn: vk.url },
          yandex: { clientId: yandex.clientId, clientSecret: yandex.clientSecret, standIn: yandex.url },
        },
      },
    }));
  });
  afterAll(async () => {
    await vk?.close();
    await yandex?.close();
  });

  /** 'Войти через …' → the provider → back to our callback; where the browser goes then. */
  async function signIn(
    provider: 'vk' | 'yandex',
    standIn: OAuthStandIn,
    b = oauthBrowser(app, { secret: SECRET, publicUrl: PUBLIC_URL }),
  ) {
    const start = await b.get(`/login/oauth/${provider}/?back=${encodeURIComponent('/private/')}`);
    expect(start.statusCode).toBe(303);
    const authorization = new URL(String(start.headers.location));
    expect(`${authorization.origin}${authorization.pathname}`).toBe(`${standIn.url}/authorize`);
    const callback = await standIn.authorize(authorization.href);
    const back = await b.get(`${callback.pathname}${callback.search}`);
    expect(back.statusCode).toBe(303);
    return { b, location: String(back.headers.location), authorization };
  }

  it('VK ID: asks with PKCE and its scopes, sends device_id back, reads the person and never trusts the e-mail', async () => {
    const id = personId();
    const email = uniqueEmail('vk');
    vk.signInAs({ id, firstName: 'Иван', lastName: 'Бунин', email });
    const { b, location, authorization } = await signIn('vk', vk);
    expect(authorization.searchParams.get('scope')).toBe('vkid.personal_info email');
    expect(authorization.searchParams.get('code_challenge_method')).toBe('S256');
    expect(location).toBe('/private/?oauth=complete');

    const exchange = vk.requests.findLast((r) => r.path === '/oauth2/auth')!;
    const returned = vk.requests.findLast((r) => r.path === '/authorize');
    expect(exchange.form).toMatchObject({ grant_type: 'authorization_code', client_id: vk.clientId });
    expect(exchange.form.device_id).toBeTruthy();
    expect(returned).toBeDefined();

    const account = await accountOfSession(get().db, b.sid);
    // The e-mail VK gives is not vouched for: the account starts without one and asks for it.
    expect(account).toMatchObject({ firstName: 'Иван', surname: 'Бунин', email: null, hasPassword: false });
    expect(await completionOf(get().db, account!.id)).toEqual({ needsEmail: true, needsConsent: true });

    // The same VK person signs in to the same account.
    const again = await signIn('vk', vk);
    expect((await accountOfSession(get().db, again.b.sid))?.id).toBe(account!.id);
  });

  it('VK ID never links an existing account by the e-mail it names', async () => {
    const { email } = await registeredBuyer(app);
    const registered = await get().db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [email]);
    await get().db.query('UPDATE users SET email_confirmed = true WHERE email = $1', [email]);
    vk.signInAs({ id: personId(), firstName: 'Чужой', lastName: 'Человек', email });
    const { b } = await signIn('vk', vk);
    const account = await accountOfSession(get().db, b.sid);
    expect(account!.id).not.toBe(registered.rows[0]!.id);
    expect(account!.email).toBeNull();
  });

  it('Yandex ID: sends its client secret, reads the person and links the account whose confirmed e-mail it is', async () => {
    // An account registered and confirmed with the address.
    const { b: owner, email } = await registeredBuyer(app);
    await owner.post('/email/codecheck/', {
      'form[email]': email,
      'form[code]': await lastOutboxCode(get().db, email),
    });
    const mine = await accountOfSession(get().db, owner.sessionId);
    expect(mine).toMatchObject({ emailConfirmed: true });

    yandex.signInAs({ id: personId(), firstName: 'Анна', lastName: 'Каренина', email });
    const { b, location, authorization } = await signIn('yandex', yandex);
    expect(authorization.searchParams.get('scope')).toBe('login:info login:email');
    expect(location).toBe('/private/');
    const exchange = yandex.requests.findLast((r) => r.path === '/token')!;
    expect(exchange.form).toMatchObject({ client_id: yandex.clientId, client_secret: yandex.clientSecret });
    expect(yandex.requests.findLast((r) => r.path === '/info')?.authorization).toMatch(/^OAuth /);
    expect((await accountOfSession(get().db, b.sid))?.id).toBe(mine!.id);
  });

  it('Yandex ID: a new person gets an account with the confirmed e-mail, and a refusal at Yandex signs nobody in', async () => {
    const email = uniqueEmail('ya');
    yandex.signInAs({ id: personId(), firstName: 'Фёдор', lastName: 'Тютчев', email });
    const { b } = await signIn('yandex', yandex);
    const account = await accountOfSession(get().db, b.sid);
    expect(account).toMatchObject({ email, emailConfirmed: true, firstName: 'Фёдор', surname: 'Тютчев' });
    expect(await completionOf(get().db, account!.id)).toEqual({ needsEmail: false, needsConsent: true });

    yandex.signInAs(null as never);
    const refused = oauthBrowser(app, { secret: SECRET, publicUrl: PUBLIC_URL });
    const start = await refused.get('/login/oauth/yandex/');
    const callback = await yandex.authorize(String(start.headers.location));
    const back = await refused.get(`${callback.pathname}${callback.search}`);
    expect(String(back.headers.location)).toMatch(/^\/login\/\?failed=/);
    expect(await accountOfSession(get().db, refused.sid)).toBeNull();
  });
});
