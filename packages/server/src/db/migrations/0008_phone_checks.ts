/**
 * Phone checks (issue 10): which sales ask for a confirmed phone, and when a session last proved
 * the buyer holds it.
 *
 * - performances.phone_check: 'none' (anyone may hold seats), 'account' (a signed-in buyer with a
 *   confirmed phone: codes 440, 212, 216), 'session' (besides, the phone checked by a code in this
 *   session within the last hours: code 631). A sale rush of a sought-after show uses it against
 *   resellers' scripts.
 * - sessions.phone_checked_at: the last time this session confirmed the account's phone by code;
 *   sessions.bonus_pin_at: the last bonus-payment PIN checked in it.
 */
export default `
ALTER TABLE performances ADD COLUMN phone_check text NOT NULL DEFAULT 'none'
  CHECK (phone_check IN ('none', 'account', 'session'));
ALTER TABLE sessions ADD COLUMN phone_checked_at timestamptz;
ALTER TABLE sessions ADD COLUMN bonus_pin_at timestamptz;
`;
