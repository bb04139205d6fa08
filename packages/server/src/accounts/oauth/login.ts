import { messages, PERSONAL_DATA_CONSENT_VERSION } from '@partera/contract';
import * as client from 'openid-client';
import type { OAuthSettings } from '../../config.js';
import type { Queryable, Transaction } from '../../db/index.js';
import { type CodeDeps, codeMessage } from '../codes.js';
import { checkEmailFor, sendEmailCode } from '../email.js';
import { bindSessionToAccount } from '../sessions.js';
import type { AccountDeps, SessionMove } from '../sign-in.js';
import { normalizeEmail } from '../users.js';
import { configuredProviders, type OAuthProvider, type OAuthProviderId, type OutsideUser } from './providers.js';

/**
 * Sign-in with an outside account (decision 0022): the redirect to the provider, its return,
 * and the account the person gets:
 * - an outside account linked before signs its account in;
 * - else one whose e-mail the provider verified signs in the account with that confirmed
 *   e-mail, and is linked to it (an unverified address links nothing: anyone could type it);
 * - else a new account is made (names from the provider; a verified e-mail nobody has), and the
 *   completion form asks for the personal-data consent and, without an e-mail, for one.
 * Every sign-in goes through bindSessionToAccount: a fresh session id, the basket kept.
 */

/** How long the browser may stay at the provider before its return is refused. */
export const OAUTH_LOGIN_LIFETIME_MS = 10 * 60_000;

export type OAuthFailure = 'state' | 'denied' | 'failed';

export type OAuthFinish =
  | { ok: true; userId: number; back: string; created: boolean; needsCompletion: boolean }
  | { ok: false; reason: OAuthFailure; back: string };

export interface OutsideLogin {
  providers: ReadonlyMap<OAuthProviderId, OAuthProvider>;
  /** The provider's authorization address for this session, or null for an unknown provider. */
  start(provider: string, sessionId: string, back: string): Promise<URL | null>;
  /** The provider's return (`callback`: the full address it came to); signs `session` in on success. */
  finish(provider: string, callback: URL, session: SessionMove): Promise<OAuthFinish>;
}

export function createOutsideLogin(deps: AccountDeps, settings: OAuthSettings, publicUrl: string): OutsideLogin {
  const providers = configuredProviders(settings);
  const redirectUri = (id: OAuthProviderId) => new URL(`/login/oauth/${id}/callback`, publicUrl).href;
  const known = (id: string) => providers.get(id as OAuthProviderId) ?? null;

  return {
    providers,

    async start(id, sessionId, back) {
      const provider = known(id);
      if (!provider) return null;
      const config = await provider.configuration();
      const state = client.randomState();
      const verifier = client.randomPKCECodeVerifier();
      const nonce = provider.oidc ? client.randomNonce() : null;
      const now = deps.clock.now();
      await deps.db.query('DELETE FROM oauth_logins WHERE created_at < $1', [
        new Date(now.getTime() - OAUTH_LOGIN_LIFETIME_MS),
      ]);
      await deps.db.query(
        `INSERT INTO oauth_logins (state, session_id, provider, code_verifier, nonce, return_path, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [state, sessionId, provider.id, verifier, nonce, back, now],
      );
      return client.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri(provider.id),
        response_type: 'code',
        scope: provider.scope,
        state,
        code_challenge: await client.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        ...(nonce ? { nonce } : {}),
      });
    },

    async finish(id, callback, session) {
      const provider = known(id);
      const state = callback.searchParams.get('state') ?? '';
      // Used once, only by the session that started it, only for this provider.
      const pending = await deps.db.query<{
        code_verifier: string;
        nonce: string | null;
        return_path: string;
        created_at: Date;
      }>(
        `DELETE FROM oauth_logins WHERE state = $1 AND session_id = $2 AND provider = $3
         RETURNING code_verifier, nonce, return_path, created_at`,
        [state, session.from, id],
      );
      const row = pending.rows[0];
      const now = deps.clock.now();
      if (!provider || !row || now.getTime() - new Date(row.created_at).getTime() > OAUTH_LOGIN_LIFETIME_MS) {
        return { ok: false, reason: 'state', back: row?.return_path ?? '/' };
      }
      const back = row.return_path;
      if (callback.searchParams.has('error')) return { ok: false, reason: 'denied', back };
      let person: OutsideUser;
      try {
        const config = await provider.configuration();
        const tokens = await client.authorizationCodeGrant(
          config,
          new URL(`${redirectUri(provider.id)}${callback.search}`),
          {
            expectedState: state,
            pkceCodeVerifier: row.code_verifier,
            ...(row.nonce ? { expectedNonce: row.nonce, idTokenExpected: true } : {}),
          },
          provider.tokenParameters?.(callback),
        );
        person = await provider.readUser(config, tokens);
      } catch (err) {
        if (err instanceof client.AuthorizationResponseError && err.error === 'access_denied') {
          return { ok: false, reason: 'denied', back };
        }
        throw err;
      }
      if (!person.subject) return { ok: false, reason: 'failed', back };
      const signedIn = await deps.db.transaction((tx) => signInOutside(tx, provider.id, person, session, now));
      return {
        ok: true,
        userId: signedIn.userId,
        back,
        created: signedIn.created,
        needsCompletion: (await completionOf(deps.db, signedIn.userId)) !== null,
      };
    },
  };
}

/** Finds or makes the account of an outside person, links it, and signs the session in to it. */
async function signInOutside(
  tx: Transaction,
  provider: OAuthProviderId,
  person: OutsideUser,
  session: SessionMove,
  now: Date,
): Promise<{ userId: number; created: boolean }> {
  const linked = await tx.query<{ user_id: number; deleted: boolean }>(
    `SELECT o.user_id, u.deleted_at IS NOT NULL AS deleted FROM outside_accounts o JOIN users u ON u.id = o.user_id
      WHERE o.provider = $1 AND o.subject = $2`,
    [provider, person.subject],
  );
  const link = linked.rows[0];
  if (link && !link.deleted) {
    await bindSessionToAccount(tx, session.from, session.to, link.user_id, now);
    return { userId: link.user_id, created: false };
  }
  // The account it was linked to is deleted: the person starts anew.
  if (link)
    await tx.query('DELETE FROM outside_accounts WHERE provider = $1 AND subject = $2', [provider, person.subject]);

  const email = person.email && person.emailVerified ? normalizeEmail(person.email) : null;
  if (email) {
    // Only an account whose own e-mail is confirmed: one registered with somebody else's address
    // (never confirmed) must not receive that person's sign-ins.
    const owner = await tx.query<{ id: number; email_confirmed: boolean }>(
      'SELECT id, email_confirmed FROM users WHERE lower(email) = $1 AND deleted_at IS NULL',
      [email],
    );
    const found = owner.rows[0];
    if (found?.email_confirmed) {
      await linkOutside(tx, provider, person.subject, found.id, now);
      await bindSessionToAccount(tx, session.from, session.to, found.id, now);
      return { userId: found.id, created: false };
    }
    if (found) return createOutside(tx, provider, person, null, session, now);
  }
  return createOutside(tx, provider, person, email, session, now);
}

async function linkOutside(
  tx: Transaction,
  provider: string,
  subject: string,
  userId: number,
  now: Date,
): Promise<void> {
  await tx.query('INSERT INTO outside_accounts (provider, subject, user_id, created_at) VALUES ($1, $2, $3, $4)', [
    provider,
    subject,
    userId,
    now,
  ]);
}

async function createOutside(
  tx: Transaction,
  provider: OAuthProviderId,
  person: OutsideUser,
  email: string | null,
  session: SessionMove,
  now: Date,
): Promise<{ userId: number; created: boolean }> {
  // A deleted account may still hold the address: then the new one starts without it.
  const free =
    email === null
      ? null
      : (await tx.query('SELECT 1 FROM users WHERE lower(email) = $1', [email])).rows.length === 0
        ? email
        : null;
  const r = await tx.query<{ id: number }>(
    `INSERT INTO users (email, email_confirmed, first_name, surname, created_at)
     VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [free, free !== null, person.firstName.slice(0, 100), person.lastName.slice(0, 100), now],
  );
  const userId = r.rows[0]!.id;
  await linkOutside(tx, provider, person.subject, userId, now);
  await bindSessionToAccount(tx, session.from, session.to, userId, now);
  return { userId, created: true };
}

/** What an account made by an outside sign-in still lacks, or null when nothing. */
export interface Completion {
  /** No confirmed e-mail yet: the form asks for one and confirms it with a code. */
  needsEmail: boolean;
  /** The personal-data consent (152-ФЗ) is not given yet. */
  needsConsent: boolean;
}

export async function completionOf(db: Queryable, userId: number): Promise<Completion | null> {
  const r = await db.query<{ email_ok: boolean; consent: boolean; outside: boolean }>(
    `SELECT (u.email IS NOT NULL AND u.email_confirmed) AS email_ok,
            EXISTS (SELECT 1 FROM consents c WHERE c.user_id = u.id AND c.kind = 'personal_data') AS consent,
            EXISTS (SELECT 1 FROM outside_accounts o WHERE o.user_id = u.id) AS outside
       FROM users u WHERE u.id = $1 AND u.deleted_at IS NULL`,
    [userId],
  );
  const row = r.rows[0];
  if (!row?.outside) return null;
  const completion = { needsEmail: !row.email_ok, needsConsent: !row.consent };
  return completion.needsEmail || completion.needsConsent ? completion : null;
}

export type CompletionOutcome =
  /** `codeSentTo`: the e-mail a code went to (the form asks for it next); null: nothing more to do. */
  { ok: true; codeSentTo: string | null; message: string } | { ok: false; message: string; codeAlreadySent?: boolean };

/**
 * The completion form's first step (site-browsing-account.md 2.3, 4): the consent is recorded,
 * and the e-mail, when the account needs one, is checked and gets a code (the code is checked by
 * the e-mail confirmation call, which makes it the account's confirmed e-mail).
 */
export async function completeOutsideAccount(
  deps: CodeDeps,
  who: { sessionId: string; userId: number; client: string },
  form: { email: string | undefined; consent: boolean },
): Promise<CompletionOutcome> {
  const completion = await completionOf(deps.db, who.userId);
  if (!completion) return { ok: true, codeSentTo: null, message: messages.oauthCompleted };
  if (completion.needsConsent && !form.consent) return { ok: false, message: messages.consentRequired };
  let email: string | null = null;
  if (completion.needsEmail) {
    const check = await checkEmailFor(deps, who.userId, form.email ?? '');
    if (!check.ok) return check;
    email = check.email;
  }
  if (completion.needsConsent) {
    await deps.db.query(
      `INSERT INTO consents (user_id, kind, text_version, given_at, client) VALUES ($1, 'personal_data', $2, $3, $4)`,
      [who.userId, PERSONAL_DATA_CONSENT_VERSION, deps.clock.now(), who.client],
    );
  }
  if (email === null) return { ok: true, codeSentTo: null, message: messages.oauthCompleted };
  const sent = await sendEmailCode(deps, { sessionId: who.sessionId, userId: who.userId }, email);
  if (sent.ok) return { ok: true, codeSentTo: email, message: messages.emailCodeSent(email) };
  return { ok: false, message: codeMessage(sent), codeAlreadySent: sent.reason === 'cooldown' };
}
