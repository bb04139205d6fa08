/**
 * Local stand-ins for VK ID and Yandex ID: small servers that answer our sign-in as the real
 * providers do, from their public documentation (the authorization redirect, the code exchange
 * with PKCE, the person's data), so the two providers' own code paths run in tests without the
 * internet. Each checks what a real one checks (the client, the redirect address, the PKCE
 * verifier, VK's device_id, the access token) and refuses otherwise.
 *
 * - VK ID: GET /authorize → redirect_uri?code&state&device_id&type=code_v2&expires_in;
 *   POST /oauth2/auth {grant_type, code, code_verifier, device_id, redirect_uri, client_id, state}
 *   → {access_token, refresh_token, id_token, token_type: 'Bearer', expires_in, user_id, state, scope};
 *   POST /oauth2/user_info {client_id, access_token} → {user: {user_id, first_name, last_name, email, …}}.
 * - Yandex ID: GET /authorize → redirect_uri?code&state; POST /token {grant_type, code,
 *   code_verifier, client_id, client_secret} → {access_token, token_type: 'bearer', expires_in,
 *   refresh_token}; GET /info?format=json with 'Authorization: OAuth {token}' → {id, login,
 *   default_email, emails, first_name, last_name, display_name, real_name, sex, client_id, psuid}.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StandInPerson {
  id: string;
  firstName: string;
  lastName: string;
  email?: string;
}

export interface OAuthStandIn {
  url: string;
  clientId: string;
  clientSecret: string;
  /** Who signs in at the provider next. */
  signInAs(person: StandInPerson): void;
  /** The browser at the authorization address: where the provider sends it back (our callback with the code). */
  authorize(authorizationUrl: string): Promise<URL>;
  /** Each request's path and form, in order: what our server sent. */
  requests: { path: string; form: Record<string, string>; authorization?: string }[];
  close(): Promise<void>;
}

interface Grant {
  person: StandInPerson;
  challenge: string;
  redirectUri: string;
  deviceId: string;
  state: string;
}

const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');
const token = () => randomBytes(24).toString('base64url');

async function formOf(req: IncomingMessage): Promise<Record<string, string>> {
  let raw = '';
  for await (const chunk of req) raw += chunk;
  return Object.fromEntries(new URLSearchParams(raw));
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
}

async function start(kind: 'vk' | 'yandex', redirectUri: string): Promise<OAuthStandIn> {
  const clientId = kind === 'vk' ? '51234567' : 'yandex-client-id';
  const clientSecret = `${kind} protected key of the stand-in`;
  const grants = new Map<string, Grant>();
  const tokens = new Map<string, StandInPerson>();
  const requests: OAuthStandIn['requests'] = [];
  let next: StandInPerson | null = null;

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const form = req.method === 'POST' ? await formOf(req) : Object.fromEntries(url.searchParams);
      requests.push({ path: url.pathname, form, authorization: req.headers.authorization });
      if (url.pathname === '/authorize') authorize(url, res);
      else if (kind === 'vk' && url.pathname === '/oauth2/auth') exchange(form, res);
      else if (kind === 'yandex' && url.pathname === '/token') exchange(form, res);
      else if (kind === 'vk' && url.pathname === '/oauth2/user_info') vkUser(form, res);
      else if (kind === 'yandex' && url.pathname === '/info') yandexUser(req, res);
      else send(res, 404, { error: 'not_found' });
    })().catch((err: unknown) => send(res, 500, { error: String(err) }));
  });

  function authorize(url: URL, res: ServerResponse): void {
    const q = url.searchParams;
    const back = q.get('redirect_uri') ?? '';
    if (q.get('client_id') !== clientId || back !== redirectUri || q.get('response_type') !== 'code') {
      send(res, 400, { error: 'invalid_request' });
      return;
    }
    if (q.get('code_challenge_method') !== 'S256' || !q.get('code_challenge')) {
      send(res, 400, { error: 'invalid_request', error_description: 'PKCE is required' });
      return;
    }
    const person = next;
    const state = q.get('state') ?? '';
    const location = new URL(back);
    if (!person) {
      location.searchParams.set('error', 'access_denied');
      location.searchParams.set('state', state);
    } else {
      const code = token();
      const deviceId = token();
      grants.set(code, { person, challenge: q.get('code_challenge')!, redirectUri: back, deviceId, state });
      location.searchParams.set('code', code);
      location.searchParams.set('state', state);
      if (kind === 'vk') {
        location.searchParams.set('device_id', deviceId);
        location.searchParams.set('type', 'code_v2');
        location.searchParams.set('expires_in', '600');
      }
    }
    res.writeHead(302, { location: location.href }).end();
  }

  function exchange(form: Record<string, string>, res: ServerResponse): void {
    const grant = grants.get(form.code ?? '');
    grants.delete(form.code ?? '');
    const clientOk = form.client_id === clientId && (kind === 'vk' || form.client_secret === clientSecret);
    if (!clientOk) {
      send(res, 401, { error: 'invalid_client' });
      return;
    }
    if (!grant || form.grant_type !== 'authorization_code' || s256(form.code_verifier ?? '') !== grant.challenge) {
      send(res, 400, { error: 'invalid_grant' });
      return;
    }
    if (kind === 'vk' && (form.device_id !== grant.deviceId || form.redirect_uri !== grant.redirectUri)) {
      send(res, 400, { error: 'invalid_grant', error_description: 'device_id or redirect_uri' });
      return;
    }
    const access = token();
    tokens.set(access, grant.person);
    if (kind === 'yandex') {
      send(res, 200, {
        access_token: access,
        token_type: 'bearer',
        expires_in: 31_536_000,
        refresh_token: token(),
      });
      return;
    }
    // VK's ID token (its own issuer and claims): our sign-in reads the person from user_info.
    const idToken = [
      Buffer.from(JSON.stringify({ alg: 'RS256', typ: 'JWT' })).toString('base64url'),
      Buffer.from(JSON.stringify({ iss: 'VK', sub: Number(grant.person.id), app: Number(clientId) })).toString(
        'base64url',
      ),
      'c2lnbmF0dXJl',
    ].join('.');
    send(res, 200, {
      refresh_token: token(),
      access_token: access,
      id_token: idToken,
      token_type: 'Bearer',
      expires_in: 3600,
      user_id: Number(grant.person.id),
      state: grant.state,
      scope: 'vkid.personal_info email',
    });
  }

  function vkUser(form: Record<string, string>, res: ServerResponse): void {
    const person = tokens.get(form.access_token ?? '');
    if (!person || form.client_id !== clientId) {
      send(res, 401, { error: 'invalid_token' });
      return;
    }
    send(res, 200, {
      user: {
        user_id: person.id,
        first_name: person.firstName,
        last_name: person.lastName,
        avatar: '',
        sex: 0,
        verified: false,
        birthday: '',
        ...(person.email ? { email: person.email } : {}),
      },
    });
  }

  function yandexUser(req: IncomingMessage, res: ServerResponse): void {
    const auth = /^OAuth (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
    const person = tokens.get(auth);
    if (!person) {
      send(res, 401, { error: 'invalid_token' });
      return;
    }
    send(res, 200, {
      id: person.id,
      login: `login${person.id}`,
      client_id: clientId,
      display_name: person.firstName,
      real_name: `${person.firstName} ${person.lastName}`,
      first_name: person.firstName,
      last_name: person.lastName,
      sex: null,
      psuid: `psuid-${person.id}`,
      ...(person.email ? { default_email: person.email, emails: [person.email] } : {}),
    });
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    clientId,
    clientSecret,
    signInAs(person) {
      next = person;
    },
    async authorize(authorizationUrl) {
      const r = await fetch(authorizationUrl, { redirect: 'manual' });
      const location = r.headers.get('location');
      if (r.status !== 302 || !location) throw new Error(`the stand-in refused: ${r.status} ${await r.text()}`);
      return new URL(location);
    },
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export const startVkIdStandIn = (redirectUri: string) => start('vk', redirectUri);
export const startYandexIdStandIn = (redirectUri: string) => start('yandex', redirectUri);
