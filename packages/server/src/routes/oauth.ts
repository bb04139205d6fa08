import { ErrorCode, messages, oauthCallback, oauthComplete, oauthStart } from '@partera/contract';
import type { FastifyPluginAsync } from 'fastify';
import { completeOutsideAccount, createOutsideLogin } from '../accounts/index.js';
import { safeReturnPath } from '../http/return-path.js';
import { route } from '../http/route.js';
import { issueSession, switchSession } from '../http/session.js';
import { clientAddress } from '../limits/index.js';
import { loginFirst, signedInAccount } from './signed-in.js';

/** `back` with ?oauth=complete added: the page there opens the completion form. */
function withCompletion(back: string): string {
  const [path, hash] = back.split('#', 2) as [string, string | undefined];
  return `${path}${path.includes('?') ? '&' : '?'}oauth=complete${hash === undefined ? '' : `#${hash}`}`;
}

/**
 * Sign-in with an outside account (decision 0022; site-browsing-account.md 2.3): the redirect to
 * VK ID or Yandex ID, its return, and the completion form of a new account. Both GETs are links
 * (no CSRF token): the start only begins a sign-in, and the return is bound to the session that
 * began it by its one-time state.
 */
export const oauthRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;
  const { csrfSecret, publicUrl } = deps.config;
  const outside = createOutsideLogin(deps, deps.config.oauth, publicUrl);

  route(
    app,
    oauthStart,
    async (input, req, reply) => {
      const back = safeReturnPath(input.back, '/');
      const url = await outside.start(input.provider, req.session.id, back);
      if (!url) return reply.code(404).send(oauthStart.failure('Такой способ входа не настроен', 404));
      return reply.redirect(url.href, 303);
    },
    { csrf: false },
  );

  route(
    app,
    oauthCallback,
    async (input, req, reply) => {
      const next = issueSession(csrfSecret);
      const callback = new URL(req.url, publicUrl);
      let outcome: Awaited<ReturnType<typeof outside.finish>>;
      try {
        outcome = await outside.finish(input.provider, callback, { from: req.session.id, to: next });
      } catch (err) {
        req.log.warn({ err }, 'oauth: the sign-in with an outside account failed');
        outcome = { ok: false, reason: 'failed', back: '/' };
      }
      if (!outcome.ok) {
        const reason = outcome.reason === 'failed' ? '' : `&reason=${outcome.reason}`;
        return reply.redirect(`/login/?failed=oauth${reason}&back=${encodeURIComponent(outcome.back)}`, 303);
      }
      switchSession(req, reply, next.id, csrfSecret);
      return reply.redirect(outcome.needsCompletion ? withCompletion(outcome.back) : outcome.back, 303);
    },
    { csrf: false },
  );

  route(app, oauthComplete, async (input, req, reply) => {
    const account = await signedInAccount(deps.db, req, reply);
    if (!account) return loginFirst;
    const outcome = await completeOutsideAccount(
      deps,
      { sessionId: req.session.id, userId: account.id, client: clientAddress(req.ip) },
      { email: input.email, consent: input.consent === true },
    );
    if (outcome.ok) {
      return { status: 'success' as const, message: outcome.message, codeSent: outcome.codeSentTo ? 1 : 0 } as const;
    }
    return {
      status: 'error' as const,
      message: outcome.message || messages.oauthFailed,
      ...(outcome.codeAlreadySent ? { code: ErrorCode.pinAlreadySent } : {}),
    };
  });
};
