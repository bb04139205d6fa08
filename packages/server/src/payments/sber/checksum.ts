import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The checksum of Sber's callback notifications (symmetric variant): the notification's
 * parameters except `checksum` and `sign_alias`, sorted by name, written as `name;value;` one
 * after another, HMAC-SHA256 with the key Sber issued, as upper-case hex.
 */
export function sberChecksum(fields: Record<string, string>, key: string): string {
  const canonical = Object.keys(fields)
    .filter((name) => name !== 'checksum' && name !== 'sign_alias')
    .sort()
    .map((name) => `${name};${fields[name]};`)
    .join('');
  return createHmac('sha256', key).update(canonical, 'utf8').digest('hex').toUpperCase();
}

/** Constant-time check of a received checksum (its letters' case does not matter). */
export function sberChecksumMatches(fields: Record<string, string>, key: string, sent: string): boolean {
  if (!/^[0-9a-fA-F]{64}$/.test(sent)) return false;
  const want = Buffer.from(sberChecksum(fields, key), 'hex');
  return timingSafeEqual(want, Buffer.from(sent, 'hex'));
}
