import type { Clock } from '../../clock.js';
import type { Queryable } from '../../db/index.js';
import { findPayingPartner, type NotifySecretKey, type Partner } from '../../services/partners/index.js';
import type { CallbackRequest } from '../provider.js';
import { PARTNER_PAY_HEADERS, type SignedRequest, signatureMatches, timestampFresh } from './signature.js';

export interface PartnerAuthDeps {
  db: Queryable;
  clock: Clock;
  /** Opens the partners' sealed notify secrets (the registry stores none in clear). */
  notifySecrets: NotifySecretKey;
}

function header(headers: CallbackRequest['headers'], name: string): string | undefined {
  const value = headers[name];
  return typeof value === 'string' ? value : undefined;
}

/**
 * The partner a server-to-server request comes from, or null when it does not verify: no such
 * partner with its own pay flow and a notify secret, a stale or malformed timestamp, a bad
 * signature. The caller says what was signed (method, path, fields); the headers say who signed
 * it and when.
 */
export async function authenticatePartner(
  deps: PartnerAuthDeps,
  headers: CallbackRequest['headers'],
  signed: Omit<SignedRequest, 'partner' | 'timestamp'>,
): Promise<Partner | null> {
  const partner = header(headers, PARTNER_PAY_HEADERS.partner);
  const timestamp = header(headers, PARTNER_PAY_HEADERS.timestamp);
  const signature = header(headers, PARTNER_PAY_HEADERS.signature);
  if (!partner || !timestamp || !signature) return null;
  if (!timestampFresh(timestamp, deps.clock.now())) return null;
  const found = await findPayingPartner(deps.db, partner, deps.notifySecrets);
  if (!found) return null;
  return signatureMatches(found.notifySecret, { ...signed, partner, timestamp }, signature) ? found.partner : null;
}
