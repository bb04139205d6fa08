import {
  messages,
  privateDeleteAccount,
  privateDeleteCode,
  privateEdit,
  privateExportData,
  privatePasswordChange,
  privateProfile,
} from '@partera/contract';
import type { FastifyPluginAsync } from 'fastify';
import {
  type Account,
  changePassword,
  deleteAccount,
  editProfile,
  exportAccountData,
  exportFileName,
  loginSubjectsOf,
  profileOf,
  sendDeletionCode,
  type WrongPasswordCounter,
} from '../accounts/index.js';
import { route } from '../http/route.js';
import { issueSession, switchSession } from '../http/session.js';
import { FailureCounter, limiterOf, subjectBudgets } from '../limits/index.js';
import { changeFeedOf } from '../services/catalogue/changes.js';
import { loginFirst, signedInAccount } from './signed-in.js';

/**
 * The cabinet's requisites block (site-browsing-account.md 2.15, 3 User profile, 7 Personal
 * account): the profile, the personal-info edit and the password change, and the buyer's data under
 * 152-ФЗ (the export and the account's deletion), always of the account signed in on the session
 * (no call names an account). A guest gets HTTP 401.
 */
export const privateRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;
  const changes = changeFeedOf(deps.db);
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

  // The buyer's copy of their data: a JSON download, never cached anywhere.
  route(app, privateExportData, async (_input, req, reply) => {
    reply.header('cache-control', 'no-store');
    const account = await signedInAccount(deps.db, req, reply);
    const now = deps.clock.now();
    const data = account ? await exportAccountData(deps.db, account.id, now) : null;
    if (!data) {
      reply.code(401).type('text/plain; charset=utf-8');
      return privateExportData.failure(messages.loginRequired, 401);
    }
    reply
      .type('application/json; charset=utf-8')
      .header('content-disposition', `attachment; filename="${exportFileName(now)}"`);
    return `${JSON.stringify(data, null, 2)}\n`;
  });

  // The code that confirms the deletion of an account without a password.
  route(app, privateDeleteCode, async (_input, req, reply) => {
    const account = await signedInAccount(deps.db, req, reply);
    if (!account) return loginFirst;
    const outcome = await sendDeletionCode(deps, { userId: account.id, sessionId: req.session.id });
    return { status: outcome.ok ? ('success' as const) : ('error' as const), message: outcome.message };
  });

  // Deleting the account: signed out everywhere; this browser goes on as a new guest.
  route(app, privateDeleteAccount, async (input, req, reply) => {
    const account = await signedInAccount(deps.db, req, reply);
    if (!account) return loginFirst;
    const outcome = await deleteAccount(
      deps,
      { userId: account.id, sessionId: req.session.id },
      { password: input.password, code: input.code },
      counterOf(account),
    );
    if (!outcome.ok) return { status: 'error' as const, message: outcome.message };
    changes.availabilityChanged(outcome.releasedPerformances);
    switchSession(req, reply, issueSession(deps.config.csrfSecret).id, deps.config.csrfSecret);
    return { status: 'success' as const, message: messages.accountDeleted };
  });
};
