import { ErrorCode, emailCodeCheck, emailCodeSend, emailValidate, messages } from '@partera/contract';
import type { FastifyPluginAsync } from 'fastify';
import { checkEmailFor, codeMessage, confirmEmail, normalizeEmail, sendEmailCode } from '../accounts/index.js';
import { route } from '../http/route.js';
import { FailureCounter, limiterOf, subjectBudgets } from '../limits/index.js';
import { loginFirst, signedInAccount } from './signed-in.js';

/**
 * E-mail confirmation (site-browsing-account.md 4 and 7 'Phone and e-mail confirmation'):
 * validate → send a code → check it, for the signed-in buyer's own address. The phone's calls
 * are in phone.ts.
 */
export const confirmationRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;
  // Wrong codes for one address, from any session or process (besides each code's own tries).
  const wrongCodes = new FailureCounter(limiterOf(app), subjectBudgets.codeTarget);
  const signedIn = (req: Parameters<typeof signedInAccount>[1], reply: Parameters<typeof signedInAccount>[2]) =>
    signedInAccount(deps.db, req, reply);

  route(app, emailValidate, async (input, req, reply) => {
    const account = await signedIn(req, reply);
    if (!account) return loginFirst;
    const check = await checkEmailFor(deps, account.id, input.email);
    return check.ok
      ? { status: 'success' as const, email: check.email }
      : { status: 'error' as const, message: check.message };
  });

  route(app, emailCodeSend, async (input, req, reply) => {
    const account = await signedIn(req, reply);
    if (!account) return loginFirst;
    const check = await checkEmailFor(deps, account.id, input.email);
    if (!check.ok) return { status: 'error' as const, message: check.message };
    const sent = await sendEmailCode(deps, { sessionId: req.session.id, userId: account.id }, check.email);
    if (sent.ok) return { status: 'success' as const, message: messages.emailCodeSent(check.email) };
    // A code sent a moment ago still works: the browser goes on to the code (217).
    const code = sent.reason === 'cooldown' ? { code: ErrorCode.pinAlreadySent } : {};
    return { status: 'error' as const, message: codeMessage(sent), ...code };
  });

  route(app, emailCodeCheck, async (input, req, reply) => {
    const account = await signedIn(req, reply);
    if (!account) return loginFirst;
    const email = normalizeEmail(input['form[email]']);
    if (await wrongCodes.refused(`email:${email}`))
      return { status: 'error' as const, message: messages.codeExhausted };
    const outcome = await confirmEmail(
      deps,
      { sessionId: req.session.id, userId: account.id },
      email,
      input['form[code]'],
    );
    if (outcome.ok) return { status: 'success' as const, message: messages.emailConfirmed };
    if (outcome.reason === 'wrong') await wrongCodes.failed(`email:${email}`);
    return { status: 'error' as const, message: codeMessage(outcome) };
  });
};
