import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * How a partner's back end signs its calls to the shop (the own pay flow, spec 4.8): an
 * HMAC-SHA256, keyed with the partner's notify secret, over one canonical string:
 *
 *   v1 \n {timestamp} \n {partner hash} \n {METHOD} \n {path} [\n {field} …]
 *
 * - timestamp: the X-Partera-Timestamp header, Unix time in whole seconds;
 * - partner hash: the X-Partera-Partner header;
 * - METHOD and path: the request's, without host or query (`GET`, `/partner-pay/orders/{orderToken}/`);
 * - fields: the values the call signs, in the call's fixed order, as UTF-8 text (none for the
 *   order read; orderToken, eventId, status, amount, reason for the confirmation, reason '' when
 *   absent). Values never contain a line break: the schemas refuse one.
 *
 * The signature goes in X-Partera-Signature as 64 lowercase hex digits. A request is accepted
 * within MAX_CLOCK_SKEW_SECONDS of the shop's clock, so a captured one cannot be replayed later;
 * within that window the confirmation is idempotent by its eventId. docs/embedding.md and
 * examples/telecom-partner show the same string from the partner's side.
 */
export const SIGNATURE_VERSION = 'v1';

export const PARTNER_PAY_HEADERS = {
  partner: 'x-partera-partner',
  timestamp: 'x-partera-timestamp',
  signature: 'x-partera-signature',
} as const;

/** Five minutes either way: room for clock drift and a retry, not for a replay next day. */
export const MAX_CLOCK_SKEW_SECONDS = 300;

export interface SignedRequest {
  partner: string;
  /** Unix seconds, as sent. */
  timestamp: string;
  method: 'GET' | 'POST';
  path: string;
  fields: readonly string[];
}

export function canonicalString(r: SignedRequest): string {
  return [SIGNATURE_VERSION, r.timestamp, r.partner, r.method, r.path, ...r.fields].join('\n');
}

export function partnerSignature(secret: string, r: SignedRequest): string {
  return createHmac('sha256', secret).update(canonicalString(r), 'utf8').digest('hex');
}

/** The three headers of a signed request (the partner's side; the tests use it too). */
export function signedHeaders(secret: string, r: SignedRequest): Record<string, string> {
  return {
    [PARTNER_PAY_HEADERS.partner]: r.partner,
    [PARTNER_PAY_HEADERS.timestamp]: r.timestamp,
    [PARTNER_PAY_HEADERS.signature]: partnerSignature(secret, r),
  };
}

const HEX_SIGNATURE = /^[0-9a-f]{64}$/;

/** Constant-time comparison of the sent signature with the one the secret gives. */
export function signatureMatches(secret: string, r: SignedRequest, sent: string): boolean {
  if (!HEX_SIGNATURE.test(sent)) return false;
  const want = Buffer.from(partnerSignature(secret, r), 'hex');
  const got = Buffer.from(sent, 'hex');
  return want.length === got.length && timingSafeEqual(want, got);
}

/** The timestamp is whole Unix seconds within MAX_CLOCK_SKEW_SECONDS of now. */
export function timestampFresh(timestamp: string, now: Date): boolean {
  if (!/^\d{1,12}$/.test(timestamp)) return false;
  return Math.abs(now.getTime() / 1000 - Number(timestamp)) <= MAX_CLOCK_SKEW_SECONDS;
}
