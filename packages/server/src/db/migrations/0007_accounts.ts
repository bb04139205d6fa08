/**
 * Accounts (issue 10): signing in, confirmed contacts and the consent to personal data.
 *
 * - users: e-mails are kept in lower case (unique as before); a phone is unique among the
 *   confirmed ones (two accounts may type the same number, only one can confirm it); the time the
 *   password last changed ends older password-reset codes.
 * - sessions: a signed-in session is a row with user_id; signed_in_at says when.
 * - confirmation_codes: what a PIN is for (purpose), whose it is (user_id, null for a guest or a
 *   registration), and when it was used (consumed_at): a code works once.
 * - consents: the buyer's consent to the processing of personal data (152-ФЗ), with the time,
 *   the version of the text agreed to and the client address; kept for the account or the order
 *   it was given for.
 */
export default `
CREATE UNIQUE INDEX users_email_lower ON users (lower(email));
CREATE UNIQUE INDEX users_phone_confirmed ON users (phone) WHERE phone_confirmed;
ALTER TABLE users ADD COLUMN password_changed_at timestamptz;
ALTER TABLE users ADD COLUMN deleted_at timestamptz;

ALTER TABLE sessions ADD COLUMN signed_in_at timestamptz;
CREATE INDEX sessions_user ON sessions (user_id) WHERE user_id IS NOT NULL;

ALTER TABLE confirmation_codes ADD COLUMN purpose text NOT NULL DEFAULT 'confirm'
  CHECK (purpose IN ('confirm', 'change', 'registration', 'restore', 'purchase'));
ALTER TABLE confirmation_codes ADD COLUMN user_id integer REFERENCES users(id);
ALTER TABLE confirmation_codes ADD COLUMN consumed_at timestamptz;
CREATE INDEX confirmation_codes_target ON confirmation_codes (channel, target, created_at DESC);
CREATE INDEX confirmation_codes_session ON confirmation_codes (session_id, created_at DESC);

CREATE TABLE consents (
  id serial PRIMARY KEY,
  user_id integer REFERENCES users(id),
  order_id integer REFERENCES orders(id),
  kind text NOT NULL CHECK (kind IN ('personal_data')),
  text_version text NOT NULL,
  given_at timestamptz NOT NULL,
  client text NOT NULL DEFAULT '',
  CHECK (user_id IS NOT NULL OR order_id IS NOT NULL)
);
CREATE INDEX consents_user ON consents (user_id);
`;
