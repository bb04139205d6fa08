/**
 * Sign-in with an outside account: VK ID, Yandex ID (decision 0022).
 *
 * - outside_accounts: an account of a provider linked to one of ours; the provider's own stable
 *   id of the person (subject) is all that is kept of it, with the time of the link.
 * - oauth_logins: a sign-in under way, from the redirect to the provider to its return: the
 *   state the return must carry, the PKCE verifier, the OpenID nonce and where to go back. Bound
 *   to the browser's session, ten minutes long, deleted when used (session-keyed: a rotation
 *   moves it along).
 */
export default `
CREATE TABLE outside_accounts (
  provider text NOT NULL,
  subject text NOT NULL,
  user_id integer NOT NULL REFERENCES users(id),
  created_at timestamptz NOT NULL,
  PRIMARY KEY (provider, subject)
);
CREATE INDEX outside_accounts_user ON outside_accounts (user_id);

CREATE TABLE oauth_logins (
  state text PRIMARY KEY,
  session_id text NOT NULL,
  provider text NOT NULL,
  code_verifier text NOT NULL,
  nonce text,
  return_path text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX oauth_logins_session ON oauth_logins (session_id);
`;
