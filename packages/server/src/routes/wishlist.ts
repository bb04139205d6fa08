import {
  bookmarkAdd,
  bookmarkRemove,
  bookmarkUpdate,
  messages,
  ratingVote,
  showClientRequest,
} from '@partera/contract';
import type { FastifyPluginAsync } from 'fastify';
import { accountOfSession } from '../accounts/sessions.js';
import { normalizeEmail } from '../accounts/users.js';
import { addBookmark, removeBookmark, setBookmarkNotify } from '../accounts/wishlist.js';
import { route } from '../http/route.js';
import { FailureCounter, limiterOf, subjectBudgets, TOO_MANY_REQUESTS } from '../limits/index.js';
import { requestOnSaleNotice } from '../services/catalogue/on-sale-requests.js';
import { voteForShow, voterKeyOf } from '../services/catalogue/rating-vote.js';
import { signedInAccount } from './signed-in.js';

export const BOOKMARK_MESSAGES = {
  unknownShow: 'Шоу не найдено',
  notBookmarked: 'Этого шоу нет в избранном',
} as const;

/**
 * The wishlist, the 'Скоро в продаже' requests and the rating vote (site-browsing-account.md 2.9,
 * 3, 4, 5, 7 Browsing). Bookmarks are the signed-in buyer's own (a guest gets HTTP 401 and
 * 'Войдите, чтобы продолжить'; no call names an account). Requests and votes are open to guests:
 * a request is limited per e-mail address as well as per session and client (limits/table.ts), a
 * vote counts once per account, or per session for a guest.
 */
export const wishlistRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;
  const requestsPerAddress = new FailureCounter(limiterOf(app), subjectBudgets.onSaleRequestAddress);

  route(app, bookmarkAdd, async (input, req, reply) => {
    const account = await signedInAccount(deps.db, req, reply);
    if (!account) return bookmarkAdd.failure(messages.loginRequired);
    const outcome = await addBookmark(deps.db, account.id, input.objId, deps.clock.now());
    if (outcome === 'unknown-show') {
      reply.code(404);
      return { is_added: false, message: BOOKMARK_MESSAGES.unknownShow };
    }
    return { is_added: true };
  });

  route(app, bookmarkRemove, async (input, req, reply) => {
    const account = await signedInAccount(deps.db, req, reply);
    if (!account) return bookmarkRemove.failure(messages.loginRequired);
    return (await removeBookmark(deps.db, account.id, input.objId))
      ? { is_removed: true }
      : { is_removed: false, message: BOOKMARK_MESSAGES.notBookmarked };
  });

  route(app, bookmarkUpdate, async (input, req, reply) => {
    reply.header('cache-control', 'no-store');
    const account = await signedInAccount(deps.db, req, reply);
    if (!account) return bookmarkUpdate.failure(messages.loginRequired);
    return (await setBookmarkNotify(deps.db, account.id, input.objId, input.toNotify === 1))
      ? { is_updated: true }
      : { is_updated: false, message: BOOKMARK_MESSAGES.notBookmarked };
  });

  route(app, showClientRequest, async (input) => {
    const address = normalizeEmail(input.requestEmail);
    if (await requestsPerAddress.refused(address)) return { status: 'error' as const, message: TOO_MANY_REQUESTS };
    const outcome = await requestOnSaleNotice(
      deps.db,
      { showId: input.requestShowId, from: input.requestFrom, to: input.requestTo, email: input.requestEmail },
      deps.clock.now(),
    );
    if (!outcome.ok) return { status: 'error' as const, message: outcome.message };
    // Every stored request counts against its address (the budget's "failures").
    await requestsPerAddress.failed(address);
    return { status: 'success' as const, message: outcome.message };
  });

  route(app, ratingVote, async (input, req) => {
    // A guest votes too: then the session is the voter.
    const account = req.session.isNew ? null : await accountOfSession(deps.db, req.session.id);
    const voterKey = voterKeyOf({ userId: account?.id ?? null, sessionId: req.session.id });
    const outcome = await voteForShow(
      deps.db,
      { showId: input.voteid, voterKey, score: input.score },
      deps.clock.now(),
    );
    return outcome.ok
      ? { status: 'OK', val: outcome.val, votes: outcome.votes }
      : { status: 'ERROR', msg: outcome.message };
  });
};
