import { messages, restoreConfirm, restoreRequest } from '@partera/contract';
import type { FastifyPluginAsync } from 'fastify';
import { confirmRestore, normalizeEmail, requestRestore } from '../accounts/index.js';
import { route } from '../http/route.js';
import { issueSession, switchSession } from '../http/session.js';
import { FailureCounter, limiterOf, subjectBudgets } from '../limits/index.js';

/**
 * The password reset ('Забыли пароль?' on the login form): a code to the e-mail, then the code
 * with the new password, which signs the session in (accounts/restore.ts). Both answers are the
 * same whether or not an account has the address.
 */
export const restoreRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;
  const { csrfSecret } = deps.config;
  // Wrong codes for one address, from any session or process; the same count as the e-mail
  // confirmation's (confirmation.ts), so the two flows do not add up to more guesses.
  const wrongCodes = new FailureCounter(limiterOf(app), subjectBudgets.codeTarget);

  route(app, restoreRequest, async (input, req) => {
    const outcome = await requestRestore(deps, req.session.id, input.email);
    return outcome.ok
      ? { status: 'success' as const, message: messages.restoreCodeSent }
      : { status: 'error' as const, message: outcome.message };
  });

  route(app, restoreConfirm, async (input, req, reply) => {
    const subject = `email:${normalizeEmail(input.email)}`;
    const next = issueSession(csrfSecret);
    const outcome = await confirmRestore(
      deps,
      input,
      { from: req.session.id, to: next },
      {
        refused: async () => (await wrongCodes.refused(subject)) !== null,
        failed: () => wrongCodes.failed(subject),
      },
    );
    if (!outcome.ok) return { status: 'error' as const, message: outcome.message };
    switchSession(req, reply, next.id, csrfSecret);
    return { status: 'success' as const, message: messages.restorePasswordSet, csrfToken: next.csrfToken };
  });
};
