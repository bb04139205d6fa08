import { createHash } from 'node:crypto';
import type { Account } from '../../accounts/index.js';

/**
 * What the debug dialog (Ctrl+Alt+0, site-browsing-account.md 2.1) shows a visitor about their
 * own visit, to read out to support: whether they are signed in and as which account, a short
 * fingerprint of the session (never the session id itself: it signs the browser in), the
 * server's time and the browser as the server saw it. Nothing about anyone else.
 */
export function debugInfoOf(
  visit: { sessionId: string; sessionIsNew: boolean; userAgent: string | undefined; now: Date },
  account: Account | null,
): Record<string, unknown> {
  return {
    signedIn: account !== null,
    userId: account?.id ?? null,
    emailConfirmed: account?.emailConfirmed ?? null,
    phoneConfirmed: account?.phoneConfirmed ?? null,
    session: visit.sessionIsNew
      ? null
      : createHash('sha256').update(visit.sessionId).digest('hex').slice(0, 12).toUpperCase(),
    serverTime: visit.now.toISOString(),
    userAgent: (visit.userAgent ?? '').slice(0, 300),
  };
}
