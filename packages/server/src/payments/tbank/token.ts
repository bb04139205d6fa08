import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * T-Bank's request and notification signature (acquiring API v2, "Token"): the root-level fields
 * with a plain value (nested objects and arrays such as DATA and Receipt take no part), the
 * terminal's Password added as one more field, sorted by field name, their values joined with
 * nothing between them, SHA-256 of that as lowercase hex. The Token field itself is left out.
 */
export function tbankToken(fields: Record<string, unknown>, password: string): string {
  const pairs: Array<[string, string]> = Object.entries(fields)
    .filter(([name, value]) => name !== 'Token' && value !== undefined && value !== null && typeof value !== 'object')
    .map(([name, value]) => [name, String(value)]);
  pairs.push(['Password', password]);
  pairs.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return createHash('sha256')
    .update(pairs.map(([, value]) => value).join(''), 'utf8')
    .digest('hex');
}

/** Constant-time check of a received Token. */
export function tbankTokenMatches(fields: Record<string, unknown>, password: string, sent: string): boolean {
  if (!/^[0-9a-fA-F]{64}$/.test(sent)) return false;
  const want = Buffer.from(tbankToken(fields, password), 'hex');
  return timingSafeEqual(want, Buffer.from(sent.toLowerCase(), 'hex'));
}
