import { messages, privateEdit, privatePasswordChange, privateProfile } from '@partera/contract';
import type { FastifyPluginAsync } from 'fastify';
import {
  type Account,
  changePassword,
  editProfile,
  loginSubjectsOf,
  profileOf,
  type WrongPasswordCounter,
} from '../accounts/index.js';
import { route } from '../http/route.js';
import { FailureCounter, limiterOf, subjectBudgets } from '../limits/index.js';
import { loginFirst, signedInAccount } from './signed-in.js';

/**
 * The cabinet's requisites block (site-browsing-account.md 2.15, 3 User profile, 7 Personal
 * account): the profile, the personal-info edit and the password change, always of the account
 * signed in on the session (no call names an account). A guest gets HTTP 401.
 */
export const privateRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;
  // Wrong current passwords count against the account's login contacts, with wrong sign-ins.
  const wrongPasswords = new FailureCounter(limiterOf(app), subjectBudgets.loginContact);
  const counterOf = (account: Account): WrongPasswordCounter => {
    const subjects = loginSubjectsOf(account);
    return {
      refused: async () => (await Promise.all(subjects.map((s) => wrongPasswords.refused(s)))).some(Boolean),
      failed: async () => {
        await Promise.all(subjects.map((s) => wrongPasswords.failed(s)));
      },
    };
  };

  route(app, privateProfile, async (_input, req, reply) => {
    reply.header('cache-control', 'private, no-store');
    const account = await signedInAccount(deps.db, req, reply);
    if (!account) return privateProfile.failure(messages.loginRequired, 401);
    return profileOf(account);
  });

  route(app, privateEdit, async (input, req, reply) => {
    const account = await signedInAccount(deps.db, req, reply);
    if (!account) return loginFirst;
    const outcome = await editProfile(deps, account.id, {
      surname: input['form[name]'],
      firstname: input['form[firstname]'],
      patronymic: input['form[patronymic]'],
      birthday: input['form[birthday]'],
    });
    return outcome.ok
      ? { status: 'success' as const, message: messages.dataUpdated }
      : { status: 'error' as const, message: outcome.message };
  });

  route(app, privatePasswordChange, async (input, req, reply) => {
    const account = await signedInAccount(deps.db, req, reply);
    if (!account) return loginFirst;
    const outcome = await changePassword(
      deps,
      { sessionId: req.session.id, userId: account.id },
      { old: input['pwd[old]'], new: input['pwd[new]'], new2: input['pwd[new2]'] },
      counterOf(account),
    );
    return outcome.ok
      ? { status: 'success' as const, message: messages.passwordChanged }
      : { status: 'error' as const, message: outcome.message };
  });
};
