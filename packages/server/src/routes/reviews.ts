import { getReviewInfo, markAsViewed, messages, reviewAdd, reviewForm, reviewsPage } from '@partera/contract';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { reviewFormForGuest, reviewFormHtml, reviewsPageHtml } from '../accounts/review-pages.js';
import {
  addReview,
  listAccountReviews,
  markAnswerViewed,
  REVIEW_MESSAGES,
  reviewEligibility,
  reviewPromptShow,
} from '../accounts/reviews.js';
import { route } from '../http/route.js';
import { loginFirst, signedInAccount } from './signed-in.js';

/** What only this buyer may read is never kept by a cache on the way. */
const personal = (reply: FastifyReply) => reply.header('cache-control', 'private, no-store');

/**
 * Reviews (site-browsing-account.md 7 Reviews; the rules are in accounts/reviews.ts): the review
 * form of a show, posting a review, the cabinet's 'Отзывы' tab, marking an answer as viewed and
 * the review prompt. Always of the account signed in on the session; a guest gets HTTP 401.
 */
export const reviewRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;

  route(app, reviewForm, async (input, req, reply) => {
    personal(reply);
    const account = await signedInAccount(deps.db, req, reply);
    if (!account) return reviewFormForGuest.toString();
    const eligibility = await reviewEligibility(deps.db, account.id, input.idShow, deps.clock.now());
    if (!eligibility.ok && eligibility.reason === 'unknownShow') reply.code(404);
    return reviewFormHtml(eligibility).toString();
  });

  route(app, reviewAdd, async (input, req, reply) => {
    const account = await signedInAccount(deps.db, req, reply);
    if (!account) return loginFirst;
    const outcome = await addReview(deps, account, {
      showId: input['Review[idShow]'],
      text: input['Review[text]'],
      rating: input['Review[rating]'] ?? null,
    });
    if (!outcome.ok) return { status: 'error' as const, message: outcome.message };
    return { status: 'success' as const, message: REVIEW_MESSAGES.added, rating: outcome.rating };
  });

  route(app, reviewsPage, async (_input, req, reply) => {
    personal(reply);
    const account = await signedInAccount(deps.db, req, reply);
    if (!account) return reviewsPage.failure(messages.loginRequired, 401);
    return reviewsPageHtml(await listAccountReviews(deps.db, account.id)).toString();
  });

  route(app, markAsViewed, async (input, req, reply) => {
    const account = await signedInAccount(deps.db, req, reply);
    if (!account) return { message: messages.loginRequired };
    if (await markAnswerViewed(deps.db, account.id, input.reviewId)) return { message: REVIEW_MESSAGES.viewed };
    reply.code(404);
    return { message: REVIEW_MESSAGES.noSuchReview };
  });

  route(app, getReviewInfo, async (_input, req, reply) => {
    personal(reply);
    const account = await signedInAccount(deps.db, req, reply);
    if (!account) return { message: messages.loginRequired };
    const show = await reviewPromptShow(deps.db, account.id, deps.clock.now());
    if (!show) return {};
    const clientName = [account.firstName, account.patronymic].filter((n) => n.trim()).join(' ');
    return { data: { show_name: show.showName, show_id: show.showId }, clientName };
  });
};
