import * as client from 'openid-client';
import type { HostedOAuthSettings, OAuthClientSettings, OAuthSettings } from '../../config.js';

/**
 * The outside accounts a buyer may sign in with (decision 0022): each provider is a small
 * description (its endpoints, scopes, and how to read the person from its answers) driven by
 * openid-client's authorization-code flow with PKCE and state (and a nonce where the provider
 * speaks OpenID Connect).
 */

export const OAUTH_PROVIDER_IDS = ['vk', 'yandex', 'test'] as const;
export type OAuthProviderId = (typeof OAUTH_PROVIDER_IDS)[number];

/** The person an outside account names, as the provider tells it. */
export interface OutsideUser {
  /** The provider's stable id of the person. */
  subject: string;
  email: string | null;
  /** The provider vouches that the person owns the e-mail; only then may it link an account. */
  emailVerified: boolean;
  firstName: string;
  lastName: string;
}

export type TokenAnswer = Awaited<ReturnType<typeof client.authorizationCodeGrant>>;

export interface OAuthProvider {
  id: OAuthProviderId;
  /** The button's text. */
  label: string;
  /** OpenID Connect: a nonce goes out and the ID token must bring it back. */
  oidc: boolean;
  scope: string;
  /** openid-client's configuration (a provider found by discovery is asked once). */
  configuration(): Promise<client.Configuration>;
  /** Extra parameters of the code exchange, read from the provider's return (VK ID: device_id). */
  tokenParameters?(callback: URL): Record<string, string>;
  /** The person, from the token answer (and the provider's user-info call). */
  readUser(config: client.Configuration, tokens: TokenAnswer): Promise<OutsideUser>;
}

const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');

async function json(response: Response, what: string): Promise<Record<string, unknown>> {
  if (!response.ok) throw new Error(`${what}: HTTP ${response.status}`);
  const body = (await response.json()) as unknown;
  if (!body || typeof body !== 'object') throw new Error(`${what}: not a JSON object`);
  return body as Record<string, unknown>;
}

function fixed(metadata: client.ServerMetadata, settings: OAuthClientSettings): () => Promise<client.Configuration> {
  const config = new client.Configuration(
    metadata,
    settings.clientId,
    settings.clientSecret,
    client.ClientSecretPost(settings.clientSecret),
  );
  // Only a test's local stand-in is reached over plain http.
  if (metadata.issuer.startsWith('http:')) client.allowInsecureRequests(config);
  return async () => config;
}

/**
 * VK ID answers the code exchange with an ID token of its own conventions besides the access
 * token. The flow here is plain OAuth (no nonce; the person comes from user_info), so that token
 * is dropped from the answer before openid-client reads it, instead of being checked as an OpenID
 * Connect one it does not claim to be.
 */
function withoutIdToken(configuration: () => Promise<client.Configuration>): () => Promise<client.Configuration> {
  return async () => {
    const config = await configuration();
    config[client.customFetch] = async (url, options) => {
      const response = await fetch(url, options as RequestInit);
      if (!response.headers.get('content-type')?.includes('json')) return response;
      const body = (await response.json()) as Record<string, unknown>;
      delete body.id_token;
      return new Response(JSON.stringify(body), {
        status: response.status,
        headers: { 'content-type': 'application/json' },
      });
    };
    return config;
  };
}

/**
 * Yandex ID: OAuth 2 with PKCE; the person comes from the user-info call (login:info gives the
 * id and the names, login:email the default address). Yandex hands out only addresses confirmed
 * in the Yandex account, so its default e-mail counts as verified.
 */
export function yandexProvider(settings: HostedOAuthSettings): OAuthProvider {
  const oauthBase = settings.standIn ?? 'https://oauth.yandex.ru';
  const infoUrl = `${settings.standIn ?? 'https://login.yandex.ru'}/info?format=json`;
  return {
    id: 'yandex',
    label: 'Войти через Яндекс ID',
    oidc: false,
    scope: 'login:info login:email',
    configuration: fixed(
      {
        issuer: oauthBase,
        authorization_endpoint: `${oauthBase}/authorize`,
        token_endpoint: `${oauthBase}/token`,
      },
      settings,
    ),
    async readUser(_config, tokens) {
      const info = await json(
        await fetch(infoUrl, { headers: { authorization: `OAuth ${tokens.access_token}` } }),
        'Yandex ID user info',
      );
      const email = text(info.default_email) || null;
      return {
        subject: text(info.id),
        email,
        emailVerified: email !== null,
        firstName: text(info.first_name),
        lastName: text(info.last_name),
      };
    },
  };
}

/**
 * VK ID (id.vk.com): OAuth 2.1, PKCE required. The return carries device_id, which the code
 * exchange must send back; the person comes from /oauth2/user_info. VK does not say whether the
 * person confirmed the e-mail, so it never links an existing account by itself.
 */
export function vkProvider(settings: HostedOAuthSettings): OAuthProvider {
  const base = settings.standIn ?? 'https://id.vk.com';
  return {
    id: 'vk',
    label: 'Войти через VK ID',
    oidc: false,
    scope: 'vkid.personal_info email',
    tokenParameters(callback) {
      const deviceId = callback.searchParams.get('device_id');
      const state = callback.searchParams.get('state');
      return { ...(deviceId ? { device_id: deviceId } : {}), ...(state ? { state } : {}) };
    },
    configuration: withoutIdToken(
      fixed(
        {
          issuer: base,
          authorization_endpoint: `${base}/authorize`,
          token_endpoint: `${base}/oauth2/auth`,
        },
        settings,
      ),
    ),
    async readUser(_config, tokens) {
      const body = new URLSearchParams({ client_id: settings.clientId, access_token: tokens.access_token });
      const answer = await json(await fetch(`${base}/oauth2/user_info`, { method: 'POST', body }), 'VK ID user info');
      const user = (answer.user ?? {}) as Record<string, unknown>;
      return {
        subject: text(user.user_id),
        email: text(user.email) || null,
        emailVerified: false,
        firstName: text(user.first_name),
        lastName: text(user.last_name),
      };
    },
  };
}

/**
 * Any OpenID Connect provider found by discovery: the tests' local provider (never in
 * production, config.ts). The ID token's subject, then the user-info claims.
 */
export function openIdProvider(settings: OAuthClientSettings & { issuer: string }): OAuthProvider {
  let found: Promise<client.Configuration> | null = null;
  const issuer = new URL(settings.issuer);
  return {
    id: 'test',
    label: 'Войти через тестовый OpenID',
    oidc: true,
    scope: 'openid email profile',
    configuration() {
      found ??= client
        .discovery(
          issuer,
          settings.clientId,
          settings.clientSecret,
          client.ClientSecretPost(settings.clientSecret),
          issuer.protocol === 'http:' ? { execute: [client.allowInsecureRequests] } : undefined,
        )
        .catch((err: unknown) => {
          found = null;
          throw err;
        });
      return found;
    },
    async readUser(config, tokens) {
      const claims = tokens.claims();
      if (!claims) throw new Error('OpenID provider: no ID token');
      const info = await client.fetchUserInfo(config, tokens.access_token, claims.sub);
      const all = { ...claims, ...info } as Record<string, unknown>;
      const email = text(all.email) || null;
      return {
        subject: claims.sub,
        email,
        emailVerified: email !== null && all.email_verified === true,
        firstName: text(all.given_name),
        lastName: text(all.family_name),
      };
    },
  };
}

/** The providers this server has settings for, by id. */
export function configuredProviders(settings: OAuthSettings): Map<OAuthProviderId, OAuthProvider> {
  const providers = new Map<OAuthProviderId, OAuthProvider>();
  if (settings.vk) providers.set('vk', vkProvider(settings.vk));
  if (settings.yandex) providers.set('yandex', yandexProvider(settings.yandex));
  if (settings.test) providers.set('test', openIdProvider(settings.test));
  return providers;
}

/** The buttons of the login forms: the configured providers, in a fixed order. */
export function oauthButtons(settings: OAuthSettings): { id: OAuthProviderId; label: string }[] {
  return [...configuredProviders(settings).values()].map((p) => ({ id: p.id, label: p.label }));
}
