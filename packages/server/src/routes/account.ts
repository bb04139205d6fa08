import { loginAjax, loginForm, logout, messages, registrationSubmit } from '@partera/contract';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { contactOf, register, sendEmailCode, signIn, signOut } from '../accounts/index.js';
import { safeReturnPath } from '../http/return-path.js';
import { route } from '../http/route.js';
import { issueSession, switchSession } from '../http/session.js';
import { clientAddress, FailureCounter, limiterOf, subjectBudgets } from '../limits/index.js';
import { changeFeedOf } from '../services/catalogue/changes.js';

/** Login, registration and logout (site-browsing-account.md 2.3, 7 Login and registration). */
export const accountRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;
  const { csrfSecret } = deps.config;
  const failures = new FailureCounter(limiterOf(app), subjectBudgets.loginContact);
  const changes = changeFeedOf(deps.db);

  /** A sign-in attempt: the session moves to a fresh id on success (the browser's cookie follows). */
  async function attempt(req: FastifyRequest, reply: FastifyReply, contact: string, password: string) {
    const subject = contactOf(contact)?.value ?? contact.trim().toLowerCase();
    if (await failures.refused(subject)) return { ok: false as const, message: messages.loginTooManyAttempts };
    const next = issueSession(csrfSecret);
    const outcome = await signIn(deps, { contact, password }, { from: req.session.id, to: next });
    if (!outcome.ok) {
      await failures.failed(subject);
      return outcome;
    }
    switchSession(req, reply, next.id, csrfSecret);
    return outcome;
  }

  // The popup's login: state 1 and the page reloads; else the message under the form.
  route(app, loginAjax, async (input, req, reply) => {
    const outcome = await attempt(req, reply, input['LoginForm[contact]'], input['LoginForm[password]']);
    return outcome.ok
      ? { state: 1 as const, csrfToken: req.session.csrfToken }
      : { state: 0 as const, messages: { error: outcome.message } };
  });

  // The form login (/login/ page, the canvas form): back where the buyer came from, or the
  // login page again with the reason.
  route(app, loginForm, async (input, req, reply) => {
    const back = safeReturnPath((req.body as Record<string, unknown> | undefined)?.back, '/private/');
    const outcome = await attempt(req, reply, input['LoginForm[contact]'], input['LoginForm[password]']);
    if (outcome.ok) return reply.redirect(back, 303);
    const failed = outcome.message === messages.loginTooManyAttempts ? 'limit' : 'wrong';
    return reply.redirect(`/login/?failed=${failed}&back=${encodeURIComponent(back)}`, 303);
  });

  route(app, registrationSubmit, async (input, req, reply) => {
    const next = issueSession(csrfSecret);
    const outcome = await register(
      deps,
      {
        email: input['RegistrationForm[email]'],
        password: input['RegistrationForm[password]'],
        firstname: input['RegistrationForm[firstname]'],
        surname: input['RegistrationForm[surname]'],
        phone: input['RegistrationForm[phone]'],
        country: input['RegistrationForm[country]'],
        consent: input['RegistrationForm[consent]'] === true,
      },
      { from: req.session.id, to: next, client: clientAddress(req.ip) },
    );
    if (!outcome.ok) return { state: 0 as const, messages: outcome.errors as Record<string, string> };
    switchSession(req, reply, next.id, csrfSecret);
    // The e-mail is confirmed with a code: the page asks for it next. The account exists and is
    // signed in either way: a code that could not be sent is sent again by 'Отправить код ещё раз'.
    await sendEmailCode(deps, { sessionId: next.id, userId: outcome.account.id }, outcome.account.email ?? '').catch(
      (err: unknown) => req.log.error({ err }, 'registration: the e-mail code was not sent'),
    );
    return { state: 1 as const, csrfToken: next.csrfToken };
  });

  // Sign-out: the basket's places go back on sale and the browser gets a fresh guest session.
  route(app, logout, async (_input, req, reply) => {
    const released = await signOut(deps, req.session.id);
    changes.availabilityChanged(released);
    switchSession(req, reply, issueSession(csrfSecret).id, csrfSecret);
    return { redirectUrl: '/' };
  });
};
