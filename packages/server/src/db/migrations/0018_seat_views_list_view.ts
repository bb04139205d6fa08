/**
 * Views from the seats and the list view (issue 11, decision 0029).
 *
 * - `halls.stage`: the stage as the plan draws it, [x, y, width, height] in plan coordinates, its
 *   edge facing the audience at y + height. The views from the seats (media/seat-view.ts) are
 *   drawn from it and the places' own positions; NULL: the hall has no stage to look at, no views.
 * - `performances.sell_by_sections`: the performance is sold by sections only (the list view,
 *   hall-basket-checkout.md 2.1 isOnlySections) even though its hall has a plan. A hall with nothing
 *   to draw (no SVG and no places) is sold by sections anyway.
 */
export default `
ALTER TABLE halls ADD COLUMN stage integer[] CHECK (stage IS NULL OR cardinality(stage) = 4);
ALTER TABLE performances ADD COLUMN sell_by_sections boolean NOT NULL DEFAULT false;
`;
