/**
 * A local OpenID Connect provider for the outside-account tests (oidc-provider, on a free port):
 * one client, the people it knows, and a login step that signs in whoever the test says is at
 * the provider (no pages to fill in); consent is granted at once. `walk` follows the browser's
 * redirects through it, with its cookies, up to the return to our callback.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
// @ts-expect-error oidc-provider ships no types; the few calls below are checked by the tests.
import Provider from 'oidc-provider';

export interface ProviderPerson {
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
}

export interface LocalProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The people the provider knows, by subject. */
  people: Map<string, ProviderPerson>;
  /** Who signs in at the provider next. */
  signInAs(subject: string): void;
  /** Follows the browser from the authorization address to the return to our site (its URL). */
  walk(authorizationUrl: string): Promise<URL>;
  close(): Promise<void>;
}

/**
 * `port` 0 takes a free one. `control`: GET /control/sign-in-as?sub=…&email=…&given_name=…
 * names the next person (for a browser test, which cannot call signInAs).
 */
export async function startLocalProvider(
  redirectUri: string,
  opts: { port?: number; control?: boolean } = {},
): Promise<LocalProvider> {
  const clientId = 'partera-test';
  const clientSecret = 'a local secret of the test provider, long enough';
  const people = new Map<string, ProviderPerson>();
  let current = 'nobody';
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    cookies: { keys: ['local provider cookie key'] },
    ttl: { Interaction: 600, Grant: 600, Session: 600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => true },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    findAccount: async (_ctx: unknown, sub: string) => ({
      accountId: sub,
      claims: async () => ({ sub, ...(people.get(sub) ?? {}) }),
    }),
    // Consent is granted at once: the test is about our side.
    async loadExistingGrant(ctx: any) {
      if (!ctx.oidc.session?.accountId) return undefined;
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client.clientId,
        accountId: ctx.oidc.session.accountId,
      });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  });

  server.on('request', (req, res) => {
    if (opts.control && req.url?.startsWith('/control/sign-in-as')) {
      const q = new URL(req.url, issuer).searchParams;
      current = q.get('sub') ?? 'nobody';
      people.set(current, {
        ...(q.get('email') ? { email: q.get('email')!, email_verified: q.get('email_verified') === '1' } : {}),
        ...(q.get('given_name') ? { given_name: q.get('given_name')! } : {}),
        ...(q.get('family_name') ? { family_name: q.get('family_name')! } : {}),
      });
      res.end('ok');
      return;
    }
    const m = /^\/interaction\/([^/?]+)/.exec(req.url ?? '');
    if (m) {
      // The login step: whoever the test named is signed in at the provider.
      void provider
        .interactionFinished(req, res, { login: { accountId: current } }, { mergeWithLastSubmission: false })
        .catch((err: unknown) => {
          res.statusCode = 500;
          res.end(String(err));
        });
      return;
    }
    provider.callback()(req, res);
  });

  async function walk(authorizationUrl: string): Promise<URL> {
    const jar = new Map<string, string>();
    let url = new URL(authorizationUrl);
    for (let hop = 0; hop < 10; hop++) {
      if (url.origin !== issuer) return url;
      const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
      const r = await fetch(url, { redirect: 'manual', headers: cookie ? { cookie } : {} });
      for (const set of r.headers.getSetCookie()) {
        const [pair] = set.split(';');
        const eq = pair!.indexOf('=');
        const name = pair!.slice(0, eq);
        const value = pair!.slice(eq + 1);
        if (/expires=Thu, 01 Jan 1970/i.test(set) || value === '') jar.delete(name);
        else jar.set(name, value);
      }
      const location = r.headers.get('location');
      if (!location)
        throw new Error(`local provider: ${r.status} without a redirect at ${url.pathname}: ${await r.text()}`);
      url = new URL(location, url);
    }
    throw new Error('local provider: too many redirects');
  }

  return {
    issuer,
    clientId,
    clientSecret,
    people,
    signInAs(subject) {
      current = subject;
    },
    walk,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
