import { messages } from '@partera/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type Account, accountOfSession } from '../accounts/index.js';
import type { Queryable } from '../db/index.js';

/** The answer of an account call to a guest: HTTP 401 and 'Войдите, чтобы продолжить'. */
export const loginFirst = { status: 'error' as const, message: messages.loginRequired };

/**
 * The account signed in on the request's session, or null after setting HTTP 401 (the caller
 * answers `loginFirst` in its call's shape). A new session is a guest without a look-up.
 */
export async function signedInAccount(
  db: Queryable,
  req: FastifyRequest,
  reply: FastifyReply,
): Promise<Account | null> {
  const account = req.session.isNew ? null : await accountOfSession(db, req.session.id);
  if (!account) reply.code(401);
  return account;
}
