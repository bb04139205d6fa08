/**
 * Reviews by buyers (site-browsing-account.md 2.15 Reviews tab, 4 Review answers):
 *
 * - one review per account and show: a unique index over (user_id, show_id) for the reviews an
 *   account wrote (the seeded reviews of the catalogue have no account). It is also how the
 *   cabinet finds the account's reviews.
 * - answered_at: when the ticket company answered (answerReview); an answer given again is new
 *   once more (answer_viewed back to false), and the buyer's list shows its date.
 */
export default `
ALTER TABLE reviews ADD COLUMN answered_at timestamptz;
CREATE UNIQUE INDEX reviews_one_per_account ON reviews (user_id, show_id) WHERE user_id IS NOT NULL;
`;
