import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The sandbox bank signs what it sends the shop the way Russian acquirers do: an HMAC-SHA256
 * over the fields sorted by name, written as `name;value;`. The key is derived from the server
 * secret for this one purpose, so it never equals the CSRF key.
 */
export function sandboxKey(serverSecret: string): Buffer {
  return createHmac('sha256', serverSecret).update('partera/sandbox-bank/v1').digest();
}

export function checksum(key: Buffer, fields: Record<string, string>): string {
  const canonical = Object.keys(fields)
    .filter((k) => k !== 'checksum')
    .sort()
    .map((k) => `${k};${fields[k]};`)
    .join('');
  return createHmac('sha256', key).update(canonical).digest('hex');
}

export function checksumMatches(key: Buffer, fields: Record<string, string>, sent: string): boolean {
  const want = Buffer.from(checksum(key, fields), 'hex');
  const got = Buffer.from(sent, 'hex');
  return want.length === got.length && timingSafeEqual(want, got);
}

/** A short token that ties a bank form step (3-D Secure) to one payment. */
export function stepToken(key: Buffer, step: string, paymentId: string): string {
  return createHmac('sha256', key).update(`${step}:${paymentId}`).digest('base64url');
}

export function stepTokenMatches(key: Buffer, step: string, paymentId: string, sent: string): boolean {
  const want = Buffer.from(stepToken(key, step, paymentId));
  const got = Buffer.from(sent);
  return want.length === got.length && timingSafeEqual(want, got);
}
