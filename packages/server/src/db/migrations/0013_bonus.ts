/**
 * Bonus points, gifts, promo codes in the cabinet, promotions, the loyalty card and surveys.
 *
 * - bonus_transactions (0001) is the points ledger: every change of a balance is a row with its
 *   reason; bonus_accounts.balance is the ledger's running sum, written in the same transaction as
 *   each row (the CHECK keeps it from going below zero). An index reads an account's ledger.
 * - bonus_gifts: the gifts a buyer reserves for points (price in points, stock left);
 *   gift_reservations: each reservation, with the points it cost.
 * - promo_code_uses: who entered which bonus promo code (once per account).
 * - buyer_promotions: the promotions a buyer takes part in, since joined_at; promotions.ends_on
 *   ends a promotion (null: no end).
 * - loyalty_cards: the issued plastic cards, each activated once, by one account (one card per
 *   account; the holder's name is the account's), with the welcome points it brings;
 *   loyalty_signups: phone sign-ups per programme group.
 * - surveys, survey_questions (checkbox or radio groups with their options), survey_responses:
 *   one answer per account, with the points it earned.
 */
export default `
CREATE INDEX bonus_transactions_user ON bonus_transactions (user_id, created_at DESC, id DESC);

CREATE TABLE bonus_gifts (
  id serial PRIMARY KEY,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  points integer NOT NULL CHECK (points > 0),
  stock integer NOT NULL CHECK (stock >= 0),
  active boolean NOT NULL DEFAULT true,
  sort integer NOT NULL DEFAULT 0
);

CREATE TABLE gift_reservations (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id),
  gift_id integer NOT NULL REFERENCES bonus_gifts(id),
  points integer NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX gift_reservations_user ON gift_reservations (user_id, created_at DESC);

CREATE TABLE promo_code_uses (
  promo_code_id integer NOT NULL REFERENCES promo_codes(id),
  user_id integer NOT NULL REFERENCES users(id),
  points integer NOT NULL,
  used_at timestamptz NOT NULL,
  PRIMARY KEY (promo_code_id, user_id)
);
CREATE INDEX promo_codes_upper ON promo_codes (upper(code));

ALTER TABLE promotions ADD COLUMN ends_on date;
CREATE TABLE buyer_promotions (
  user_id integer NOT NULL REFERENCES users(id),
  promotion_id integer NOT NULL REFERENCES promotions(id),
  joined_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, promotion_id)
);

CREATE TABLE loyalty_cards (
  id serial PRIMARY KEY,
  number text NOT NULL UNIQUE CHECK (number ~ '^[0-9]{8,19}$'),
  welcome_points integer NOT NULL DEFAULT 0 CHECK (welcome_points >= 0),
  user_id integer REFERENCES users(id),
  activated_at timestamptz
);
CREATE UNIQUE INDEX loyalty_cards_user ON loyalty_cards (user_id) WHERE user_id IS NOT NULL;

CREATE TABLE loyalty_signups (
  id serial PRIMARY KEY,
  group_code text NOT NULL,
  phone text NOT NULL,
  created_at timestamptz NOT NULL,
  UNIQUE (group_code, phone)
);

CREATE TABLE surveys (
  id serial PRIMARY KEY,
  title text NOT NULL,
  reward_points integer NOT NULL DEFAULT 0 CHECK (reward_points >= 0),
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL
);
CREATE TABLE survey_questions (
  id serial PRIMARY KEY,
  survey_id integer NOT NULL REFERENCES surveys(id),
  position integer NOT NULL,
  text text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('checkbox', 'radio')),
  options text[] NOT NULL CHECK (cardinality(options) > 0)
);
CREATE INDEX survey_questions_survey ON survey_questions (survey_id, position);
CREATE TABLE survey_responses (
  survey_id integer NOT NULL REFERENCES surveys(id),
  user_id integer NOT NULL REFERENCES users(id),
  answers jsonb NOT NULL,
  points integer NOT NULL,
  answered_at timestamptz NOT NULL,
  PRIMARY KEY (survey_id, user_id)
);
`;
