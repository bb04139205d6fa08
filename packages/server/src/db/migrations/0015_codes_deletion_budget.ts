/**
 * The site-wide hourly count of SMS codes (the SMS budget against SMS pumping) reads codes by
 * channel and time.
 *
 * An account that signs in only through VK ID or Yandex ID has no password to confirm its
 * deletion with: a confirmation code sent to its confirmed e-mail (or phone) does it, a code of
 * its own purpose 'delete'.
 */
export default `
ALTER TABLE confirmation_codes DROP CONSTRAINT confirmation_codes_purpose_check;
ALTER TABLE confirmation_codes ADD CONSTRAINT confirmation_codes_purpose_check
  CHECK (purpose IN ('confirm', 'change', 'registration', 'restore', 'purchase', 'delete'));
CREATE INDEX confirmation_codes_channel_time ON confirmation_codes (channel, created_at);
`;
